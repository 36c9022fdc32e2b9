from enum import StrEnum


class DeliveryAttemptOutcome(StrEnum):
    DEAD = "dead"
    DELIVERED = "delivered"
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
