from enum import StrEnum


class TournamentRecordLineStatus(StrEnum):
    ABORTED = "aborted"
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
