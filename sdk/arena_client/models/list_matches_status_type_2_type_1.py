from enum import StrEnum


class ListMatchesStatusType2Type1(StrEnum):
    ABORTED = "aborted"
    ACTIVE = "active"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
