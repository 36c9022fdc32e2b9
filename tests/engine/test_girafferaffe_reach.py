"""Girafferaffe's quick test for a tree without a play: the plays of a hand on every tree, under every
top, are exactly those ``play_problem`` accepts (a brute-force search), including at the edges
where the hand stops having any."""

from __future__ import annotations

import itertools
import random

from engine.games.girafferaffe.cards import COPY, NUMBER_CARDS, sort_cards
from engine.games.girafferaffe.holdings import Holding
from engine.games.girafferaffe.tree_plays import count_plays, has_any_play, has_play, playable, plays
from engine.games.girafferaffe.trees import TREES, PlayCards, PlayRecord, Tree, play_problem


def tops(tree: Tree) -> list[list[PlayRecord]]:
    """The empty pile, then one pile per top: every rank (ranked trees) or every card count up to 9."""
    if tree.ranked:
        return [[]] + [
            [{"seat": 0, "cards": [f"green-{rank}"] * (tree.size or 1), "copies": []}] for rank in range(1, 16)
        ]
    return [[]] + [[{"seat": 0, "cards": ["green-1"] * count, "copies": []}] for count in range(3, 10)]


def brute_force(tree: Tree, pile: list[PlayRecord], hand: list[str]) -> set[PlayCards]:
    """Every play of the hand's cards, copies included, that ``play_problem`` accepts."""
    numbers = [card for card in hand if card != COPY]
    found = set()
    for size in range(1, len(numbers) + 1):
        for cards in itertools.combinations(numbers, size):
            for copies in range(hand.count(COPY) + 1):
                for copied in itertools.combinations_with_replacement(cards, copies):
                    if play_problem(tree, pile, cards, copied) is None:
                        found.add((cards, copied))
    return found


def random_hand(rng: random.Random) -> list[str]:
    """1-6 number cards, often of few ranks or one colour so that every tree has edge cases, and 0-4 copies."""
    pool = rng.choice([NUMBER_CARDS, NUMBER_CARDS[: 15 * 1], [c for c in NUMBER_CARDS if int(c.split("-")[1]) <= 5]])
    return sort_cards(rng.sample(pool, rng.randint(1, 6)) + [COPY] * rng.randint(0, 4))


def test_every_tree_lists_exactly_the_accepted_plays_under_every_top() -> None:
    rng = random.Random(14)
    for _ in range(60):
        hand = random_hand(rng)
        held = Holding(hand)
        for tree in TREES.values():
            for pile in tops(tree):
                expected = brute_force(tree, pile, hand)
                listed = list(plays(tree, pile, held))
                assert set(listed) == expected and len(listed) == len(expected), (tree.id, pile, hand)
                assert count_plays(tree, pile, held) == len(expected)
                assert has_play(tree, pile, held) == bool(expected)


def test_playable_names_the_trees_with_a_play_in_table_order() -> None:
    rng = random.Random(15)
    tree_ids = list(TREES)
    for _ in range(200):
        hand = random_hand(rng)
        held = Holding(hand)
        piles = {tree_id: rng.choice(tops(TREES[tree_id])) for tree_id in tree_ids}
        rng.shuffle(tree_ids)
        expected = [tree_id for tree_id in tree_ids if brute_force(TREES[tree_id], piles[tree_id], hand)]
        found = playable(tree_ids, piles, held)
        assert [tree_id for tree_id, _ in found] == expected
        assert all(list(family) == list(plays(TREES[tree_id], piles[tree_id], held)) for tree_id, family in found)


def test_has_any_play_says_whether_some_tree_of_the_table_takes_a_play() -> None:
    rng = random.Random(16)
    tree_ids = list(TREES)
    answers = set()
    for _ in range(400):
        hand = random_hand(rng)
        held = Holding(hand)
        piles = {tree_id: rng.choice(tops(TREES[tree_id])) for tree_id in tree_ids}
        table = rng.sample(tree_ids, rng.randint(0, 3))  # few trees, so that some tables take no play
        expected = any(brute_force(TREES[tree_id], piles[tree_id], hand) for tree_id in table)
        assert has_any_play(table, piles, held) == expected == bool(playable(table, piles, held)), (table, hand)
        answers.add(expected)
    assert answers == {True, False}
