"""What a bot remembers of a match: a small record folded from the events its seat saw, version by version.

A snapshot holds the table as it is now; a player also remembers what it saw before (Pipifax's cards
turned face down again, Taiga's discs flipped back). A bot's memory is that knowledge as plain JSON
data of a fixed size per game, so it can be kept with the match and updated by each version's
write: :func:`remember` takes one version's events and returns the next memory, and never needs the
match's history again. Only events the seat may see change it, so a memory holds nothing hidden from
its seat.

Each game's bot module says what its memory holds (``new_memory`` and ``remember``); a game without
one remembers nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.bots import pili_pili, pipifax, taiga
from engine.game import Event

#: A bot's memory: JSON data whose size does not grow with the match.
Memory = Mapping[str, Any]

#: A game's fold: the memory after ``seat`` saw ``events`` (of one version), from the memory before.
Fold = Callable[[Memory, int, Iterable[Event]], Memory]

_GAMES: dict[str, tuple[Callable[[], Memory], Fold]] = {
    pipifax.GAME_ID: (pipifax.new_memory, pipifax.remember),
    taiga.GAME_ID: (taiga.new_memory, taiga.remember),
    pili_pili.GAME_ID: (pili_pili.new_memory, pili_pili.remember),
}

_NOTHING: Memory = {}


def new_memory(game_id: str) -> Memory:
    """The memory of a seat that has seen nothing yet."""
    found = _GAMES.get(game_id)
    return _NOTHING if found is None else found[0]()


def remember(game_id: str, memory: Memory, seat: int, events: Iterable[Event]) -> Memory:
    """``memory`` after ``seat`` saw ``events``; events it may not see change nothing."""
    found = _GAMES.get(game_id)
    return memory if found is None else found[1](memory, seat, events)


def recall(game_id: str, seat: int, events: Iterable[Event]) -> Memory:
    """The memory of ``seat`` after all of ``events`` (a whole history, e.g. in tests and offline)."""
    return remember(game_id, new_memory(game_id), seat, events)


def everyone_recalls(game_id: str, players: int, events: Iterable[Event]) -> list[Memory]:
    """Each seat's memory after ``events`` (a new match's setup, say), seat by seat."""
    seen = list(events)
    return [recall(game_id, seat, seen) for seat in range(players)]


def everyone_remembers(game_id: str, memories: Sequence[Memory], events: Iterable[Event]) -> list[Memory]:
    """Each seat's memory after one more version's ``events``: how offline play keeps every seat's."""
    seen = list(events)
    return [remember(game_id, memory, seat, seen) for seat, memory in enumerate(memories)]


def remembers(game_id: str) -> bool:
    """Whether the bots of ``game_id`` keep a memory at all (others need none kept for them)."""
    return game_id in _GAMES
