from enum import StrEnum


class PiliPiliPlaySlotType(StrEnum):
    PILI_PILI_PLAY_SLOT = "pili-pili.play-slot"

    def __str__(self) -> str:
        return str(self.value)
