from enum import StrEnum


class SocketItemType(StrEnum):
    EVENT = "event"
    MATCH_OVER = "match_over"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
