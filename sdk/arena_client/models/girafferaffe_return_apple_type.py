from enum import StrEnum


class GirafferaffeReturnAppleType(StrEnum):
    GIRAFFERAFFE_PASS = "girafferaffe.pass"

    def __str__(self) -> str:
        return str(self.value)
