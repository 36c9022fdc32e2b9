"""End to end: what a host sees and does while ``arena tournament run`` runs.

The runner rides out a server killed with SIGKILL and started again, then its Redis stopped and
started again: it says it waits and for how long, keeps its workers and long-lived entrant running,
goes on, and loses no match to either outage (a short outage each here; a minute under ``make soak``).
Without a terminal it prints a line per match over; ``arena tournament status|pause|resume|cancel|report``
steer the run with the token in its state file.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from api.cli import main
from api.store.redis_server import RedisServer
from tests.e2e.runner_helpers import (
    ENTRANT,
    ROOT,
    counting,
    finish,
    launch_counts,
    results,
    runner_command,
    start,
    wait_for_progress,
    wait_out,
)
from tests.e2e.test_sdk_outage import kill_hard
from tests.live_server import LiveServer

#: Seconds each outage lasts: a few in the suite, a minute under ``make soak`` (``ARENA_OUTAGE_SECONDS``).
OUTAGE = float(os.environ.get("ARENA_OUTAGE_SECONDS", "6"))
#: A line per match over, as the runner prints it without a terminal.
FINISHED = re.compile(r"^Finished match (\d+) \((\S+) vs (\S+)\): (1|0|1/2)-(1|0|1/2) \{.+\}$", re.MULTILINE)


@pytest.fixture
def restartable_server(own_redis: RedisServer) -> Iterator[LiveServer]:
    """A server of the test alone, on a Redis of its own: the test kills both."""
    with LiveServer(own_redis.url, workers=2, key_prefix=f"host-{uuid.uuid4().hex[:8]}") as server:
        yield server


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started (from any of its threads), and theirs."""
    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # a thread that ended meanwhile
            children += [int(child) for child in (task / "children").read_text().split()]
    return children + [grandchild for child in children for grandchild in descendants(child)]


def kill_server(server: LiveServer) -> None:
    """SIGKILL the server (:func:`kill_hard`) and the referee's thinker processes, which would outlive it."""
    thinkers = descendants(server.referee.pid) if server.referee is not None else []
    kill_hard(server)
    for pid in thinkers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def wait_for_log(log: Path, runner: subprocess.Popen[bytes], done: str, after: str | None = None) -> None:
    """Block until the runner's log holds ``done`` (after the last ``after``, when given)."""
    while True:
        text = log.read_text()
        start_at = text.rfind(after) if after is not None else 0
        if start_at >= 0 and done in text[start_at:]:
            return
        assert runner.poll() is None, f"the runner stopped early:\n{text[-3000:]}"
        time.sleep(0.2)  # a pause between two looks at the condition waited for


