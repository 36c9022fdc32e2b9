from enum import StrEnum


class PiliPiliPassType(StrEnum):
    PILI_PILI_PASS = "pili-pili.pass"

    def __str__(self) -> str:
        return str(self.value)
