from enum import StrEnum


class PiliPiliGiveCardType(StrEnum):
    PILI_PILI_GIVE = "pili-pili.give"

    def __str__(self) -> str:
        return str(self.value)
