from enum import StrEnum


class SprtCurveVerdictType2Type1(StrEnum):
    H0 = "H0"
    H1 = "H1"

    def __str__(self) -> str:
        return str(self.value)
