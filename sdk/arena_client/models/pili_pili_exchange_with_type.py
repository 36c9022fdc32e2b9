from enum import StrEnum


class PiliPiliExchangeWithType(StrEnum):
    PILI_PILI_EXCHANGE_WITH = "pili-pili.exchange-with"

    def __str__(self) -> str:
        return str(self.value)
