from enum import StrEnum


class SocketTurnItemType(StrEnum):
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
