"""Taiga's endgame, solved: the best move against greedy opponents once every disc is known (two players).

Every flip shows both sides of its disc to everyone, so after a few rounds each seat knows every disc's
pair (all ten, or nine and the last by elimination): what is left unknown is only the draw pile's
order. From then on a greedy seat that starts a round, or is left to finish one, finds every disc
that hides the target, one after another, and wins the card (a flip is sure to find, so it never
passes). The seat that finishes a round hands the next one to its left neighbour, and with every
disc known the starter of a round can sweep it: so the game becomes one of tempo. Finishing a family
wins the card and the circle but gives the opponent the next round; stopping one find short (a
pass), or missing on purpose, gives the card away and keeps the next round. Which is better depends
on the rounds still to come: the cards left, the tokens and the discs (a swept round turns all four
of its discs to the target, which changes what later rounds need).

:func:`best_endgame_move` solves this exactly by expectimax over the rest of the match: the seat's
choices at each of its turns (flip a disc that hides the target, pass after a find, or, when one find
is left and passing is not allowed, miss on any other disc), the opponent sweeping every round it
holds, and a chance draw of each next card among those still in the pile (each unknown card as likely
as any other of its kind; a card whose family shows already goes to the bottom, as the rules say).
An outcome is valued as the search values a rollout (:class:`~engine.bots.search.core.ScoredMatchEnd`).
It is exact against greedy opponents and assumes them; the memo makes a decision cost at most a few
hundred milliseconds, and less as the match goes on.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.actions import Action
from engine.bots import taiga as greedy
from engine.bots.search.core import ScoredMatchEnd
from engine.games.taiga import ANIMALS, CARD_POINTS, CARDS, DISC_PAIRS, DISCS

#: Each animal's index.
ANIMAL_INDEX = {animal: index for index, animal in enumerate(ANIMALS)}
#: The value of an outcome, as the search's rollouts value it.
HORIZON = ScoredMatchEnd()

#: The seat's tokens, the opponent's and the circle's.
Tokens = tuple[int, int, int]


#: The match between two rounds as the solver sees it (the layout of pairs aside, the solver's own):
#: the discs (bit d set: disc d shows the second animal of its pair, else the first), per animal its
#: cards in the pile's unknown part, the pile's known bottom cards in order, the tokens, and the seat's
#: cards won minus the opponent's. A plain tuple: the memo's key.
Position = tuple[int, tuple[int, ...], tuple[int, ...], Tokens, int]


@dataclasses.dataclass(frozen=True)
class EndgameMove:
    """A move of the solved endgame and what it is worth to the seat (0 to 1)."""

    action: Action
    value: float


def full_pairs(memory: Mapping[str, Any]) -> tuple[tuple[str, str], ...] | None:
    """Every disc's pair, in the order of ``DISC_PAIRS``' animals, if the memory knows them all (nine
    known name the tenth); else ``None``."""
    remembered = list(memory.get("pairs", ()))
    if len(remembered) != DISCS:
        return None
    unknown = [disc for disc, pair in enumerate(remembered) if pair is None]
    if len(unknown) > 1:
        return None
    known = {frozenset(pair) for pair in remembered if pair is not None}
    missing = [pair for pair in DISC_PAIRS if frozenset(pair) not in known]
    if len(missing) != len(unknown):
        return None  # a memory that disagrees with the game (never in a real match)
    pairs: list[tuple[str, str]] = []
    for pair in remembered:
        found = tuple(sorted(pair)) if pair is not None else tuple(sorted(missing[0]))
        pairs.append((found[0], found[1]))
    return tuple(pairs)


def best_endgame_move(table: Mapping[str, Any], seat: int, memory: Mapping[str, Any]) -> EndgameMove | None:
    """The solved move for ``seat`` from its view ``table`` (two players, its turn to flip or pass) if
    it knows every disc; ``None`` where the endgame does not apply (more players, the take phase, a
    disc unknown)."""
    if table["players"] != 2 or table["phase"] not in ("flip", "continue") or table["target"] is None:
        return None
    pairs = full_pairs(memory)
    if pairs is None:
        return None
    up = [disc["up"] for disc in table["discs"]]
    if any(shown not in pair for shown, pair in zip(up, pairs, strict=True)):
        return None  # the memory disagrees with the table (never in a real match)
    solver = solver_for(pairs)
    bits = sum(1 << disc for disc, pair in enumerate(pairs) if up[disc] == pair[1])
    unknown, tail = pile_knowledge(table, memory)
    other = 1 - seat
    tokens = (table["tokens"][seat], table["tokens"][other], table["circle"])
    cards = len(table["cards_won"][seat]) - len(table["cards_won"][other])
    target = ANIMAL_INDEX[table["target"]]
    position = (bits, unknown, tail, tokens, cards)
    options = solver.options(position, target, may_pass=table["phase"] == "continue")
    _, disc, value = max(options, key=lambda option: option[2])
    return EndgameMove(greedy.PASS if disc is None else greedy.FLIPS[disc], value)


def pile_knowledge(table: Mapping[str, Any], memory: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pile as the seat knows it: how many of each animal are in its unknown part, and its known
    bottom cards in order (the memory's ``tail``), both by animal index."""
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
    return tuple(max(0, rest[animal]) for animal in ANIMALS), tuple(ANIMAL_INDEX[animal] for animal in tail)


@lru_cache(maxsize=16)
def solver_for(pairs: tuple[tuple[str, str], ...]) -> Solver:
    """The solver of a layout of pairs, kept for the decisions that follow (its memo grows with them)."""
    return Solver(pairs)


