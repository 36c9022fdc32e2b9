"""Pipifax's search: which card to flip, with the animals under the face-down cards drawn from memory.

What the seat knows is public: the back colours, the cards face up, and every animal it saw turned
(its memory). Each back colour holds each animal once (P1), so a sampled table puts, in every
colour, the animals not yet seen there on that colour's unseen cards in a random order.

The candidates are one card of each kind: in each colour still open this turn, a card remembered
as the rolled animal, an unseen card (unseen cards of one colour are alike to the seat), and a
card remembered as another animal (a sure miss, which ends the turn without showing anything new).
The first of them, the one the search keeps unless another is clearly better, is the card that
gives the best chance of finishing the set this turn (:func:`turn_chances`, exact): of two colours
where the rolled animal is known, it spends the one least useful to the rolls still to come. The
rollouts play the greedy policy for every seat, all remembering every flip, to the end of the match.

With two players ``search-3`` simulates nothing: it plays the best response to greedy opponents,
exactly (:mod:`engine.bots.search.pipifax_exact`). The rollouts' values are biased by the seat
itself playing greedy after its move, and the more simulations, the more surely the search followed
that bias (over the ladder's 400 matches, 256 simulations scored 53.0% against greedy, 64 about 60%).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine.actions import Action
from engine.bots import pipifax as greedy
from engine.bots.memory import Memory
from engine.bots.search.core import Decision, MatchEnd, Searcher, determinized, unique
from engine.bots.search.pipifax_exact import best_flip
from engine.games.pipifax import ANIMALS, COLOURS, Flip
from engine.match import Match, legal_actions, view

#: What the search bot does, for the catalogue (``{simulations}``: the level's budget with two players).
DESCRIPTION = (
    "Deals the animals it has not seen among the face-down cards, consistently with every flip it "
    "remembers, and weighs one card of each kind (a remembered match, an unseen card, a sure miss) "
    "over {simulations} simulated games of greedy play, against the card likeliest to finish the set "
    "this turn."
)
#: ``search-3``'s description: with two players the best response to greedy, else the same search.
EXACT_DESCRIPTION = (
    "With two players, plays exactly the best response to greedy play: from every flip it remembers, it "
    "values each card by its chance to win against greedy opponents, from the exact values of their "
    "turns; with more players, weighs each kind of card over {simulations} simulated games of greedy play."
)


def known_animals(memory: Mapping[str, Any], cards: list[Mapping[str, Any]]) -> dict[int, str]:
    """The animal the seat knows at each position: remembered, or face up now."""
    known = {p: str(animal) for p, animal in enumerate(memory.get("animals", ())) if animal is not None}
    known.update({card["position"]: card["animal"] for card in cards if card["animal"] is not None})
    return known


def turn_chances(colours: Sequence[str], known: Mapping[int, str], die: str, used: set[str]) -> list[float]:
    """Per position, the chance of finishing the set this turn by flipping it now for ``die`` and then
    always flipping the card with the best such chance (0 for a card whose colour is used).

    A colour is spent by its flip, so what a flip shows can no longer help this turn: each open
    colour's chance of showing an animal is fixed for the turn (1 if it is known there, 0 for a card
    known as another, else one over the colour's unseen cards), and the chance of finishing from a set
    of used colours is a small exact recursion over the 16 sets of colours and the six rolls.
    """
    seen = {colour: {known[p] for p in known if colours[p] == colour} for colour in COLOURS}

    def odds(animal: str, colour: str) -> float:
        return 1.0 if animal in seen[colour] else 1.0 / (len(ANIMALS) - len(seen[colour]))

    @cache
    def finish(spent: frozenset[str]) -> float:
        if len(spent) == len(COLOURS):
            return 1.0
        open_colours = [colour for colour in COLOURS if colour not in spent]
        return sum(
            max(odds(animal, colour) * finish(spent | {colour}) for colour in open_colours) for animal in ANIMALS
        ) / len(ANIMALS)

    spent = frozenset(used)
    chances = []
    for position, colour in enumerate(colours):
        animal = known.get(position)
        if colour in spent or (animal is not None and animal != die):
            chances.append(0.0)
        elif animal == die:
            chances.append(finish(spent | {colour}))
        else:
            chances.append(0.0 if die in seen[colour] else odds(die, colour) * finish(spent | {colour}))
    return chances


def prepare(match: Match, seat: int, memory: Memory, rng: random.Random) -> Decision:
    table = view(match, seat)
    cards = table["cards"]
    colours = [card["colour"] for card in cards]
    known = known_animals(memory, cards)
    die = table["die"]
    flips = [flip for flip in legal_actions(match, seat) if isinstance(flip, Flip)]
    chances = turn_chances(colours, known, die, used={colours[p] for p in table["flipped"]})
    best = max(chances[flip.position] for flip in flips)
    # The greedy bot's card where it is as good (it draws among equals), else the first best one.
    greedy_choice = greedy.greedy_action(match, seat, rng, memory)
    assert isinstance(greedy_choice, Flip)
    first = (
        greedy_choice
        if chances[greedy_choice.position] == best
        else next(flip for flip in flips if chances[flip.position] == best)
    )
    kinds: dict[tuple[str, str], Action] = {}
    for flip in flips:
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


#: A challenger replaces the first candidate only when it wins by 1.5 standard errors. A turn's choice
#: moves a whole match's outcome (won or lost) little, so at half of one (every other game's) a small
#: budget follows its noise: ``search-1`` scored 39.0% against greedy over 400 matches, 57.3% at 1.5.
CONFIDENCE = 1.5


def solve(match: Match, seat: int, memory: Memory) -> Action | None:
    """With two players, the best response to greedy (:mod:`engine.bots.search.pipifax_exact`); else ``None``."""
    return best_flip(view(match, seat), memory)


SEARCHER = Searcher(prepare, policy, MatchEnd(), greedy.remember, confidence=CONFIDENCE, solve=solve)
