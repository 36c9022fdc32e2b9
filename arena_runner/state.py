"""The runner's state file (``<output>/state.json``): the tournament it runs and its tokens.

Written once, when the tournament is created, so a restarted runner with the same output
directory continues that tournament instead of creating another. It holds secrets (the host's and
entrants' tokens): it is written readable by its owner only.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

FILE_NAME = "state.json"


@dataclasses.dataclass(frozen=True)
class RunState:
    tournament_id: str
    host_token: str
    url: str
    #: Each named entrant's token, by name.
    tokens: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunState:
        return cls(data["tournament_id"], data["host_token"], data["url"], dict(data["tokens"]))


def path_in(output: Path) -> Path:
    return output / FILE_NAME


def load(output: Path) -> RunState | None:
    """The state of the tournament this output directory belongs to, or ``None`` (a new run)."""
    path = path_in(output)
    if not path.exists():
        return None
    return RunState.from_json(json.loads(path.read_text()))


def save(output: Path, state: RunState) -> None:
    """Write the state atomically (a crash leaves the old file or the new one, never half of one)."""
    output.mkdir(parents=True, exist_ok=True)
    partial = output / f".{FILE_NAME}.{os.getpid()}"
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        json.dump(state.to_json(), file, indent=2)
        file.flush()
        os.fsync(file.fileno())
    partial.replace(path_in(output))
