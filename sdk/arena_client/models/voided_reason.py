from enum import StrEnum


class VoidedReason(StrEnum):
    ABORTED = "aborted"
    ABSENT = "absent"
    RUNNER_LOST = "runner_lost"
    WORKER_LOST = "worker_lost"

    def __str__(self) -> str:
        return str(self.value)
