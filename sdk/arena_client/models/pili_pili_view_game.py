from enum import StrEnum


class PiliPiliViewGame(StrEnum):
    PILI_PILI = "pili-pili"

    def __str__(self) -> str:
        return str(self.value)
