from enum import StrEnum


class GirafferaffePassType(StrEnum):
    GIRAFFERAFFE_PASS = "girafferaffe.pass"

    def __str__(self) -> str:
        return str(self.value)
