"""Girafferaffe's legal plays: listed exactly once in canonical form, counted without listing, narrowed by
the ``tree`` filter, and the same set that ``check`` accepts (compared with a brute-force search)."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

from engine import Match, apply_action, count_legal_actions, legal_actions, validate_action
from engine.errors import IllegalAction
from engine.games.girafferaffe import Play, readable_state
from engine.games.girafferaffe.cards import COPY, NUMBER_CARDS, ORDER
from tests.engine.test_girafferaffe import GAME, PASS, play, table

TREES_2P = ["single", "pair", "three-of-a-kind", "four-of-a-kind", "straight", "flush", "any"]


def listed(match: Match, seat: int, filters: dict[str, str] | None = None) -> list[dict[str, Any]]:
    return [a.to_json() for a in legal_actions(match, seat, filters)]


def brute_force_plays(match: Match, seat: int) -> dict[str, set[str]]:
    """Per tree, every play of any cards of the hand, with any copy targets, that ``check`` accepts."""
    hand = readable_state(match.state)["hands"][seat]
    numbers = [c for c in hand if c != COPY]
    accepted: dict[str, set[str]] = {tree: set() for tree in match.state["trees"]}
    for size in range(1, len(numbers) + 1):
        for cards in itertools.combinations(numbers, size):
            for copies in range(hand.count(COPY) + 1):
                for copied in itertools.combinations_with_replacement(cards, copies):
                    for tree, found in accepted.items():
                        try:
                            GAME.check(match.state, seat, Play(tree, cards, copied))
                        except IllegalAction:
                            continue
                        found.add(json.dumps(play(tree, cards, copied), sort_keys=True))
    return accepted


def random_table(rng: random.Random) -> Match:
    """Two players; seat 0 holds 4-7 number cards and 0-3 copy cards; trees have random tops."""
    numbers = rng.sample(NUMBER_CARDS, rng.randint(4, 7))
    hand = numbers + [COPY] * rng.randint(0, 3)
    piles: dict[str, list[list[str]]] = {}
    for tree in TREES_2P:
        if rng.random() < 0.5:
            continue
        rank = rng.randint(1, 12)
        if tree == "single":
            piles[tree] = [[f"green-{rank}"]]
        elif tree in ("pair", "three-of-a-kind", "four-of-a-kind"):
            piles[tree] = [[f"green-{rank}"] * {"pair": 2, "three-of-a-kind": 3, "four-of-a-kind": 4}[tree]]
        else:
            piles[tree] = [["green-1"] * rng.randint(3, 5)]
    return table([hand, ["green-15"]], piles=piles, apples=[rng.randint(0, 1), 0], supply=15)


def test_listing_equals_what_check_accepts_and_the_count_agrees_on_random_tables() -> None:
    rng = random.Random(2024)
    seen: Counter[tuple[str, bool]] = Counter()  # (tree, with copies) of every play listed
    for _ in range(50):
        match = random_table(rng)
        accepted = brute_force_plays(match, 0)
        everything = listed(match, 0)
        assert count_legal_actions(match, 0) == len(everything)
        assert len({json.dumps(a, sort_keys=True) for a in everything}) == len(everything)
        assert (PASS in everything) == (match.state["apples"][0] > 0)
        for tree in TREES_2P:
            on_tree = listed(match, 0, {"tree": tree})
            assert count_legal_actions(match, 0, {"tree": tree}) == len(on_tree)
            assert {json.dumps(a, sort_keys=True) for a in on_tree} == accepted[tree]
            assert on_tree == [a for a in everything if a.get("tree") == tree]
            seen.update((tree, bool(a["copies"])) for a in on_tree)
    assert {tree for tree, _ in seen} == set(TREES_2P)  # the sample reaches every tree...
    assert {tree for tree, copies in seen if copies} == set(TREES_2P) - {"single", "straight"}  # ...and copies


def test_listed_plays_are_in_canonical_order_and_other_orders_are_accepted_as_the_same_play() -> None:
    match = table([["red-2", "blue-2", "yellow-2", "red-3", "copy", "copy"], ["green-1"]])
    for action in listed(match, 0):
        if action["type"] != "girafferaffe.play":
            continue
        assert action["cards"] == sorted(action["cards"], key=ORDER.__getitem__)
        assert action["copies"] == sorted(action["copies"], key=ORDER.__getitem__)
    canonical = play("any", ["red-2", "blue-2", "red-3"], ["red-2", "red-3"])
    shuffled = play("any", ["red-3", "red-2", "blue-2"], ["red-3", "red-2"])
    assert canonical in listed(match, 0, {"tree": "any"})
    validate_action(match, 0, shuffled)
    assert apply_action(match, 0, shuffled)[0].state == apply_action(match, 0, canonical)[0].state


def test_the_tree_filter_narrows_listing_and_count_and_an_unknown_tree_gives_nothing() -> None:
    match = table([["red-2", "blue-2", "red-3", "copy"], ["green-1"]], apples=[1, 0], supply=15)
    pairs = listed(match, 0, {"tree": "pair"})
    assert pairs == [
        play("pair", ["red-2", "blue-2"]),
        play("pair", ["red-2"], ["red-2"]),
        play("pair", ["blue-2"], ["blue-2"]),
        play("pair", ["red-3"], ["red-3"]),
    ]
    assert count_legal_actions(match, 0, {"tree": "pair"}) == 4
    assert PASS in listed(match, 0)  # passing is no tree's play: only the unfiltered listing has it
    for unknown in ("oak", "single-red"):
        assert listed(match, 0, {"tree": unknown}) == []
        assert count_legal_actions(match, 0, {"tree": unknown}) == 0


def test_a_straight_lists_one_card_per_rank_in_every_colour_combination() -> None:
    match = table([["red-4", "blue-4", "yellow-5", "red-6", "green-6", "copy"], ["green-1"]])
    assert listed(match, 0, {"tree": "straight"}) == [
        play("straight", ["red-4", "yellow-5", "red-6"]),
        play("straight", ["red-4", "yellow-5", "green-6"]),
        play("straight", ["blue-4", "yellow-5", "red-6"]),
        play("straight", ["blue-4", "yellow-5", "green-6"]),
    ]


def test_worst_case_fifteen_cards_with_four_copies_on_an_empty_any_tree_counts_exactly_and_lists_lazily() -> None:
    """The count is computed, not enumerated, and agrees with the full listing (timed in bench/)."""
    hand = [*NUMBER_CARDS[0:11:2], *NUMBER_CARDS[30:35], "copy", "copy", "copy", "copy"]
    assert len(hand) == 15
    match = table([hand, ["green-1"]])
    count = count_legal_actions(match, 0, {"tree": "any"})
    first = list(itertools.islice(legal_actions(match, 0, {"tree": "any"}), 100))
    assert len(first) == 100
    assert count > 400_000
    assert sum(1 for _ in legal_actions(match, 0, {"tree": "any"})) == count
