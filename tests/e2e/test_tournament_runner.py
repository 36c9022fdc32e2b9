"""End to end: ``arena tournament run`` and ``arena worker`` play whole tournaments of local programs.

Against a live server with its referee and the tests' Redis: a round robin of four scripts on every
game (a random bot, the server's greedy bot, a bot that crashes mid-match, a bot that sleeps past
the clock), a runner killed and started again mid-tournament, and two workers sharing one
tournament. Bots launched per match note each launch in a file, so the tests count launches.
"""

from __future__ import annotations

import collections
import json
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from api.redis_server import RedisServer
from tests.live_server import LiveServer

ROOT = Path(__file__).parents[2]
COUNTING_BOT = ROOT / "tests" / "e2e" / "counting_bot.py"
CRASHING_BOT = ROOT / "examples" / "crashing_bot.py"
SLEEPING_BOT = ROOT / "examples" / "sleeping_bot.py"
ENTRANT = ROOT / "examples" / "tournament_entrant.py"
GAMES = ["pipifax", "taiga", "girafferaffe", "pili-pili"]
#: Seconds per decision: the sleeper times out after this; the others decide within it with room to spare
#: on a busy machine. A match's clock starts at its creation, and a bot process importing the SDK takes
#: about a second of CPU to start: on a 2-core machine at a load of 20, first movers ran out of 6 s and
#: of 10 s before their first move.
PER_ACTION = 12.0


