from enum import StrEnum


class VoidedReason(StrEnum):
    ABORTED = "aborted"
    ABSENT = "absent"

    def __str__(self) -> str:
        return str(self.value)
