from enum import StrEnum


class PiliPiliChoosePartnerType(StrEnum):
    PILI_PILI_CHOOSE_PARTNER = "pili-pili.choose-partner"

    def __str__(self) -> str:
        return str(self.value)
