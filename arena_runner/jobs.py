"""The RQ job of one match: launch each local seat's program, wait for them, report the ones that crashed.

Runs in ``arena worker``. A program is ``<command> --url U --match M --token T``; one that exits
(non-zero or not) or is killed while its seat still plays a match that is not over has crashed,
and the host reports it (``POST /tournaments/{id}/forfeits``), so its seat forfeits and the
tournament goes on. A job run again (a lost worker's, retried) finds the match as it is now: it
launches programs only for seats still playing a match not over, and new programs resume it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena_client.models import Match
from arena_sdk import Arena, MatchOverError
from arena_sdk.tournaments import Host

from arena_runner import processes

#: Where ``arena worker --logs DIR`` has the programs' output written (unset: discarded).
LOGS_ENV = "ARENA_WORKER_LOGS"
#: Seconds programs get to exit by themselves once their seats are out (a program still deciding is stopped).
GRACE = 2.0
#: Seconds between two looks at the match while its programs run.
LOOK_EVERY = 1.0
OVER = ("finished", "aborted")


def seats_playing(match: Match) -> set[int]:
    """The seats still playing a match that is not over (none once it is)."""
    if match.status.value in OVER:
        return set()
    return {seat.seat for seat in match.seats if seat.state.value == "playing"}


def play_match(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Play the local seats of one tournament match (a :class:`~arena_runner.planning.MatchJob` as JSON)."""
    arena = Arena(spec["url"])
    host = Host(arena, spec["tournament_id"], spec["host_token"])
    match_id, index = spec["match_id"], spec["index"]
    playing = seats_playing(arena.match(match_id))
    logs = os.environ.get(LOGS_ENV)
    launched: dict[int, subprocess.Popen[bytes]] = {}
    for seat in spec["seats"]:
        if seat["seat"] in playing:
            log = None if logs is None else Path(logs) / f"{spec['tournament_id']}-{index}-seat{seat['seat']}.log"
            command = [*seat["command"], "--url", spec["url"], "--match", match_id, "--token", seat["token"]]
            launched[seat["seat"]] = processes.start(command, log, parent_death=signal.SIGKILL)
    crashed: list[int] = []
    exits: dict[int, int] = {}
    deadline = time.monotonic() + float(spec["timeout"])
    over_at: float | None = None
    now = time.monotonic()
    try:
        while len(exits) < len(launched):
            for seat, process in launched.items():
                if seat not in exits:
                    _wait_briefly(process, LOOK_EVERY / max(1, len(launched)))
            now = time.monotonic()
            ended = {seat: p.returncode for seat, p in launched.items() if seat not in exits and p.poll() is not None}
            playing = seats_playing(arena.match(match_id))
            for seat, code in ended.items():
                exits[seat] = code
                if seat in playing and _report(host, index, seat):
                    crashed.append(seat)
            if over_at is None and not (playing & set(launched)):
                over_at = now
            if (over_at is not None and now - over_at > GRACE) or now > deadline:
                break
    finally:
        for seat, process in launched.items():
            if seat not in exits:
                exits[seat] = processes.stop(process)
                if now > deadline and seat in seats_playing(arena.match(match_id)) and _report(host, index, seat):
                    crashed.append(seat)
    return {"index": index, "match_id": match_id, "launched": sorted(launched), "exits": exits, "crashed": crashed}


def _wait_briefly(process: subprocess.Popen[bytes], seconds: float) -> None:
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=seconds)


def _report(host: Host, index: int, seat: int) -> bool:
    """Report the seat's program crashed; ``False`` if its match ended first."""
    try:
        host.report_crash(index, seat)
    except MatchOverError:
        return False
    return True
