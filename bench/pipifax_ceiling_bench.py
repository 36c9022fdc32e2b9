"""The most any policy can score against the greedy bot in two-player Pipifax, computed exactly.

Pipifax hides nothing but the animals of face-down cards, and every flip is public, so both seats
always know the same: which animals were seen under which back colour. Cards of one colour not seen
yet are alike to everyone, and the die is fair, so what happens next depends only on that knowledge
(per colour, the set of animals seen there), on whose turn it is, and on the colours used this
turn. Against a fixed opponent (the greedy bot, :mod:`engine.bots.pipifax`, with its ties drawn as
it draws them) a two-player match is then a Markov decision process, and its optimal value is the
best that any policy can score, cheating aside: the best response to greedy.

Knowledge never shrinks, and the greedy bot's turn always shows a card it had not seen (it ends with
a flip of an unseen card, or with the set), so the process has no cycles and its value is an exact
recursion. The best response may also miss on purpose: turn a card known to be another animal (which
shows nothing new) or an unseen card under a colour where the rolled animal was seen (which shows
one). States are counted once per symmetry class (the four colours and the six animals
are alike), a few tens of thousands.

For a check in the same run, the same recursion values the greedy policy against itself (the first
seat's chance to win), and the bench plays that many greedy matches and the best response against
greedy with the engine's own rules and bots: the exact values and the played shares must agree
within their sampling error.

    python -m bench.pipifax_ceiling_bench [--matches 4000]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Callable, Sequence
from functools import cache

from bench.pipifax_knowledge_bench import Player, share_against_greedy
from engine.bots.memory import Memory
from engine.games.pipifax import ANIMALS, COLOURS, Flip
from engine.match import Match

A = len(ANIMALS)
C = len(COLOURS)
ALL_USED = (1 << C) - 1

# Knowledge is a tuple of one 4-bit column per animal: the colours under which it was seen. A colour
# with five animals seen has its sixth known too (it is the only one left).
Knowledge = tuple[int, ...]
PERMUTED = [
    [sum(((column >> perm[c]) & 1) << c for c in range(C)) for column in range(1 << C)]
    for perm in itertools.permutations(range(C))
]


def seen_in(knowledge: Sequence[int], colour: int) -> int:
    return sum((column >> colour) & 1 for column in knowledge)


def learn(knowledge: Knowledge, colour: int, animal: int) -> Knowledge:
    columns = list(knowledge)
    columns[animal] |= 1 << colour
    if seen_in(columns, colour) == A - 1:
        columns = [column | (1 << colour) for column in columns]
    return tuple(columns)


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
    columns = []
    for _ in range(A):
        columns.append(key & ALL_USED)
        key >>= C
    return tuple(reversed(columns)), key


class Process:
    """The match's values for the first seat (``me``) against the greedy bot, with ``me`` playing
    either its best (``best=True``) or the greedy policy itself."""

    def __init__(self, *, best: bool) -> None:
        self.best = best
        self.mine = cache(self._mine)
        self.theirs = cache(self._theirs)

    def my_turn(self, knowledge: Knowledge, used: int = 0) -> float:
        """My chance to win the match when I am about to roll, ``used`` colours into my turn."""
        return 1.0 if used == ALL_USED else self.mine(canonical(knowledge, used))

    def their_turn(self, knowledge: Knowledge, used: int = 0) -> float:
        """My chance to win the match when the greedy bot is about to roll, ``used`` colours in."""
        return 0.0 if used == ALL_USED else self.theirs(canonical(knowledge, used))

    def flips(
        self, knowledge: Knowledge, used: int, die: int, mover: Callable[..., float], other: Callable[..., float]
    ) -> list[tuple[float, int, float]]:
        """Each open colour's flip for ``die`` as (chance of a find, cards alike, value): the known card
        where the animal was seen there, else one of the unseen cards."""
        options = []
        for colour in range(C):
            if (used >> colour) & 1:
                continue
            if (knowledge[die] >> colour) & 1:
                options.append((1.0, 1, mover(knowledge, used | (1 << colour))))
                continue
            unseen = unseen_in(knowledge, colour)
            options.append(
                (1.0 / len(unseen), len(unseen), flip_unseen(knowledge, used, colour, die, mover=mover, other=other))
            )
        return options

    def _mine(self, key: int) -> float:
        knowledge, used = unpacked(key)
        total = 0.0
        for die in range(A):
            options = self.flips(knowledge, used, die, self.my_turn, self.their_turn)
            if not self.best:
                total += greedy_mean(options)
                continue
            values = [value for _, _, value in options]
            for colour in range(C):
                if (used >> colour) & 1:
                    continue
                # A card seen as another animal: turning it ends the turn and shows nothing new.
                if any((knowledge[animal] >> colour) & 1 for animal in range(A) if animal != die):
                    values.append(self.their_turn(knowledge))
                # An unseen card where the die's animal was seen: a sure miss that shows a card.
                if (knowledge[die] >> colour) & 1 and unseen_in(knowledge, colour):
                    values.append(flip_unseen(knowledge, used, colour, die, mover=self.my_turn, other=self.their_turn))
            total += max(values)
        return total / A

    def _theirs(self, key: int) -> float:
        knowledge, used = unpacked(key)
        return sum(greedy_mean(self.flips(knowledge, used, die, self.their_turn, self.my_turn)) for die in range(A)) / A


def unseen_in(knowledge: Knowledge, colour: int) -> list[int]:
    """The animals not seen under ``colour``."""
    return [animal for animal in range(A) if not (knowledge[animal] >> colour) & 1]


def flip_unseen(
    knowledge: Knowledge,
    used: int,
    colour: int,
    die: int,
    *,
    mover: Callable[..., float],
    other: Callable[..., float],
) -> float:
    """The value of turning an unseen card of ``colour`` for ``die``: each animal not seen there alike;
    a find goes on with the mover's turn, anything else hands the turn to the other seat."""
    unseen = unseen_in(knowledge, colour)
    spent = used | (1 << colour)
    return sum(
        mover(learn(knowledge, colour, animal), spent) if animal == die else other(learn(knowledge, colour, animal))
        for animal in unseen
    ) / len(unseen)


