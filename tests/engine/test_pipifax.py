"""Pipifax scenarios from fixed layouts: one test per ruling (P1-P5) and the rulebook's Simon example."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from engine import (
    IllegalAction,
    Match,
    MatchOver,
    NotYourTurn,
    apply_action,
    count_legal_actions,
    legal_actions,
    new_match,
    validate_action,
    view,
)
from engine.games.pipifax import ANIMALS, COLOURS, Flip, PipifaxState

# Rows by back colour (P2 standard): positions 0-5 blue, 6-11 green, 12-17 red, 18-23 yellow;
# within each row the animals stand in ANIMALS order, so position = 6 * colour + animal.
GIRAFFE = ANIMALS.index("giraffe")


def position(colour: str, animal: str) -> int:
    return 6 * COLOURS.index(colour) + ANIMALS.index(animal)


def table(die: str, *, turn: int = 0, players: int = 3, flipped: list[int] | None = None) -> Match:
    """A match at version 0 with the fixed row layout, ``die`` showing and ``turn`` to flip."""
    state: PipifaxState = {
        "players": players,
        "colours": [c for c in COLOURS for _ in ANIMALS],
        "animals": [a for _ in COLOURS for a in ANIMALS],
        "turn": turn,
        "die": die,
        "flipped": flipped or [],
        "winner": None,
    }
    return Match("pipifax", players, {"variant": "standard", "first_player": turn}, seed=11, version=0, state=state)


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def test_p1_cards_are_six_animals_in_each_of_four_back_colours() -> None:
    for variant in ("standard", "wild"):
        match, _ = new_match("pipifax", 2, {"variant": variant}, seed=5)
        pairs = Counter(zip(match.state["colours"], match.state["animals"], strict=True))
        assert set(pairs) == {(c, a) for c in COLOURS for a in ANIMALS}
        assert set(pairs.values()) == {1}


def test_p2_standard_setup_groups_each_back_colour_together() -> None:
    rows = set()
    for seed in range(4):
        match, _ = new_match("pipifax", 4, {"variant": "standard"}, seed=seed)
        assert match.state["colours"] == [c for c in COLOURS for _ in ANIMALS]
        for start in range(0, 24, 6):
            row = tuple(match.state["animals"][start : start + 6])
            assert sorted(row) == sorted(ANIMALS)
            rows.add(row)
    assert len(rows) > 4  # each group is shuffled on its own


def test_p2_wild_setup_mixes_all_24_cards() -> None:
    layouts = {tuple(new_match("pipifax", 2, {"variant": "wild"}, seed=s)[0].state["colours"]) for s in range(5)}
    assert tuple(c for c in COLOURS for _ in ANIMALS) not in layouts
    assert len(layouts) == 5


def test_p2_back_colours_are_public_and_animals_hidden() -> None:
    match, _ = new_match("pipifax", 3, seed=8)
    for seat in (None, 0, 1, 2):
        seen = view(match, seat)
        assert [c["colour"] for c in seen["cards"]] == match.state["colours"]
        assert all(c["animal"] is None and not c["face_up"] for c in seen["cards"])


def test_p3_each_turn_starts_with_a_public_die_roll() -> None:
    match, events = new_match("pipifax", 3, {"first_player": 1}, seed=2)
    assert match.to_act == (1,)
    assert [(e.kind, e.data["seat"], e.visible_to) for e in events] == [("die_rolled", 1, None)]
    assert events[0].data["animal"] == match.state["die"] in ANIMALS


def test_p3_a_match_keeps_the_card_up_and_rolls_again_for_the_same_player() -> None:
    match = table("giraffe", turn=2)
    after, events = apply_action(match, 2, Flip(position("red", "giraffe")))
    assert kinds(events) == ["card_flipped", "die_rolled"]
    red_giraffe = position("red", "giraffe")
    assert events[0].data == {"seat": 2, "position": red_giraffe, "colour": "red", "animal": "giraffe"}
    assert events[1].data["seat"] == 2
    assert after.to_act == (2,)
    assert after.state["flipped"] == [red_giraffe]
    shown = view(after, None)["cards"][red_giraffe]
    assert shown == {"position": red_giraffe, "colour": "red", "face_up": True, "animal": "giraffe"}


def test_p3_a_miss_turns_the_turns_cards_down_and_passes_left() -> None:
    match = table("lion", turn=2, flipped=[position("blue", "lion")])
    after, events = apply_action(match, 2, Flip(position("green", "zebra")))
    assert kinds(events) == ["card_flipped", "cards_turned_down", "turn_passed", "die_rolled"]
    assert events[0].data["animal"] == "zebra"  # everybody saw it (G4)
    assert events[1].data == {"positions": [position("blue", "lion"), position("green", "zebra")]}
    assert events[2].data == {"seat": 0}  # seat 2 of 3: the left neighbour is seat 0 (G1)
    assert after.to_act == (0,) and after.state["flipped"] == []
    assert all(card["animal"] is None for card in view(after, 0)["cards"])


def test_p3_the_next_card_must_differ_in_colour_from_every_card_flipped_this_turn() -> None:
    """The rulebook's Simon example: a red giraffe first, then only blue, green or yellow."""
    simon = 1
    match = table("giraffe", turn=simon)
    match, _ = apply_action(match, simon, Flip(position("red", "giraffe")))
    allowed = {match.state["colours"][a.position] for a in legal_actions(match, simon)}  # type: ignore[attr-defined]
    assert allowed == {"blue", "green", "yellow"}
    assert count_legal_actions(match, simon) == 18
    with pytest.raises(IllegalAction) as refused:
        validate_action(match, simon, Flip(position("red", "lion")))
    assert refused.value.rule == "P3"
    assert "red" in refused.value.message
    with pytest.raises(IllegalAction) as again:
        validate_action(match, simon, Flip(position("red", "giraffe")))
    assert again.value.rule == "P3"


