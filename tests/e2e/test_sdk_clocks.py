"""A Fischer clock of a seat's own and an adjudicated match against a live server, through the generated SDK
as a bot writer uses it: the seat's time left in the match it reads, the arena's end after
``adjudicate_after`` versions, and a record the SDK's ``verify`` and ``arena verify`` accept.

The timing itself is tested on a fake clock (``tests/api/test_clocks_api.py``); here the bounds are
generous (a busy machine may take seconds per request), and nothing sleeps.
"""

from __future__ import annotations

from arena_sdk import Arena, verify

from arena.records.verify import verify_record

BASE, INCREMENT = 600.0, 5.0
#: Generous: how long one turn may take on a busy 2-core machine, request and answer together.
TURN_TAKES_AT_MOST = 60.0


def test_a_seat_plays_on_its_own_fischer_clock_until_the_arena_adjudicates(arena: Arena) -> None:
    own = {"base": BASE, "increment": INCREMENT, "margin": 2.0, "first_decision": 0}
    created = arena.create_match(
        "taiga",
        2,
        {"first_player": 0},
        seed=4,
        seats=[{"name": "me", "time_control": own}, {"bot": "random"}],
        time_control={"per_action": 600},
        adjudicate_after=10,
    )
    match = created.match
    assert match.adjudicate_after == 10
    mine, bots = match.seats[0], match.seats[1]
    assert mine.time_control is not None and mine.time_control.base == BASE and mine.remaining == BASE
    assert bots.time_control is not None and bots.time_control.per_action == 600 and bots.remaining is None
    seat = arena.seat(match.match_id, created.seats[0].token)
    left = BASE
    for turn in seat.turns():
        turn.act(turn.actions[0])
        now_left = arena.match(match.match_id).seats[0].remaining
        assert isinstance(now_left, float)
        assert left - TURN_TAKES_AT_MOST < now_left <= left + INCREMENT, "the turn's time taken, the increment added"
        left = now_left
    final = arena.match(match.match_id)
    assert final.status.value == "finished" and final.version == 11
    events = seat.events(after=10).events
    assert [event.kind for event in events] == ["adjudicated", "ended"]
    assert events[1].data.to_dict()["reason"] == "adjudicated"
    record = arena.record(match.match_id)
    assert record["adjudicate_after"] == 10 and record["seats"][0]["time_control"]["base"] == BASE
    assert final.result is not None and verify(record, match.seed_commitment).result == final.result.to_dict()
    assert verify_record(record).last_version == 11
