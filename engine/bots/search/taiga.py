"""Taiga's search: which disc to flip, whether to pass, whom to take from, with the hidden sides drawn.

Everything in Taiga is public except the discs' down sides and the draw pile's order. The discs are
the ten pairs of the five animals (T1), so the up sides and the pairs the seat saw flipped (its
memory) leave a set of layouts, each an orientation of the ten pairs; a sampled table draws one of
them uniformly and deals its pairs to the discs not yet known, each animal's at random among the
discs showing it (every such deal is equally likely, so this draws uniformly from what the seat may
hold possible). The pile is the cards neither won nor on the table: those the seat saw sent to the
bottom (its memory) last, in that order, the others before them in a random order.

The candidates are the pass (when it is allowed), the take from each seat, and one disc of each
kind: each disc whose pair the seat knows, and one of the unknown discs showing each animal (those
are alike to the seat). The rollouts play the greedy policy for every seat, all remembering every
flip, to the end of the match, valued mostly by the tournament's points and partly by the margin in
score (:class:`~engine.bots.search.core.ScoredMatchEnd`).

With two players, once the seat knows every disc, ``search-3`` samples nothing: the endgame is solved exactly
against greedy opponents (:mod:`engine.bots.search.taiga_endgame`): most of a match's decisions
come after every disc is known, and there a search of one ply over greedy rollouts misjudges the
tempo (the rollouts finish every family for the seat too).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.bots import taiga as greedy
from engine.bots.memory import Memory
from engine.bots.search.core import Decision, ScoredMatchEnd, Searcher, determinized, unique
from engine.bots.search.taiga_endgame import best_endgame_move
from engine.games.taiga import ANIMALS, CARDS, DISC_PAIRS, DISCS, Flip
from engine.match import Match, legal_actions, view

#: What the search bot does, for the catalogue (``{simulations}``: the level's budget with two players).
DESCRIPTION = (
    "Draws the hidden sides from the layouts the up sides and the flips it remembers allow, and the "
    "draw pile's order, then weighs each kind of disc, the pass and each take over {simulations} "
    "simulated games of greedy play, each valued by its points and partly by its margin in score."
)
#: ``search-3``'s description: the same search, and with two players the endgame solved.
EXACT_DESCRIPTION = (
    "Weighs each kind of disc, the pass and each take over {simulations} simulated games of greedy play, "
    "with the hidden sides drawn from what it saw; with two players, once it knows every disc, it plays "
    "the rest exactly against greedy play: when to finish a family, when to leave it to start the next round."
)

#: Each pair's index in ``DISC_PAIRS``.
PAIR_INDEX = {frozenset(pair): index for index, pair in enumerate(DISC_PAIRS)}


def prepare(match: Match, seat: int, memory: Memory, rng: random.Random) -> Decision:
    table = view(match, seat)
    up = [disc["up"] for disc in table["discs"]]
    known = {disc: pair for disc, pair in greedy.known_pairs(memory).items() if up[disc] in pair}
    first = greedy.greedy_action(match, seat, rng, memory)
    kinds: dict[object, Action] = {}
    for action in legal_actions(match, seat):
        if isinstance(action, Flip):
            disc = action.disc
            if up[disc] == table["target"]:
                continue  # turning a find face down again is a miss that also loses the find
            kinds.setdefault(disc if disc in known else up[disc], action)
        else:
            kinds.setdefault(action, action)
    candidates = unique([first, *kinds.values()])
    downs = down_sampler(up, known)
    pile = pile_sampler(table, memory)

    def sample(draw: random.Random) -> Match:
        state = {**match.state, "down": downs(draw), "pile": pile(draw)}
        return determinized(match, state, draw)

    return Decision(candidates, sample, shared_memory={"pairs": memory.get("pairs", [None] * DISCS)})


def down_sampler(up: Sequence[str], known: Mapping[int, frozenset[str]]) -> Callable[[random.Random], list[str]]:
    """Draws the down side of every disc: a layout of the pairs consistent with the up sides and the
    known pairs, uniformly, with its pairs dealt at random to the unknown discs showing each animal."""
    fixed = {PAIR_INDEX[pair]: up[disc] for disc, pair in known.items()}
    counts = tuple(up.count(animal) for animal in ANIMALS)
    layouts = [
        layout
        for layout in greedy.layouts_by_counts().get(counts, ())
        if all(layout[k] == shown for k, shown in fixed.items())
    ]
    unknown = {animal: [d for d in range(len(up)) if up[d] == animal and d not in known] for animal in ANIMALS}
    base = [
        _other(pair, up[disc]) if disc in known else "" for disc, pair in ((d, known.get(d)) for d in range(len(up)))
    ]

    def draw_downs(draw: random.Random) -> list[str]:
        down = list(base)
        if not layouts:  # the memory disagrees with the table (never in a real match): leave it as known
            return [side or up[d] for d, side in enumerate(down)]
        layout = layouts[draw.randrange(len(layouts))]
        for animal in ANIMALS:
            pairs = [k for k, shown in enumerate(layout) if shown == animal and k not in fixed]
            draw.shuffle(pairs)
            for disc, k in zip(unknown[animal], pairs, strict=False):
                down[disc] = _other(frozenset(DISC_PAIRS[k]), animal)
        return down

    return draw_downs


def _other(pair: frozenset[str] | None, side: str) -> str:
    assert pair is not None
    return next(animal for animal in sorted(pair) if animal != side) if len(pair) == 2 else side


def pile_sampler(table: Mapping[str, Any], memory: Memory) -> Callable[[random.Random], list[str]]:
    """Draws the pile: the cards neither won nor on the table, the remembered bottom cards last."""
    size = table["cards_left"]
    rest = Counter(CARDS)
    for cards in table["cards_won"]:
        rest.subtract(cards)
    if table["target"] is not None:
        rest.subtract([table["target"]])
    tail = [str(animal) for animal in memory.get("tail", ())][-size:] if size else []
    rest.subtract(tail)
    if any(count < 0 for count in rest.values()):  # a memory that disagrees with the table: ignore it
        rest.update(tail)
        tail = []
    top = sorted(rest.elements())

    def draw_pile(draw: random.Random) -> list[str]:
        shuffled = draw.sample(top, len(top))
        return (shuffled + tail)[-size:] if size else []

    return draw_pile


def policy(match: Match, seat: int, rng: random.Random, memory: Memory) -> Action:
    """The greedy policy, read from the public parts of the sampled state."""
    return greedy.greedy_from_state(match.state, seat, rng, memory)


def solve(match: Match, seat: int, memory: Memory) -> Action | None:
    """The solved endgame's move (:mod:`engine.bots.search.taiga_endgame`), with two players once the
    seat knows every disc; else ``None``."""
    found = best_endgame_move(view(match, seat), seat, memory)
    return None if found is None else found.action


SEARCHER = Searcher(prepare, policy, ScoredMatchEnd(), greedy.remember, solve=solve)
