"""Girafferaffe scenarios from fixed layouts: setup and options, rulings R1-R9, the copy-card example,
rewards, losing, multi-round rotten apples, and what each seat sees.

The helpers at the top (``table``, ``play``, ``refusal``) are shared with the other Girafferaffe test
modules. A table is built with :func:`engine.games.girafferaffe.make_state` from the hands and any
piles, apples and decks a scenario needs; decks list their top card last.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine import (
    Event,
    IllegalAction,
    InvalidOptions,
    Match,
    MatchOver,
    apply_action,
    get_game,
    legal_actions,
    new_match,
    validate_action,
    view,
)
from engine.games.girafferaffe import Play, make_state, readable_state
from engine.games.girafferaffe.cards import COPY, DECK, NUMBER_CARDS

PASS: dict[str, Any] = {"type": "girafferaffe.pass"}
GAME = get_game("girafferaffe")


def table(hands: Sequence[Sequence[str]], *, mode: str = "standard", **layout: Any) -> Match:
    """A match at version 0 from a fixed layout (``layout``: the keyword arguments of ``make_state``)."""
    state = make_state(hands, mode=mode, **layout)
    options = {"mode": mode, "robot_cards": 15, "first_player": state["dealer"]}
    return Match("girafferaffe", len(hands), options, seed=17, version=0, state=state)


def play(tree: str, cards: Sequence[str], copies: Sequence[str] = ()) -> dict[str, Any]:
    """A play action as a client submits it."""
    return {"type": "girafferaffe.play", "tree": tree, "cards": list(cards), "copies": list(copies)}


def refusal(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    """The error that refuses ``action`` (the test fails if it is accepted)."""
    with pytest.raises(IllegalAction) as refused:
        validate_action(match, seat, action)
    assert refused.value.message.startswith(f"{refused.value.rule}: ")
    return refused.value


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def only(events: Sequence[Event], kind: str) -> Event:
    found = [event for event in events if event.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def all_cards(state: Any) -> Counter[str]:
    """Every card the state holds anywhere: hands, decks, out of play, robot and piles (``state`` with
    every card by name, see :func:`readable_state`)."""
    cards: Counter[str] = Counter()
    for hand in state["hands"]:
        cards.update(hand)
    cards.update(state["redraw"] + state["aside"] + state["robot_hand"] + state["robot_deck"])
    for pile in state["piles"].values():
        for record in pile:
            cards.update(record["cards"])
            cards.update([COPY] * len(record["copies"]))
    return cards


# --- the game record and its options --------------------------------------------------------------


def test_game_info_declares_modes_robot_cards_first_player_and_the_tree_filter() -> None:
    info = GAME.info
    assert (info.min_players, info.max_players) == (1, 5)
    specs = {spec.name: spec for spec in info.options}
    assert specs["mode"].kind == "choice"
    assert specs["mode"].choices == ("standard", "rounds", "solo")
    assert specs["mode"].default == "standard"
    assert (specs["robot_cards"].kind, specs["robot_cards"].default) == ("integer", 15)
    assert (specs["robot_cards"].minimum, specs["robot_cards"].maximum) == (15, 45)
    assert (specs["first_player"].kind, specs["first_player"].default) == ("seat", None)
    assert info.action_filters == ("tree",)


@pytest.mark.parametrize(("players", "mode"), [(2, "solo"), (5, "solo"), (1, "standard"), (1, "rounds")])
def test_modes_refuse_the_wrong_player_count(players: int, mode: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        new_match("girafferaffe", players, {"mode": mode}, seed=1)
    assert refused.value.details["option"] == "mode"
    assert "solo" in refused.value.message


@pytest.mark.parametrize("robot_cards", [14, 46])
def test_robot_cards_outside_15_to_45_are_refused(robot_cards: int) -> None:
    with pytest.raises(InvalidOptions):
        new_match("girafferaffe", 1, {"mode": "solo", "robot_cards": robot_cards}, seed=1)


def test_g2_the_dealer_defaults_to_a_seeded_random_seat() -> None:
    dealers = {new_match("girafferaffe", 4, seed=seed)[0].state["dealer"] for seed in range(12)}
    assert len(dealers) > 1
    again = [new_match("girafferaffe", 4, seed=3)[0].state["dealer"] for _ in range(2)]
    assert again[0] == again[1]


# --- R1-R3: cards, trees, deal ----------------------------------------------------------------------


def test_r1_the_deck_is_60_number_cards_in_four_colours_and_4_copy_cards() -> None:
    assert len(DECK) == 64
    assert Counter(DECK)[COPY] == 4
    assert len(set(NUMBER_CARDS)) == 60
    for colour in ("red", "blue", "yellow", "green"):
        assert {f"{colour}-{rank}" for rank in range(1, 16)} <= set(NUMBER_CARDS)


def test_r1_apples_start_in_the_supply_and_players_have_none() -> None:
    match, _ = new_match("girafferaffe", 3, seed=2)
    assert match.state["supply"] == 16
    assert match.state["apples"] == [0, 0, 0]


@pytest.mark.parametrize(
    ("players", "mode", "singles"),
    [
        (1, "solo", ["single"]),
        (2, "standard", ["single"]),
        (3, "standard", ["single-red-yellow", "single-blue-green"]),
        (4, "rounds", ["single-red", "single-blue", "single-yellow", "single-green"]),
        (5, "standard", ["single-red", "single-blue", "single-yellow", "single-green"]),
    ],
)
def test_r2_the_single_trees_depend_on_the_player_count(players: int, mode: str, singles: list[str]) -> None:
    match, _ = new_match("girafferaffe", players, {"mode": mode}, seed=1)
    trees = match.state["trees"]
    assert [t for t in trees if t.startswith("single")] == singles
    assert set(trees) - set(singles) == {"pair", "three-of-a-kind", "four-of-a-kind", "straight", "flush", "any"}
    shown = view(match, None)["trees"]
    assert [t["id"] for t in shown] == trees


def test_r2_single_trees_take_only_their_colours() -> None:
    match, _ = new_match("girafferaffe", 3, seed=1)
    colours = {t["id"]: t["colours"] for t in view(match, 0)["trees"]}
    assert colours["single-red-yellow"] == ["red", "yellow"]
    assert colours["single-blue-green"] == ["blue", "green"]
    match, _ = new_match("girafferaffe", 2, seed=1)
    assert view(match, 0)["trees"][0]["colours"] == ["red", "blue", "yellow", "green"]


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 12)])
def test_r3_deal_hands_then_a_4_card_redraw_deck_and_the_rest_out_of_play(players: int, size: int) -> None:
    match, events = new_match("girafferaffe", players, seed=9)
    state = readable_state(match.state)
    assert [len(hand) for hand in state["hands"]] == [size] * players
    assert len(state["redraw"]) == 4
    assert len(state["aside"]) == 64 - 4 - players * size
    assert all_cards(state) == Counter(DECK)
    dealt = [e for e in events if e.kind == "hand_dealt"]
    assert [e.visible_to for e in dealt] == [(seat,) for seat in range(players)]
    assert [e.data["cards"] for e in dealt] == state["hands"]


def test_r8_the_dealer_moves_first_and_play_goes_clockwise() -> None:
    match, events = new_match("girafferaffe", 3, {"first_player": 2}, seed=4)
    assert match.state["dealer"] == 2
    assert match.to_act == (2,)
    assert only(events, "turn_started").data == {"seat": 2}
    seats = []
    for _ in range(3):
        seat = match.to_act[0]
        seats.append(seat)
        match, _ = apply_action(match, seat, next(legal_actions(match, seat)))
    assert seats == [2, 0, 1]


# --- R4: a turn ------------------------------------------------------------------------------------


def test_r4_a_player_may_return_an_apple_even_when_a_play_exists() -> None:
    match = table([["red-5", "blue-9"], ["green-3"]], apples=[1, 0], supply=15)
    assert any(isinstance(a, Play) for a in legal_actions(match, 0))
    after, events = apply_action(match, 0, PASS)
    assert after.state["apples"] == [0, 0]
    assert after.state["supply"] == 16
    assert readable_state(after.state)["hands"][0] == ["red-5", "blue-9"]
    assert only(events, "apple_returned").data == {"seat": 0, "supply": 16}
    assert after.to_act == (1,)


def test_r4_passing_needs_an_apple() -> None:
    match = table([["red-5"], ["green-3"]])
    assert refusal(match, 0, PASS).rule == "R4"
    assert PASS not in [a.to_json() for a in legal_actions(match, 0)]


def test_r4_a_player_who_can_neither_play_nor_pass_loses_at_once_and_the_others_win() -> None:
    match = table([["red-5"], ["blue-3", "green-8"], ["yellow-2"]], piles={"single-blue-green": [["green-9"]]})
    after, events = apply_action(match, 0, play("single-red-yellow", ["red-5"]))
    # seat 1: blue-3 and green-8 are below green 9, two different ranks make no pair, no apple
    assert kinds(events)[-2:] == ["player_lost", "match_over"]
    assert only(events, "player_lost").data == {"seat": 1, "round": 1}
    assert only(events, "match_over").data == {"loser": 1, "winners": [0, 2]}
    assert after.result is not None and after.result.winners == (0, 2)
    assert after.to_act == ()
    with pytest.raises(MatchOver):
        apply_action(after, 1, PASS)


def test_r4_a_player_without_a_play_but_with_an_apple_must_pass() -> None:
    match = table([["red-5"], ["blue-3"]], apples=[0, 1], supply=15)
    after, _ = apply_action(match, 0, play("single", ["red-5"]))
    assert after.to_act == (1,)
    assert [a.to_json() for a in legal_actions(after, 1)] == [PASS]


def test_r4_an_empty_hand_with_no_apple_loses() -> None:
    match = table([["red-5", "blue-5"], ["blue-3", "blue-4", "blue-6"]])
    after, events = apply_action(match, 0, play("pair", ["red-5", "blue-5"]))
    assert readable_state(after.state)["hands"][0] == []
    after, events = apply_action(after, 1, play("any", ["blue-3", "blue-4", "blue-6"]))
    assert after.result is not None and after.result.winners == (1,)
    assert only(events, "player_lost").data["seat"] == 0


@pytest.mark.parametrize(
    ("action", "rule", "words"),
    [
        (play("oak", ["red-5"]), "R2", "no tree 'oak'"),
        (play("single-red", ["red-5"]), "R2", "no tree"),
        (play("single", ["purple-5"]), "R1", "no card 'purple-5'"),
        (play("single", ["red-16"]), "R1", "no card"),
        (play("single", ["green-5"]), "R4", "do not hold green-5"),
        (play("pair", ["red-5", "red-5"]), "R4", "listed twice"),
        (play("single", []), "R4", "at least one card"),
    ],
)
def test_r4_plays_must_use_real_cards_from_the_hand_on_a_real_tree(
    action: dict[str, Any], rule: str, words: str
) -> None:
    match = table([["red-5", "blue-5", "copy"], ["green-3"]])
    error = refusal(match, 0, action)
    assert (error.rule, words in error.message) == (rule, True)


# --- R5: tree rules ----------------------------------------------------------------------------------


def test_r5_single_takes_one_card_of_an_allowed_colour_above_the_top_card() -> None:
    hands = [["red-4", "red-9", "blue-9", "yellow-12"], ["green-1"], ["green-2"]]
    match = table(hands, piles={"single-red-yellow": [["yellow-7"]]})
    assert "above 7" in refusal(match, 0, play("single-red-yellow", ["red-4"])).message
    assert "only red or yellow" in refusal(match, 0, play("single-red-yellow", ["blue-9"])).message
    assert refusal(match, 0, play("single-red-yellow", ["red-9", "yellow-12"])).rule == "R5"
    listed = [a.to_json() for a in legal_actions(match, 0, {"tree": "single-red-yellow"})]
    assert listed == [play("single-red-yellow", ["red-9"]), play("single-red-yellow", ["yellow-12"])]
    after, events = apply_action(match, 0, play("single-red-yellow", ["red-9"]))
    assert readable_state(after.state)["piles"]["single-red-yellow"][-1] == {
        "seat": 0,
        "cards": ["red-9"],
        "copies": [],
    }
    assert not [e for e in events if e.kind in ("apples_taken", "card_drawn", "reward_skipped")]  # no reward


def test_r5_the_two_player_single_tree_takes_any_colour() -> None:
    match = table([["green-3", "yellow-8"], ["red-1"]])
    listed = [a.to_json() for a in legal_actions(match, 0, {"tree": "single"})]
    assert listed == [play("single", ["green-3"]), play("single", ["yellow-8"])]


@pytest.mark.parametrize(("tree", "size"), [("pair", 2), ("three-of-a-kind", 3), ("four-of-a-kind", 4)])
def test_r5_of_a_kind_trees_take_exactly_that_many_cards_of_one_higher_rank(tree: str, size: int) -> None:
    sixes = ["red-6", "blue-6", "yellow-6", "green-6"]
    nines = ["red-9", "blue-9", "yellow-9", "green-9"]
    match = table([[*sixes, *nines, "red-2"], ["green-1"]], piles={tree: [["red-7"] * size]})
    assert "above 7" in refusal(match, 0, play(tree, sixes[:size])).message
    assert "exactly" in refusal(match, 0, play(tree, nines[: size - 1])).message
    if size > 2:
        mixed = [*nines[: size - 1], "red-6"]
        assert "same rank" in refusal(match, 0, play(tree, mixed)).message
    more = [*nines, "red-2"][: size + 1]
    assert refusal(match, 0, play(tree, more)).rule == "R5"
    validate_action(match, 0, play(tree, nines[:size]))
    empty = table([[*sixes, "red-2"], ["green-1"]])
    validate_action(empty, 0, play(tree, sixes[:size]))  # an empty tree takes any rank


def test_r5_straight_needs_three_or_more_consecutive_ranks_without_repeats_or_wrap_around() -> None:
    hand = ["red-1", "blue-2", "green-2", "yellow-3", "red-4", "blue-6", "red-14", "green-15"]
    match = table([hand, ["green-1"]])
    validate_action(match, 0, play("straight", ["red-1", "green-2", "yellow-3"]))  # colours are free
    validate_action(match, 0, play("straight", ["red-1", "blue-2", "yellow-3", "red-4"]))
    assert "at least 3" in refusal(match, 0, play("straight", ["red-1", "blue-2"])).message
    assert "consecutive" in refusal(match, 0, play("straight", ["yellow-3", "red-4", "blue-6"])).message
    assert "repeat" in refusal(match, 0, play("straight", ["red-1", "blue-2", "green-2"])).message
    wrap = ["red-14", "green-15", "red-1"]
    assert "consecutive" in refusal(match, 0, play("straight", wrap)).message


def test_r5_straight_flush_and_any_need_more_cards_than_the_top_but_no_higher_rank() -> None:
    hand = ["red-1", "red-2", "red-3", "red-4", "red-5", "blue-7"]
    top = {"straight": [["blue-10", "blue-11", "blue-12"]], "flush": [["green-13", "green-14", "green-15"]]}
    match = table([hand, ["green-1"]], piles={**top, "any": [["yellow-13", "yellow-14", "yellow-15"]]})
    for tree in ("straight", "flush", "any"):
        assert "more than the 3 on top" in refusal(match, 0, play(tree, hand[:3])).message
        validate_action(match, 0, play(tree, hand[:4]))  # one more card, lower ranks
        validate_action(match, 0, play(tree, hand[:5]))  # more than one more is allowed
    shown = {t["id"]: t for t in view(match, 0)["trees"]}
    assert (shown["straight"]["min_cards"], shown["straight"]["min_rank"], shown["straight"]["max_cards"]) == (
        4,
        None,
        None,
    )


def test_r5_flush_is_one_colour_and_any_takes_anything() -> None:
    hand = ["red-1", "red-9", "red-13", "blue-4", "green-7", "yellow-7"]
    match = table([hand, ["green-1"]])
    validate_action(match, 0, play("flush", ["red-1", "red-9", "red-13"]))
    assert "one colour" in refusal(match, 0, play("flush", ["red-1", "red-9", "blue-4"])).message
    validate_action(match, 0, play("any", ["red-1", "blue-4", "green-7", "yellow-7"]))
    assert "at least 3" in refusal(match, 0, play("any", ["green-7", "yellow-7"])).message


# --- R6: copy cards ------------------------------------------------------------------------------------


def test_r6_rulebook_example_a_copy_played_with_a_red_7_is_a_red_7() -> None:
    match = table([["red-7", "copy", "green-2"], ["green-1"]])
    after, events = apply_action(match, 0, play("pair", ["red-7"], ["red-7"]))
    assert readable_state(after.state)["piles"]["pair"] == [{"seat": 0, "cards": ["red-7"], "copies": ["red-7"]}]
    assert readable_state(after.state)["hands"][0] == ["green-2"]
    assert only(events, "cards_played").data == {"seat": 0, "tree": "pair", "cards": ["red-7"], "copies": ["red-7"]}
    shown = {t["id"]: t for t in view(after, 1)["trees"]}
    assert shown["pair"]["min_rank"] == 8  # the copy made a pair of 7s


def test_r6_rulebook_example_with_blue_7_and_red_7_the_copy_may_copy_either() -> None:
    match = table([["red-7", "blue-7", "copy"], ["green-1"]])
    for copied in ("red-7", "blue-7"):
        validate_action(match, 0, play("three-of-a-kind", ["blue-7", "red-7"], [copied]))
    listed = [a.to_json() for a in legal_actions(match, 0, {"tree": "three-of-a-kind"})]
    assert listed == [
        play("three-of-a-kind", ["red-7", "blue-7"], ["red-7"]),
        play("three-of-a-kind", ["red-7", "blue-7"], ["blue-7"]),
    ]
    after, _ = apply_action(match, 0, play("three-of-a-kind", ["blue-7", "red-7"], ["blue-7"]))
    assert readable_state(after.state)["piles"]["three-of-a-kind"][-1]["copies"] == ["blue-7"]


def test_r6_a_copy_card_needs_a_number_card_and_never_goes_on_a_single_tree() -> None:
    match = table([["red-7", "copy", "copy"], ["green-1"]])
    assert refusal(match, 0, play("pair", [], ["red-7"])).rule == "R6"
    error = refusal(match, 0, play("single", ["red-7"], ["red-7"]))
    assert (error.rule, "Single" in error.message) == ("R6", True)
    assert not [a for a in legal_actions(match, 0, {"tree": "single"}) if isinstance(a, Play) and a.copies]


def test_r6_each_copy_copies_a_number_card_of_the_same_play() -> None:
    match = table([["red-7", "blue-7", "green-9", "copy"], ["green-1"]])
    assert "not played" in refusal(match, 0, play("pair", ["red-7"], ["blue-7"])).message
    assert "another copy" in refusal(match, 0, play("pair", ["red-7"], [COPY])).message
    assert "in 'copies'" in refusal(match, 0, play("pair", ["red-7", COPY], [])).message
    assert "hold 1" in refusal(match, 0, play("three-of-a-kind", ["red-7"], ["red-7", "red-7"])).message


def test_r6_copies_count_as_cards_and_take_the_copied_colour_and_rank() -> None:
    match = table([["red-9", "red-3", "blue-4", "copy", "copy", "copy"], ["green-1"]])
    validate_action(match, 0, play("four-of-a-kind", ["red-9"], ["red-9", "red-9", "red-9"]))
    validate_action(match, 0, play("any", ["red-3"], ["red-3", "red-3"]))
    validate_action(match, 0, play("flush", ["red-3", "red-9"], ["red-9"]))
    error = refusal(match, 0, play("flush", ["red-3", "blue-4"], ["blue-4"]))
    assert (error.rule, "one colour" in error.message) == ("R5", True)
    # a copy repeats the rank it copies, so it never fits a Straight
    straight = table([["red-2", "red-3", "red-4", "copy"], ["green-1"]])
    assert "repeat" in refusal(straight, 0, play("straight", ["red-2", "red-3", "red-4"], ["red-4"])).message


# --- R7: rewards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tree", "cards", "copies", "apples"),
    [
        ("three-of-a-kind", ["red-5", "blue-5", "green-5"], [], 1),
        ("four-of-a-kind", ["red-5", "blue-5", "green-5"], ["red-5"], 2),
        ("straight", ["red-5", "blue-6", "green-7"], [], 1),
        ("flush", ["red-5", "red-9", "red-11"], [], 1),
        ("any", ["blue-5", "blue-6", "red-11"], [], 1),
    ],
)
def test_r7_apple_rewards(tree: str, cards: list[str], copies: list[str], apples: int) -> None:
    hand = ["red-5", "blue-5", "green-5", "blue-6", "green-7", "red-9", "red-11", "copy"]
    match = table([hand, ["green-1"]], apples=[1, 0], supply=10)
    after, events = apply_action(match, 0, play(tree, cards, copies))
    assert after.state["apples"] == [1 + apples, 0]
    assert after.state["supply"] == 10 - apples
    assert only(events, "apples_taken").data == {"seat": 0, "count": apples, "supply": 10 - apples}
    assert "reward_skipped" not in kinds(events)


def test_r7_four_of_a_kind_with_one_apple_left_gives_one() -> None:
    fours = ["red-5", "blue-5", "yellow-5", "green-5"]
    match = table([fours, ["green-1"]], apples=[0, 15], supply=1)
    after, events = apply_action(match, 0, play("four-of-a-kind", fours))
    assert (after.state["apples"], after.state["supply"]) == ([1, 15], 0)
    assert only(events, "apples_taken").data["count"] == 1
    assert only(events, "reward_skipped").data == {"seat": 0, "tree": "four-of-a-kind", "reward": "apple", "missing": 1}


def test_r7_an_empty_supply_gives_no_apple() -> None:
    match = table([["red-1", "red-2", "red-3"], ["green-1"]], apples=[0, 16], supply=0)
    after, events = apply_action(match, 0, play("flush", ["red-1", "red-2", "red-3"]))
    assert (after.state["apples"], after.state["supply"]) == ([0, 16], 0)
    assert "apples_taken" not in kinds(events)
    assert only(events, "reward_skipped").data["reward"] == "apple"


def test_r7_a_pair_draws_the_redraw_decks_top_card_in_secret() -> None:
    match = table([["red-5", "blue-5", "green-12"], ["green-1"]], redraw=["yellow-1", "blue-14"])
    after, events = apply_action(match, 0, play("pair", ["red-5", "blue-5"]))
    assert readable_state(after.state)["hands"][0] == ["green-12", "blue-14"]
    assert readable_state(after.state)["redraw"] == ["yellow-1"]
    drawn = only(events, "card_drawn")
    assert (drawn.data, drawn.visible_to) == ({"seat": 0, "redraw_size": 1}, None)
    seen = only(events, "card_received")
    assert (seen.data, seen.visible_to) == ({"seat": 0, "card": "blue-14"}, (0,))
    assert "blue-14" not in json.dumps([e.to_json() for e in events if e.visible_to is None])


def test_r7_a_pair_with_an_empty_redraw_deck_draws_nothing() -> None:
    match = table([["red-5", "blue-5"], ["green-1"]], redraw=[])
    after, events = apply_action(match, 0, play("pair", ["red-5", "blue-5"]))
    assert readable_state(after.state)["hands"][0] == []
    assert only(events, "reward_skipped").data == {"seat": 0, "tree": "pair", "reward": "card", "missing": 1}
    assert "card_drawn" not in kinds(events)


# --- R9: the multi-round variant ---------------------------------------------------------------------


def losing_round(rotten: list[int]) -> Match:
    """Three players in rounds mode where seat 1 cannot act after seat 0 plays red 5."""
    hands = [["red-5", "blue-9"], ["yellow-3"], ["green-2"]]
    return table(hands, mode="rounds", rotten=rotten, apples=[2, 0, 3], supply=11, round_number=3)


def test_r9_the_round_loser_takes_a_rotten_apple_and_deals_a_fresh_round_from_all_64_cards() -> None:
    after, events = apply_action(losing_round([1, 0, 0]), 0, play("single-red-yellow", ["red-5"]))
    state = readable_state(after.state)
    assert kinds(events)[:4] == ["cards_played", "player_lost", "rotten_apple_taken", "round_started"]
    assert only(events, "rotten_apple_taken").data == {"seat": 1, "rotten": 1}
    assert state["rotten"] == [1, 1, 0]
    assert (state["round"], state["dealer"], state["turn"]) == (4, 1, 1)
    assert after.to_act == (1,)
    assert (state["apples"], state["supply"]) == ([0, 0, 0], 16)  # apples go back to the supply
    assert all(pile == [] for pile in state["piles"].values())
    assert [len(hand) for hand in state["hands"]] == [15, 15, 15]
    assert all_cards(state) == Counter(DECK)
    assert after.result is None
    dealt = [e for e in events if e.kind == "hand_dealt"]
    assert [(e.visible_to, e.data["cards"]) for e in dealt] == [((s,), state["hands"][s]) for s in range(3)]
    assert events[-1].kind == "turn_started" and events[-1].data == {"seat": 1}


def test_r9_a_second_rotten_apple_loses_the_match_and_everyone_else_wins() -> None:
    after, events = apply_action(losing_round([1, 1, 0]), 0, play("single-red-yellow", ["red-5"]))
    assert after.state["rotten"] == [1, 2, 0]
    assert kinds(events)[-3:] == ["player_lost", "rotten_apple_taken", "match_over"]
    assert after.result is not None and after.result.winners == (0, 2)
    assert view(after, None)["loser"] == 1


def test_r9_rounds_are_played_to_the_end_with_rotten_apples_kept() -> None:
    match, _ = new_match("girafferaffe", 3, {"mode": "rounds", "first_player": 0}, seed=5)
    rounds = set()
    while match.to_act:
        seat = match.to_act[0]
        match, _ = apply_action(match, seat, next(legal_actions(match, seat)))
        rounds.add(match.state["round"])
    assert len(rounds) >= 2
    assert sorted(match.state["rotten"])[-1] == 2
    assert sum(match.state["rotten"]) == len(rounds)
    assert match.result is not None and match.state["loser"] not in match.result.winners


# --- G4: what each seat sees ---------------------------------------------------------------------------


def test_views_show_only_the_own_hand_and_public_counts() -> None:
    match = table(
        [["red-5", "blue-9"], ["green-3"], ["yellow-2", "copy"]],
        redraw=["red-1", "red-2"],
        aside=["red-3"],
        apples=[1, 0, 2],
        supply=13,
    )
    for seat in (0, 1, 2):
        seen = view(match, seat)
        assert seen["hands"] == [readable_state(match.state)["hands"][s] if s == seat else None for s in range(3)]
        assert seen["hand_sizes"] == [2, 1, 2]
        assert (seen["apples"], seen["supply"]) == ([1, 0, 2], 13)
        assert (seen["redraw_size"], seen["redraw_deck"]) == (2, None)
        assert (seen["out_of_play_size"], seen["out_of_play"]) == (1, None)
        assert seen["robot"] is None
    spectator = view(match, None)
    assert spectator["hands"] == [None, None, None]
    assert "red-1" not in json.dumps(spectator) and "red-5" not in json.dumps(spectator)


def test_hidden_paths_name_every_secret_card_until_the_match_ends() -> None:
    match = table([["red-5", "blue-9"], ["green-3"]], redraw=["red-1", "red-2"], aside=["red-3"])
    hidden = set(GAME.hidden_paths(match.state, 0, 0.0))
    assert hidden == {("hands", 1), ("redraw", 0), ("redraw", 1), ("aside", 0)}  # a hand is one integer
    spectator = set(GAME.hidden_paths(match.state, None, 0.0))
    assert spectator == hidden | {("hands", 0)}
    over, _ = apply_action(match, 0, play("single", ["red-5"]))
    assert over.result is not None
    assert list(GAME.hidden_paths(over.state, None, 0.0)) == []


def test_the_finished_match_reveals_every_card() -> None:
    match = table([["red-5", "blue-9"], ["green-3"]], redraw=["red-1"], aside=["red-3"])
    over, _ = apply_action(match, 0, play("single", ["red-5"]))
    seen = view(over, None)
    assert seen["hands"] == [["blue-9"], ["green-3"]]
    assert (seen["redraw_deck"], seen["out_of_play"]) == (["red-1"], ["red-3"])
    assert (seen["winners"], seen["loser"]) == ([0], 1)


def test_make_state_checks_nothing_but_keeps_hands_in_canonical_order() -> None:
    state = make_state([["copy", "green-2", "red-10", "blue-2"], []])
    assert readable_state(state)["hands"][0] == ["blue-2", "green-2", "red-10", "copy"]
