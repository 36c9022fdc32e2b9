from enum import StrEnum


class SeatKind(StrEnum):
    BOT = "bot"
    OPEN = "open"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
