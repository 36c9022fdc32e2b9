"""The SDK's Seat against a live server: what a seat sees, its private log, and typed errors."""

from __future__ import annotations

import pytest
from arena_client.models import PipifaxFlip, PipifaxFlipType
from arena_sdk import Arena, IllegalActionError, NotYourTurnError, StaleVersionError

import engine


def test_a_seat_sees_its_own_hand_and_its_private_events_only(arena: Arena) -> None:
    created = arena.create_match("girafferaffe", 2, {"mode": "standard", "first_player": 0}, seed=31)
    seats = [arena.seat(created.match.match_id, s.token) for s in created.seats]
    views = [seat.view() for seat in seats]
    for me, seen in enumerate(views):
        hands = seen.view.to_dict()["hands"]
        assert len(hands[me]) == 15 and hands[1 - me] is None
    public = arena.match(created.match.match_id).view.to_dict()["hands"]
    assert public == [None, None]

    public_kinds = {e.kind for e in arena.events(created.match.match_id).events}
    assert "hand_dealt" not in public_kinds
    for me, seat in enumerate(seats):
        dealt = [e for e in seat.events().events if e.kind == "hand_dealt"]
        assert [e.data["seat"] for e in dealt] == [me]
        assert sorted(dealt[0].data["cards"]) == sorted(views[me].view.to_dict()["hands"][me])


def seed_where_the_first_flip_matches() -> int:
    """A seed whose first roll shows the animal at position 0, so seat 0's first flip is a match."""
    for seed in range(1000):
        match, _ = engine.new_match("pipifax", 2, {"first_player": 0}, seed=seed)
        if match.state["animals"][0] == match.state["die"]:
            return seed
    raise AssertionError("no such seed below 1000")


def test_refusals_arrive_as_typed_errors(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, {"first_player": 0}, seed=seed_where_the_first_flip_matches())
    first, second = (arena.seat(created.match.match_id, s.token) for s in created.seats)
    flip = PipifaxFlip(type_=PipifaxFlipType.PIPIFAX_FLIP, position=0)
    with pytest.raises(NotYourTurnError):
        second.act(flip)
    first.act(flip)  # a match: seat 0 flips again, but not blue (positions 0-5) this turn
    with pytest.raises(IllegalActionError) as refused:
        first.act(PipifaxFlip(type_=PipifaxFlipType.PIPIFAX_FLIP, position=1))
    assert refused.value.rule == "P3"

    action = first.legal_actions()[0]
    first.version = 0  # decided at a version the match has left
    with pytest.raises(StaleVersionError) as moved_on:
        first.act(action)
    assert moved_on.value.current_version == 1
    assert first.version == 1  # the seat learned the current version from the refusal
    assert first.act(action).version == 2
