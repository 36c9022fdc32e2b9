"""Soak: a tournament of 1,000 matches between launched programs that rides out three outages of each kind.

``make soak`` runs it (it is marked ``soak``, which the suite leaves out). A gauntlet of the server's
greedy bot against four counting programs, four matches at once on four local workers, with a clock
per action that a program deciding in milliseconds never meets. While it plays, in turn: the server
(API and referee) killed with SIGKILL, its Redis stopped, the runner killed with SIGKILL, and one of
the runner's workers killed with its job's process and its match's program, as when its machine
is lost, each outage :data:`OUTAGE` seconds long, three times each. At the end no match is lost or
played twice, no seat forfeited a match to an outage, every voided attempt says why and was played
again, and every record replays. ``ARENA_SOAK_MATCHES`` and ``ARENA_OUTAGE_SECONDS`` scale it down
for a quick look.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

from api.store.redis_server import RedisServer
from tests.e2e.runner_helpers import (
    assert_points_as_documented,
    assert_records_replay,
    counting,
    finish,
    results,
    runner_command,
    start,
    wait_out,
)
from tests.e2e.test_tournament_host import descendants, kill_server, restartable_server
from tests.live_server import LiveServer

pytestmark = pytest.mark.soak

#: Matches in the tournament: a multiple of eight (four programs, each pairing in both seat orders).
MATCHES = int(os.environ.get("ARENA_SOAK_MATCHES", "1000"))
#: Seconds each outage lasts.
OUTAGE = float(os.environ.get("ARENA_OUTAGE_SECONDS", "60"))
#: The outages, in the order they come; each comes three times.
KINDS = ("server", "redis", "runner", "worker")
PROGRAMS = ("ada", "bob", "cyd", "dee")
#: Why an attempt at a match may be void after an outage (and played again).
VOID_REASONS = {"absent", "runner_lost", "worker_lost"}

__all__ = ["restartable_server"]  # the fixture this module uses, imported from the host's tests


class Soak:
    """The runner and the outages done to it, the server and its Redis."""

    def __init__(
        self,
        server: LiveServer,
        redis_server: RedisServer,
        command: list[str],
        log: Path,
        started: list[subprocess.Popen[bytes]],
    ) -> None:
        self.server, self.redis_server = server, redis_server
        self.command, self.log, self.started = command, log, started
        self.runner = start(command, log, started)
        self.done: list[str] = []

    def finished(self) -> int:
        """The tournament's matches over so far (0 before the runner has created it, or while it is unreachable)."""
        state = Path(self.command[self.command.index("--output") + 1]) / "state.json"
        if not state.exists():
            return 0
        tournament_id = json.loads(state.read_text())["tournament_id"]
        try:
            answer = requests.get(f"{self.server.url}/tournaments/{tournament_id}", timeout=10)
            return int(answer.json()["progress"]["finished"]) if answer.ok else 0
        except requests.RequestException:
            return 0

    def wait_for(self, finished: int) -> None:
        while self.finished() < finished:
            assert self.runner.poll() is None, self.log.read_text()[-4000:]
            time.sleep(0.5)  # a pause between two looks at the condition waited for

    def outage(self, kind: str) -> None:
        outages: dict[str, Callable[[], None]] = {
            "server": self.kill_server,
            "redis": self.stop_redis,
            "runner": self.kill_runner,
            "worker": self.kill_worker,
        }
        outages[kind]()
        self.done.append(kind)

    def kill_server(self) -> None:
        kill_server(self.server)
        wait_out(OUTAGE, time.monotonic())
        self.server.start()

    def stop_redis(self) -> None:
        self.redis_server.stop()
        wait_out(OUTAGE, time.monotonic())
        self.redis_server.start()

    def kill_runner(self) -> None:
        self.runner.send_signal(signal.SIGKILL)
        self.runner.wait(timeout=30)
        wait_out(OUTAGE, time.monotonic())
        self.runner = start(self.command, self.log, self.started)  # the same command: the same tournament

    def kill_worker(self) -> None:
        """SIGKILL a local worker whose program is playing its match (the worker, its
        job's process and the program, after the program asked for the match), as when its machine is lost."""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for pid in descendants(self.runner.pid):
                if self.plays_a_match(pid):
                    for lost in [pid, *descendants(pid)]:  # RQ's work horse leads a process group of its own
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(lost, signal.SIGKILL)
                    wait_out(OUTAGE, time.monotonic())
                    return
            time.sleep(0.05)  # a pause between two looks for a worker in the middle of a match
        raise AssertionError("no local worker was in the middle of a match for two minutes")

    def plays_a_match(self, pid: int) -> bool:
        """Whether ``pid`` is an ``arena worker`` with a program below it whose seat has asked for its match,
        and the match still plays."""
        if not {b"api.cli", b"worker"} <= set(_command(pid)):
            return False
        for child in descendants(pid):
            command = _command(child)
            if b"--match" not in command:
                continue
            match_id = command[command.index(b"--match") + 1].decode()
            try:
                match = requests.get(f"{self.server.url}/matches/{match_id}", timeout=5).json()
            except (requests.RequestException, ValueError):
                continue
            if match.get("status") == "active" and any(
                seat["asked"] and seat["name"] in PROGRAMS for seat in match["seats"]
            ):
                return True
        return False


def _command(pid: int) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


@pytest.mark.timeout(int(MATCHES * 3 + 3 * len(KINDS) * (OUTAGE + 180)))
def test_a_thousand_matches_ride_out_three_outages_of_each_kind(
    restartable_server: LiveServer, own_redis: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    assert MATCHES % 8 == 0, "four programs, both seat orders: a multiple of eight"
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    programs = [arg for name in PROGRAMS for arg in ("--entrant", counting(name, launches))]
    flags = [
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"),
        *programs,
        *("--games-per-pairing", str(MATCHES // 8), "--concurrency", "4", "--workers", "4", "--seed", "11"),
        *("--per-action", "10", "--handshake-timeout", "0"),
    ]
    soak = Soak(
        restartable_server,
        own_redis,
        runner_command(restartable_server, own_redis.url, output, *flags),
        log,
        started,
    )
    outages = [kind for _ in range(3) for kind in KINDS]
    for number, kind in enumerate(outages, start=1):
        soak.wait_for(MATCHES * number // (len(outages) + 1))
        soak.outage(kind)
    finish(soak.runner, log, timeout=MATCHES * 3)

    written = results(output)
    matches = written["matches"]
    assert len(matches) == MATCHES, "no match lost"
    assert {m["state"] for m in matches} == {"done"}
    assert sorted(m["index"] for m in matches) == list(range(MATCHES)), "none played twice"
    forfeited = [m for m in matches if m["forfeits"] != [None, None]]
    assert not forfeited, f"{len(forfeited)} matches forfeited during outages: {forfeited[:3]}"
    voided = [v for m in matches for v in m["voided"]]
    assert {v["reason"] for v in voided} <= VOID_REASONS, voided
    assert written["tournament"]["progress"]["replayed"] == len(voided), "every voided attempt played again"
    assert soak.done == outages
    assert_points_as_documented(written)
    assert_records_replay(output, matches)
