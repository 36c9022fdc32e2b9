from enum import StrEnum


class PiliPiliPlayRequestType(StrEnum):
    PILI_PILI_PLAY = "pili-pili.play"

    def __str__(self) -> str:
        return str(self.value)
