from enum import StrEnum


class GameScoreOrderType1(StrEnum):
    HIGHER = "higher"
    LOWER = "lower"

    def __str__(self) -> str:
        return str(self.value)
