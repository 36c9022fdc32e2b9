"""End to end: a runner (with its workers and their programs) killed mid-match after its program asked loses
no match to it: the program's timeout is held until the runner's presence lease lapses, then voided
``runner_lost`` and played again once the same command runs again; so is one started again at once, before
its lease lapses (its new process renews with a session of its own). A worker killed mid-match (with its
work horse and program) while the runner lives: the runner reports the match lost, and its timeout is
voided ``worker_lost`` and played again. The rule: ``tests/tournaments/test_holds.py``."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import requests

from api.store.redis_server import RedisServer
from tests.e2e.runner_helpers import (
    counting,
    finish,
    launch_counts,
    results,
    runner_command,
    schedule,
    start,
)
from tests.e2e.test_tournament_host import descendants
from tests.live_server import LiveServer

#: The runner's lease, in seconds: short, so the suite waits little for it to lapse.
LEASE = 6
#: Seconds per decision: the killed program's clock runs out this long after it asked.
PER_ACTION = 6


def kill_tree(pid: int) -> None:
    """SIGKILL to ``pid`` and every process below it, at once."""
    for each in [pid, *descendants(pid)]:
        with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
            os.kill(each, signal.SIGKILL)


def kill_runner_and_workers(runner: subprocess.Popen[bytes]) -> None:
    """The runner's machine goes down: SIGKILL to the runner and every process below it at once, so no one
    finishes a match or says goodbye."""
    kill_tree(runner.pid)
    runner.wait(timeout=30)


def wait_for(condition: Any, timeout: float, what: str) -> Any:
    """Look at ``condition()`` until it gives something truthy (a long-poll's stand-in: the server has none here)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)  # a pause between two looks at the condition waited for
    raise AssertionError(f"waited {timeout} s for {what}")


def match(server: LiveServer, match_id: str) -> dict[str, Any]:
    found: dict[str, Any] = requests.get(f"{server.url}/matches/{match_id}", timeout=30).json()
    return found


def held_program_against_greedy(launches: Path, hold: Path) -> list[str]:
    """A round robin of the server's greedy bot (entrant 0) and ada, a counting bot (entrant 1) whose decisions
    wait while ``hold`` exists: two matches, one at a time. The test creates ``hold`` before the run, so ada's
    first match lasts until the test has killed it, and removes it after the kill, so the rest play at once."""
    hold.touch()
    return [
        *("--game", "pipifax", "--players-per-match", "2", "--format", "round-robin", "--seed", "3"),
        *("--bot", "greedy=greedy", "--entrant", f"{counting('ada', launches)} --hold-while {hold}"),
        *("--per-action", str(PER_ACTION), "--first-decision", "8", "--lease", str(LEASE)),
    ]


def tournament_of(output: Path) -> str:
    state = output / "state.json"
    wait_for(state.exists, 120, "the tournament")
    return str(json.loads(state.read_text())["tournament_id"])


def asked_match(server: LiveServer, tournament_id: str) -> str:
    """Wait for a match playing whose program (entrant 1, ada) has asked for it; its id."""

    def asked() -> str | None:
        for row in schedule(server, tournament_id):
            if row["state"] == "playing" and row["match_id"]:
                seats = match(server, row["match_id"])["seats"]
                if seats[row["entrants"].index(1)]["asked"]:
                    return str(row["match_id"])
        return None

    return str(wait_for(asked, 120, "ada to ask for its match"))


@pytest.mark.timeout(300)
def test_a_runner_killed_after_its_program_asked_has_the_match_voided_runner_lost_and_played_again(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log, hold = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log", tmp_path / "hold"
    command = runner_command(live_server, redis_server.url, output, *held_program_against_greedy(launches, hold))
    first = start(command, log, started)
    tournament_id = tournament_of(output)
    killed = asked_match(live_server, tournament_id)
    assert first.poll() is None, log.read_text()[-3000:]
    kill_runner_and_workers(first)
    hold.unlink()  # the matches played from now on are not held

    def voided() -> dict[str, Any] | None:
        rows = [row for row in schedule(live_server, tournament_id) if row["voided"]]
        return rows[0] if rows else None

    row = wait_for(voided, 90, "the match to be voided")
    assert row["voided"] == [{"match_id": killed, "reason": "runner_lost"}], row
    assert row["state"] == "pending", "it waits for its runner"
    over = match(live_server, killed)
    assert over["status"] == "finished", "the killed program's clock ran out on the server"
    assert [seat["state"] for seat in over["seats"]].count("timed_out") == 1, over["seats"]
    forfeits = [r["forfeits"] for r in schedule(live_server, tournament_id) if r["state"] == "done"]
    assert all(f == [None, None] for f in forfeits), "the timeout was not scored"

    finish(start(command, log, started), log)  # the same output directory: the same tournament, played again
    written = results(output)
    matches = written["matches"]
    assert {m["state"] for m in matches} == {"done"} and len(matches) == 2
    assert all(m["forfeits"] == [None, None] for m in matches), "no program lost a match to the kill"
    [replayed] = [m for m in matches if m["voided"]]
    assert replayed["voided"] == [{"match_id": killed, "reason": "runner_lost"}] and replayed["match_id"] != killed
    assert launch_counts(launches, [replayed]) == {killed: 1, replayed["match_id"]: 1}


@pytest.mark.timeout(300)
def test_a_runner_killed_and_started_again_within_its_lease_has_the_match_voided_runner_lost_and_played_again(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log, hold = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log", tmp_path / "hold"
    command = runner_command(live_server, redis_server.url, output, *held_program_against_greedy(launches, hold))
    first = start(command, log, started)
    tournament_id = tournament_of(output)
    killed = asked_match(live_server, tournament_id)
    assert first.poll() is None, log.read_text()[-3000:]
    kill_runner_and_workers(first)
    hold.unlink()  # the matches played from now on are not held
    again = start(command, log, started)  # at once: its first renewal comes long before the lease lapses

    def voided() -> dict[str, Any] | None:
        rows = [row for row in schedule(live_server, tournament_id) if row["voided"]]
        return rows[0] if rows else None

    row = wait_for(voided, 120, "the match to be voided")
    assert row["voided"] == [{"match_id": killed, "reason": "runner_lost"}], row
    over = match(live_server, killed)
    assert [seat["state"] for seat in over["seats"]].count("timed_out") == 1, "the killed program ran out of time"
    finish(again, log)
    matches = results(output)["matches"]
    assert {m["state"] for m in matches} == {"done"} and len(matches) == 2
    assert all(m["forfeits"] == [None, None] for m in matches), "no program lost a match to the kill"
    [replayed] = [m for m in matches if m["voided"]]
    assert replayed["voided"] == [{"match_id": killed, "reason": "runner_lost"}] and replayed["match_id"] != killed
    assert launch_counts(launches, [replayed]) == {killed: 1, replayed["match_id"]: 1}


@pytest.mark.timeout(300)
def test_a_worker_killed_after_its_program_asked_has_the_match_voided_worker_lost_and_played_again(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log, hold = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log", tmp_path / "hold"
    flags = [*held_program_against_greedy(launches, hold), "--workers", "1"]
    runner = start(runner_command(live_server, redis_server.url, output, *flags), log, started)
    tournament_id = tournament_of(output)
    killed = asked_match(live_server, tournament_id)
    below = descendants(runner.pid)
    [worker] = [pid for pid in below if not any(pid in descendants(other) for other in below)]  # its one child
    kill_tree(worker)  # the worker, its work horse and the program: the runner lives on
    hold.unlink()  # the matches played from now on are not held
    finish(runner, log)
    matches = results(output)["matches"]
    assert {m["state"] for m in matches} == {"done"} and len(matches) == 2
    assert all(m["forfeits"] == [None, None] for m in matches), "no program lost a match to the kill"
    [replayed] = [m for m in matches if m["voided"]]
    assert replayed["voided"] == [{"match_id": killed, "reason": "worker_lost"}] and replayed["match_id"] != killed
    over = match(live_server, killed)
    assert [seat["state"] for seat in over["seats"]].count("timed_out") == 1, "its program ran out of time"
    said = log.read_text()
    assert f"a local worker died playing match {killed}: reported lost" in said
    assert "local worker 0 stopped" in said, "and it was started again"
