"""The search bots ``search-1``, ``search-2`` and ``search-3``: information-set search for every game.

Each level is a budget of simulations (never of time, so that a decision replays exactly): the
search (:mod:`engine.bots.search.core`) samples hidden states the seat cannot tell from the real one
and plays each candidate out with the greedy policy. Each game's module prepares its decisions
(what to compare, how to sample) and sets its budgets so that ``search-3`` stays within about
200 ms of CPU per decision at the median (``bench/search_cost_bench.py`` measures them; the
catalogue's descriptions carry the figures).
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.bots.memory import Memory
from engine.bots.search import girafferaffe, pili_pili, pipifax, taiga
from engine.bots.search.core import Searcher, search
from engine.match import Match

#: The search levels, weakest first.
SEARCH_BOT_IDS = ("search-1", "search-2", "search-3")

#: Each game's search, by game id.
SEARCHERS: dict[str, Searcher] = {
    "pipifax": pipifax.SEARCHER,
    "girafferaffe": girafferaffe.SEARCHER,
    "taiga": taiga.SEARCHER,
    "pili-pili": pili_pili.SEARCHER,
}

#: Simulations per decision with two players, by game and level (index 0 is ``search-1``).
SIMULATIONS: dict[str, tuple[int, int, int]] = {
    "pipifax": (16, 64, 256),
    "taiga": (16, 64, 256),
    "girafferaffe": (16, 64, 256),
    "pili-pili": (40, 160, 480),
}


def simulations(match: Match, level: int) -> int:
    """The simulations a decision of ``level`` makes in ``match``: the level's budget, shared where
    a simulation plays longer (Girafferaffe and Pili Pili by every two players, Pili Pili also by
    every 7 tricks of a round; Pipifax's and Taiga's run to the match's end, as long with any table)."""
    return SEARCHERS[match.game_id].budget(match, SIMULATIONS[match.game_id][level - 1])


def level_of(bot_id: str) -> int:
    """The level (1-3) of a search bot's id."""
    return SEARCH_BOT_IDS.index(bot_id) + 1


#: The level from which a search plays its game's exact decisions where it has them (Taiga's endgame,
#: two-player Pipifax: :attr:`~engine.bots.search.core.Searcher.solve`): they cost up to a few hundred
#: milliseconds of CPU, which only ``search-3``'s budget allows.
EXACT_LEVEL = 3


def search_action(match: Match, seat: int, rng: random.Random, memory: Memory, level: int) -> Action | None:
    """The action the search of ``level`` takes for ``seat``; ``None`` for a game without a search module."""
    searcher = SEARCHERS.get(match.game_id)
    if searcher is None:
        return None
    budget = simulations(match, level)
    return search(searcher, match, seat, memory, rng, simulations=budget, exact=level >= EXACT_LEVEL)


#: Each game's description of its search bot (with ``{simulations}`` for the level's budget).
DESCRIPTIONS: dict[str, str] = {
    "pipifax": pipifax.DESCRIPTION,
    "taiga": taiga.DESCRIPTION,
    "girafferaffe": girafferaffe.DESCRIPTION,
    "pili-pili": pili_pili.DESCRIPTION,
}

#: CPU milliseconds per decision with two players, median and 99th percentile, per level, as
#: ``python -m bench.search_cost_bench`` measured them (docs/bots.md has every configuration).
MEASURED_CPU_MS: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    "pipifax": ((7, 11), (21, 39), (2, 59)),
    "taiga": ((4, 19), (10, 65), (0, 296)),
    "girafferaffe": ((5, 40), (17, 75), (75, 348)),
    "pili-pili": ((6, 15), (27, 64), (90, 220)),
}


#: What ``search-3`` does besides (or instead of) simulating, in the games with exact decisions.
EXACT_DESCRIPTIONS: dict[str, str] = {
    "pipifax": pipifax.EXACT_DESCRIPTION,
    "taiga": taiga.EXACT_DESCRIPTION,
}


def search_description(game_id: str, level: int) -> str:
    """What the search bot of ``level`` does in ``game_id``, with its budget and measured cost."""
    if game_id not in SEARCHERS:
        return "No search for this game yet: plays as the greedy bot does."
    median, p99 = MEASURED_CPU_MS[game_id][level - 1]
    exact = EXACT_DESCRIPTIONS.get(game_id) if level >= EXACT_LEVEL else None
    what = (exact or DESCRIPTIONS[game_id]).format(simulations=SIMULATIONS[game_id][level - 1])
    typical = f"About {median} ms" if median >= 1 else "Under a millisecond"
    return f"{what} {typical} of CPU per decision (two players; {p99} ms at the 99th percentile)."
