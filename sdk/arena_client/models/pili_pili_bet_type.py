from enum import StrEnum


class PiliPiliBetType(StrEnum):
    PILI_PILI_BET = "pili-pili.bet"

    def __str__(self) -> str:
        return str(self.value)
