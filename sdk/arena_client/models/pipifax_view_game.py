from enum import StrEnum


class PipifaxViewGame(StrEnum):
    PIPIFAX = "pipifax"

    def __str__(self) -> str:
        return str(self.value)
