"""End to end: ``arena tournament run`` and ``arena worker`` play whole tournaments of local programs.

Against a live server with its referee and the tests' Redis: a round robin of four scripts on every
game (a random bot, the server's greedy bot, a bot that crashes mid-match, a bot that sleeps past
the clock), draws and forfeits scored as the docs say, a program that starts late, a runner killed
for a while (a minute under ``make soak``) and started again, Ctrl-C, the handshake, two workers
sharing one tournament, and the result files (each PNG opened, ``records.jsonl`` replayed by
``arena replay``). Bots launched per match note each launch in a file, so the tests count launches
(the handshake's probe match included).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests

from api.store.redis_server import RedisServer
from tests.e2e.runner_helpers import (
    CRASHING_BOT,
    ENTRANT,
    GAMES,
    PER_ACTION,
    ROOT,
    SLEEPING_BOT,
    assert_pictures,
    assert_points_as_documented,
    assert_records_replay,
    counting,
    finish,
    gauntlet,
    launch_counts,
    match_versions,
    results,
    runner_command,
    schedule,
    start,
    wait_for_progress,
    wait_out,
)
from tests.live_server import LiveServer

#: The game whose round robin includes the sleeper: its timeouts are the arena's clock, the same in
#: every game. It plays on a clock of its own (``--entrant-per-action``), its opponents on ``PER_ACTION``:
#: each of its six matches waits out one of its decisions, not a whole ``PER_ACTION``.
SLEEPER_GAME = "pipifax"
#: The sleeper's own seconds per decision (its opponents keep ``PER_ACTION``): each of its timeouts lands fast.
SLEEPER_PER_ACTION = 1.5
#: The presence lease of the sleeper's round robin: the server holds the outcome of a match over in a timeout until
#: the runner renews after it, and a void ``absent`` lapses the lease of the entrant that never asked until then;
#: a third of this lease (10 minutes) would not renew within the test's time. The runner renews at once when the
#: match's job says its match ended in a timeout, and when a match was voided: each goes on within a look.
SLEEPER_LEASE = 1800


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", GAMES)
def test_a_round_robin_of_scripts_accounts_for_every_match(
    game: str,
    live_server: LiveServer,
    redis_server: RedisServer,
    tmp_path: Path,
    started: list[subprocess.Popen[bytes]],
) -> None:
    """A random script, the server's greedy bot, a script that crashes and (in one game) one that sleeps, whose
    timeouts are scored without waiting for the lease's next renewal (:data:`SLEEPER_LEASE`)."""
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    sleeping = (
        (
            "--entrant",
            f"sleeper={sys.executable} {SLEEPING_BOT}",
            "--entrant-per-action",
            f"sleeper={SLEEPER_PER_ACTION}",
            *("--lease", str(SLEEPER_LEASE)),
        )
        if game == SLEEPER_GAME
        else ()
    )
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
    for match in matches:
        causes = dict(zip(match["entrants"], match["forfeits"], strict=True))
        winner = match["entrants"][match["ranks"].index(1)]
        # The crasher's crash on its first turn is reported at once: on a busy machine that can end a
        # match before the other program's first request. If a decision had come to that program (one both
        # seats face at once), the match is void (``absent``: it never decided anything there) and played
        # again, as the docs say; if none had, it is scored as it ended. No other is void.
        assert all(v["reason"] == "absent" for v in match["voided"]), match
        assert not match["voided"] or crasher in match["entrants"], "every program asked for its match"
        if crasher in causes and sleeper in causes:
            # Whichever of the two must decide first forfeits; the other then wins.
            assert [causes[crasher] is None, causes[sleeper] is None].count(True) == 1, match
            assert causes[crasher] in (None, "crash") and causes[sleeper] in (None, "timeout"), match
        elif crasher in causes:
            # It crashes at its first turn and is reported: its clock ran from its first request, not
            # from the match's creation, so it never loses on time while its process starts.
            assert causes[crasher] == "crash" and winner != crasher, match
            assert [c for e, c in causes.items() if e != crasher] == [None], match
        elif sleeper in causes:
            assert causes == {**dict.fromkeys(causes), sleeper: "timeout"}, match
        else:
            assert set(causes.values()) == {None}, match
    assert_points_as_documented(written)
    standings = written["standings"]
    losers = {"crasher", "sleeper"} if sleeping else {"crasher"}
    assert {row["name"] for row in standings[-len(losers) :]} == losers
    for row in standings:
        assert row["matches"] == 2 * (entrants - 1)
        assert isinstance(row["mu"], float) and row["sigma"] > 0 and isinstance(row["ordinal"], float)
    # Every match of the random bot launched it once (a void one at most once); the handshake launched it
    # once more, on its probe match.
    random_matches = {m["match_id"] for m in matches if random_bot in m["entrants"]}
    voided = {v["match_id"] for m in matches if random_bot in m["entrants"] for v in m["voided"]}
    counted = launch_counts(launches, matches)
    assert {match_id: counted[match_id] for match_id in random_matches} == dict.fromkeys(random_matches, 1)
    assert set(counted) <= random_matches | voided and all(counted[match_id] <= 1 for match_id in voided)
    assert sum(launch_counts(launches).values()) == len(random_matches) + sum(counted[v] for v in voided) + 1
    csv = (output / "standings.csv").read_text().splitlines()
    assert len(csv) == 1 + len(names) and "crasher" in csv[-1] + csv[-2]
    assert_pictures(output, "standings.png", "crosstable.png")
    crosstable = json.loads((output / "crosstable.json").read_text())
    assert crosstable["form"] == "trinomial" and len(crosstable["pairs"]) == entrants * (entrants - 1) // 2
    assert_records_replay(output, matches)
    # The sleeper played on its own clock, every other entrant on the tournament's: as the tournament
    # shows its entrants, and as each match's record shows its seats.
    assert tournament["time_control"]["per_action"] == PER_ACTION
    own = {entrant["name"]: entrant["time_control"] for entrant in tournament["entrants"]}
    assert {name: control and control["per_action"] for name, control in own.items()} == {
        name: SLEEPER_PER_ACTION if name == "sleeper" else None for name in names
    }
    records = [json.loads(line) for line in (output / "records.jsonl").read_text().splitlines()]
    assert all(seat.get("time_control") == own[seat["name"]] for record in records for seat in record["seats"])


