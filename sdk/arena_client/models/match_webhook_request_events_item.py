from enum import StrEnum


class MatchWebhookRequestEventsItem(StrEnum):
    MATCH_OVER = "match_over"
    VERSION = "version"

    def __str__(self) -> str:
        return str(self.value)
