from enum import StrEnum


class TaigaFlipType(StrEnum):
    TAIGA_FLIP = "taiga.flip"

    def __str__(self) -> str:
        return str(self.value)
