"""Long Pipifax matches for the tests that watch what a long match costs: a seed found offline, and
Redis's count of log reads."""

from __future__ import annotations

import redis

import engine
from engine.bots import choose_action


def long_seed(length: int) -> int:
    """A seed whose Pipifax match of two seats drawing as the ``random`` bot (first player 0) lasts past
    ``length`` versions, found offline with the engine."""
    for seed in range(1000):
        match, _ = engine.new_match("pipifax", 2, {"first_player": 0}, seed)
        while match.to_act and match.version < length:
            seat = match.to_act[0]
            match, _ = engine.apply_action(match, seat, choose_action(match, seat, "random"))
        if match.version >= length:
            return seed
    raise AssertionError(f"no seed below 1000 makes a match of {length} versions")


def lrange_calls(client: redis.Redis) -> int:
    """The ``LRANGE`` calls Redis has run so far (``INFO commandstats``): reads of a match's log."""
    return int(client.info("commandstats").get("cmdstat_lrange", {}).get("calls", 0))
