from enum import StrEnum


class GameScoreOrderType2Type1(StrEnum):
    HIGHER = "higher"
    LOWER = "lower"

    def __str__(self) -> str:
        return str(self.value)
