from enum import StrEnum


class RecordTournamentForfeitsItemType2Type1(StrEnum):
    CRASH = "crash"
    ILLEGAL = "illegal"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
