from enum import StrEnum


class SocketEventItemType(StrEnum):
    EVENT = "event"

    def __str__(self) -> str:
        return str(self.value)
