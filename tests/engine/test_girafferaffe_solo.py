"""Girafferaffe solo mode (rulings R10, R11): the setup, and the robot's turn step by step.

In most scenarios every tree but the one under test is blocked (a top nothing can beat), the player
returns an apple, and the test reads what the robot did from the state and the public events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine import Event, Match, apply_action, new_match, view
from engine.games.girafferaffe import readable_state
from engine.games.girafferaffe.cards import COLOUR, COPY, DECK, NUMBER_CARDS, RANK
from engine.games.girafferaffe.holdings import Holding
from engine.games.girafferaffe.robot import robot_play
from engine.games.girafferaffe.tree_plays import plays
from engine.games.girafferaffe.trees import TREES, PlayCards, PlayRecord
from tests.engine.test_girafferaffe import GAME, PASS, all_cards, kinds, only, play, table

SOLO_TREES = ["single", "four-of-a-kind", "three-of-a-kind", "pair", "straight", "flush", "any"]

#: A top on every tree that no hand below can beat.
BLOCKED: dict[str, list[list[str]]] = {
    "single": [["red-15"]],
    "four-of-a-kind": [["red-15"] * 4],
    "three-of-a-kind": [["red-15"] * 3],
    "pair": [["red-15"] * 2],
    "straight": [["red-1"] * 12],
    "flush": [["red-1"] * 12],
    "any": [["red-1"] * 12],
}


def solo(
    robot_hand: Sequence[str],
    *,
    open_trees: dict[str, list[list[str]]] | None = None,
    robot_deck: Sequence[str] = (),
    player_hand: Sequence[str] = ("green-2",),
    **layout: Any,
) -> Match:
    """A solo table where only ``open_trees`` (with the given piles) are not blocked."""
    piles = {**BLOCKED, **(open_trees or {})}
    layout = {"apples": [2], "supply": 14, **layout}
    return table([player_hand], mode="solo", piles=piles, robot_hand=robot_hand, robot_deck=robot_deck, **layout)


def robot_turn(match: Match) -> tuple[Match, list[Event]]:
    """The player returns an apple; the robot's turn follows inside the same step."""
    return apply_action(match, 0, PASS)


def robot_played(events: Sequence[Event]) -> dict[str, Any]:
    played = only(events, "cards_played")
    assert played.data["seat"] is None
    return {k: played.data[k] for k in ("tree", "cards", "copies")}


# --- R10: the solo setup -----------------------------------------------------------------------------


def test_r10_solo_deals_15_cards_a_robot_deck_and_a_redraw_deck_and_the_player_starts() -> None:
    match, events = new_match("girafferaffe", 1, {"mode": "solo", "robot_cards": 20}, seed=6)
    state = readable_state(match.state)
    assert state["trees"] == SOLO_TREES
    assert [len(state["hands"][0]), len(state["robot_deck"]), len(state["redraw"])] == [15, 20, 4]
    assert len(state["aside"]) == 64 - 15 - 20 - 4
    assert state["robot_hand"] == [] and state["robot_apples"] == 0
    assert all_cards(state) == Counter(DECK)
    assert match.to_act == (0,) and state["dealer"] == 0
    assert only(events, "round_started").data["robot_deck_size"] == 20
    largest, _ = new_match("girafferaffe", 1, {"mode": "solo", "robot_cards": 45}, seed=6)
    assert (len(readable_state(largest.state)["robot_deck"]), readable_state(largest.state)["aside"]) == (45, [])


def test_r10_the_robots_hand_is_public_and_its_deck_hidden() -> None:
    match = solo(["red-3", "copy"], robot_deck=["blue-4", "green-9"], robot_apples=1)
    for seat in (None, 0):
        robot = view(match, seat)["robot"]
        assert robot == {"hand": ["red-3", "copy"], "deck_size": 2, "deck": None, "apples": 1}
    hidden = set(GAME.hidden_paths(match.state, 0, 0.0))
    assert {("robot_deck", 0), ("robot_deck", 1)} <= hidden
    assert not [path for path in hidden if path[0] == "robot_hand"]


# --- R11 step 1: refill ----------------------------------------------------------------------------


