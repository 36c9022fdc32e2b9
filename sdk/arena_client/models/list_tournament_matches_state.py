from enum import StrEnum


class ListTournamentMatchesState(StrEnum):
    DONE = "done"
    PENDING = "pending"
    PLAYING = "playing"
    SKIPPED = "skipped"
    VOID = "void"

    def __str__(self) -> str:
        return str(self.value)
