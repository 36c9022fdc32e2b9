"""Offline with memory: a loop written for the server, fed by ``turn.events``, plays the same match offline.

``arena_envs.offline_arena.OfflineArena`` stands where ``Arena(url)`` stood. For every game and two
seeds, every seat is played by a bot that remembers (it folds each turn's events into its memory and
chooses by it) or by a seeded random bot, offline and on a live server: both play the same actions,
each seat sees the same events (online's ``seed_committed`` aside: no server commits to a seed
offline), and the two matches end in the same state digest (the record's ``state_digest`` online,
:func:`engine.state_digest` offline; Pili Pili's deal time, a clock reading, is left out of both).
The README's Pipifax bot that remembers runs offline unchanged but for its arena, and matches its
online self against the server's greedy bot.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
from collections.abc import Callable
from typing import Any, Protocol

import pytest
from arena_sdk import AnyEvent, Arena, Turn, Turns

from arena_envs.offline_arena import OfflineArena, OfflineTurn, OfflineTurns
from tests.e2e.test_readme_bot import README, readme_section_code

#: One configuration of each game (Pili Pili with missions, whose deals record a time).
GAMES = [("pipifax", 2, {}), ("taiga", 3, {}), ("girafferaffe", 3, {}), ("pili-pili", 4, {"missions": "standard"})]
SEEDS = (3, 101)
#: The most actions a match is played for; a match still going then is aborted (its record has the digest).
PREFIX = 60


#: A bot: the seat and the offered actions' JSON -> the index it takes; it is told every event first.
class Bot(Protocol):
    def saw(self, seat: int, events: list[AnyEvent]) -> None: ...
    def choose(self, seat: int, offered: list[dict[str, Any]]) -> int: ...


class Remembering:
    """Folds every event its seats see into a memory, and chooses by it: different events, different matches."""

    def __init__(self) -> None:
        self.memory: dict[int, hashlib._Hash] = {}

    def saw(self, seat: int, events: list[AnyEvent]) -> None:
        digest = self.memory.setdefault(seat, hashlib.sha256())
        for event in events:
            if event.kind != "seed_committed":
                digest.update(json.dumps(event.to_dict(), sort_keys=True).encode())

    def choose(self, seat: int, offered: list[dict[str, Any]]) -> int:
        return int(self.memory[seat].hexdigest(), 16) % len(offered)


class SeededRandom:
    def __init__(self, seed: int) -> None:
        self.streams: dict[int, random.Random] = {}
        self.seed = seed

    def saw(self, seat: int, events: list[AnyEvent]) -> None:
        pass

    def choose(self, seat: int, offered: list[dict[str, Any]]) -> int:
        return self.streams.setdefault(seat, random.Random(f"policy/{self.seed}/{seat}")).randrange(len(offered))


Played = tuple[list[tuple[int, dict[str, Any]]], dict[int, list[dict[str, Any]]]]


Configuration = tuple[str, int, dict[str, Any]]


def play(arena: Arena | OfflineArena, configuration: Configuration, seed: int, bot: Bot) -> tuple[str, Played]:
    """Every seat played by ``bot`` through its own ``turns()`` loop, the first seat to act acting (at most PREFIX)."""
    game, players, options = configuration
    created = arena.create_match(game, players, options, seed=seed)
    match_id = created.match.match_id
    loops: dict[int, Turns | OfflineTurns] = {s.seat: arena.seat(match_id, s.token).turns() for s in created.seats}
    played: list[tuple[int, dict[str, Any]]] = []
    seen: dict[int, list[dict[str, Any]]] = {seat: [] for seat in loops}
    try:
        while len(played) < PREFIX:
            match = arena.match(match_id)
            if match.status.value != "active":
                break
            seat = match.to_act[0]
            turn = next_turn(loops[seat])
            while turn.version < match.version:  # overtaken online by another seat's simultaneous choice
                remember(bot, seen, seat, turn.events)
                turn = next_turn(loops[seat])
            remember(bot, seen, seat, turn.events)
            offered = [action.to_dict() for action in turn.actions]
            action = offered[bot.choose(seat, offered)]
            assert turn.act(action) is not None
            played.append((seat, action))
    finally:
        for loop in loops.values():
            loop.close()
    if arena.match(match_id).status.value == "active" and isinstance(arena, Arena):
        arena.abort(match_id, created.host_token)
    return match_id, (played, seen)


def next_turn(loop: Turns | OfflineTurns) -> Turn | OfflineTurn:
    turn: Turn | OfflineTurn = loop.__next__()  # the union's own next: next() would join the two to their base
    return turn


def remember(bot: Bot, seen: dict[int, list[dict[str, Any]]], seat: int, events: list[AnyEvent]) -> None:
    bot.saw(seat, events)
    seen[seat].extend(event.to_dict() for event in events if event.kind != "seed_committed")


def online_digest(arena: Arena, match_id: str) -> str:
    digest = arena.record(match_id)["state_digest"]
    assert isinstance(digest, str)
    return digest


BOTS: dict[str, Callable[[int], Bot]] = {"remembering": lambda seed: Remembering(), "random": SeededRandom}


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_play_the_same_match_offline_and_online(
    arena: Arena, game: str, players: int, options: dict[str, Any], bot: str
) -> None:
    for seed in SEEDS:
        away = OfflineArena()
        offline_id, offline = play(away, (game, players, options), seed, BOTS[bot](seed))
        online_id, online = play(arena, (game, players, options), seed, BOTS[bot](seed))
        assert online[0] == offline[0], ("actions", seed)
        assert online[1] == offline[1], ("events", seed)
        assert online_digest(arena, online_id) == away.state_digest(offline_id), ("digest", seed)


def test_the_readmes_bot_that_remembers_runs_offline_unchanged_and_as_online(arena: Arena) -> None:
    code = readme_section_code("A bot that remembers")
    assert 'Arena("http://127.0.0.1:8000")' in code and "players=2," in code
    for seed in SEEDS:
        seeded = code.replace("players=2,", f"players=2, seed={seed},")
        runs: list[dict[str, Any]] = []
        for arena_code in ("OfflineArena()", f'Arena("{arena.base_url}")'):
            scope: dict[str, Any] = {"OfflineArena": OfflineArena}
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(seeded.replace('Arena("http://127.0.0.1:8000")', arena_code), str(README), "exec"), scope)
            runs.append(scope)
        offline, online = runs
        offline_id, online_id = offline["created"].match.match_id, online["created"].match.match_id
        assert offline["seen"] == online["seen"] and offline["seen"], seed  # the same memory, built from events
        assert offline["arena"].match(offline_id).result == online["arena"].match(online_id).result
        moves = arena.events(online_id, after=0, limit=1000).actions
        assert [(m.seat, m.action.to_dict()) for m in moves] == offline["arena"].actions(offline_id)
        assert online_digest(arena, online_id) == offline["arena"].state_digest(offline_id)


def test_an_offline_loop_hands_over_the_ending() -> None:
    away = OfflineArena()
    created = away.create_match("taiga", 2, seed=7, seats=[{"name": "me"}, {"bot": "greedy"}])
    loop = away.seat(created.match.match_id, created.seats[0].token).turns()
    for turn in loop:
        turn.act(turn.actions[0])
    assert loop.ending is not None and loop.result is not None and loop.ending.status == "finished"
    assert loop.ending.events and loop.ending.events[-1].kind == "game_over"