def test_r11_step1_the_robot_draws_up_to_five_cards_in_public() -> None:
    deck = ["green-14", "blue-13", "yellow-12", "red-11", "blue-10", "red-9"]
    match = solo(["red-3"], open_trees={"single": []}, robot_deck=deck)
    after, events = robot_turn(match)
    drawn = [e.data for e in events if e.kind == "robot_drew"]
    assert drawn == [
        {"card": "red-9", "step": "refill", "deck_size": 5},
        {"card": "blue-10", "step": "refill", "deck_size": 4},
        {"card": "red-11", "step": "refill", "deck_size": 3},
        {"card": "yellow-12", "step": "refill", "deck_size": 2},
    ]
    assert robot_played(events) == {"tree": "single", "cards": ["red-3"], "copies": []}
    assert readable_state(after.state)["robot_hand"] == ["red-9", "blue-10", "red-11", "yellow-12"]
    assert readable_state(after.state)["robot_deck"] == ["green-14", "blue-13"]
    assert all(e.visible_to is None for e in events)  # every step of the robot's turn is public
    assert kinds(events)[:2] == ["apple_returned", "turn_started"]
    assert events[1].data == {"seat": None}
    assert events[-1].kind == "turn_started" and events[-1].data == {"seat": 0}


def test_r11_step1_draws_fewer_when_the_deck_runs_out() -> None:
    after, events = robot_turn(solo(["red-3"], open_trees={"single": []}, robot_deck=["blue-10"]))
    assert [e.data["card"] for e in events if e.kind == "robot_drew"] == ["blue-10"]
    assert readable_state(after.state)["robot_hand"] == ["blue-10"]


# --- R11 step 2: which play ------------------------------------------------------------------------


def test_r11_step2_single_comes_first_even_when_four_of_a_kind_is_possible() -> None:
    hand = ["red-2", "red-9", "blue-9", "yellow-9", "green-9"]
    empty: dict[str, list[list[str]]] = {tree: [] for tree in SOLO_TREES}
    _, events = robot_turn(solo(hand, open_trees=empty))
    assert robot_played(events) == {"tree": "single", "cards": ["red-2"], "copies": []}
    after, events = robot_turn(solo(hand, open_trees={tree: [] for tree in SOLO_TREES[1:]}))
    assert robot_played(events) == {"tree": "four-of-a-kind", "cards": hand[1:], "copies": []}
    assert after.state["robot_apples"] == 2 and after.state["supply"] == 15 - 2  # the player's pass gave one back
    assert only(events, "apples_taken").data == {"seat": None, "count": 2, "supply": 13}


def test_r11_step2_priority_order_three_of_a_kind_before_pair_before_straight() -> None:
    hand = ["red-6", "blue-6", "yellow-6", "red-7", "blue-8"]
    open_all: dict[str, list[list[str]]] = {tree: [] for tree in SOLO_TREES[2:]}
    _, events = robot_turn(solo(hand, open_trees=open_all))
    assert robot_played(events)["tree"] == "three-of-a-kind"
    _, events = robot_turn(solo(hand, open_trees={tree: [] for tree in SOLO_TREES[3:]}))
    assert robot_played(events) == {"tree": "pair", "cards": ["red-6", "blue-6"], "copies": []}
    _, events = robot_turn(solo(hand, open_trees={tree: [] for tree in SOLO_TREES[4:]}))
    assert robot_played(events) == {"tree": "straight", "cards": ["red-6", "red-7", "blue-8"], "copies": []}


def test_r11_step2_equal_ranks_go_by_colour_order_red_blue_yellow_green() -> None:
    _, events = robot_turn(solo(["green-4", "yellow-4", "blue-4", "red-4", "blue-7"], open_trees={"single": []}))
    assert robot_played(events)["cards"] == ["red-4"]
    _, events = robot_turn(solo(["green-6", "yellow-6", "blue-6", "red-11", "blue-12"], open_trees={"pair": []}))
    assert robot_played(events)["cards"] == ["blue-6", "yellow-6"]


def test_r11_step2_lowest_ranks_compare_the_highest_rank_first() -> None:
    hand = ["red-1", "red-5", "red-12", "blue-2", "blue-6", "blue-10"]  # no three consecutive ranks
    _, events = robot_turn(solo(hand, open_trees={"flush": []}))
    assert robot_played(events) == {"tree": "flush", "cards": ["blue-2", "blue-6", "blue-10"], "copies": []}


def test_r11_step2_fewest_cards_the_tree_allows() -> None:
    hand = ["blue-2", "red-2", "green-3", "yellow-3", "red-4", "blue-5"]
    _, events = robot_turn(solo(hand, open_trees={"straight": [["red-9", "red-10", "red-11"]]}))
    assert robot_played(events)["cards"] == ["red-2", "yellow-3", "red-4", "blue-5"]  # 4 beats the top 3
    _, events = robot_turn(solo(hand, open_trees={"any": []}))
    assert robot_played(events)["cards"] == ["red-2", "blue-2", "yellow-3"]


