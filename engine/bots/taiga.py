"""Taiga's greedy policy: flip the disc most likely to hide the target, and stop while ahead.

The down sides are hidden, but the discs are the ten pairs of the five animals (T1), so the up sides
alone say a lot: a layout is an orientation of those ten pairs whose up sides match what the table
shows, and there are at most 2**10 of them. For a disc showing ``a``, the chance that ``t`` is
underneath is the share of those layouts in which the pair ``{a, t}`` shows ``a``, divided among the
discs that show ``a``. Discs whose pair the seat saw in a public ``disc_flipped`` event (its memory,
:func:`remember`) are known exactly and narrow the layouts further.

After a find it flips again as long as some disc may hide the target: a miss costs only a token into
the circle, which goes to whoever completes the family, while passing hands the improved odds to the
next player (measured against random: flipping on wins about 76% of two-player matches, passing once
a flip's expected gain falls below a token's loss about 66%). It takes tokens from the richest player.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from engine.actions import Action
from engine.game import Event
from engine.games.taiga import (
    ANIMALS,
    CARDS,
    DISC_PAIRS,
    DISCS,
    MAX_PLAYERS,
    Flip,
    Pass,
    TaigaState,
    Take,
    takeable_seats,
)
from engine.match import Match, legal_actions, view

GAME_ID = "taiga"

RANDOM_DESCRIPTION = "Takes a uniformly random legal action: any disc, passing as often as flipping one disc."
GREEDY_DESCRIPTION = (
    "Works out from the up sides (the discs are the ten animal pairs) which disc most likely hides the "
    "target and flips it; after a find it flips on while any disc may still hide the target, and it "
    "takes tokens from the richest player."
)

#: A layout of the ten pairs: the animal each pair of ``DISC_PAIRS`` shows.
Layout = tuple[str, ...]


@cache
def layouts_by_counts() -> Mapping[tuple[int, ...], tuple[Layout, ...]]:
    """Every orientation of the ten pairs, grouped by how many discs show each animal."""
    grouped: dict[tuple[int, ...], list[Layout]] = {}
    for sides in itertools.product((0, 1), repeat=len(DISC_PAIRS)):
        shown = tuple(pair[side] for pair, side in zip(DISC_PAIRS, sides, strict=True))
        grouped.setdefault(tuple(shown.count(a) for a in ANIMALS), []).append(shown)
    return {counts: tuple(layouts) for counts, layouts in grouped.items()}


def new_memory() -> dict[str, Any]:
    """Nothing seen yet: no disc's pair known, a full draw pile of which no card is known."""
    return {"pairs": [None] * DISCS, "tail": [], "pile": len(CARDS)}


def remember(memory: Mapping[str, Any], seat: int, events: Iterable[Event]) -> Mapping[str, Any]:
    """The memory after ``events``.

    A public ``disc_flipped`` shows both sides of its disc, its pair. The draw pile's order is hidden,
    but a card sent to the bottom (``card_to_bottom``) is seen going there, so the memory keeps the
    pile's known bottom cards (``tail``, in pile order) and its size (``pile``): each card turned from
    the top comes from the unknown part while there is one, else from the known bottom. A memory kept
    before the pile was remembered (no ``tail``) starts knowing nothing of it.
    """
    pairs: list[list[str] | None] | None = None
    tail: list[str] = list(memory.get("tail", ()))
    pile = int(memory.get("pile", len(CARDS)))
    pile_seen = False
    for event in events:
        if not event.is_visible_to(seat):
            continue
        if event.kind == "disc_flipped":
            if pairs is None:
                pairs = list(memory["pairs"])
            pairs[int(event.data["disc"])] = sorted((str(event.data["was"]), str(event.data["shows"])))
        elif event.kind in ("card_to_bottom", "round_started"):
            pile_seen = True
            if tail and pile <= len(tail):  # the top card was one of the known bottom cards
                tail.pop(0)
            if event.kind == "card_to_bottom":
                tail.append(str(event.data["animal"]))
            else:
                pile = int(event.data["cards_left"])
                del tail[: max(0, len(tail) - pile)]
    if pairs is None and not pile_seen:
        return memory
    return {"pairs": list(memory["pairs"]) if pairs is None else pairs, "tail": tail, "pile": pile}


def known_pairs(memory: Mapping[str, Any]) -> dict[int, frozenset[str]]:
    """The pair of each disc the seat saw flipped, from its memory."""
    return {disc: frozenset(pair) for disc, pair in enumerate(memory.get("pairs", ())) if pair is not None}


