from enum import StrEnum


class SocketResultType(StrEnum):
    RESULT = "result"

    def __str__(self) -> str:
        return str(self.value)
