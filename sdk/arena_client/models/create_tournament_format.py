from enum import StrEnum


class CreateTournamentFormat(StrEnum):
    GAUNTLET = "gauntlet"
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
