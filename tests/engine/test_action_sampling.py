"""Exactly uniform samples of legal actions without listing them: ``Game.nth_legal_action`` agrees with
the listing at every index, and ``sample_legal_actions`` draws distinct legal actions uniformly."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest

from engine import (
    Match,
    apply_action,
    count_legal_actions,
    legal_actions,
    new_match,
    nth_legal_action,
    offered_actions,
    sample_key,
    sample_legal_actions,
    validate_action,
)
from engine.games.girafferaffe import Play
from engine.games.girafferaffe.cards import DECK, NUMBER_CARDS
from engine.games.girafferaffe.deal import make_state
from engine.games.girafferaffe.holdings import Holding
from engine.games.girafferaffe.tree_plays import count_plays, nth_play, plays
from engine.games.girafferaffe.trees import TREES, PlayRecord
from engine.games.pili_pili import mission_card
from engine.unranking import nth_combination, nth_multiset, nth_product
from tests.engine.conformance import configurations

GIRAFFERAFFE_OPTIONS = {"mode": "standard", "robot_cards": 15, "first_player": 0}
#: Listings up to this size are compared with ``nth_legal_action`` at every index, larger ones at a few.
SMALL = 1000
#: Steps of each playout whose seats to act are checked.
STEPS = 40
#: Girafferaffe's tree filters are checked one step in this many.
FILTER_EVERY = 8


def girafferaffe_match(hand: list[str], apples: int = 0) -> Match:
    """A 2-player Girafferaffe match at seat 0's turn with ``hand`` and empty trees."""
    state = make_state([hand, ["green-1"]], apples=[apples, 0])
    return Match("girafferaffe", 2, GIRAFFERAFFE_OPTIONS, 1, 0, state)


def worst_case() -> Match:
    """15 cards, all four copies among them, on empty trees: 427,186 plays on the Any tree alone."""
    return girafferaffe_match([*NUMBER_CARDS[0:11:2], *NUMBER_CARDS[30:35], "copy", "copy", "copy", "copy"])


def encoded(actions: list[Any]) -> list[str]:
    return [json.dumps(action.to_json(), sort_keys=True) for action in actions]


# --- unranking ---------------------------------------------------------------------------------------------


def test_unranking_matches_itertools() -> None:
    items = "abcdef"
    for size in range(len(items) + 1):
        combos = list(itertools.combinations(items, size))
        assert [nth_combination(items, size, i) for i in range(len(combos))] == combos
        multisets = list(itertools.combinations_with_replacement(items, size))
        assert [nth_multiset(items, size, i) for i in range(len(multisets))] == multisets
        for bad in (-1, len(combos)):
            with pytest.raises(IndexError):
                nth_combination(items, size, bad)
    groups = ["ab", "cde", "f", "gh"]
    products = list(itertools.product(*groups))
    assert [nth_product(groups, i) for i in range(len(products))] == products
    with pytest.raises(IndexError):
        nth_product(groups, len(products))


def test_girafferaffe_unranks_plays_in_the_listing_order_on_every_tree() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        deck = list(DECK)
        rng.shuffle(deck)
        hand = Holding(deck[: rng.randrange(3, 11)] + ["copy"] * rng.randrange(0, 3))
        for tree in TREES.values():
            pile: list[PlayRecord] = []
            if rng.random() < 0.5:
                pile = [
                    {"seat": 1, "cards": ["red-4", "blue-4", "green-4", "yellow-4"][: tree.size or 3], "copies": []}
                ]
            listed = list(plays(tree, pile, hand))
            assert count_plays(tree, pile, hand) == len(listed)
            assert [nth_play(tree, pile, hand, i) for i in range(len(listed))] == listed
            with pytest.raises(IndexError):
                nth_play(tree, pile, hand, len(listed))
            checked += len(listed)
    assert checked > 10_000