@pytest.mark.timeout(300 + 4 * OUTAGE)
def test_the_runner_rides_out_a_killed_server_and_a_stopped_redis(
    restartable_server: LiveServer, own_redis: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    server = restartable_server
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    flags = [
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--games-per-pairing", "2"),
        *("--bot", "greedy=greedy", "--entrant", counting("ada", launches), "--entrant", counting("bob", launches)),
        *("--long-lived", f"looper={sys.executable} {ENTRANT}", "--concurrency", "2", "--seed", "4"),
        # A clock no outage reaches (the server's own clocks are not this test's subject).
        *("--per-action", str(30 + 2 * OUTAGE), "--handshake-timeout", "0"),
    ]
    runner = start(runner_command(server, own_redis.url, output, *flags), log, started)
    wait_for_progress(server, output, 1, runner)

    kill_server(server)  # the API and its referee: SIGKILL
    killed_at = time.monotonic()
    wait_for_log(log, runner, "waiting for the API and its Redis: unreachable for")
    wait_out(OUTAGE, killed_at)
    server.start()
    wait_for_log(log, runner, "the API and its Redis answer again after")

    own_redis.stop()  # the API answers 503, the job queue is gone
    stopped_at = time.monotonic()
    wait_for_log(log, runner, "waiting for the API and its Redis", after="answer again after")
    wait_out(OUTAGE, stopped_at)
    own_redis.start()
    finish(runner, log)

    text = log.read_text()
    assert text.count("answer again after") >= 2, text
    assert "local worker" not in text, "every worker rode out both outages"
    entrant_log = (output / "logs" / "entrant-looper.log").read_text()
    if "entrant 'looper' stopped during an outage" in text:  # the outage outlived its SDK's retries
        assert text.count("started again, its match not forfeited") <= 2 and "played" in entrant_log
    else:
        assert entrant_log.count("played 4 matches") == 1, "it rode out both outages: started once"
    matches = results(output)["matches"]
    assert len(matches) == 12 and {m["state"] for m in matches} == {"done"}
    assert all(m["forfeits"] == [None, None] for m in matches), "no seat lost a match to an outage"
    assert {v["reason"] for m in matches for v in m["voided"]} <= {"absent"}
    per_match = {m["match_id"] for m in matches if {1, 2} & set(m["entrants"])}  # ada's and bob's
    counted = launch_counts(launches, matches)
    assert {match_id: counted[match_id] for match_id in per_match} == dict.fromkeys(per_match, 1), "none relaunched"
    # A line per match over, names in full.
    said = FINISHED.findall(text)
    assert sorted(int(index) for index, *_ in said) == list(range(12))
    assert {name for _, a, b, *_ in said for name in (a, b)} == {"greedy", "ada", "bob", "looper"}


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    """``arena ARGS`` as a host types it (in this process: the same code, without a second's start-up)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["arena", *args], code, out.getvalue(), err.getvalue())


@pytest.mark.timeout(240)
def test_a_host_steers_a_run_with_the_runners_state_file(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, log = tmp_path / "run", tmp_path / "runner.log"
    flags = [
        *("--game", "taiga", "--players-per-match", "2", "--format", "round-robin", "--games-per-pairing", "100"),
        *("--bot", "greedy=greedy", "--bot", "random=random", "--bot", "chance=random", "--concurrency", "1"),
    ]
    refused = runner_command(live_server, redis_server.url, tmp_path / "refused", *flags, "--bot", "x=no-such-bot")
    ran = subprocess.run(refused, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 1 and ran.stderr.count("\n") == 1 and "(bot/unknown)" in ran.stderr, ran.stderr
    runner = start(runner_command(live_server, redis_server.url, output, *flags), log, started)
    tournament_id = wait_for_progress(live_server, output, 1, runner)
    where = ("--output", str(output))

    status = arena("tournament", "status", *where)
    assert status.returncode == 0, status.stderr
    assert f"tournament {tournament_id}: taiga round-robin, 2 per match" in status.stdout
    assert re.search(r"^running: \d+ of 600 matches over", status.stdout, re.MULTILINE), status.stdout
    assert re.search(r"^#\s+entrant\s+matches\s+won\s+drawn\s+lost\s+points\s+per match", status.stdout, re.MULTILINE)

    paused = arena("tournament", "pause", *where)
    assert paused.returncode == 0 and "paused:" in paused.stdout, paused.stdout + paused.stderr
    again = arena("tournament", "pause", *where)
    assert again.returncode == 1 and again.stderr.count("\n") == 1 and "tournament/not_running" in again.stderr
    assert "held (their matches do not start now): greedy (paused)" in arena("tournament", "status", *where).stdout
    resumed = arena("tournament", "resume", *where)
    assert resumed.returncode == 0 and "running:" in resumed.stdout, resumed.stdout + resumed.stderr
    cancelled = arena("tournament", "cancel", *where)
    assert cancelled.returncode == 0 and "cancelled:" in cancelled.stdout, cancelled.stdout + cancelled.stderr
    finish(runner, log)  # the runner sees the cancel and writes the results

    written = results(output)
    tournament, matches = written["tournament"], written["matches"]
    assert tournament["status"] == "cancelled" and tournament["progress"]["skipped"] > 0
    text = log.read_text()
    over = [m for m in matches if m["state"] in ("done", "void")]
    assert sorted(int(line.split()[2]) for line in text.splitlines() if line.startswith("Finished match")) == sorted(
        m["index"] for m in over
    ), "a line per match over"
    assert re.search(r"^#\s+entrant\s+matches\s+won\s+drawn\s+lost\s+points\s+per match", text, re.MULTILINE)
    assert "cancelled:" in text and "never played" in text
    # The final standings: won, drawn and lost add up to the matches, and a draw is nobody's win.
    done = [m for m in matches if m["state"] == "done"]
    draws = sum(1 for m in done if m["ranks"][0] == m["ranks"][1])
    table = [line.split() for line in text.splitlines() if re.match(r"^\d+\s+(greedy|random|chance)\s", line)]
    assert len(table) == 3
    for _, _, played, won, drawn, lost, *_ in table:
        assert int(won) + int(drawn) + int(lost) == int(played)
    assert sum(int(row[3]) for row in table) == len(done) - draws
    assert sum(int(row[4]) for row in table) == 2 * draws

    report = arena("tournament", "report", *where)  # no id: the state file's tournament, at its server
    assert report.returncode == 0, report.stderr
    assert f"wrote {output / 'records.jsonl'}" in report.stdout
    assert json.loads((output / "tournament.json").read_text())["tournament"]["tournament_id"] == tournament_id
    gone = requests.get(f"{live_server.url}/tournaments/{tournament_id}", timeout=30).json()["status"]
    assert gone == "cancelled"
