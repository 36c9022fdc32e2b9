"""Pipifax's search: which card to flip, with the animals under the face-down cards drawn from memory.

What the seat knows is public: the back colours, the cards face up, and every animal it saw turned
(its memory). Each back colour holds each animal once (P1), so a sampled table puts, in every
colour, the animals not yet seen there on that colour's unseen cards in a random order.

The candidates are one card of each kind: in each colour still open this turn, a card remembered
as the rolled animal, an unseen card (unseen cards of one colour are alike to the seat), and a
card remembered as another animal (a sure miss, which ends the turn without showing anything new).
The rollouts play the greedy policy for every seat, all remembering every flip, to the end of
the match.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.bots import pipifax as greedy
from engine.bots.memory import Memory
from engine.bots.search.core import Decision, MatchEnd, Searcher, determinized, unique
from engine.games.pipifax import ANIMALS, COLOURS, Flip
from engine.match import Match, legal_actions, view

#: What the search bot does, for the catalogue (``{simulations}``: the level's budget with two players).
DESCRIPTION = (
    "Deals the animals it has not seen among the face-down cards, consistently with every flip it "
    "remembers, and weighs one card of each kind (a remembered match, an unseen card, a sure miss) "
    "over {simulations} simulated games of greedy play."
)


def known_animals(memory: Mapping[str, Any], cards: list[Mapping[str, Any]]) -> dict[int, str]:
    """The animal the seat knows at each position: remembered, or face up now."""
    known = {p: str(animal) for p, animal in enumerate(memory.get("animals", ())) if animal is not None}
    known.update({card["position"]: card["animal"] for card in cards if card["animal"] is not None})
    return known


def prepare(match: Match, seat: int, memory: Memory, rng: random.Random) -> Decision:
    table = view(match, seat)
    cards = table["cards"]
    colours = [card["colour"] for card in cards]
    known = known_animals(memory, cards)
    die = table["die"]
    first = greedy.greedy_action(match, seat, rng, memory)
    kinds: dict[tuple[str, str], Action] = {}
    for flip in legal_actions(match, seat):
        assert isinstance(flip, Flip)
        animal = known.get(flip.position)
        kind = "unseen" if animal is None else "match" if animal == die else "miss"
        kinds.setdefault((colours[flip.position], kind), flip)
    candidates = unique([first, *kinds.values()])

    # Each colour's animals not known there, to share out over its unseen cards.
    missing = {
        colour: [a for a in ANIMALS if a not in {known[p] for p in known if colours[p] == colour}] for colour in COLOURS
    }
    unseen = {colour: [p for p, c in enumerate(colours) if c == colour and p not in known] for colour in COLOURS}
    base = [known.get(p, "") for p in range(len(cards))]

    def sample(draw: random.Random) -> Match:
        animals = list(base)
        for colour in COLOURS:
            shuffled = draw.sample(missing[colour], len(missing[colour]))
            for position, animal in zip(unseen[colour], shuffled, strict=False):
                animals[position] = animal
        return determinized(match, {**match.state, "animals": animals}, draw)

    return Decision(candidates, sample, shared_memory={"animals": [known.get(p) for p in range(len(cards))]})


def policy(match: Match, seat: int, rng: random.Random, memory: Memory) -> Action:
    """The greedy policy, read from the parts of the sampled state every seat sees."""
    return greedy.greedy_from_state(match.state, seat, rng, memory)


SEARCHER = Searcher(prepare, policy, MatchEnd(), greedy.remember)