#: One of the seat's options: "find" (flip ``disc``, which hides the target), "pass", or "miss" (flip
#: ``disc``, which does not), with its value.
Option = tuple[str, int | None, float]


class Solver:
    """The expectimax over a layout of known pairs; each round's start is valued once.

    At its turn the seat has, in effect, two plans: finish the family (every find is its own, the card
    and the circle too, and the opponent starts the next round), or find all but the last and pass,
    leaving the card and the circle to the opponent and the next round to itself. Finding fewer
    before passing is never better (each find the seat leaves is a token the opponent takes instead),
    and when one find is left at the start of its turn, where it may not pass, a miss on any disc that
    cannot show the target hands the round over instead, at a token's cost.
    """

    def __init__(self, pairs: Sequence[tuple[str, str]]) -> None:
        indices = [(ANIMAL_INDEX[first], ANIMAL_INDEX[second]) for first, second in pairs]
        animals = range(len(ANIMALS))
        #: Per animal: the discs that carry it, and the up bits with which each of them shows it.
        self.carry = [sum(1 << d for d, pair in enumerate(indices) if a in pair) for a in animals]
        self.shows = [sum(1 << d for d, pair in enumerate(indices) if pair[1] == a) for a in animals]
        self.others = [[d for d, pair in enumerate(indices) if a not in pair] for a in animals]
        self._visible: dict[int, tuple[bool, ...]] = {}
        self.start = lru_cache(maxsize=None)(self._start)

    def _start(self, position: Position, mine: bool) -> float:
        """A round's start (``mine``: the seat starts it): the value over the next card's draw."""
        up, unknown, tail, tokens, cards = position
        visible = self.visible(up)
        total = 0
        value = 0.0
        for animal, count in enumerate(unknown):
            if count and not visible[animal]:
                left = (*unknown[:animal], count - 1, *unknown[animal + 1 :])
                value += count * self.round((up, left, tail, tokens, cards), animal, mine)
                total += count
        if total:
            return value / total
        for place, animal in enumerate(tail):
            if not visible[animal]:
                turned = (*tail[place + 1 :], *tail[:place])
                return self.round((up, unknown, turned, tokens, cards), animal, mine)
        me, them, _ = tokens
        return outcome(me - them + CARD_POINTS * cards)

    def visible(self, up: int) -> tuple[bool, ...]:
        """Per animal, whether all four of its discs show it (its cards go to the bottom unplayed)."""
        found = self._visible.get(up)
        if found is None:
            found = self._visible[up] = tuple(
                not carry & (up ^ shows) for carry, shows in zip(self.carry, self.shows, strict=True)
            )
        return found

    def round(self, position: Position, animal: int, mine: bool) -> float:
        """A round of ``animal`` from its start (the card turned), by the seat (``mine``) or the opponent."""
        if mine:
            return max(value for _, _, value in self.options(position, animal, may_pass=False))
        up, unknown, tail, tokens, cards = position
        carry, shows = self.carry[animal], self.shows[animal]
        after = finish(sweep(tokens, (carry & (up ^ shows)).bit_count() - 1, mine=False), mine=False)
        return self.start((swept(up, carry, shows), unknown, tail, after, cards - 1), True)

    def options(self, position: Position, animal: int, *, may_pass: bool) -> list[Option]:
        """The seat's options at its turn in a round of ``animal`` (``may_pass``: after a find), each
        with its value: finishing the family, passing before its last find, or a miss."""
        up, unknown, tail, tokens, cards = position
        carry, shows = self.carry[animal], self.shows[animal]
        hiding = carry & (up ^ shows)
        finds = hiding.bit_count()
        first = (hiding & -hiding).bit_length() - 1
        after_sweep = swept(up, carry, shows)
        mine = sweep(tokens, finds - 1, mine=True)
        finished = self.start((after_sweep, unknown, tail, finish(mine, mine=True), cards + 1), False)
        found: list[Option] = [("find", first, finished)]
        if finds > 1 or may_pass:  # all but the last find, then the pass: the opponent finishes
            left = self.start((after_sweep, unknown, tail, finish(mine, mine=False), cards - 1), True)
            found.append(("find", first, left) if finds > 1 else ("pass", None, left))
        else:  # one find left and no pass: a miss hands the round over
            me, them, circle = tokens
            given = finish((me - 1, them, circle + 1) if me > 0 else tokens, mine=False)
            for disc in self.others[animal]:
                missed = (swept(up ^ (1 << disc), carry, shows), unknown, tail, given, cards - 1)
                found.append(("miss", disc, self.start(missed, True)))
        return found


def swept(up: int, carry: int, shows: int) -> int:
    """The discs once every disc that carries an animal (``carry``) shows it (``shows``)."""
    return (up & ~carry) | shows


def sweep(tokens: Tokens, finds: int, *, mine: bool) -> Tokens:
    """The tokens after ``finds`` finds that are not the last, by the seat (``mine``) or the opponent:
    each takes one from the circle, else one from the other seat (none if it has none)."""
    me, them, circle = tokens
    from_circle = min(finds, circle)
    from_other = min(finds - from_circle, them if mine else me)
    taken = from_circle + from_other
    if mine:
        return (me + taken, them - from_other, circle - from_circle)
    return (me - from_other, them + taken, circle - from_circle)


def finish(tokens: Tokens, *, mine: bool) -> Tokens:
    """The tokens after the family's last find, by the seat (``mine``) or the opponent: the circle."""
    me, them, circle = tokens
    return (me + circle, them, 0) if mine else (me, them + circle, 0)


def outcome(margin: int) -> float:
    """The value of a finished match to the seat ``margin`` points ahead, as the search's rollouts value it."""
    points = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return HORIZON.blend(points, margin)
