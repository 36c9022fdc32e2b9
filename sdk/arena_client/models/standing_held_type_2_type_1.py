from enum import StrEnum


class StandingHeldType2Type1(StrEnum):
    AWAY = "away"
    PAUSED = "paused"

    def __str__(self) -> str:
        return str(self.value)
