from enum import StrEnum


class GameId(StrEnum):
    GIRAFFERAFFE = "girafferaffe"
    PILI_PILI = "pili-pili"
    PIPIFAX = "pipifax"
    TAIGA = "taiga"

    def __str__(self) -> str:
        return str(self.value)
