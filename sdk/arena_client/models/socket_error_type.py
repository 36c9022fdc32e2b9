from enum import StrEnum


class SocketErrorType(StrEnum):
    ERROR = "error"

    def __str__(self) -> str:
        return str(self.value)
