"""A policy tested offline plays online unchanged: the same seed gives the same match, seen alike.

The example's policy plays seat 0 against the random bot, offline in the Gymnasium environment and
online through the SDK against a live server. The server's random bot draws as the offline one does,
so with the same seed both matches are the same: the policy gets the same views and actions (the
API's JSON) at every turn and the result is the same.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from arena_sdk import Arena

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
    """The example's policy, noting each view and the set of actions it was given."""

    def noted(view: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
        seen.append((view, sorted(json.dumps(action, sort_keys=True) for action in actions)))
        return example.policy(view, actions)

    return noted


@pytest.mark.parametrize(("game", "options"), [("taiga", {}), ("pili-pili", {"missions": "none"})])
def test_the_same_policy_plays_the_same_match_offline_and_online(
    live_server: LiveServer, game: str, options: dict[str, Any]
) -> None:
    seed = 20240612
    offline: Seen = []
    env = arena_envs.single_agent_env(game, 2, seat=0, opponents="random", options=options, illegal="raise")
    observation, _ = env.reset(seed=seed)
    over, reward = False, 0.0
    while not over:
        chosen = recording(offline)(arena_envs.decode_view(observation), arena_envs.decode_legal_actions(observation))
        observation, reward, over, _, info = env.step(chosen)

    online: Seen = []
    arena = Arena(live_server.url)
    created = arena.create_match(game, 2, options, seed=seed, seats=[{"name": "me"}, {"bot": "random"}])
    mine = next(seat for seat in created.seats if seat.seat == 0)
    final = arena.seat(created.match.match_id, mine.token).play(example.adapter(recording(online)))

    assert online == offline
    assert final.result is not None
    assert list(final.result.winners) == info["winners"]
    assert (0 in info["winners"]) == (reward > 0)


def test_the_example_plays_offline_then_online(live_server: LiveServer) -> None:
    offline = example.play_offline(example.policy, "pili-pili", 3, matches=2, seed=1)
    assert offline["matches"] == 2 and 0 <= offline["wins"] <= 2
    online = example.play_online(example.policy, live_server.url, "pili-pili", 3, seed=None)
    assert online["stage"] == "online" and online["winners"]
