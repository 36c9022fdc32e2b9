"""The README's bot that remembers, unchanged, rides out a server killed with SIGKILL and started again.

The server (its gunicorn arbiter, workers and referee) is killed at the moment the bot acts, stays
down for ``OUTAGE`` seconds, and starts again on the same port and the same Redis data. The bot's
``turn.act`` resends its move (same ``Idempotency-Key``) and its ``seat.turns()`` loop resumes the
stream, so the match ends with every move of the bot landed exactly once. The suite's outage is
short; ``make soak`` runs a real minute (``ARENA_OUTAGE_SECONDS=60``).
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from arena_client.models import MoveResult
from arena_sdk import Arena, Turn

from api.store.redis_server import RedisServer
from tests.e2e.test_readme_bot import README, readme_section_code
from tests.live_server import LiveServer

#: How long the server stays down: a real minute under ``make soak``.
OUTAGE = float(os.environ.get("ARENA_OUTAGE_SECONDS", "6"))
#: The bot's move at which the server is killed (the first moves land before the outage).
KILLED_AT_MOVE = 3


def kill_hard(server: LiveServer) -> None:
    """SIGKILL the server's arbiter, workers and referee: nothing is shut down cleanly."""
    assert server.process is not None
    pids = [*server.worker_pids(), server.process.pid]
    if server.referee is not None:
        pids.append(server.referee.pid)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for process in (server.process, server.referee):
        if process is not None:
            process.wait(timeout=30)
    server.process = server.referee = None
    for pid in pids:  # gone (or a zombie no one has reaped yet: it holds no socket)
        stat = Path(f"/proc/{pid}/stat")
        while stat.exists() and stat.read_text().split()[2] != "Z":
            time.sleep(0.05)


@pytest.fixture
def restartable_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    with LiveServer(redis_server.url, workers=2, key_prefix=f"outage-{uuid.uuid4().hex[:8]}") as server:
        yield server


@pytest.mark.timeout(240 + 2 * OUTAGE)
def test_the_readme_loop_rides_out_a_killed_and_restarted_server(
    restartable_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = restartable_server
    code = readme_section_code("A bot that remembers")
    assert "for turn in seat.turns():" in code and "turn.act(" in code
    acted: list[tuple[int, dict[str, Any], MoveResult | None]] = []
    outage: dict[str, float] = {}
    real_act = Turn.act

    def act_and_note(turn: Turn, action: Any) -> MoveResult | None:
        """``Turn.act`` itself, noting each move; at the chosen move the server is killed first."""
        if len(acted) + 1 == KILLED_AT_MOVE:
            kill_hard(server)
            outage["down"] = time.monotonic()
            threading.Timer(OUTAGE, restart).start()
        result = real_act(turn, action)
        acted.append((turn.version, action.to_dict(), result))
        return result

    def restart() -> None:
        server.start()
        outage["up"] = time.monotonic()

    monkeypatch.setattr(Turn, "act", act_and_note)
    printed = io.StringIO()
    scope: dict[str, Any] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace("http://127.0.0.1:8000", server.url), str(README), "exec"), scope)

    assert "up" in outage and outage["up"] - outage["down"] >= OUTAGE, "the server was down for the whole outage"
    assert "winners=" in printed.getvalue(), printed.getvalue()
    assert len(acted) >= KILLED_AT_MOVE and all(result is not None for _, _, result in acted)
    match_id = scope["created"].match.match_id
    arena = Arena(server.url)
    assert arena.match(match_id).status.value == "finished"
    log = requests.get(f"{server.url}/matches/{match_id}/events", params={"after": 0, "limit": 1000}, timeout=30)
    moves = [(step["version"], step["action"]) for step in log.json()["actions"] if step["seat"] == 0]
    assert moves == [(version + 1, action) for version, action, _ in acted]  # each move once, at its turn's version
