from enum import StrEnum


class TaigaTakeType(StrEnum):
    TAIGA_TAKE = "taiga.take"

    def __str__(self) -> str:
        return str(self.value)
