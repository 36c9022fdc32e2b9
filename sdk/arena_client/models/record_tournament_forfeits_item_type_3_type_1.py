from enum import StrEnum


class RecordTournamentForfeitsItemType3Type1(StrEnum):
    CRASH = "crash"
    ILLEGAL = "illegal"
    RESIGNED = "resigned"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
