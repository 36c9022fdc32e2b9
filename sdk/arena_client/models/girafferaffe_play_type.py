from enum import StrEnum


class GirafferaffePlayType(StrEnum):
    GIRAFFERAFFE_PLAY = "girafferaffe.play"

    def __str__(self) -> str:
        return str(self.value)
