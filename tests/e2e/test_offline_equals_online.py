"""Offline equals online: one policy given the same match chooses alike in ``arena_envs`` and through the SDK.

(The second half of this file: bots that remember, played offline by ``OfflineArena`` and online,
see the same events and end in the same state digest: tests/e2e/test_offline_memory.py.)

For every configuration of every game (43 in all) and two seeds, two policies play each match from
its start: the first action offered, and a seeded random choice among the offered actions. Offline,
every seat is played in the PettingZoo environment; online, every seat is an SDK seat playing with
``Seat.turns`` on a live server. Both offer the legal actions by ``engine.offered_actions`` (all of
them in listing order up to the limit, else a sample drawn from the match's seed, version and seat),
so the two sequences of actions are the same, action for action, until the match ends or the
prefix compared here does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from arena_sdk import Arena, Turns

import arena_envs
from tests.engine.conformance import configurations

#: How many legal actions a seat is shown: small, so that most games' turns are samples.
OFFERED = 12
#: How many actions of each match are compared (a whole match, when it ends sooner).
PREFIX = 30
SEEDS = (3, 101)

#: A policy: the acting seat and the offered actions -> the index of the one it takes.
Policy = Callable[[int, list[dict[str, Any]]], int]
Played = list[tuple[int, dict[str, Any]]]


def first_action(seat: int, offered: list[dict[str, Any]]) -> int:
    return 0


def seeded_random(seed: int) -> Policy:
    streams: dict[int, random.Random] = {}

    def choose(seat: int, offered: list[dict[str, Any]]) -> int:
        rng = streams.setdefault(seat, random.Random(f"policy/{seed}/{seat}"))
        return rng.randrange(len(offered))

    return choose


def offline(game: str, players: int, options: dict[str, Any], seed: int, policy: Policy) -> Played:
    env = arena_envs.aec_env(game, players, options, sample_size=OFFERED, illegal="raise")
    env.reset(seed=seed)
    played: Played = []
    while len(played) < PREFIX and not all(env.terminations.values()):
        agent = env.agent_selection
        seat = int(agent.rsplit("_", 1)[1])
        offered = arena_envs.decode_legal_actions(env.observe(agent))
        action = offered[policy(seat, offered)]
        played.append((seat, action))
        env.step(action)
    return played


def online(arena: Arena, configuration: tuple[str, int, dict[str, Any]], seed: int, policy: Policy) -> Played:
    """Every seat an SDK seat; the seat offline chose to act acts online too, at the version the match is at."""
    game, players, options = configuration
    created = arena.create_match(game, players, options, seed=seed)
    match_id = created.match.match_id
    seats = {s.seat: arena.seat(match_id, s.token) for s in created.seats}
    turns: dict[int, Turns] = {n: seat.turns(legal_limit=OFFERED) for n, seat in seats.items()}
    played: Played = []
    version = 0
    try:
        while len(played) < PREFIX:
            current = arena.match(match_id)
            if current.status.value != "active":
                break
            seat = current.to_act[0]  # the environment's agent selection: the first seat to act
            turn = next(turns[seat])
            while turn.version < version:  # a turn this seat was overtaken on (simultaneous choices)
                turn = next(turns[seat])
            assert turn.version == version, (turn.version, version)
            offered = [action.to_dict() for action in turn.actions]
            action = offered[policy(seat, offered)]
            assert turn.act(action) is not None
            played.append((seat, action))
            version += 1
    finally:
        for stream in turns.values():
            stream.close()
    return played


CONFIGURATIONS = configurations()


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS, ids=[str(c) for c in CONFIGURATIONS])
def test_a_policy_plays_the_same_actions_offline_and_online(
    arena: Arena, game: str, players: int, options: dict[str, Any]
) -> None:
    for seed in SEEDS:
        for name, policy in (("first", first_action), ("random", seeded_random(seed))):
            away = offline(game, players, options, seed, policy)
            fresh = policy if name == "first" else seeded_random(seed)
            assert online(arena, (game, players, options), seed, fresh) == away, (name, seed)


def test_every_configuration_is_compared() -> None:
    assert len(CONFIGURATIONS) == 43
    assert {game for game, _, _ in CONFIGURATIONS} == {"pipifax", "taiga", "girafferaffe", "pili-pili"}
