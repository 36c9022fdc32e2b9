from enum import StrEnum


class RecordSeatKind(StrEnum):
    BOT = "bot"
    OPEN = "open"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
