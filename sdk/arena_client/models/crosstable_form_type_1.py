from enum import StrEnum


class CrosstableFormType1(StrEnum):
    PENTANOMIAL = "pentanomial"
    TRINOMIAL = "trinomial"

    def __str__(self) -> str:
        return str(self.value)
