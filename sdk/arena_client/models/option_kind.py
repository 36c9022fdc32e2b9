from enum import StrEnum


class OptionKind(StrEnum):
    BOOLEAN = "boolean"
    CHOICE = "choice"
    INTEGER = "integer"
    JSON = "json"
    SEAT = "seat"

    def __str__(self) -> str:
        return str(self.value)
