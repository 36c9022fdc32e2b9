from enum import StrEnum


class TournamentWebhookRequestEventsItem(StrEnum):
    STANDINGS = "standings"

    def __str__(self) -> str:
        return str(self.value)