def runner_command(server: LiveServer, redis_url: str, output: Path, *flags: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "api.cli",
        "tournament",
        "run",
        "--url",
        server.url,
        "--redis",
        redis_url,
        "--output",
        str(output),
        "--queue",
        f"test-{uuid.uuid4().hex[:10]}",
        "--quiet",
        *flags,
    ]


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The processes a test starts; any still running at its end (a failed test's) are stopped."""
    processes: list[subprocess.Popen[bytes]] = []
    yield processes
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def start(command: list[str], log: Path, started: list[subprocess.Popen[bytes]]) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    started.append(process)
    return process


def finish(process: subprocess.Popen[bytes], log: Path, timeout: float = 540) -> None:
    code = process.wait(timeout=timeout)
    assert code == 0, log.read_text()[-4000:]


def counting(name: str, launches: Path) -> str:
    return f"{name}={sys.executable} {COUNTING_BOT} --launches {launches}"


def results(output: Path) -> dict[str, Any]:
    written: dict[str, Any] = json.loads((output / "tournament.json").read_text())
    return written


def launch_counts(launches: Path) -> collections.Counter[str]:
    return collections.Counter(launches.read_text().split()) if launches.exists() else collections.Counter()


#: The game whose round robin includes the sleeper: its timeouts are the arena's clock, the same in
#: every game, and each of its six matches lasts a whole decision's time (72 s of the suite per game).
SLEEPER_GAME = "pipifax"


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", GAMES)
def test_a_round_robin_of_scripts_accounts_for_every_match(
    game: str,
    live_server: LiveServer,
    redis_server: RedisServer,
    tmp_path: Path,
    started: list[subprocess.Popen[bytes]],
) -> None:
    """A random script, the server's greedy bot, a script that crashes and (in one game) one that sleeps."""
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    sleeping = ("--entrant", f"sleeper={sys.executable} {SLEEPING_BOT}") if game == SLEEPER_GAME else ()
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", game, "--players-per-match", "2", "--format", "round-robin"),
        *("--per-action", str(PER_ACTION), "--concurrency", "2", "--seed", "11"),
        "--entrant",
        counting("random", launches),
        *("--bot", "greedy=greedy"),
        *("--entrant", f"crasher={sys.executable} {CRASHING_BOT}"),
        *sleeping,
    )
    finish(start(command, log, started), log)

    written = results(output)
    tournament, matches = written["tournament"], written["matches"]
    names = [e["name"] for e in tournament["entrants"]]
    entrants = 4 if sleeping else 3
    assert len(names) == entrants
    assert tournament["status"] == "finished"
    assert len(matches) == entrants * (entrants - 1)  # every pair, in both seat orders
    assert [m["state"] for m in matches] == ["done"] * len(matches)
    crasher, random_bot = names.index("crasher"), names.index("random")
    sleeper = names.index("sleeper") if sleeping else None
    crashes = 0
    for match in matches:
        causes = dict(zip(match["entrants"], match["forfeits"], strict=True))
        winner = match["entrants"][match["ranks"].index(1)]
        crashes += causes.get(crasher) == "crash"
        if crasher in causes and sleeper in causes:
            # Whichever of the two must decide first forfeits; the other then wins.
            assert [causes[crasher] is None, causes[sleeper] is None].count(True) == 1, match
            assert causes[crasher] in (None, "crash", "timeout") and causes[sleeper] in (None, "timeout"), match
        elif crasher in causes:
            # It crashes at its first turn and is reported; on a heavily loaded machine a first mover's clock
            # may run out while its process still starts: then it forfeits on time instead.
            assert causes[crasher] in ("crash", "timeout") and winner != crasher, match
            assert [c for e, c in causes.items() if e != crasher] == [None], match
        elif sleeper in causes:
            assert causes == {**dict.fromkeys(causes), sleeper: "timeout"}, match
        else:
            assert set(causes.values()) == {None}, match
    assert crashes >= 1  # the runner reported the crasher's exits as crashes
    standings = tournament["standings"]["entrants"]
    losers = {"crasher", "sleeper"} if sleeping else {"crasher"}
    assert {row["name"] for row in standings[-len(losers) :]} == losers
    for row in standings:
        assert row["matches"] == 2 * (entrants - 1)
        assert isinstance(row["mu"], float) and row["sigma"] > 0 and isinstance(row["ordinal"], float)
    # Every match of the random bot launched it once.
    random_matches = {m["match_id"] for m in matches if random_bot in m["entrants"]}
    assert launch_counts(launches) == dict.fromkeys(random_matches, 1)
    csv = (output / "standings.csv").read_text().splitlines()
    assert len(csv) == 1 + len(names) and "crasher" in csv[-1] + csv[-2]
    assert (output / "standings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def schedule(server: LiveServer, tournament_id: str) -> list[dict[str, Any]]:
    answer = requests.get(f"{server.url}/tournaments/{tournament_id}/matches", timeout=30)
    answer.raise_for_status()
    rows: list[dict[str, Any]] = answer.json()["matches"]
    return rows


def match_versions(server: LiveServer, match_ids: list[str]) -> dict[str, int]:
    return {
        match_id: requests.get(f"{server.url}/matches/{match_id}", timeout=30).json()["version"]
        for match_id in match_ids
    }


def wait_for_progress(server: LiveServer, output: Path, done: int, runner: subprocess.Popen[bytes]) -> str:
    """Block until the runner's tournament has ``done`` matches finished; its id."""
    while True:
        assert runner.poll() is None, "the runner stopped early"
        if (output / "state.json").exists():
            tournament_id = str(json.loads((output / "state.json").read_text())["tournament_id"])
            answer = requests.get(f"{server.url}/tournaments/{tournament_id}", timeout=30).json()
            if answer["progress"]["finished"] >= done:
                return tournament_id
        time.sleep(0.2)  # a pause between two looks at the condition waited for


def gauntlet(launches: Path, *flags: str) -> list[str]:
    """The server's greedy bot (entrant 0) against four counting random bots: short matches, up to four at once."""
    programs = [arg for name in ("ada", "bob", "cyd", "dee") for arg in ("--entrant", counting(name, launches))]
    table = ["--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet"]
    return [*table, "--bot", "greedy=greedy", *programs, *flags]


@pytest.mark.timeout(300)
def test_a_runner_killed_mid_tournament_and_started_again_repeats_nothing(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    flags = gauntlet(launches, "--games-per-pairing", "2", "--concurrency", "2", "--seed", "5")
    command = runner_command(live_server, redis_server.url, output, *flags)
    first = start(command, log, started)
    tournament_id = wait_for_progress(live_server, output, 4, first)
    first.send_signal(signal.SIGKILL)  # its workers get SIGTERM: each finishes its match and stops
    first.wait(timeout=30)
    before = schedule(live_server, tournament_id)
    ended_before = match_versions(live_server, [m["match_id"] for m in before if m["state"] == "done"])
    assert 4 <= len(ended_before) < 16
    finish(start(command, log, started), log)  # the same output directory: the same tournament

    matches = schedule(live_server, tournament_id)
    assert len(matches) == 16 and {m["state"] for m in matches} == {"done"}
    assert len({m["match_id"] for m in matches}) == 16
    # Each match launched its program once, before the restart or after it.
    assert launch_counts(launches) == {m["match_id"]: 1 for m in matches}
    # The matches over before the restart are as they were: nothing played them again.
    assert match_versions(live_server, list(ended_before)) == ended_before
    written = results(output)
    assert written["tournament"]["tournament_id"] == tournament_id
    assert written["tournament"]["progress"]["done"] == 16


@pytest.mark.timeout(300)
def test_two_workers_sharing_a_tournament_play_each_match_once(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    queue = f"test-{uuid.uuid4().hex[:10]}"
    worker_command = [sys.executable, "-m", "api.cli", "worker", "--redis", redis_server.url, "--queue", queue]
    workers = [
        start([*worker_command, "--logs", str(tmp_path / f"w{n}")], tmp_path / f"w{n}.log", started) for n in (1, 2)
    ]
    try:
        command = runner_command(
            live_server,
            redis_server.url,
            output,
            *gauntlet(launches, "--games-per-pairing", "2", "--concurrency", "2", "--workers", "0", "--seed", "9"),
        )
        command[command.index("--queue") + 1] = queue
        finish(start(command, log, started), log)
    finally:
        for worker in workers:
            worker.send_signal(signal.SIGTERM)
        for worker in workers:
            worker.wait(timeout=60)

    matches = results(output)["matches"]
    assert len(matches) == 16 and {m["state"] for m in matches} == {"done"}
    assert launch_counts(launches) == {m["match_id"]: 1 for m in matches}
    # Both workers took matches: each worker writes its programs' logs to its own directory.
    assert all(any((tmp_path / f"w{n}").iterdir()) for n in (1, 2))
    assert (output / "state.json").exists()


@pytest.mark.timeout(240)
def test_a_long_lived_entrant_is_started_once_and_plays_all_its_matches(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--games-per-pairing", "2"),
        *("--bot", "greedy=greedy", "--long-lived", f"looper={sys.executable} {ENTRANT}"),
        *("--entrant", counting("ada", launches), "--seed", "3"),
    )
    finish(start(command, log, started), log)

    matches = results(output)["matches"]
    assert {m["state"] for m in matches} == {"done"} and len(matches) == 8
    # The long-lived entrant ran once and played its four matches itself; ada was launched per match.
    entrant_log = (output / "logs" / "entrant-looper.log").read_text()
    assert entrant_log.count("played 4 matches") == 1
    assert launch_counts(launches) == {m["match_id"]: 1 for m in matches if 2 in m["entrants"]}
    looper = [m["forfeits"][m["entrants"].index(1)] for m in matches if 1 in m["entrants"]]
    assert looper == [None] * 4  # it forfeited none: no crash reported, no timeout

    # `arena tournament report` writes the same results again, from the server alone.
    tournament_id = results(output)["tournament"]["tournament_id"]
    again = tmp_path / "again"
    report = [sys.executable, "-m", "api.cli", "tournament", "report", tournament_id, "--url", live_server.url]
    subprocess.run([*report, "--output", str(again)], cwd=ROOT, check=True, capture_output=True, timeout=120)
    assert results(again) == results(output)
    assert (again / "standings.csv").read_text() == (output / "standings.csv").read_text()
    assert (again / "standings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
