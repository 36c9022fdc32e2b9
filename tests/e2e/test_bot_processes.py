"""End to end: bot processes play whole matches through the generated SDK against a live server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from arena_sdk import Arena

from tests.live_server import LiveServer

BOT = Path(__file__).parents[2] / "examples" / "random_bot.py"


Report = dict[str, Any]


def play_with_bot_processes(
    arena: Arena, url: str, game: str, players: int, options: dict[str, object]
) -> tuple[str, list[Report]]:
    """One random-bot process per seat; returns the match id and each bot's closing report."""
    created = arena.create_match(game, players, options, seed=2024)
    match_id = created.match.match_id
    bots = [
        subprocess.Popen(
            [sys.executable, str(BOT), f"--url={url}", f"--match={match_id}", f"--token={s.token}", f"--seed={s.seat}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for s in created.seats
    ]
    reports = []
    for bot in bots:
        out, err = bot.communicate(timeout=240)
        assert bot.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    final = arena.match(created.match.match_id)
    assert final.status.value == "finished"
    assert final.result is not None
    assert all(r["winners"] == final.result.winners for r in reports)
    assert all(r["version"] == final.version for r in reports)
    assert final.seed == 2024  # revealed once over (G3)
    return created.match.match_id, reports


def test_two_bot_processes_play_a_full_pipifax_match(arena: Arena, live_server: LiveServer) -> None:
    _, reports = play_with_bot_processes(arena, live_server.url, "pipifax", 2, {"variant": "standard"})
    assert len(reports[0]["winners"]) == 1


def test_three_bot_processes_play_a_full_taiga_match(arena: Arena, live_server: LiveServer) -> None:
    _, reports = play_with_bot_processes(arena, live_server.url, "taiga", 3, {})
    assert 1 <= len(reports[0]["winners"]) <= 3


def test_three_bot_processes_play_a_full_standard_girafferaffe_match(arena: Arena, live_server: LiveServer) -> None:
    _, reports = play_with_bot_processes(arena, live_server.url, "girafferaffe", 3, {"mode": "standard"})
    assert len(reports[0]["winners"]) == 2  # everyone but the one who could not act


def test_a_bot_process_plays_a_full_solo_girafferaffe_match_against_the_robot(
    arena: Arena, live_server: LiveServer
) -> None:
    options: dict[str, object] = {"mode": "solo", "robot_cards": 20}
    match_id, reports = play_with_bot_processes(arena, live_server.url, "girafferaffe", 1, options)
    assert reports[0]["winners"] in ([], [0])
    log = arena.events(match_id, after=0, limit=1000)
    robot_steps = [e for e in log.events if e.kind.startswith("robot")]
    assert robot_steps, "the robot's turns are public events"
    assert all(e.visible_to is None for e in log.events)


def test_four_bot_processes_play_a_full_pili_pili_match_with_missions(arena: Arena, live_server: LiveServer) -> None:
    match_id, reports = play_with_bot_processes(arena, live_server.url, "pili-pili", 4, {"missions": "expert"})
    assert reports[0]["winners"]
    rounds = [e for e in arena.events(match_id, after=-1, limit=1000).events if e.kind == "round_started"]
    assert rounds and all(e.data["mission"] is not None for e in rounds)  # each round's mission card is public
