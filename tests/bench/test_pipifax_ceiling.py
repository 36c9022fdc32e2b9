"""The exact Pipifax recursion behind ``bench/pipifax_ceiling_bench.py``: its symmetry reduction and the
values it gives where they are known. Its full run (the ceiling from an empty table) is the bench's."""

from __future__ import annotations

import itertools
import random
import sys

import pytest

from bench.pipifax_ceiling_bench import ALL_USED, A, C, Knowledge, Process, canonical, learn, seen_in


def random_knowledge(rng: random.Random, at_least: int) -> Knowledge:
    """Knowledge with at least ``at_least`` animals seen under each colour."""
    knowledge: Knowledge = (0,) * A
    for colour in range(C):
        for animal in rng.sample(range(A), rng.randint(at_least, A)):
            knowledge = learn(knowledge, colour, animal)
    return knowledge


def permuted(
    knowledge: Knowledge, used: int, colours: tuple[int, ...], animals: tuple[int, ...]
) -> tuple[Knowledge, int]:
    columns = [0] * A
    for animal, column in enumerate(knowledge):
        columns[animals[animal]] = sum(((column >> c) & 1) << colours[c] for c in range(C))
    return tuple(columns), sum(((used >> c) & 1) << colours[c] for c in range(C))


def test_a_symmetry_class_has_one_key() -> None:
    rng = random.Random(7)
    for _ in range(50):
        knowledge, used = random_knowledge(rng, 0), rng.randrange(ALL_USED)
        key = canonical(knowledge, used)
        for colours in rng.sample(list(itertools.permutations(range(C))), 5):
            animals = tuple(rng.sample(range(A), A))
            assert canonical(*permuted(knowledge, used, colours, animals)) == key
    # Different knowledge, different keys: one animal seen under blue is not two.
    one = learn((0,) * A, 0, 0)
    assert canonical(one, 0) != canonical(learn(one, 0, 1), 0)
    assert canonical(one, 0b0001) != canonical(one, 0b0010)  # used where it was seen, or elsewhere


def test_five_animals_seen_under_a_colour_tell_the_sixth() -> None:
    knowledge: Knowledge = (0,) * A
    for animal in range(A - 1):
        knowledge = learn(knowledge, 2, animal)
    assert seen_in(knowledge, 2) == A


def test_whoever_rolls_with_every_card_known_wins() -> None:
    everything = (ALL_USED,) * A
    for best in (True, False):
        process = Process(best=best)
        assert process.my_turn(everything) == 1.0
        assert process.their_turn(everything) == 0.0


def test_one_unknown_colour_on_the_last_find() -> None:
    """Three colours spent, the fourth unseen: the last roll is found with a chance of one in six."""
    three_known = tuple(0b0111 for _ in range(A))
    greedy, best = Process(best=False), Process(best=True)
    mine = greedy.my_turn(three_known, used=0b0111)
    theirs = greedy.their_turn(three_known, used=0b0111)
    # A find wins at once; a miss shows one yellow card and hands the turn over.
    assert 1 / 6 < mine < 1.0 and 0.0 < theirs < 5 / 6
    # Greedy against greedy: the same chances, seen from either seat.
    assert mine + theirs == pytest.approx(1.0)
    # The best response plays its later turns better than greedy (it may miss on purpose).
    assert best.my_turn(three_known, used=0b0111) > mine
    assert best.their_turn(three_known, used=0b0111) > theirs


@pytest.mark.parametrize("seed", range(3))
def test_the_best_response_is_never_worse_than_playing_greedy(seed: int) -> None:
    sys.setrecursionlimit(100_000)
    rng = random.Random(seed)
    best, greedy = Process(best=True), Process(best=False)
    for _ in range(10):
        knowledge = random_knowledge(rng, 3)
        assert best.my_turn(knowledge) >= greedy.my_turn(knowledge) - 1e-12
        assert best.their_turn(knowledge) >= greedy.their_turn(knowledge) - 1e-12
