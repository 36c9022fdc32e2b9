from enum import StrEnum


class StreamSeatResponse200Type0Event(StrEnum):
    EVENT = "event"
    MATCH_OVER = "match_over"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
