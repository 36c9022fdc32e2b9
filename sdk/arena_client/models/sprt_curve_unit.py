from enum import StrEnum


class SprtCurveUnit(StrEnum):
    DEAL = "deal"
    MATCH = "match"

    def __str__(self) -> str:
        return str(self.value)