def test_only_the_seat_whose_turn_it_is_may_flip() -> None:
    match = table("monkey", turn=0)
    with pytest.raises(NotYourTurn):
        apply_action(match, 1, Flip(0))


def test_p4_the_fourth_match_of_one_turn_wins_and_leaves_the_cards_up() -> None:
    flipped = [position("blue", "monkey"), position("green", "monkey"), position("red", "monkey")]
    match = table("monkey", turn=1, flipped=flipped)
    after, events = apply_action(match, 1, Flip(position("yellow", "monkey")))
    assert kinds(events) == ["card_flipped", "match_won"]
    assert events[1].data == {"seat": 1, "positions": [*flipped, position("yellow", "monkey")]}
    assert after.is_over and after.to_act == ()
    assert after.result is not None and after.result.winners == (1,)
    assert after.state["flipped"] == [*flipped, position("yellow", "monkey")]
    revealed = view(after, None)["cards"]
    assert [c["animal"] for c in revealed] == after.state["animals"]  # the whole table once over
    with pytest.raises(MatchOver):
        apply_action(after, 1, Flip(0))


def test_p4_four_matches_spread_over_two_turns_do_not_win() -> None:
    match = table("elephant", turn=0, players=2)
    match, _ = apply_action(match, 0, Flip(position("blue", "elephant")))
    match = dataclasses.replace(match, state={**match.state, "die": "zebra"})  # a fixed second roll
    match, _ = apply_action(match, 0, Flip(position("green", "lion")))  # a miss ends seat 0's turn
    assert match.to_act == (1,) and match.state["flipped"] == []


@pytest.mark.parametrize("done", [0, 1, 2, 3])
def test_p5_a_legal_flip_of_the_rolled_animal_always_exists(done: int) -> None:
    flipped = [position(colour, "crocodile") for colour in COLOURS[:done]]
    match = table("crocodile", flipped=flipped)
    legal = [a.position for a in legal_actions(match, 0)]  # type: ignore[attr-defined]
    assert any(match.state["animals"][p] == "crocodile" for p in legal)
    assert len(legal) == 6 * (4 - done)


def test_a_winning_line_can_be_played_from_a_fresh_match() -> None:
    """Found by looking at the hidden layout: four rolls matched in one turn end the match."""
    match, _ = new_match("pipifax", 2, seed=42)
    seat = match.to_act[0]
    for _ in range(200):
        if match.is_over:
            break
        used = {match.state["colours"][p] for p in match.state["flipped"]}
        target = next(
            p
            for p, (c, a) in enumerate(zip(match.state["colours"], match.state["animals"], strict=True))
            if a == match.state["die"] and c not in used
        )
        match, _ = apply_action(match, seat, Flip(target))
    assert match.result is not None and match.result.winners == (seat,)
    assert match.version == 4
