from enum import StrEnum


class TournamentSummaryFormat(StrEnum):
    GAUNTLET = "gauntlet"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
