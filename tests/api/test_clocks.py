"""Fischer clocks (base + increment, with a margin) and a clock per seat, on the pure table: no Redis, no
clock but the times each test passes.

The arithmetic is ``arena/matches/time_control.py``'s; here a match is played move by move and each
seat's time is checked against a model kept by hand: the time a decision took is taken from its seat
when it acts (from when its clock started), never below 0, then the increment is added.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import arena_sdk
import pytest

from arena.errors import ArenaError
from arena.matches.table import SeatInfo, Table
from arena.matches.time_control import TimeControl
from arena.records.verify import RecordInvalid, verify_record
from engine.bots import choose_action
from tests.lobby_helpers import SIMULTANEOUS_TRICKS, table_for
from tests.records.builder import PureMatch

T0 = 1000.0
BASE, INCREMENT, MARGIN = 10.0, 2.0, 1.0
FISCHER = TimeControl(base=BASE, increment=INCREMENT, margin=MARGIN)
FISCHER_JSON = {"base": BASE, "increment": INCREMENT, "margin": MARGIN, "on_timeout": "forfeit", "first_decision": 0.0}


def move(table: Table, seat: int, now: float) -> Table:
    return table.act(seat, choose_action(table.match, seat, "greedy"), now).table


# --- one seat's clock ------------------------------------------------------------------------------


def test_a_fischer_seat_starts_with_its_base_and_times_out_when_it_and_the_margin_are_spent() -> None:
    table = table_for("taiga", 2, time_control=FISCHER, now=T0)
    seat = table.to_act[0]
    assert table.deadlines[seat] == T0 + BASE + MARGIN
    assert [table.remaining_of(s) for s in (0, 1)] == [BASE, BASE]
    assert table.server_step(T0 + BASE + MARGIN - 0.01) is None, "the margin is part of the seat's time"
    step = table.server_step(T0 + BASE + MARGIN)
    assert step is not None and step.table.seats[seat].state == "timed_out"
    with pytest.raises(ArenaError) as late:
        table.act(seat, choose_action(table.match, seat, "greedy"), T0 + BASE + MARGIN + 0.01)
    assert late.value.code == "action/too_late"


def test_every_decision_takes_its_time_from_the_seat_and_gives_the_increment_back() -> None:
    """A model by hand: each version starts the next decision (Taiga is one seat at a time)."""
    table = table_for("taiga", 2, time_control=FISCHER, now=T0)
    banks, now, rng = {0: BASE, 1: BASE}, T0, random.Random(5)
    for _ in range(40):
        if table.is_over:
            break
        seat = table.to_act[0]
        assert table.deadlines[seat] == pytest.approx(now + banks[seat] + MARGIN)
        took = rng.uniform(0, banks[seat] + MARGIN)
        now += took
        table = move(table, seat, now)
        banks[seat] = max(0.0, banks[seat] - took) + INCREMENT
        assert [table.remaining_of(s) for s in (0, 1)] == pytest.approx([banks[0], banks[1]])
    assert table.version >= 20


def test_a_move_in_the_margin_counts_but_the_margin_is_never_banked() -> None:
    table = table_for("taiga", 2, time_control=FISCHER, now=T0)
    seat = table.to_act[0]
    after = move(table, seat, T0 + BASE + MARGIN / 2)
    assert after.remaining_of(seat) == INCREMENT, "0 seconds left, then the increment"
    quick = move(table, seat, T0 + 1)
    assert quick.remaining_of(seat) == BASE - 1 + INCREMENT


def test_a_stand_in_move_after_a_timeout_leaves_the_seat_the_increment() -> None:
    control = dataclasses.replace(FISCHER, on_timeout="bot")
    table = table_for("taiga", 2, time_control=control, now=T0)
    seat = table.to_act[0]
    step = table.server_step(T0 + BASE + MARGIN)
    assert step is not None and step.events[0].kind == "timeout"
    after = step.table
    assert after.seats[seat].state == "playing" and after.remaining_of(seat) == INCREMENT
    while after.to_act != (seat,):  # the other seat plays, a second a move
        after = move(after, after.to_act[0], after.updated_at + 1)
    assert after.deadlines[seat] == after.updated_at + INCREMENT + MARGIN, "its next decision has the increment"


def test_a_fischer_seat_is_timed_from_its_programs_first_request() -> None:
    control = dataclasses.replace(FISCHER, first_decision=30.0)
    table = table_for("taiga", 2, time_control=control, now=T0)
    seat = table.to_act[0]
    assert table.deadlines[seat] == T0 + 30 + BASE + MARGIN, "nobody asked yet: the allowance first"
    asked = table.noting_request(seat, T0 + 5)
    assert asked.deadlines[seat] == T0 + 5 + BASE + MARGIN
    assert move(asked, seat, T0 + 8).remaining_of(seat) == BASE - 3 + INCREMENT, "timed from the request"
    # A program that never asked before acting: its action is its first request, so it took no time.
    assert move(table, seat, T0 + 20).remaining_of(seat) == BASE + INCREMENT


def test_an_outage_is_given_back_to_a_fischer_clock() -> None:
    table = table_for("taiga", 2, time_control=FISCHER, now=T0)
    seat = table.to_act[0]
    step = table.extend_clocks(T0 + 2, T0 + 12, T0 + 13)
    assert step is not None
    assert step.events[0].data == {"from": T0 + 2, "until": T0 + 12, "seconds": {str(seat): 10.0}}
    extended = step.table
    assert extended.deadlines[seat] == T0 + 10 + BASE + MARGIN
    after = move(extended, seat, T0 + 15)
    assert after.remaining_of(seat) == BASE - 5 + INCREMENT, "the 10 s of the outage were not taken"


def test_an_outage_keeps_the_first_request_of_a_seat_whose_clock_did_not_run() -> None:
    table = table_for("taiga", 2, time_control=FISCHER, now=T0)
    seat = table.to_act[0]
    other = 1 - seat
    asked = table.noting_request(other, T0 + 1)
    step = asked.extend_clocks(T0 + 2, T0 + 12, T0 + 13)
    assert step is not None and step.table.has_asked(other), "its program asked; the outage does not undo that"
    assert step.table.asked[other] == T0 + 1


def test_seats_of_a_simultaneous_phase_each_spend_their_own_time() -> None:
    options = {"missions": "standard", "mission_deck": SIMULTANEOUS_TRICKS}
    table = table_for("pili-pili", 3, time_control=FISCHER, now=T0, options=options)
    now = T0
    while len(table.to_act) == 1:  # the bets, one at a time, a second each
        now += 1
        table = move(table, table.to_act[0], now)
    assert [table.remaining_of(seat) for seat in range(3)] == [BASE - 1 + INCREMENT] * 3
    banks = [BASE - 1 + INCREMENT] * 3
    begun = now
    first, second = table.to_act[0], table.to_act[1]
    table = move(table, first, begun + 4)
    assert table.remaining_of(first) == banks[first] - 4 + INCREMENT
    assert table.deadlines[second] == begun + banks[second] + MARGIN, "a seat still deciding keeps its clock"
    table = move(table, second, begun + 6)
    assert table.remaining_of(second) == banks[second] - 6 + INCREMENT


# --- a clock per seat ------------------------------------------------------------------------------


def test_each_seat_plays_under_its_own_clock_or_the_matchs() -> None:
    seats: list[dict[str, Any]] = [{"name": "ada", "time_control": FISCHER_JSON}, {"name": "bo"}]
    table = table_for("taiga", seats, time_control=TimeControl(5.0), now=T0, options={"first_player": 0})
    assert table.controls == (FISCHER, TimeControl(5.0))
    assert table.deadlines == (T0 + BASE + MARGIN, None)
    table = move(table, 0, T0 + 3)
    while table.to_act == (0,):
        table = move(table, 0, T0 + 3)
    assert table.to_act == (1,) and table.deadlines[1] == T0 + 3 + 5, "seat 1 is timed per action"
    resources = table.seat_resources()
    assert resources[0]["time_control"] == FISCHER_JSON and resources[0]["remaining"] == table.remaining_of(0)
    assert resources[1]["time_control"]["per_action"] == 5.0 and resources[1]["remaining"] is None


def test_a_seat_with_its_own_clock_in_an_untimed_match_is_the_only_one_timed() -> None:
    seats: list[dict[str, Any]] = [{"name": "ada"}, {"name": "bo", "time_control": {"per_action": 4.0}}]
    table = table_for("taiga", seats, now=T0, options={"first_player": 0})
    assert table.time_control is None and table.is_timed
    assert table.deadlines == (None, None)
    while table.to_act == (0,):
        table = move(table, 0, T0 + 100)  # seat 0 may take its time
    assert table.deadlines[1] == T0 + 100 + 4


def test_an_open_seat_keeps_its_own_clock_when_it_is_joined() -> None:
    seats: list[dict[str, Any]] = [{"name": "ada"}, {"open": True, "time_control": FISCHER_JSON}]
    table = table_for("taiga", seats, time_control=TimeControl(5.0), now=T0)
    joined = table.join(1, "bo", "digest", T0 + 1).table
    assert joined.seats[1].time_control == FISCHER and joined.seats[1].name == "bo"
    assert SeatInfo.from_json(joined.seats[1].to_json()) == joined.seats[1]
    again = Table.from_record(joined.match_id, joined.record())
    assert again.controls == joined.controls and again.remaining == joined.remaining


def test_a_time_control_is_per_action_or_fischer_never_both() -> None:
    with pytest.raises(ValueError, match="either per_action or base"):
        TimeControl(per_action=5.0, base=10.0)
    with pytest.raises(ValueError, match="either per_action or base"):
        TimeControl()
    assert TimeControl.from_json(FISCHER.to_json()) == FISCHER
    assert TimeControl.from_json({"per_action": 5}) == TimeControl(5.0)


# --- records ---------------------------------------------------------------------------------------


def fischer_match(seed: int) -> PureMatch:
    """Seat 0 under its own Fischer clock (the stand-in decides for it when it runs out), seat 1 under the
    match's per-action clock (it forfeits when it runs out)."""
    own = dataclasses.replace(FISCHER, on_timeout="bot")
    seats = [SeatInfo("player", "ada", time_control=own), SeatInfo("player", "bo")]
    played = PureMatch("taiga", seats, {"first_player": 0}, seed=seed, control=TimeControl(30.0, "forfeit"))
    played.play(4)
    while played.table.to_act != (0,):
        played.move()
    played.then(lambda table, now: table.time_out(0, now))  # the stand-in moves for seat 0
    while played.table.status == "active" and played.table.to_act != (1,):
        played.move()
    if played.table.status == "active":
        played.then(lambda table, now: table.time_out(1, now))  # seat 1 forfeits
    return played


def test_a_record_of_seats_under_different_clocks_verifies() -> None:
    record = fischer_match(3).record()
    assert record["seats"][0]["time_control"] == {**FISCHER_JSON, "on_timeout": "bot"}
    assert "time_control" not in record["seats"][1]
    assert verify_record(record).status == "finished"
    assert arena_sdk.verify(record).status == "finished"


def test_a_record_whose_seat_lost_its_own_clock_does_not_verify() -> None:
    record = fischer_match(3).record()
    del record["seats"][0]["time_control"]  # seat 0 now under the match's forfeit clock
    with pytest.raises(RecordInvalid, match="on_timeout bot"):
        verify_record(record)
    record = fischer_match(3).record()
    record["seats"][0]["time_control"] = {"base": 5}
    record["seats"][0]["time_control"]["per_action"] = 5
    with pytest.raises(RecordInvalid, match="time_control is not one"):
        verify_record(record)