# --- nth_legal_action against the listing --------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "options"), configurations(), ids=str)
def test_nth_legal_action_is_the_listed_action_at_every_index(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(f"nth/{game_id}/{players}/{options}")
    match, _ = new_match(game_id, players, options, seed=3)
    compared = 0
    for step in range(STEPS):
        if match.is_over:
            break
        filters: list[dict[str, str]] = [{}]
        if game_id == "girafferaffe" and step % FILTER_EVERY == 0:
            filters += [{"tree": tree} for tree in match.state["trees"]] + [{"tree": "no-such-tree"}]
        for seat in match.to_act:
            for wanted in filters:
                total = count_legal_actions(match, seat, wanted)
                if total > SMALL:  # big states have a test of their own: here, the start of the listing
                    head = list(itertools.islice(legal_actions(match, seat, wanted), 100))
                    assert [nth_legal_action(match, seat, i, wanted) for i in range(100)] == head
                    continue
                listed = list(legal_actions(match, seat, wanted))
                assert [nth_legal_action(match, seat, i, wanted) for i in range(total)] == listed
                for bad in (-1, total):
                    with pytest.raises(IndexError):
                        nth_legal_action(match, seat, bad, wanted)
                compared += total
        seat = rng.choice(list(match.to_act))
        _, [action] = sample_legal_actions(match, seat, 1, seed=step)
        match, _ = apply_action(match, seat, action, now=step * 1.0)
    assert compared > 0
    waiting = [seat for seat in range(players) if seat not in match.to_act]
    for seat in waiting:
        assert sample_legal_actions(match, seat, 5, seed=1) == (0, [])
        with pytest.raises(IndexError):
            nth_legal_action(match, seat, 0)


def test_nth_legal_action_agrees_with_the_listing_on_big_girafferaffe_states() -> None:
    rng = random.Random(8)
    matches = [worst_case(), girafferaffe_match([*NUMBER_CARDS[0:60:5], "copy", "copy", "copy"], apples=2)]
    matches += [new_match("girafferaffe", players, {}, seed=seed)[0] for players in (2, 5) for seed in range(1)]
    for match in matches:
        seat = match.to_act[0]
        for wanted in ({}, {"tree": "flush"}):
            listed = list(legal_actions(match, seat, wanted))
            assert count_legal_actions(match, seat, wanted) == len(listed)
            indexes = [0, len(listed) - 1, *rng.sample(range(len(listed)), min(200, len(listed)))]
            assert [nth_legal_action(match, seat, i, wanted) for i in indexes] == [listed[i] for i in indexes]
    assert count_legal_actions(worst_case(), 0, {"tree": "any"}) == 427_186


def test_pili_pili_unranks_large_s1_passes() -> None:
    deck = [mission_card("S1", 20, count=10, direction="left")]
    match, _ = new_match("pili-pili", 2, {"missions": "standard", "mission_deck": deck, "first_player": 0}, seed=4)
    match, _ = apply_action(match, 0, {"type": "pili-pili.bet", "tricks": 1})
    match, _ = apply_action(match, 1, {"type": "pili-pili.bet", "tricks": 2})
    total, sample = sample_legal_actions(match, 1, 50, seed=9)
    assert total == 184_756  # C(20, 10)
    assert len(set(encoded(sample))) == 50
    for action in sample:
        validate_action(match, 1, action)
    listed = list(itertools.islice(legal_actions(match, 1), 2000))
    assert [nth_legal_action(match, 1, i) for i in range(2000)] == listed


# --- samples ---------------------------------------------------------------------------------------------------


def test_samples_of_the_largest_space_are_distinct_legal_and_deterministic() -> None:
    match = worst_case()
    for wanted in ({"tree": "any"}, {}):
        total, sample = sample_legal_actions(match, 0, 1000, seed=42, filters=wanted)
        assert total == count_legal_actions(match, 0, wanted) >= 427_186
        assert len(sample) == 1000 and len(set(encoded(sample))) == 1000
        for action in sample:
            assert validate_action(match, 0, action.to_json()) == action
            if wanted:
                assert action.to_json()["tree"] == "any"
        assert sample_legal_actions(match, 0, 1000, seed=42, filters=wanted) == (total, sample)
        assert sample_legal_actions(match, 0, 1000, seed=43, filters=wanted)[1] != sample
        # the seed's indexes, unranked: exactly what random.sample picks from the documented stream
        indexes = random.Random(f"sample/{match.seed}/{match.version}/0/42").sample(range(total), 1000)
        assert sample_key(match, 0, 42) == f"sample/{match.seed}/{match.version}/0/42"
        assert sample[:3] == [nth_legal_action(match, 0, i, wanted) for i in indexes[:3]]


def test_a_sample_of_the_largest_space_has_the_mean_play_size_of_the_space() -> None:
    match = worst_case()
    hand = Holding(match.state["hands"][0])
    sizes = [len(cards) + len(copies) for cards, copies in plays(TREES["any"], [], hand)]
    mean = sum(sizes) / len(sizes)
    spread = (sum((size - mean) ** 2 for size in sizes) / len(sizes)) ** 0.5
    _, sample = sample_legal_actions(match, 0, 2000, seed=7, filters={"tree": "any"})
    sampled = sum(len(action.cards) + len(action.copies) for action in sample if isinstance(action, Play)) / len(sample)
    assert abs(sampled - mean) < 4 * spread / len(sample) ** 0.5, (sampled, mean)


def test_a_sample_larger_than_the_space_is_the_whole_space() -> None:
    match = girafferaffe_match(["red-3", "blue-3", "red-4", "red-5", "copy"], apples=1)
    listed = encoded(list(legal_actions(match, 0)))
    total, sample = sample_legal_actions(match, 0, 1000, seed=0)
    assert total == len(listed) == 57
    assert sorted(encoded(sample)) == sorted(listed)
    assert sample_legal_actions(match, 0, 0, seed=0) == (57, [])
    assert sample_legal_actions(match, 0, 3, seed=0, filters={"tree": "no-such-tree"}) == (0, [])
    with pytest.raises(ValueError):
        sample_legal_actions(match, 0, -1, seed=0)


#: Upper 0.1% point of the chi-square distribution with 56 degrees of freedom (57 actions - 1).
CHI_SQUARE_56_P001 = 94.46


def chi_square(counts: Counter[str], categories: list[str], expected: float) -> float:
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_single_draws_are_uniform_by_chi_square() -> None:
    # 57 actions spread over six trees and the pass, so every unranking path is drawn from.
    match = girafferaffe_match(["red-3", "blue-3", "red-4", "red-5", "copy"], apples=1)
    listed = encoded(list(legal_actions(match, 0)))
    draws = 100 * len(listed)
    counts = Counter(encoded([sample_legal_actions(match, 0, 1, seed=seed)[1][0] for seed in range(draws)]))
    assert set(counts) == set(listed)
    statistic = chi_square(counts, listed, draws / len(listed))
    assert statistic < CHI_SQUARE_56_P001, statistic


def test_every_position_of_a_sample_is_uniform_by_chi_square() -> None:
    # Each of the k draws of a sample is uniform over the space; the inclusion counts of a
    # sample without replacement vary less than independent draws, so the test is conservative.
    match = girafferaffe_match(["red-3", "blue-3", "red-4", "red-5", "copy"], apples=1)
    listed = encoded(list(legal_actions(match, 0)))
    k, samples = 10, 600
    counts: Counter[str] = Counter()
    for seed in range(samples):
        _, sample = sample_legal_actions(match, 0, k, seed=10_000 + seed)
        assert len(set(encoded(sample))) == k
        counts.update(encoded(sample))
    statistic = chi_square(counts, listed, samples * k / len(listed))
    assert statistic < CHI_SQUARE_56_P001, statistic


# --- what a seat is offered ------------------------------------------------------------------------------------


def test_a_seat_is_offered_every_action_in_listing_order_up_to_the_limit_and_a_sample_past_it() -> None:
    match = worst_case()
    small = girafferaffe_match(["red-3", "blue-3", "red-4", "red-5", "copy"], apples=1)
    listed = list(legal_actions(small, 0))
    assert offered_actions(small, 0, len(listed)) == (len(listed), listed)
    assert offered_actions(small, 0, 1000, sample_seed=5) == (len(listed), listed)  # the seed does not matter
    count, sample = offered_actions(match, 0, 50)
    assert (count, sample) == sample_legal_actions(match, 0, 50, 0)
    assert offered_actions(match, 0, 50, sample_seed=1)[1] != sample