#: How long the runner stays down in the outage test, at least, in seconds: in the suite (0) until the server
#: has voided every match it started without the runner and starts no other (its lease lapsed), a minute
#: under ``make soak`` (``ARENA_OUTAGE_SECONDS``). The runner's lease is 8 s, or 30% of a soak's outage
#: (renewed every third of it): it outlives the matches playing at the kill (their greedy opponent ends them
#: in seconds), so the server starts others without their programs before it lapses. Each is voided once its
#: absent program's first decision and one per-action run out (``--first-decision 8 --per-action 6``: 14 s),
#: the last by 8 + 14 = 22 s (a soak's by 18 + 14 = 32, before its restart at 60).
OUTAGE = float(os.environ.get("ARENA_OUTAGE_SECONDS", "0"))
LEASE = max(8, round(0.3 * OUTAGE))


def away_with_nothing_playing(server: LiveServer, tournament_id: str, programs: set[str]) -> bool:
    """Whether the server holds every one of ``programs`` away (its runner's lease lapsed: none of their matches
    starts) and has no match playing (every one it started without them voided)."""
    answer = requests.get(f"{server.url}/tournaments/{tournament_id}/standings", timeout=30).json()
    away = {row["name"] for row in answer["entrants"] if row.get("held") == "away"}
    return away == programs and not [m for m in schedule(server, tournament_id) if m["state"] == "playing"]


