"""Playing a match to its end with scripted players: for tests, regression data and benchmarks."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from engine.actions import Action
from engine.match import Match, apply_action, legal_actions

#: Chooses one of the listed legal actions for ``seat`` (the list is never empty).
Policy = Callable[[Match, int, Sequence[Action]], Action]

#: How many legal actions a policy sees at most; huge action spaces are listed lazily.
ACTION_WINDOW = 256


def first_action(match: Match, seat: int, actions: Sequence[Action]) -> Action:
    """A scripted player that always takes the first legal action listed."""
    return actions[0]


def random_policy(seed: int) -> Policy:
    """A scripted player that takes a uniformly random listed action from its own seeded stream."""
    rng = random.Random(seed)

    def choose(match: Match, seat: int, actions: Sequence[Action]) -> Action:
        return actions[rng.randrange(len(actions))]

    return choose


def play_out(match: Match, policy: Policy, max_steps: int = 100_000, step_seconds: float = 1.0) -> Match:
    """Apply ``policy`` until the match ends; each step advances the clock by ``step_seconds``.

    When several seats may act (simultaneous decisions), the lowest one acts first.
    """
    now = 0.0
    for _ in range(max_steps):
        to_act = match.to_act
        if not to_act:
            return match
        seat = to_act[0]
        actions = list(itertools.islice(legal_actions(match, seat), ACTION_WINDOW))
        now += step_seconds
        match, _ = apply_action(match, seat, policy(match, seat, actions), now)
    raise RuntimeError(f"{match.game_id} did not end within {max_steps} steps")
