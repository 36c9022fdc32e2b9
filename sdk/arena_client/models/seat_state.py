from enum import StrEnum


class SeatState(StrEnum):
    DISQUALIFIED = "disqualified"
    PLAYING = "playing"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