@pytest.mark.timeout(480)
def test_a_runner_killed_for_a_while_loses_no_match_to_the_outage(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    """kill -9, away until its lease lapsed (and :data:`OUTAGE` seconds), the same command again: any match the
    server started while the runner was away is void (its program never asked for it) and played again once it
    is back; no program loses a match to the outage; nothing over is played again; the standings are complete."""
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    programs = [arg for name in ("ada", "bob", "cyd") for arg in ("--entrant", counting(name, launches))]
    flags = [
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"),
        *programs,
        *("--concurrency", "2", "--seed", "5", "--per-action", "6", "--first-decision", "8"),
        # The lease outlives the matches playing at the kill (their workers finish them), so the server
        # starts new ones without programs before it lapses, and they are voided well before the restart.
        *("--lease", str(LEASE)),
    ]
    command = runner_command(live_server, redis_server.url, output, *flags)
    first = start(command, log, started)
    tournament_id = wait_for_progress(live_server, output, 2, first)
    first.send_signal(signal.SIGKILL)  # its workers get SIGTERM: each finishes its match and stops
    first.wait(timeout=30)
    killed_at = time.monotonic()
    before = schedule(live_server, tournament_id)
    ended_before = match_versions(live_server, [m["match_id"] for m in before if m["state"] == "done"])
    assert 2 <= len(ended_before) < 6
    deadline = killed_at + 120
    while not away_with_nothing_playing(live_server, tournament_id, {"ada", "bob", "cyd"}):
        assert time.monotonic() < deadline, "the server still plays matches of a runner gone for two minutes"
        time.sleep(0.5)  # a pause between two looks at the condition waited for
    wait_out(OUTAGE, killed_at)
    during = schedule(live_server, tournament_id)
    assert not [m for m in during if m["state"] == "playing"], "every match started during the outage was voided"
    finish(start(command, log, started), log)  # the same output directory: the same tournament

    written = results(output)
    matches = written["matches"]
    assert len(matches) == 6 and {m["state"] for m in matches} == {"done"}
    # A match the server started while the runner was away (its lease not yet lapsed, a capacity left) is
    # void, its program never having asked for it; the live workers' capacity the runner last said may
    # leave none to start.
    voided = [v for m in matches for v in m["voided"]]
    assert {v["reason"] for v in voided} <= {"absent"}
    assert all(len(m["voided"]) <= 1 for m in matches), "every voided match was played again once"
    assert written["tournament"]["progress"]["replayed"] == len(voided)
    for match in matches:  # no program lost a match to the outage: none forfeited
        assert match["forfeits"] == [None, None], match
    # Each match launched its program once, before the kill or after the restart; a voided one never did.
    assert launch_counts(launches, matches) == {m["match_id"]: 1 for m in matches}
    # The matches over before the kill are as they were: nothing played them again.
    assert match_versions(live_server, list(ended_before)) == ended_before
    standings = {row["name"]: row for row in written["standings"]}
    assert {name: row["matches"] for name, row in standings.items()} == {"greedy": 6, "ada": 2, "bob": 2, "cyd": 2}
    assert_points_as_documented(written)


@pytest.mark.timeout(300)
def test_ctrl_c_pauses_the_tournament_within_seconds_and_the_same_command_resumes_it(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    output, launches, log = tmp_path / "run", tmp_path / "launches", tmp_path / "runner.log"
    programs = [arg for name in ("ada", "bob") for arg in ("--entrant", counting(name, launches))]
    flags = ["--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"]
    flags += [*programs, "--concurrency", "2", "--seed", "8"]
    command = runner_command(live_server, redis_server.url, output, *flags)
    with log.open("ab") as out:  # its own process group, as a terminal's foreground job: Ctrl-C reaches the group
        runner = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    started.append(runner)
    tournament_id = wait_for_progress(live_server, output, 1, runner)
    pressed = time.monotonic()
    os.killpg(runner.pid, signal.SIGINT)
    code = runner.wait(timeout=60)
    assert time.monotonic() - pressed < 10, "the runner took longer than 10 s to stop"
    assert code == 1
    assert "stopping" in log.read_text()
    paused = requests.get(f"{live_server.url}/tournaments/{tournament_id}", timeout=30).json()
    assert paused["status"] == "paused"
    assert paused["progress"]["playing"] == 0, "the matches its programs were playing were called off"
    finish(start(command, log, started), log)

    written = results(output)
    matches = written["matches"]
    assert written["tournament"]["status"] == "finished"
    assert len(matches) == 4 and {m["state"] for m in matches} == {"done"}
    assert {v["reason"] for m in matches for v in m["voided"]} <= {"aborted"}
    assert all(m["forfeits"] == [None, None] for m in matches), "nothing was lost to the stop"
    counts = launch_counts(launches, matches)
    assert {m["match_id"]: counts[m["match_id"]] for m in matches} == {m["match_id"]: 1 for m in matches}
    assert all(counts[v["match_id"]] <= 1 for m in matches for v in m["voided"]), "a called-off match launched once"


def test_the_handshake_stops_a_run_whose_program_cannot_start(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path
) -> None:
    output = tmp_path / "run"
    broken = f"broken={sys.executable} -c 'import arena_module_that_is_not_installed'"
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"),
        *("--entrant", broken, "--entrant", f"fine={sys.executable} {ROOT / 'examples' / 'random_bot.py'}"),
    )
    ran = subprocess.run(command, check=False, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "entrant 'broken' failed its handshake" in ran.stderr
    assert "ModuleNotFoundError" in ran.stderr and "arena_module_that_is_not_installed" in ran.stderr
    assert "'fine'" not in ran.stderr, "the program that starts passed"
    assert not (output / "state.json").exists(), "no tournament was created"


def test_a_run_whose_every_match_ends_in_a_crash_exits_non_zero(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path
) -> None:
    output = tmp_path / "run"
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"),
        *("--entrant", f"crasher={sys.executable} {CRASHING_BOT}", "--seed", "2"),
    )
    ran = subprocess.run(command, check=False, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 3, ran.stdout + ran.stderr
    assert "ended in a crash forfeit" in ran.stderr
    matches = results(output)["matches"]
    assert [m["forfeits"][m["entrants"].index(1)] for m in matches] == ["crash", "crash"]


def test_report_of_an_unknown_tournament_is_a_one_line_error(live_server: LiveServer, tmp_path: Path) -> None:
    report = [sys.executable, "-m", "api.cli", "tournament", "report", "no-such-id", "--url", live_server.url]
    ran = subprocess.run(
        [*report, "--output", str(tmp_path)], check=False, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == 1
    assert ran.stderr.strip().count("\n") == 0 and "Traceback" not in ran.stderr
    assert "no tournament 'no-such-id'" in ran.stderr
    assert list(tmp_path.iterdir()) == []


LATE_BOT = """
import os, sys, time
time.sleep(3)  # the program starts 3 s after its launch, longer than a decision's 2 s
os.execv(sys.executable, [sys.executable, {bot!r}, *sys.argv[1:]])
"""


#: The late programs' gauntlet's seed: the greedy bot moves first in matches 0 and 2, the programs in 1 and 3,
#: and in match 2 the bot turns four matching cards on its opening turn and wins before any decision comes to
#: the program (whose first request comes seconds later): a match its program's absence changed nothing in,
#: scored as it ended, never void ``absent`` (a random seed gave one such match in about 700 runs, voided three
#: times on the same seed, to the same end).
LATE_SEED = 615


@pytest.mark.timeout(240)
def test_a_program_that_starts_three_seconds_late_is_not_timed_out(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    """Two such programs (a named entrant plays one match at a time: two play their four matches two at once),
    each in both seats against the greedy bot; nothing is void, not even a match that ended before the program
    was launched (:data:`LATE_SEED`)."""
    output, log = tmp_path / "run", tmp_path / "runner.log"
    late = tmp_path / "late_bot.py"
    late.write_text(LATE_BOT.format(bot=str(ROOT / "examples" / "random_bot.py")))
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", "pipifax", "--players-per-match", "2", "--format", "gauntlet", "--bot", "greedy=greedy"),
        *("--entrant", f"late={sys.executable} {late}", "--entrant", f"tardy={sys.executable} {late}"),
        *("--per-action", "2", "--concurrency", "2", "--seed", str(LATE_SEED)),
    )
    finish(start(command, log, started), log)
    matches = results(output)["matches"]
    assert len(matches) == 4 and {m["state"] for m in matches} == {"done"}
    assert sorted(tuple(m["entrants"]) for m in matches) == [(0, 1), (0, 2), (1, 0), (2, 0)], "each in both seats"
    for match in matches:
        assert match["forfeits"] == [None, None] and match["voided"] == [], match
    records = {
        r["tournament"]["index"]: r for r in map(json.loads, (output / "records.jsonl").read_text().splitlines())
    }
    assert [step[0] for step in records[2]["steps"][1:]] == [0] * 4, "the seed still ends match 2 on the bot's turn"


@pytest.mark.timeout(240)
def test_draws_and_forfeits_are_scored_as_the_docs_say(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    """Two random server bots whose deals (seed 6) include a draw, and a program that crashes at its first turn."""
    output, log = tmp_path / "run", tmp_path / "runner.log"
    command = runner_command(
        live_server,
        redis_server.url,
        output,
        *("--game", "pili-pili", "--players-per-match", "2", "--format", "round-robin", "--seed", "6"),
        *("--bot", "r1=random", "--bot", "r2=random", "--entrant", f"crasher={sys.executable} {CRASHING_BOT}"),
    )
    start(command, log, started).wait(timeout=200)  # every crasher match crashes: it exits 3, see below
    written = results(output)
    matches = written["matches"]
    assert any(m["ranks"] == [1, 1] for m in matches), "the seed was chosen for a draw"
    assert [m["forfeits"][m["entrants"].index(2)] for m in matches if 2 in m["entrants"]] == ["crash"] * 4
    assert_points_as_documented(written)
    points = {row["name"]: row["points"] for row in written["standings"]}
    assert points["crasher"] == 0.0
    assert points["r1"] + points["r2"] == 2 + 4, "one point per match between them, all four against the crasher"


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
    assert launch_counts(launches, matches) == {m["match_id"]: 1 for m in matches}
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
    assert launch_counts(launches, matches) == {m["match_id"]: 1 for m in matches if 2 in m["entrants"]}
    looper = [m["forfeits"][m["entrants"].index(1)] for m in matches if 1 in m["entrants"]]
    assert looper == [None] * 4  # it forfeited none: no crash reported, no timeout
    assert_records_replay(output, matches)

    # `arena tournament report` writes the same results again, from the server alone.
    tournament_id = results(output)["tournament"]["tournament_id"]
    again = tmp_path / "again"
    report = [sys.executable, "-m", "api.cli", "tournament", "report", tournament_id, "--url", live_server.url]
    subprocess.run([*report, "--output", str(again)], cwd=ROOT, check=True, capture_output=True, timeout=120)
    assert results(again) == results(output)
    for name in ("standings.csv", "crosstable.json", "crosstable.csv", "records.jsonl"):
        assert (again / name).read_text() == (output / name).read_text()
    assert_pictures(again, "standings.png", "crosstable.png")