def test_r11_step2_copies_only_when_no_play_exists_without_them() -> None:
    _, events = robot_turn(solo(["red-4", "copy", "blue-9", "yellow-9", "green-12"], open_trees={"pair": []}))
    assert robot_played(events) == {"tree": "pair", "cards": ["blue-9", "yellow-9"], "copies": []}
    after, events = robot_turn(solo(["red-4", "copy", "blue-9", "green-12", "yellow-13"], open_trees={"pair": []}))
    assert robot_played(events) == {"tree": "pair", "cards": ["red-4"], "copies": ["red-4"]}
    assert readable_state(after.state)["robot_hand"] == ["blue-9", "green-12", "yellow-13"]
    _, events = robot_turn(
        solo(["red-1", "blue-5", "yellow-9", "green-13", "copy"], open_trees={"any": [["red-1"] * 4]})
    )
    assert robot_played(events) == {
        "tree": "any",
        "cards": ["red-1", "blue-5", "yellow-9", "green-13"],
        "copies": ["red-1"],
    }


def test_r11_step2_with_copies_needed_the_lowest_ranks_decide_not_the_number_of_copies() -> None:
    # no 3 of a Kind exists without copies, so the lowest ranks win: 4-copy-copy, not 5-5-copy
    hand = ["green-4", "red-5", "blue-5", "copy", "copy"]
    _, events = robot_turn(solo(hand, open_trees={"three-of-a-kind": []}))
    assert robot_played(events) == {
        "tree": "three-of-a-kind",
        "cards": ["green-4"],
        "copies": ["green-4", "green-4"],
    }


def test_r11_step2_with_copies_needed_it_keeps_the_ranks_lowest_before_saving_copies() -> None:
    # Flush over a 5-card top: green 5, 10, 11 + three copies (11 high) beats 5, 10, 11, 15 + two (15 high)
    hand = ["green-5", "yellow-6", "green-10", "green-11", "green-15", "copy", "copy", "copy"]
    top = [["green-11", "green-11", "green-11", "green-11", "green-11"]]
    _, events = robot_turn(solo(hand, open_trees={"flush": top}))
    assert robot_played(events) == {
        "tree": "flush",
        "cards": ["green-5", "green-10", "green-11"],
        "copies": ["green-5", "green-5", "green-5"],
    }
    # Equal ranks either way: fewer copies (red 5, blue 5 + one copy rather than red 5 + two)
    _, events = robot_turn(solo(["red-5", "blue-5", "copy", "copy", "green-9"], open_trees={"three-of-a-kind": []}))
    assert robot_played(events) == {"tree": "three-of-a-kind", "cards": ["red-5", "blue-5"], "copies": ["red-5"]}


def r11_choice(options: list[PlayCards]) -> PlayCards | None:
    """R11 step 2 as written, independent of the engine's search: copy-free plays if there are any,
    then the fewest cards, then the lowest ranks (highest first), then fewer copies, then colour order."""
    if not options:
        return None
    copy_free = [o for o in options if not o[1]]
    pool = copy_free or options

    def order(play: PlayCards) -> tuple[int, list[int], int, list[int], list[int]]:
        cards, copies = play
        ranks = sorted((RANK[c] for c in (*cards, *copies)), reverse=True)
        colours = [COLOUR[c] for c in sorted(cards, key=lambda c: (-RANK[c], COLOUR[c]))]
        copied = [RANK[c] * 4 + COLOUR[c] for c in copies]
        return len(cards) + len(copies), ranks, len(copies), colours, copied

    return min(pool, key=order)


def test_r11_step2_the_robots_choice_is_the_best_legal_play_by_r11s_order() -> None:
    """The direct search agrees with taking the minimum over every listed play, on random tables."""
    rng = random.Random(11)
    played: Counter[tuple[str, bool]] = Counter()
    for _ in range(300):
        hand = Holding(rng.sample(NUMBER_CARDS, rng.randint(2, 7)) + [COPY] * rng.randint(0, 3))
        for tree_id in SOLO_TREES:
            tree = TREES[tree_id]
            pile: list[PlayRecord] = []
            if rng.random() < 0.6:
                size = tree.size or rng.randint(3, 5)
                pile = [{"seat": 0, "cards": [f"green-{rng.randint(1, 12)}"] * size, "copies": []}]
            options = list(plays(tree, pile, hand))
            expected = r11_choice(options)
            assert robot_play(tree, pile, hand) == expected, (tree_id, hand.numbers, hand.copies, pile)
            played[tree_id, expected is not None and bool(expected[1])] += 1
    assert all(played[tree, True] for tree in ("four-of-a-kind", "three-of-a-kind", "pair", "flush", "any"))


