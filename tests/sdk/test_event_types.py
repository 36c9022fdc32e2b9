"""Typed events: the catalogue (sdk/events.json) matches what the engine and the arena log, and mypy holds bots to it.

Every event of seeded random matches of every configuration of every game has a kind the catalogue
lists for its game and exactly the data it says, value by value; the written Python and TypeScript
types are current; a bot that misspells a kind (``"card_flip"``) fails ``mypy --strict``, and the
one that spells it right passes, reading typed data without a cast.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from arena_sdk.events import KINDS, event_from_dict
from arena_sdk.games import pipifax, taiga

import engine
from tests.engine.conformance import configurations
from tests.sdk.test_sdk_typing import strict_mypy

ROOT = Path(__file__).parents[2]
CATALOGUE = json.loads((ROOT / "sdk" / "events.json").read_text())
CONFIGURATIONS = configurations()
#: How many actions of each random match are played (most matches end sooner).
MOVES = 400


def fits(value: Any, spec: str) -> bool:
    """Whether ``value`` is of the catalogue's type ``spec``."""
    if spec.startswith('"'):
        return value in [option.strip('"') for option in spec.split("|")]
    if spec.endswith("|null"):
        return value is None or fits(value, spec.removesuffix("|null"))
    if spec.endswith("[]"):
        return isinstance(value, list) and all(fits(item, spec[:-2]) for item in value)
    scalar = {"integer": int, "number": int | float, "string": str, "boolean": bool, "object": dict}.get(spec)
    if scalar is not None:
        return isinstance(value, scalar) and (spec not in ("integer", "number") or not isinstance(value, bool))
    return isinstance(value, dict) and fits_fields(value, CATALOGUE["types"][spec])


def fits_fields(data: dict[str, Any], fields: dict[str, str]) -> bool:
    return set(data) == set(fields) and all(fits(data[name], spec) for name, spec in fields.items())


def random_events(game: str, players: int, options: dict[str, Any], seed: int) -> list[engine.Event]:
    """Every event of a random match (the setup's included)."""
    match, events = engine.new_match(game, players, options, seed)
    rng = random.Random(seed)
    for _ in range(MOVES):
        if match.is_over:
            break
        seat = match.to_act[0]
        _, offered = engine.offered_actions(match, seat, 50)
        match, more = engine.apply_action(match, seat, rng.choice(offered))
        events += more
    return list(events)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS, ids=[str(c) for c in CONFIGURATIONS])
def test_every_event_of_random_matches_is_as_the_catalogue_says(
    game: str, players: int, options: dict[str, Any]
) -> None:
    kinds = CATALOGUE["games"][game]
    for seed in (1, 2):
        for event in random_events(game, players, options, seed):
            assert event.kind in kinds, f"{game} logs {event.kind!r}, which sdk/events.json does not list"
            assert fits_fields(dict(event.data), kinds[event.kind]), (event.kind, event.data, kinds[event.kind])


def test_the_catalogue_lists_each_game_of_the_engine_and_the_arena_kinds() -> None:
    assert set(CATALOGUE["games"]) == {"arena", *(game.info.id for game in engine.all_games())}
    arena = {"seed_committed", "joined", "started", "resigned", "timeout", "aborted", "clocks_extended", "ended"}
    assert KINDS["arena"] == {*arena, "adjudicated"}


def test_the_typed_events_are_written_from_the_catalogue() -> None:
    script = ROOT / "sdk" / "scripts" / "generate_events.py"
    checked = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr


def test_an_event_keeps_its_api_json_and_narrows_by_game() -> None:
    raw = {"data": {"seat": 0, "animal": "fox"}, "kind": "die_rolled", "version": 3, "visible_to": None}
    event = event_from_dict(raw)
    assert event.to_dict() == raw and event.kind == "die_rolled" and event.version == 3
    assert pipifax.events([event]) == [event]
    with pytest.raises(Exception, match="not an event of taiga"):
        taiga.events([event])


TYPED_BOT = """
from arena_sdk import Arena
from arena_sdk.games import pipifax, taiga

seat = Arena("http://127.0.0.1:9").seat("m", "m.0.secret")
seen: dict[int, str] = {}
finds = 0
for turn in seat.turns():
    for event in turn.events:
        if event.kind == "KIND":
            seen[event.data["position"]] = event.data["animal"]
    for own in taiga.events(turn.events):
        if own.kind == "round_started":
            finds += own.data["cards_left"]
    taken = [take.from_seat for take in taiga.takes(turn.actions)]
    turn.act(pipifax.flips(turn.actions)[0])
"""


def test_a_misspelt_event_kind_fails_mypy_strict(tmp_path: Path) -> None:
    report, status = strict_mypy(tmp_path, TYPED_BOT.replace("KIND", "card_flip"))
    assert status == 1, report
    assert "Non-overlapping equality check" in report and "Literal['card_flip']" in report, report


def test_the_right_kind_types_its_data_under_mypy_strict(tmp_path: Path) -> None:
    report, status = strict_mypy(tmp_path, TYPED_BOT.replace("KIND", "card_flipped"))
    assert status == 0, report