def find_chances(up: Sequence[str], target: str, known: Mapping[int, frozenset[str]]) -> list[float]:
    """For each disc, the chance that flipping it shows ``target`` (0 for a disc showing it already)."""
    pair_index = {frozenset(pair): k for k, pair in enumerate(DISC_PAIRS)}
    fixed = {pair_index[pair]: up[disc] for disc, pair in known.items() if up[disc] in pair}
    counts = tuple(up.count(a) for a in ANIMALS)
    layouts = [
        layout
        for layout in layouts_by_counts().get(counts, ())
        if all(layout[k] == shown for k, shown in fixed.items())
    ]
    unknown_showing = {a: sum(1 for d in range(DISCS) if up[d] == a and d not in known) for a in ANIMALS}
    chances: list[float] = []
    for disc in range(DISCS):
        shown = up[disc]
        if shown == target:
            chances.append(0.0)
        elif disc in known:
            chances.append(1.0 if known[disc] == {shown, target} else 0.0)
        else:
            k = pair_index[frozenset((shown, target))]
            if k in fixed:  # that pair is a disc the seat knows, and it is not this one
                chances.append(0.0)
            elif layouts:
                share = sum(1 for layout in layouts if layout[k] == shown) / len(layouts)
                chances.append(share / unknown_showing[shown])
            else:  # memory and table disagree (never in a real match): fall back to ignorance
                chances.append(1.0 / (len(ANIMALS) - 1))
    return chances


def greedy_action(match: Match, seat: int, rng: random.Random, memory: Mapping[str, Any]) -> Action:
    """Take from the richest; flip the likeliest disc; after a find, pass only when no disc can hide the target."""
    table = view(match, seat)
    takes = [a for a in legal_actions(match, seat) if isinstance(a, Take)] if table["phase"] == "take" else []
    up = [disc["up"] for disc in table["discs"]]
    return best_move(table["phase"], up, table["target"], table["tokens"], takes, memory=memory, rng=rng)


def greedy_from_state(state: TaigaState, seat: int, rng: random.Random, memory: Mapping[str, Any]) -> Action:
    """:func:`greedy_action`'s choice read straight from the public parts of ``state`` (the up sides,
    the card, the tokens), for a search's rollouts, which need no view built per turn."""
    takes = [TAKES[other] for other in takeable_seats(state, seat)] if state["phase"] == "take" else []
    return best_move(state["phase"], state["up"], state["card"], state["tokens"], takes, memory=memory, rng=rng)


def best_move(
    phase: str,
    up: Sequence[str],
    target: str | None,
    tokens: Sequence[int],
    takes: Sequence[Take],
    *,
    memory: Mapping[str, Any],
    rng: random.Random,
) -> Action:
    """The greedy move in ``phase``: in the take phase one of ``takes``, else a flip or the pass."""
    if phase == "take":
        most = max(tokens[take.from_seat] for take in takes)
        return rng.choice([take for take in takes if tokens[take.from_seat] == most])
    assert target is not None
    chances = remembered_chances(tuple(up), target, _pairs_key(memory))
    away_from_target = [d for d in range(DISCS) if up[d] != target]  # never turn a find face down
    best = max(chances[d] for d in away_from_target)
    disc = rng.choice([d for d in away_from_target if chances[d] == best])
    if phase == "continue" and best == 0:  # no disc can hide the target: stop while ahead
        return PASS
    return FLIPS[disc]


#: The actions, one object each (they are immutable).
FLIPS = tuple(Flip(d) for d in range(DISCS))
TAKES = tuple(Take(s) for s in range(MAX_PLAYERS))
PASS = Pass()

#: A memory's known pairs as a hashable key: per disc, its pair (sorted) or ``None``.
PairsKey = tuple[tuple[str, ...] | None, ...]


def _pairs_key(memory: Mapping[str, Any]) -> PairsKey:
    return tuple(None if pair is None else tuple(pair) for pair in memory.get("pairs", ()))


@lru_cache(maxsize=4096)
def remembered_chances(up: tuple[str, ...], target: str, pairs: PairsKey) -> tuple[float, ...]:
    """:func:`find_chances` for a table and a memory's pairs, kept for the tables met again (a search's
    rollouts meet the same few tables over and over)."""
    known = {disc: frozenset(pair) for disc, pair in enumerate(pairs) if pair is not None}
    return tuple(find_chances(up, target, known))
