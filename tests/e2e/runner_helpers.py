"""What the runner's end-to-end tests share: its command line, the processes a test starts, the bots that
count their launches, and checks of the result files (points by hand, pictures, records replayed)."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import matplotlib.image
import requests

from tests.live_server import LiveServer

ROOT = Path(__file__).parents[2]
COUNTING_BOT = ROOT / "tests" / "e2e" / "counting_bot.py"
CRASHING_BOT = ROOT / "examples" / "crashing_bot.py"
SLEEPING_BOT = ROOT / "examples" / "sleeping_bot.py"
ENTRANT = ROOT / "examples" / "tournament_entrant.py"
GAMES = ["pipifax", "taiga", "girafferaffe", "pili-pili"]
#: Seconds per decision: the sleeper times out after this; the others decide within it with room to spare
#: on a busy machine. A seat's clock starts when its program first asks for the match, so the second or
#: so a bot process takes to start is not counted.
PER_ACTION = 6.0


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


def launch_counts(launches: Path, matches: list[dict[str, Any]] | None = None) -> collections.Counter[str]:
    """How often each match launched a counting bot (of the tournament's ``matches`` only, when given:
    the handshake's probe matches launch each program once more)."""
    found = collections.Counter(launches.read_text().split()) if launches.exists() else collections.Counter()
    if matches is None:
        return found
    ids = {m["match_id"] for m in matches} | {v["match_id"] for m in matches for v in m["voided"]}
    return collections.Counter({match_id: count for match_id, count in found.items() if match_id in ids})


def points_by_hand(matches: list[dict[str, Any]], entrants: int) -> list[float]:
    """Each entrant's points from the schedule, by the documented rule for 2 players: a forfeit 0, a win 1,
    a draw 1/2 each, a loss 0."""
    points = [0.0] * entrants
    for match in matches:
        if match["state"] != "done":
            continue
        for seat, entrant in enumerate(match["entrants"]):
            mine, theirs = match["ranks"][seat], match["ranks"][1 - seat]
            if match["forfeits"][seat] is None:
                points[entrant] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return points


def assert_points_as_documented(written: dict[str, Any]) -> None:
    matches, standings = written["matches"], written["standings"]
    by_entrant = sorted(standings, key=lambda row: row["entrant"])
    assert [row["points"] for row in by_entrant] == points_by_hand(matches, len(by_entrant))
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True), "the standings are ordered by points"


def assert_pictures(output: Path, *names: str) -> None:
    """Each PNG opens, is of a readable size and is not blank."""
    for name in names:
        image = matplotlib.image.imread(output / name)
        height, width = image.shape[:2]
        assert width >= 300 and height >= 200, (name, image.shape)
        assert float(image[..., :3].std()) > 0.05, f"{name} is blank"


def assert_records_replay(output: Path, matches: list[dict[str, Any]]) -> None:
    """``records.jsonl`` holds every scored match once, as the schedule has it, and ``arena replay`` replays
    each one to its result and scoring."""
    lines = [json.loads(line) for line in (output / "records.jsonl").read_text().splitlines()]
    done = {m["index"]: m for m in matches if m["state"] == "done"}
    assert sorted(line["tournament"]["index"] for line in lines) == sorted(done)
    for line in lines:
        row, scored = done[line["tournament"]["index"]], line["tournament"]
        assert line["match_id"] == row["match_id"] and line["result"]["ranks"] == row["ranks"]
        assert (scored["entrants"], scored["forfeits"]) == (row["entrants"], row["forfeits"])
    replay = [sys.executable, "-m", "api.cli", "replay", str(output / "records.jsonl")]
    replayed = subprocess.run(replay, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert replayed.returncode == 0, replayed.stdout[-3000:] + replayed.stderr[-3000:]
    assert replayed.stdout.count("ok   ") == len(lines)


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


def wait_out(seconds: float, since: float) -> None:
    """Let ``seconds`` of wall-clock time pass from ``since`` (the length of an outage: the clock is the condition)."""
    while time.monotonic() < since + seconds:
        time.sleep(0.5)
