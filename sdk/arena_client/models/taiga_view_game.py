from enum import StrEnum


class TaigaViewGame(StrEnum):
    TAIGA = "taiga"

    def __str__(self) -> str:
        return str(self.value)
