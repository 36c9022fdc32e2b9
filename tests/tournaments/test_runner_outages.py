"""How the runner and its match jobs ride out an outage, without a server: what counts as one, the growing
pause and what the log says, and programs that stopped because of it started again instead of being
reported crashed. Also the host commands' and ``verify``/``replay``'s one-line errors when there is
nothing to ask (tests/e2e/test_tournament_runner.py kills and restarts a real server)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import redis.exceptions
from arena_sdk import ArenaError, ConnectionFailedError, NotFoundError, StoreUnavailableError
from arena_sdk.tournaments import Host

from api.cli import main
from arena_runner import processes, state
from arena_runner.config import build
from arena_runner.jobs import RELAUNCHES, MatchPlay, log_name
from arena_runner.outage import EXCUSED_AFTER, LONGEST_WAIT, Outage, is_outage, seconds
from arena_runner.planning import match_jobs
from arena_runner.runner import Runner

NOWHERE = "http://127.0.0.1:9"  # nothing listens there: a call would fail, and the tests make none


@pytest.mark.parametrize(
    ("error", "outage"),
    [
        (ConnectionFailedError(0, "client/connection_failed", "refused", {}), True),
        (StoreUnavailableError(503, "store/unavailable", "down", {}), True),
        (ArenaError(502, "http/502", "<html>bad gateway</html>", {}), True),
        (httpx.ConnectError("refused"), True),
        (redis.exceptions.ConnectionError("Connection refused"), True),
        (redis.exceptions.TimeoutError("timed out"), True),
        (httpx.HTTPStatusError("", request=httpx.Request("GET", NOWHERE), response=httpx.Response(503)), True),
        (httpx.HTTPStatusError("", request=httpx.Request("GET", NOWHERE), response=httpx.Response(404)), False),
        (NotFoundError(404, "tournament/not_found", "no such tournament", {}), False),
        (ValueError("a bug"), False),
    ],
)
def test_an_outage_is_told_from_a_refusal_or_a_bug(error: BaseException, outage: bool) -> None:
    assert is_outage(error) is outage


def test_the_pause_doubles_up_to_a_ceiling_and_starts_again_after_each_outage() -> None:
    outage = Outage()
    waits = [outage.failed(100.0 + n) for n in range(7)]
    assert waits == [1.0, 2.0, 4.0, 8.0, LONGEST_WAIT, LONGEST_WAIT, LONGEST_WAIT]
    line = outage.waiting_line(ConnectionFailedError(0, "client/connection_failed", "refused", {}), 15.0, 172.0)
    assert line.startswith("waiting for the API and its Redis: unreachable for 1 min 12 s (ConnectionFailedError")
    assert "next try in 15 s" in line and "keep running" in line
    assert outage.answered(180.0) == 80.0 and outage.answered(181.0) is None
    assert Outage.back_line(80.0) == "the API and its Redis answer again after 1 min 20 s away: going on"
    assert outage.failed(300.0, since=295.0) == 1.0 and outage.count == 2  # a new outage starts from the first pause
    assert outage.down_since == 295.0  # when the try that failed first began
    assert [seconds(s) for s in (7, 125, 3725)] == ["7 s", "2 min 5 s", "1 h 2 min"]


def test_a_program_seen_stopped_during_an_outage_or_just_after_is_excused() -> None:
    outage = Outage()
    assert not outage.excuses(10.0)  # no outage yet
    outage.failed(10.0)
    assert outage.excuses(11.0)
    outage.answered(40.0)
    assert outage.excuses(40.0 + EXCUSED_AFTER) and not outage.excuses(40.0 + EXCUSED_AFTER + 1)


def stopped_program(log: Path) -> subprocess.Popen[bytes]:
    process = processes.start([sys.executable, "-c", "pass"], log)
    process.wait(timeout=60)
    return process


def test_a_long_lived_entrant_stopped_by_an_outage_starts_again_and_forfeits_nothing(tmp_path: Path) -> None:
    flags = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "gauntlet",
        "output": str(tmp_path),
        "entrants": [("entrant", f"looper={sys.executable} -c pass"), ("bot", "greedy=greedy")],
    }
    runner = Runner(build({}, flags, env={"ARENA_URL": NOWHERE}))
    run = state.RunState("T", "H", NOWHERE, {"looper": "E"})
    host = Host(NOWHERE, "T", "H")  # a crash report would fail: none is sent
    first = stopped_program(tmp_path / "first.log")
    runner.entrants["looper"] = first
    runner.outage.failed(0.0)  # the arena is down
    playing = [{"index": 0, "state": "playing", "entrants": [0, 1]}]
    runner.keep_entrants(run, host, playing)
    again = runner.entrants["looper"]
    assert again is not first and runner.restarts == {}, "started again, not counted as a crash"
    again.wait(timeout=60)
    assert (tmp_path / "logs" / "entrant-looper.log").exists()


def test_a_match_job_launches_again_a_program_stopped_by_an_outage_and_reports_no_crash(tmp_path: Path) -> None:
    row = {
        "index": 4,
        "state": "playing",
        "entrants": [0, 1],
        "match_id": "M",
        "tokens": {"0": "t0"},
        "voided": [{"match_id": "M0", "reason": "absent"}],
    }
    flags = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "gauntlet",
        "output": str(tmp_path),
        "redis": "redis://127.0.0.1:1/0",
        "entrants": [("command", f"p={sys.executable} -c pass"), ("bot", "g=greedy")],
    }
    config = build({}, flags, env={})
    [job] = match_jobs("T", url=NOWHERE, host_token="H", rows=[row], entrants=config.entrants, timeout=60.0)
    assert job.attempt == 1 and job.to_json()["attempt"] == 1  # the second attempt at match 4
    play = MatchPlay(job.to_json())
    play.logs = str(tmp_path)
    play.launch(0)
    first = play.launched[0]
    first.wait(timeout=60)
    play.outage.failed(0.0)
    exits: dict[int, int] = {}
    crashed: list[int] = []
    play.judge({0: 1.0}, {0}, exits, crashed)
    assert play.launched[0] is not first and play.relaunched == {0: 1} and (exits, crashed) == ({}, [])
    play.launched[0].wait(timeout=60)
    for _ in range(RELAUNCHES - 1):
        play.judge({0: 1.0}, {0}, exits, crashed)
        play.launched[0].wait(timeout=60)
    assert play.relaunched == {0: RELAUNCHES}
    play.judge({0: 1.0}, set(), exits, crashed)  # its seat is out now: done, nothing to report
    assert (exits, crashed) == ({0: 0}, [])
    assert [path.name for path in tmp_path.glob("*.log")] == [log_name("T", 4, 1, 0)] == ["T-match4-attempt2-seat0.log"]


def test_verify_and_replay_of_a_missing_file_say_no_such_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.jsonl")
    assert main(["verify", missing, "--url", NOWHERE]) == 1
    assert capsys.readouterr().err.strip() == f"arena: {missing}: no such file"
    assert main(["verify", "missing.jsonl", "--url", NOWHERE]) == 1  # a name with a dot is a file, not a match id
    assert "missing.jsonl: no such file" in capsys.readouterr().err
    assert main(["replay", missing]) == 1
    assert capsys.readouterr().err.strip() == f"arena: {missing}: no such file"
    assert main(["replay", str(tmp_path)]) == 1
    assert "a directory, not a record file" in capsys.readouterr().err


@pytest.mark.parametrize("action", ["status", "pause", "resume", "cancel"])
def test_a_host_command_without_a_runner_state_says_where_it_looked(
    action: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", action, "--output", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"no {tmp_path / 'state.json'}" in error and "--output" in error


def test_a_host_command_whose_server_is_gone_says_it_cannot_reach_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state.save(tmp_path, state.RunState("T", "H", NOWHERE, {}))
    assert main(["tournament", "pause", "--output", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"arena: cannot reach {NOWHERE} (")
