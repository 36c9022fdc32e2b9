from enum import StrEnum


class RecordSeatState(StrEnum):
    DISQUALIFIED = "disqualified"
    PLAYING = "playing"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
