from enum import StrEnum


class TournamentFormat(StrEnum):
    GAUNTLET = "gauntlet"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
