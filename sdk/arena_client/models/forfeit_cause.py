from enum import StrEnum


class ForfeitCause(StrEnum):
    CRASH = "crash"

    def __str__(self) -> str:
        return str(self.value)
