from enum import StrEnum


class TaigaPassType(StrEnum):
    TAIGA_PASS = "taiga.pass"

    def __str__(self) -> str:
        return str(self.value)
