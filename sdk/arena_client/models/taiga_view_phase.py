from enum import StrEnum


class TaigaViewPhase(StrEnum):
    CONTINUE = "continue"
    FLIP = "flip"
    OVER = "over"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)
