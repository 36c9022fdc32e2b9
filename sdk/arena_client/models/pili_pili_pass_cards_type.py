from enum import StrEnum


class PiliPiliPassCardsType(StrEnum):
    PILI_PILI_PASS = "pili-pili.pass"

    def __str__(self) -> str:
        return str(self.value)
