"""Pipifax's greedy policy: flip the card most likely to show the rolled animal, remembering public flips.

Pipifax is a memory game. Every flip is public (``card_flipped``), but a missed turn turns its cards
face down again and the view stops showing them, so the only skill is remembering what was seen.
Each back colour holds each animal exactly once (P1), so for a card of colour ``c`` the chance of a
match is 1 if it is remembered as the rolled animal, 0 if it is remembered as another one or if the
rolled animal is remembered elsewhere under ``c``, and otherwise one over the cards of ``c`` not yet
seen. That knowledge is the seat's memory (:func:`remember`: the animal last seen at each position),
kept with the match; without it every legal card has the same 1 in 6 chance, so the policy could do no
better than the random bot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.game import Event
from engine.games.pipifax import POSITIONS, Flip, PipifaxState
from engine.match import Match, legal_actions, view

GAME_ID = "pipifax"

#: One flip action per position, as the game lists them.
FLIPS = tuple(Flip(p) for p in range(POSITIONS))

RANDOM_DESCRIPTION = "Flips a uniformly random card among those of a back colour not used yet this turn."
GREEDY_DESCRIPTION = (
    "Remembers every public flip and turns the card most likely to show the rolled animal: one it saw "
    "show that animal, else one of the least-seen cards of a colour where that animal was not seen."
)


def new_memory() -> dict[str, Any]:
    """Nothing seen yet: no animal known at any position."""
    return {"animals": [None] * POSITIONS}


def remember(memory: Mapping[str, Any], seat: int, events: Iterable[Event]) -> Mapping[str, Any]:
    """The memory after ``events``: each public ``card_flipped`` sets the animal seen at its position."""
    animals: list[str | None] | None = None
    for event in events:
        if event.kind == "card_flipped" and event.is_visible_to(seat):
            if animals is None:
                animals = list(memory["animals"])
            animals[int(event.data["position"])] = str(event.data["animal"])
    return memory if animals is None else {"animals": animals}


def greedy_action(match: Match, seat: int, rng: random.Random, memory: Mapping[str, Any]) -> Action:
    """The legal flip with the highest chance of matching the die (ties drawn from ``rng``)."""
    table = view(match, seat)
    face_up = {card["position"]: card["animal"] for card in table["cards"] if card["animal"] is not None}
    colours = [card["colour"] for card in table["cards"]]
    flips = [flip for flip in legal_actions(match, seat) if isinstance(flip, Flip)]
    return best_flip(colours, face_up, table["die"], flips, memory=memory, rng=rng)


def greedy_from_state(state: PipifaxState, seat: int, rng: random.Random, memory: Mapping[str, Any]) -> Action:
    """:func:`greedy_action`'s choice read straight from the parts of ``state`` every seat sees (the back
    colours, the die, the cards face up), for a search's rollouts, which need no view built per turn."""
    colours = state["colours"]
    face_up = {p: state["animals"][p] for p in state["flipped"]}
    used = {colours[p] for p in state["flipped"]}
    flips = [FLIPS[p] for p, colour in enumerate(colours) if colour not in used]
    return best_flip(colours, face_up, state["die"], flips, memory=memory, rng=rng)


def best_flip(
    colours: Sequence[str],
    face_up: Mapping[int, str],
    die: str,
    flips: Sequence[Flip],
    *,
    memory: Mapping[str, Any],
    rng: random.Random,
) -> Action:
    """Of the legal ``flips``, one with the highest chance of showing ``die`` (ties drawn from ``rng``)."""
    known = {p: animal for p, animal in enumerate(memory.get("animals", ())) if animal is not None}
    known.update(face_up)  # face up now: seen by everyone
    found_under = {colours[p] for p, animal in known.items() if animal == die}
    unseen = Counter(c for p, c in enumerate(colours) if p not in known)  # per colour: its cards not seen

    def chance(position: int) -> float:
        if position in known:
            return 1.0 if known[position] == die else 0.0
        colour = colours[position]
        return 0.0 if colour in found_under else 1.0 / unseen[colour]

    odds = [chance(flip.position) for flip in flips]
    best = max(odds)
    return rng.choice([flip for flip, p in zip(flips, odds, strict=True) if p == best])