def greedy_mean(options: list[tuple[float, int, float]]) -> float:
    """The value of the greedy bot's choice: the best chance of a find, equal chances drawn by card."""
    best = max(chance for chance, _, _ in options)
    tied = [(cards, value) for chance, cards, value in options if chance == best]
    return sum(cards * value for cards, value in tied) / sum(cards for cards, _ in tied)


def played_share(matches: int, seat_zero: Player | None) -> float:
    """The share of ``matches`` that seat 0 wins against the greedy bot in seat 1, seat 0 always
    starting, played by ``seat_zero`` (``None``: the greedy bot too), with the engine's rules."""
    return sum(share_against_greedy(seed, 0, seat_zero) for seed in range(matches)) / matches


def best_response(process: Process) -> Player:
    """The best response as a player of the engine's matches: the flip of highest value, from what
    the seat saw (its memory), the back colours, the die and the colours used this turn."""
    colour_of = {colour: index for index, colour in enumerate(COLOURS)}
    animal_of = {animal: index for index, animal in enumerate(ANIMALS)}

    def choose(match: Match, memory: Memory, seed: int) -> Flip:
        state = match.state
        colours = [colour_of[colour] for colour in state["colours"]]
        seen = {p: animal_of[animal] for p, animal in enumerate(memory["animals"]) if animal is not None}
        knowledge: Knowledge = (0,) * A
        for position, animal in seen.items():
            knowledge = learn(knowledge, colours[position], animal)
        for colour in range(C):  # five cards seen under a colour tell its sixth
            positions = [p for p, c in enumerate(colours) if c == colour]
            hidden = [p for p in positions if p not in seen]
            if len(hidden) == 1:
                (last,) = set(range(A)) - {seen[p] for p in positions if p in seen}
                seen[hidden[0]] = last
        used = sum(1 << colours[p] for p in state["flipped"])
        die = animal_of[state["die"]]
        best: tuple[float, int] | None = None
        for position, colour in enumerate(colours):
            if (used >> colour) & 1:
                continue
            if position in seen:
                spent = used | (1 << colour)
                value = process.my_turn(knowledge, spent) if seen[position] == die else process.their_turn(knowledge)
            else:
                value = flip_unseen(knowledge, used, colour, die, mover=process.my_turn, other=process.their_turn)
            if best is None or value > best[0]:
                best = (value, position)
        assert best is not None
        return Flip(best[1])

    return choose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=4000)
    args = parser.parse_args()
    sys.setrecursionlimit(100_000)
    start: Knowledge = (0,) * A
    greedy = Process(best=False)
    first = greedy.my_turn(start)
    print(f"greedy against greedy, the first seat's chance to win: exact {first:.4f}")
    best = Process(best=True)
    opening, answering = best.my_turn(start), best.their_turn(start)
    ceiling = (opening + answering) / 2
    print(
        f"best response to greedy: {opening:.4f} starting, {answering:.4f} answering, {ceiling:.4f} over both "
        f"(states: {best.mine.cache_info().currsize:,} + {best.theirs.cache_info().currsize:,})"
    )
    n = args.matches
    error = math.sqrt(0.25 / n)
    print(f"played ({n:,} matches each, standard error about {error:.3f}):")
    print(f"  greedy against greedy, first seat: {played_share(n, None):.4f}")
    print(f"  best response against greedy, starting: {played_share(n, best_response(best)):.4f}")


if __name__ == "__main__":
    main()
