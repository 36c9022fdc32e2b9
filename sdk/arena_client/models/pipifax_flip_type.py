from enum import StrEnum


class PipifaxFlipType(StrEnum):
    PIPIFAX_FLIP = "pipifax.flip"

    def __str__(self) -> str:
        return str(self.value)