def test_r11_robot_pair_reward_goes_on_top_of_its_deck_unseen() -> None:
    match = solo(
        ["red-6", "blue-6", "green-11"], open_trees={"pair": []}, robot_deck=[], redraw=["yellow-1", "green-13"]
    )
    after, events = robot_turn(match)
    assert readable_state(after.state)["robot_deck"] == ["green-13"]
    assert readable_state(after.state)["redraw"] == ["yellow-1"]
    assert readable_state(after.state)["robot_hand"] == ["green-11"]
    assert only(events, "robot_deck_topped").data == {"redraw_size": 1}
    assert "green-13" not in str([e.to_json() for e in events])
    assert ("robot_deck", 0) in set(GAME.hidden_paths(after.state, 0, 0.0))
    assert view(after, 0)["robot"] == {"hand": ["green-11"], "deck_size": 1, "deck": None, "apples": 0}
    _, events = robot_turn(after)
    assert [e.data["card"] for e in events if e.kind == "robot_drew"] == ["green-13"]


# --- R11 steps 3 and 4 -------------------------------------------------------------------------------


def test_r11_step3_the_robot_draws_past_the_hand_limit_until_it_can_play() -> None:
    hand = ["red-1", "blue-3", "yellow-5", "green-7", "red-9"]
    match = solo(hand, open_trees={"pair": []}, robot_deck=["red-14", "green-1", "blue-10"])
    after, events = robot_turn(match)
    drawn = [(e.data["card"], e.data["step"]) for e in events if e.kind == "robot_drew"]
    assert drawn == [("blue-10", "search"), ("green-1", "search")]
    assert robot_played(events) == {"tree": "pair", "cards": ["red-1", "green-1"], "copies": []}
    assert readable_state(after.state)["robot_hand"] == ["blue-3", "yellow-5", "green-7", "red-9", "blue-10"]
    assert readable_state(after.state)["robot_deck"] == ["red-14"]


def test_r11_step4_with_no_play_and_an_empty_deck_the_robot_returns_an_apple() -> None:
    match = solo(["red-1", "blue-3"], robot_deck=["green-8"], robot_apples=1, supply=13)
    after, events = robot_turn(match)
    assert [e.data["card"] for e in events if e.kind == "robot_drew"] == ["green-8"]
    returned = [e.data for e in events if e.kind == "apple_returned"]
    assert returned == [{"seat": 0, "supply": 14}, {"seat": None, "supply": 15}]
    assert (after.state["robot_apples"], after.state["supply"]) == (0, 15)
    assert after.to_act == (0,)


def test_r11_a_robot_that_cannot_act_loses_and_the_player_wins() -> None:
    after, events = robot_turn(solo(["red-1", "blue-3"]))
    assert kinds(events)[-2:] == ["robot_cannot_act", "match_over"]
    assert only(events, "match_over").data == {"loser": None, "winners": [0]}
    assert after.result is not None and after.result.winners == (0,)


def test_r11_the_player_who_cannot_act_loses_to_the_robot() -> None:
    match = solo(["red-6", "blue-6"], open_trees={"pair": []}, player_hand=["red-2"], apples=[1], supply=15)
    after, events = robot_turn(match)
    assert robot_played(events)["tree"] == "pair"
    assert kinds(events)[-2:] == ["player_lost", "match_over"]
    assert after.result is not None and after.result.winners == ()
    assert view(after, None)["loser"] == 0


def test_the_player_plays_then_the_robot_answers_in_the_same_step() -> None:
    match = solo(["red-6", "blue-9"], open_trees={"single": []}, player_hand=["red-2", "yellow-8"])
    after, events = apply_action(match, 0, play("single", ["red-2"]))
    assert [(e.data["seat"], e.data["cards"]) for e in events if e.kind == "cards_played"] == [
        (0, ["red-2"]),
        (None, ["red-6"]),
    ]
    assert [record["seat"] for record in readable_state(after.state)["piles"]["single"]] == [0, None]
    assert readable_state(after.state)["piles"]["single"][-1] == {"seat": None, "cards": ["red-6"], "copies": []}
    assert after.to_act == (0,)
