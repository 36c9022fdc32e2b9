"""Server bots: pure policies that choose an action for a seat, for every game.

Five bots play every game: ``random`` takes a uniformly random legal action, ``greedy`` a documented
one-ply heuristic per game (one module each), and ``search-1`` to ``search-3`` an information-set
search (:mod:`engine.bots.search`) with a growing budget of simulations (``search-3`` also plays
exactly against greedy play where that can be computed). The catalogue says how strong each level
is, with its measured score against greedy (:mod:`engine.bots.levels`). Each reads only what the
seat may see: its view and its legal actions, and its memory of what it saw before
(:mod:`engine.bots.memory`). Like the engine, a bot does no I/O, reads no clock and draws from no
global random: each decision draws from its own stream seeded by the bot, the match's seed and
version and the seat, so a replayed match makes the same choices.

A search decision costs up to a few hundred milliseconds of CPU (:func:`is_slow`), so the server
never plays one inside a request: its referee does (``docs/bots.md``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from engine.actions import Action
from engine.bots import girafferaffe, pili_pili, pipifax, taiga
from engine.bots.levels import score_against_greedy, strength
from engine.bots.memory import (
    Memory,
    everyone_recalls,
    everyone_remembers,
    new_memory,
    recall,
    remember,
    remembers,
)
from engine.bots.random_bot import random_action
from engine.bots.search import SEARCH_BOT_IDS, level_of, search_action, search_description
from engine.errors import UnknownBot
from engine.match import Match, check_seat
from engine.registry import get_game

__all__ = [
    "BOT_IDS",
    "BotInfo",
    "Memory",
    "UnknownBot",
    "bots_for",
    "choose_action",
    "everyone_recalls",
    "everyone_remembers",
    "get_bot_ids",
    "is_slow",
    "new_memory",
    "recall",
    "remember",
    "remembers",
]

#: The bots every game offers, in catalogue order.
BOT_IDS = ("random", "greedy", *SEARCH_BOT_IDS)

#: A policy: the action for ``seat`` from the match, the decision's own random stream and the seat's memory.
Policy = Callable[[Match, int, random.Random, Memory], Action]


@dataclasses.dataclass(frozen=True)
class BotInfo:
    """One server bot as a game's catalogue lists it."""

    id: str  # "random", "greedy", "search-1", "search-2" or "search-3"
    description: str  # what the bot does in this game, in a sentence or two (a search level: its cost)
    #: How strong it is, for a person choosing an opponent: the level in words and its measured score
    #: against greedy (:func:`engine.bots.levels.strength`).
    strength: str = ""
    #: The share of two-player matches it scores against greedy, as measured; ``None`` for greedy itself.
    score_against_greedy: float | None = None


@dataclasses.dataclass(frozen=True)
class _GameBots:
    random_description: str
    greedy_description: str
    greedy: Policy


def _without_memory(policy: Callable[[Match, int, random.Random], Action]) -> Policy:
    return lambda match, seat, rng, memory: policy(match, seat, rng)


_BOTS: dict[str, _GameBots] = {
    pipifax.GAME_ID: _GameBots(pipifax.RANDOM_DESCRIPTION, pipifax.GREEDY_DESCRIPTION, pipifax.greedy_action),
    taiga.GAME_ID: _GameBots(taiga.RANDOM_DESCRIPTION, taiga.GREEDY_DESCRIPTION, taiga.greedy_action),
    girafferaffe.GAME_ID: _GameBots(
        girafferaffe.RANDOM_DESCRIPTION,
        girafferaffe.GREEDY_DESCRIPTION,
        _without_memory(girafferaffe.greedy_action),
    ),
    pili_pili.GAME_ID: _GameBots(
        pili_pili.RANDOM_DESCRIPTION, pili_pili.GREEDY_DESCRIPTION, _without_memory(pili_pili.greedy_action)
    ),
}

#: For a game without a heuristic of its own, greedy falls back to random (and says so).
_FALLBACK = _GameBots(
    "Takes a uniformly random legal action.",
    "No heuristic for this game yet: takes a uniformly random legal action, like the random bot.",
    _without_memory(random_action),
)


def get_bot_ids() -> tuple[str, ...]:
    """The ids of the server bots, the same for every game."""
    return BOT_IDS


def bots_for(game_id: str) -> tuple[BotInfo, ...]:
    """The server bots of a game: always :data:`BOT_IDS`, with per-game descriptions.

    Raises :class:`~engine.errors.UnknownGame` for a game that does not exist.
    """
    found = get_game(game_id).info.id
    bots = _BOTS.get(found, _FALLBACK)
    descriptions = {
        "random": bots.random_description,
        "greedy": bots.greedy_description,
        **{bot_id: search_description(found, level_of(bot_id)) for bot_id in SEARCH_BOT_IDS},
    }
    return tuple(_info(found, bot_id, descriptions[bot_id]) for bot_id in BOT_IDS)


def _info(game_id: str, bot_id: str, description: str) -> BotInfo:
    score = score_against_greedy(game_id, bot_id)
    share = None if score is None else score.share
    return BotInfo(bot_id, description, strength(game_id, bot_id), share)


def is_slow(bot_id: str) -> bool:
    """Whether a decision of ``bot_id`` may cost more CPU than a request should spend (the search
    bots: up to a few hundred milliseconds), so that the server plays it outside any request."""
    return bot_id in SEARCH_BOT_IDS


def choose_action(match: Match, seat: int, bot_id: str, *, memory: Memory | None = None) -> Action:
    """The action the bot ``bot_id`` takes for ``seat`` now (the seat must be in ``match.to_act``).

    Deterministic: derived only from the match (its seed, version and state), the seat and ``memory``,
    through a random stream of its own, so that a replay makes the same choices. ``memory`` is what
    the seat remembers of the match so far (:mod:`engine.bots.memory`; ``None``: nothing). Pipifax's
    and Taiga's greedy bots and every search bot use it; without it, Pipifax's greedy bot is no
    better than random, since the snapshot keeps no record of the cards turned face down again.

    Raises :class:`UnknownBot` for an unknown bot id, and the engine's seat errors (``InvalidSeat``,
    ``MatchOver``, ``NotYourTurn``) when ``seat`` may not act now.
    """
    if bot_id not in BOT_IDS:
        raise UnknownBot(f"no bot {bot_id!r}; the bots are {list(BOT_IDS)}", bot=bot_id, allowed=list(BOT_IDS))
    check_seat(match, seat)
    rng = random.Random(f"bot/{bot_id}/{match.seed}/{match.version}/{seat}")
    if bot_id == "random":
        return random_action(match, seat, rng)
    remembered = memory or new_memory(match.game_id)
    if bot_id in SEARCH_BOT_IDS:
        searched = search_action(match, seat, rng, remembered, level_of(bot_id))
        if searched is not None:
            return searched
    return _BOTS.get(match.game_id, _FALLBACK).greedy(match, seat, rng, remembered)
