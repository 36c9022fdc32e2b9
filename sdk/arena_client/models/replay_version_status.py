from enum import StrEnum


class ReplayVersionStatus(StrEnum):
    ABORTED = "aborted"
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
