"""Pinned playouts (like perft counts): fixed seeds and scripted players give fixed outcomes.

Each game has a file ``tests/engine/regression/<game>.json``. Any change to a game's rules, its
random draws or its action order changes some pinned outcome and fails the regression test. When
such a change is intended, re-pin with ``python -m tests.engine.regression_cases <game>`` and say
why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import Match, get_game, new_match
from engine.games.girafferaffe import readable_state
from engine.playout import Policy, first_action, play_out, random_policy
from tests.engine.conformance import option_grid

REGRESSION_DIR = Path(__file__).parent / "regression"
SEEDS = (1, 2)
#: Games whose state is pinned in another form than the one they store: Girafferaffe stores a compact
#: state since its format 2, and its playouts stay pinned in the form with every card by name (that
#: of format 1, which the compact state converts to exactly), so the pins made before still hold.
PINNED_FORMS: dict[str, Callable[[Any], Any]] = {"girafferaffe": readable_state}


def policy_named(name: str) -> Policy:
    """``first`` takes the first legal action; ``random-N`` a seeded random one."""
    if name == "first":
        return first_action
    return random_policy(int(name.removeprefix("random-")))


def play_case(game_id: str, players: int, options: dict[str, Any], seed: int, policy: str) -> dict[str, Any]:
    match, _ = new_match(game_id, players, options, seed=seed)
    end = play_out(match, policy_named(policy))
    result = end.result
    assert result is not None
    canonical = json.dumps(pinned_form(end), sort_keys=True, separators=(",", ":"))
    return {
        "players": players,
        "options": options,
        "seed": seed,
        "policy": policy,
        "versions": end.version,
        "winners": list(result.winners),
        "scores": None if result.scores is None else list(result.scores),
        "digest": hashlib.sha256(canonical.encode()).hexdigest()[:16],
    }


def pinned_form(match: Match) -> dict[str, Any]:
    """The snapshot whose digest is pinned: the match's JSON, its state in the game's pinned form."""
    snapshot = match.to_json()
    form = PINNED_FORMS.get(match.game_id)
    if form is not None:
        snapshot["state"] = form(match.state)
    return snapshot


def pin(game_id: str) -> Path:
    cases = [
        play_case(game_id, players, options, seed, policy)
        for players, options in option_grid(get_game(game_id))
        for seed in SEEDS
        for policy in ("first", f"random-{seed}")
    ]
    path = REGRESSION_DIR / f"{game_id}.json"
    path.write_text(json.dumps(cases, indent=1) + "\n")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"pinned {pin(name)}")
