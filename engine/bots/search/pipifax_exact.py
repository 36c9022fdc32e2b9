"""Two-player Pipifax played exactly against a greedy opponent: its best response, from what the seat knows.

Pipifax hides nothing but the animals of face-down cards, and every flip is public, so both seats
always know the same: which animals were seen under which back colour. Cards of one colour not seen
yet are alike to everyone and the die is fair, so what happens next depends only on that knowledge,
on whose turn it is and on the colours used this turn. Against an opponent that plays the greedy
policy (:mod:`engine.bots.pipifax`, its ties drawn as it draws them) a two-player match is then a
Markov decision process without cycles, whose exact values are the best any policy can do against
greedy (``bench/pipifax_ceiling_bench.py`` computes them: 60.3%).

Solving it takes about a minute of CPU, too long for a decision, but its values at the start of the
opponent's turns are few: one per symmetry class of knowledge (the four colours and the six animals
are alike), 2,075 in all. The bench writes them to ``pipifax_values.json`` (next to this module), and
a decision needs no more: it recurses over the rest of the seat's own turn (at most four flips), each
roll and each kind of card, to where the turn ends, and there reads the opponent's value.

Knowledge is a tuple of one 4-bit column per animal: the colours under which it was seen. A colour
with five animals seen has its sixth known too (it is the only one left).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from engine.actions import Action
from engine.bots import pipifax as greedy
from engine.games.pipifax import ANIMALS, COLOURS

A = len(ANIMALS)
C = len(COLOURS)
ALL_USED = (1 << C) - 1

#: Per animal, the colours (bits) under which it was seen.
Knowledge = tuple[int, ...]
#: Every permutation of the colours, as a table from a 4-bit column to the permuted column.
PERMUTED = [
    [sum(((column >> perm[c]) & 1) << c for c in range(C)) for column in range(1 << C)]
    for perm in itertools.permutations(range(C))
]
#: The values of the opponent's turns, written by ``python -m bench.pipifax_ceiling_bench --write-table``.
VALUES_PATH = Path(__file__).with_name("pipifax_values.json")


def seen_in(knowledge: Sequence[int], colour: int) -> int:
    """How many animals were seen under ``colour``."""
    return sum((column >> colour) & 1 for column in knowledge)


def learn(knowledge: Knowledge, colour: int, animal: int) -> Knowledge:
    """``knowledge`` once ``animal`` was seen under ``colour`` (five seen there tell the sixth)."""
    columns = list(knowledge)
    columns[animal] |= 1 << colour
    if seen_in(columns, colour) == A - 1:
        columns = [column | (1 << colour) for column in columns]
    return tuple(columns)


def unseen_in(knowledge: Knowledge, colour: int) -> list[int]:
    """The animals not seen under ``colour``."""
    return [animal for animal in range(A) if not (knowledge[animal] >> colour) & 1]


def canonical(knowledge: Knowledge, used: int) -> int:
    """One integer per symmetry class of (knowledge, colours used this turn)."""
    best = -1
    for table in PERMUTED:
        columns = sorted(table[column] for column in knowledge)
        key = table[used]
        for column in columns:
            key = (key << C) | column
        if best < 0 or key < best:
            best = key
    return best


def unpacked(key: int) -> tuple[Knowledge, int]:
    """The knowledge and colours used of a :func:`canonical` key (one of its class)."""
    columns = []
    for _ in range(A):
        columns.append(key & ALL_USED)
        key >>= C
    return tuple(reversed(columns)), key


@cache
def opponent_values() -> Mapping[int, float]:
    """The seat's chance to win when the greedy opponent is about to roll, by the knowledge's key."""
    written = json.loads(VALUES_PATH.read_text())
    return {int(key): float(value) for key, value in written["values"]}


def their_turn(knowledge: Knowledge) -> float:
    """The seat's chance to win when the greedy opponent is about to roll (the table's value)."""
    return opponent_values()[canonical(knowledge, 0)]


def my_turn(knowledge: Knowledge, used: int) -> float:
    """The seat's chance to win when it is about to roll, ``used`` colours into its turn, playing its best."""
    return 1.0 if used == ALL_USED else _my_turn(canonical(knowledge, used))


@lru_cache(maxsize=200_000)
def _my_turn(key: int) -> float:
    knowledge, used = unpacked(key)
    return sum(max(kind_values(knowledge, used, die)) for die in range(A)) / A


def flip_unseen(knowledge: Knowledge, used: int, colour: int, die: int) -> float:
    """The value of turning an unseen card of ``colour`` for ``die``: each animal not seen there alike;
    a find goes on with the seat's turn, anything else hands the turn to the opponent."""
    unseen = unseen_in(knowledge, colour)
    spent = used | (1 << colour)
    return sum(
        my_turn(learn(knowledge, colour, animal), spent)
        if animal == die
        else their_turn(learn(knowledge, colour, animal))
        for animal in unseen
    ) / len(unseen)


def kind_values(knowledge: Knowledge, used: int, die: int) -> list[float]:
    """The value of each kind of card the seat may turn for ``die``, in each open colour: a card known
    to show it, an unseen card, a card known to show another animal (a miss that shows nothing new)."""
    values = []
    for colour in range(C):
        if (used >> colour) & 1:
            continue
        if (knowledge[die] >> colour) & 1:
            values.append(my_turn(knowledge, used | (1 << colour)))
        if unseen_in(knowledge, colour):
            values.append(flip_unseen(knowledge, used, colour, die))
        if any((knowledge[animal] >> colour) & 1 for animal in range(A) if animal != die):
            values.append(their_turn(knowledge))
    return values


def best_flip(table: Mapping[str, Any], memory: Mapping[str, Any]) -> Action | None:
    """The best response's flip from the seat's view ``table`` and its memory (two players); ``None``
    with more players."""
    if table["players"] != 2:
        return None
    colour_of = {colour: index for index, colour in enumerate(COLOURS)}
    animal_of = {animal: index for index, animal in enumerate(ANIMALS)}
    cards = table["cards"]
    colours = [colour_of[card["colour"]] for card in cards]
    seen = {p: animal_of[animal] for p, animal in enumerate(memory.get("animals", ())) if animal is not None}
    seen.update({card["position"]: animal_of[card["animal"]] for card in cards if card["animal"] is not None})
    knowledge: Knowledge = (0,) * A
    for position, animal in seen.items():
        knowledge = learn(knowledge, colours[position], animal)
    for colour in range(C):  # five cards seen under a colour tell its sixth
        positions = [p for p, c in enumerate(colours) if c == colour]
        hidden = [p for p in positions if p not in seen]
        if len(hidden) == 1:
            (last,) = set(range(A)) - {seen[p] for p in positions if p in seen}
            seen[hidden[0]] = last
    used = sum(1 << colours[p] for p in table["flipped"])
    die = animal_of[table["die"]]
    best: tuple[float, int] | None = None
    for position, colour in enumerate(colours):
        if (used >> colour) & 1:
            continue
        if position in seen:
            found = seen[position] == die
            value = my_turn(knowledge, used | (1 << colour)) if found else their_turn(knowledge)
        else:
            value = flip_unseen(knowledge, used, colour, die)
        if best is None or value > best[0]:
            best = (value, position)
    return None if best is None else greedy.FLIPS[best[1]]
