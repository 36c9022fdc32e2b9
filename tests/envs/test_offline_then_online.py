"""A policy tested offline plays online unchanged: the same seed gives the same match, seen alike.

The example's policy, which picks by position in the list of actions it is offered, plays seat 0
against the random bot, offline in the Gymnasium environment and online through the SDK against a
live server. The server offers legal actions as the environment does and its random bot draws as the
offline one does, so with the same seed both matches are the same: the policy gets the same actions
in the same order at every turn, takes the same ones, and the result is the same.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import arena_envs
from tests.live_server import LiveServer

EXAMPLE = Path(__file__).parents[2] / "examples" / "offline_then_online.py"


def load_example() -> ModuleType:
    """The example as a module (examples/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("offline_then_online", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = load_example()

Seen = list[tuple[dict[str, Any], list[str]]]


def recording(seen: Seen) -> arena_envs.PolicyFunction:
    """The example's policy, noting each view and the actions it was given, in the order given."""

    def noted(view: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
        seen.append((view, [json.dumps(action, sort_keys=True) for action in actions]))
        return example.policy(view, actions)

    return noted


@pytest.mark.parametrize(
    ("game", "players"), [("taiga", 2), ("pili-pili", 3), ("girafferaffe", 2), ("girafferaffe", 4), ("pipifax", 3)]
)
def test_the_same_policy_plays_the_same_match_offline_and_online(
    live_server: LiveServer, game: str, players: int
) -> None:
    """Seen alike at every turn: the same views and the same offered actions in the same order."""
    seed = 20240612
    offline: Seen = []
    away = example.play_offline(recording(offline), game, players, seed)
    online: Seen = []
    home = example.play_online(recording(online), live_server.url, game, players, seed)
    assert [actions for _, actions in online] == [actions for _, actions in offline]
    if game != "pili-pili":  # its timed looks (E2, E4) show a hand by the clock: the server's, or the virtual one
        assert [view for view, _ in online] == [view for view, _ in offline]
    assert home["actions"] == away["actions"] and home["winners"] == away["winners"]


def test_the_example_says_the_two_matches_are_identical(
    live_server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    argv = sys.argv
    sys.argv = ["offline_then_online.py", "--url", live_server.url, "--matches", "2", "--seed", "7"]
    try:
        example.main()
    finally:
        sys.argv = argv
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["stage"] == "offline" and lines[0]["game"] == "girafferaffe" and lines[0]["matches"] == 2
    assert lines[1]["stage"] == "online" and lines[1]["actions"] > 0
    assert lines[-1] == {"identical": True, "seed": 7}
