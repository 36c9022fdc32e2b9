from enum import StrEnum


class StreamMatchResponse200Type0Event(StrEnum):
    EVENT = "event"
    MATCH_OVER = "match_over"

    def __str__(self) -> str:
        return str(self.value)
