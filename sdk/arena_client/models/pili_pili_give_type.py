from enum import StrEnum


class PiliPiliGiveType(StrEnum):
    PILI_PILI_GIVE = "pili-pili.give"

    def __str__(self) -> str:
        return str(self.value)
