from enum import StrEnum


class CrosstableFormType3Type1(StrEnum):
    PENTANOMIAL = "pentanomial"
    TRINOMIAL = "trinomial"

    def __str__(self) -> str:
        return str(self.value)
