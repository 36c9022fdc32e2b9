from enum import StrEnum


class GirafferaffeViewGame(StrEnum):
    GIRAFFERAFFE = "girafferaffe"

    def __str__(self) -> str:
        return str(self.value)
