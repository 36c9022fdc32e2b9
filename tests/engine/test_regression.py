"""Replays every pinned playout and compares its outcome with the pinned one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import all_games
from tests.engine.regression_cases import REGRESSION_DIR, play_case


def pinned_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in sorted(REGRESSION_DIR.glob("*.json")):
        cases.extend({"game": path.stem, **case} for case in json.loads(path.read_text()))
    return cases


def test_every_game_has_pinned_playouts() -> None:
    assert {g.info.id for g in all_games()} <= {p.stem for p in REGRESSION_DIR.glob("*.json")}


@pytest.mark.parametrize("case", pinned_cases(), ids=lambda c: f"{c['game']}-{c['players']}-{c['seed']}-{c['policy']}")
def test_pinned_playout_is_unchanged(case: dict[str, Any]) -> None:
    expected = {k: v for k, v in case.items() if k != "game"}
    assert play_case(case["game"], case["players"], case["options"], case["seed"], case["policy"]) == expected
