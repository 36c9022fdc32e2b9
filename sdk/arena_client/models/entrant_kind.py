from enum import StrEnum


class EntrantKind(StrEnum):
    BOT = "bot"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
