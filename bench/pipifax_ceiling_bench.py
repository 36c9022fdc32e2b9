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
import json
import math
import sys
from collections.abc import Callable

from bench.pipifax_knowledge_bench import Player, share_against_greedy
from engine.bots.memory import Memory
from engine.bots.search.pipifax_exact import (
    ALL_USED,
    PERMUTED,
    VALUES_PATH,
    A,
    C,
    Knowledge,
    canonical,
    learn,
    seen_in,
    unpacked,
    unseen_in,
)
from engine.games.pipifax import ANIMALS, COLOURS, Flip
from engine.match import Match

__all__ = ["ALL_USED", "PERMUTED", "A", "C", "Knowledge", "Process", "canonical", "learn", "seen_in", "unpacked"]


class Process:
    """The match's values for the first seat (``me``) against the greedy bot, with ``me`` playing
    either its best (``best=True``) or the greedy policy itself."""

    def __init__(self, *, best: bool) -> None:
        self.best = best
        #: The values found so far, by state key: the seat's turns and the greedy bot's.
        self.mine_values: dict[int, float] = {}
        self.theirs_values: dict[int, float] = {}

    def mine(self, key: int) -> float:
        value = self.mine_values.get(key)
        if value is None:
            value = self.mine_values[key] = self._mine(key)
        return value

    def theirs(self, key: int) -> float:
        value = self.theirs_values.get(key)
        if value is None:
            value = self.theirs_values[key] = self._theirs(key)
        return value

    def opponent_table(self) -> dict[int, float]:
        """The values found at the start of the greedy bot's turns (no colour used yet), by key."""
        return {key: value for key, value in sorted(self.theirs_values.items()) if unpacked(key)[1] == 0}

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


def write_table(best: Process) -> None:
    """Write the best response's values at the start of the greedy bot's turns (``VALUES_PATH``)."""
    table = best.opponent_table()
    lines = [f"[{key}, {value!r}]" for key, value in table.items()]
    about = (
        "Two-player Pipifax: the chance that the best response to the greedy bot wins when the greedy bot "
        "is about to roll, per symmetry class of knowledge (engine.bots.search.pipifax_exact.canonical, no "
        "colour used). Written by python -m bench.pipifax_ceiling_bench --write-table; do not edit."
    )
    VALUES_PATH.write_text("{\n" + f'"about": {json.dumps(about)},\n"values": [\n' + ",\n".join(lines) + "\n]\n}\n")
    print(f"wrote {len(table):,} values to {VALUES_PATH}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=4000)
    parser.add_argument(
        "--write-table",
        action="store_true",
        help=f"write the values of the greedy bot's turns, which the search-3 bot plays by, to {VALUES_PATH.name}",
    )
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
        f"(states: {len(best.mine_values):,} + {len(best.theirs_values):,})"
    )
    if args.write_table:
        write_table(best)
    n = args.matches
    error = math.sqrt(0.25 / n)
    print(f"played ({n:,} matches each, standard error about {error:.3f}):")
    print(f"  greedy against greedy, first seat: {played_share(n, None):.4f}")
    print(f"  best response against greedy, starting: {played_share(n, best_response(best)):.4f}")


if __name__ == "__main__":
    main()
