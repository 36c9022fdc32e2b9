"""The pure table and clock: joins, resignations, aborts, timeouts and deadlines, with no Redis and no clock.

Every transition is given ``now``; tables are seated as ``POST /matches`` seats them.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import engine
from arena.error_codes import ERROR_CODES
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.matches.time_control import TimeControl, earliest, next_deadlines
from arena.matches.views import match_resource
from engine.bots import choose_action
from engine.games.taiga import ANIMALS, CARDS, DISCS
from tests.lobby_helpers import SIMULTANEOUS_TRICKS, settle_pure, table_for

T0 = 1000.0
OPEN: dict[str, Any] = {"open": True}
ADA: dict[str, Any] = {"name": "ada"}


def refusal(error: pytest.ExceptionInfo[ArenaError], status: int, code: str) -> None:
    """The table refused with ``code``, which the API answers with ``status``."""
    assert (ERROR_CODES[error.value.code].status, error.value.code) == (status, code), error.value


def kinds(events: list[engine.Event]) -> list[str]:
    return [event.kind for event in events]


def play_out(table: Table, now: float, bot: str = "greedy", limit: int = 20_000) -> Table:
    """Play ``table`` to its end: seats the server plays by ``server_step``, the others by ``bot``."""
    for _ in range(limit):
        if table.is_over:
            return table
        step = table.server_step(now)
        if step is None:
            seat = table.to_act[0]
            assert table.seats[seat].server_bot is None
            step = table.act(seat, choose_action(table.match, seat, bot), now)
        table = step.table
    raise AssertionError(f"no end after {limit} steps")


# --- joining ---------------------------------------------------------------------------------------


def test_a_table_with_open_seats_waits_and_starts_when_the_last_one_is_taken() -> None:
    table = table_for("pipifax", [ADA, OPEN, {"open": True, "name": "guest"}], seed=5)
    assert table.status == "waiting"
    assert table.to_act == ()
    assert table.open_seats == [1, 2]
    assert table.next_due() is None

    first = table.join(2, "bea", "digest-2", T0 + 1)
    assert first.table.version == 1
    assert first.table.status == "waiting"
    assert first.table.open_seats == [1]
    assert kinds(first.events) == ["joined"]
    assert first.events[0].data == {"seat": 2, "name": "bea"}
    assert first.entry["version"] == 1 and first.entry["action"] is None
    assert first.table.seats[2].kind == "player" and first.table.seats[2].digest == "digest-2"

    second = first.table.join(1, None, "digest-1", T0 + 2)
    assert second.table.version == 2
    assert second.table.status == "active"
    assert second.table.to_act == tuple(second.table.match.to_act)
    assert kinds(second.events) == ["joined", "started"]
    assert second.entry["events"][-1]["kind"] == "started"
    assert second.table.updated_at == T0 + 2
    assert second.table.match.version == 0  # arena steps do not move the engine's own count


def test_joining_a_taken_seat_is_refused_with_match_full() -> None:
    table = table_for("pipifax", [ADA, OPEN])
    with pytest.raises(ArenaError) as error:
        table.join(0, "eve", "digest", T0)
    refusal(error, 409, "match/full")
    joined = table.join(1, "bea", "digest", T0).table
    with pytest.raises(ArenaError) as error:
        joined.join(1, "eve", "digest", T0)
    refusal(error, 409, "match/full")


def test_acting_or_resigning_while_waiting_is_refused_with_match_waiting() -> None:
    table = table_for("pipifax", [ADA, OPEN])
    action = choose_action(table.match, table.match.to_act[0], "random")
    with pytest.raises(ArenaError) as error:
        table.act(0, action, T0)
    refusal(error, 409, "match/waiting")
    assert error.value.details["open"] == [1]
    with pytest.raises(ArenaError) as error:
        table.resign(0, T0)
    refusal(error, 409, "match/waiting")
    assert table.server_step(T0 + 10**6) is None


# --- resigning -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["pipifax", "taiga", "girafferaffe", "pili-pili"])
@pytest.mark.parametrize("leaver", [0, 1])
def test_resigning_in_a_two_player_match_ends_it_with_the_other_seat_winning(game: str, leaver: int) -> None:
    table = table_for(game, 2)
    step = table.resign(leaver, T0 + 1)
    after = step.table
    other = 1 - leaver
    assert after.status == "finished"
    assert after.to_act == ()
    assert after.seats[leaver].state == "resigned"
    assert after.seats[other].state == "playing"
    result = after.result()
    assert result is not None
    assert result["winners"] == [other]
    assert result["ranks"][other] == 1 and result["ranks"][leaver] == 2
    assert kinds(step.events) == ["resigned", "ended"]
    assert step.events[0].data == {"seat": leaver, "reason": "resigned"}
    assert step.events[1].data["reason"] == "left"
    assert step.events[1].data["winners"] == [other]
    assert step.entry["seat"] == leaver and step.entry["action"] is None
    assert after.next_due() is None
    assert after.server_step(T0 + 10**6) is None
    with pytest.raises(ArenaError) as error:
        after.act(other, choose_action(table.match, table.match.to_act[0], "random"), T0 + 2)
    refusal(error, 409, "match/over")
    with pytest.raises(ArenaError) as error:
        after.resign(other, T0 + 2)
    refusal(error, 409, "match/over")


@pytest.mark.parametrize("game", ["pipifax", "taiga", "girafferaffe", "pili-pili"])
@pytest.mark.parametrize("players", [3, 4])
def test_a_resigned_seat_is_played_by_the_random_bot_and_ranks_last(game: str, players: int) -> None:
    table = table_for(game, players, seed=players)
    leaver = table.to_act[0]
    step = table.resign(leaver, T0 + 1)
    after = step.table
    assert after.status == "active"
    assert after.seats[leaver].state == "resigned"
    assert after.seats[leaver].server_bot == "random"
    assert kinds(step.events) == ["resigned"]
    assert after.next_due() == T0 + 1  # the resigned seat must act: the server is due at once

    bot_step = after.server_step(T0 + 2)
    assert bot_step is not None
    assert bot_step.entry["seat"] == leaver
    assert bot_step.entry["action"] == choose_action(after.match, leaver, "random").to_json()
    assert bot_step.table.version == after.version + 1

    with pytest.raises(ArenaError) as error:
        after.resign(leaver, T0 + 2)
    refusal(error, 409, "seat/out")
    with pytest.raises(ArenaError) as error:
        after.act(leaver, choose_action(after.match, leaver, "random"), T0 + 2)
    refusal(error, 409, "seat/out")

    final = play_out(after, T0 + 3)
    assert final.status == "finished"
    result = final.result()
    assert result is not None
    assert leaver not in result["winners"]
    assert result["winners"], result
    assert all(result["ranks"][seat] == 1 for seat in result["winners"])
    others = [rank for seat, rank in enumerate(result["ranks"]) if seat != leaver]
    assert result["ranks"][leaver] > max(others), result
    assert result["ranks"][leaver] == players  # below all players - 1 seats still playing


def test_a_stand_in_win_never_makes_the_resigned_seat_a_winner() -> None:
    """Over many seeds the random stand-in sometimes wins the game; the seat still ranks last."""
    stand_in_won = 0
    for seed in range(40):
        table = table_for("girafferaffe", 3, seed=seed)
        leaver = table.to_act[0]
        final = play_out(table.resign(leaver, T0).table, T0, bot="random")
        assert final.match.result is not None
        stand_in_won += leaver in final.match.result.winners
        result = final.result()
        assert result is not None
        assert leaver not in result["winners"] and result["winners"], (seed, result)
        assert result["ranks"][leaver] == 3, (seed, result)
        assert all(result["ranks"][seat] == 1 for seat in result["winners"])
    assert stand_in_won > 0  # the case this test is about did occur


def test_when_all_but_one_seat_have_left_the_last_one_wins() -> None:
    table = table_for("taiga", 4)
    for seat in (3, 1):
        table = table.resign(seat, T0).table
        assert table.status == "active"
    step = table.resign(0, T0)
    assert step.table.status == "finished"
    assert kinds(step.events) == ["resigned", "ended"]
    assert step.table.result() == {"winners": [2], "scores": None, "ranks": [2, 2, 1, 2]}


# --- aborting --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [[ADA, OPEN], [ADA, ADA]], ids=["waiting", "active"])
def test_abort_ends_the_match_without_a_result(seats: list[dict[str, Any]]) -> None:
    table = table_for("pipifax", seats, time_control=TimeControl(30.0))
    step = table.abort(T0 + 1)
    after = step.table
    assert after.status == "aborted"
    assert after.is_over
    assert after.result() is None
    assert after.to_act == ()
    assert after.deadlines == (None, None)
    assert after.next_due() is None
    assert after.server_step(T0 + 10**6) is None
    assert kinds(step.events) == ["aborted"]
    assert after.version == table.version + 1
    with pytest.raises(ArenaError) as error:
        after.abort(T0 + 2)
    refusal(error, 409, "match/over")
    with pytest.raises(ArenaError) as error:
        after.act(0, choose_action(table.match, table.match.to_act[0], "random"), T0 + 2)
    refusal(error, 409, "match/over")
    with pytest.raises(ArenaError) as error:
        after.resign(0, T0 + 2)
    refusal(error, 409, "match/over")


def test_a_finished_match_cannot_be_aborted() -> None:
    finished = table_for("pipifax", 2).resign(0, T0).table
    with pytest.raises(ArenaError) as error:
        finished.abort(T0)
    refusal(error, 409, "match/over")


# --- timeouts --------------------------------------------------------------------------------------


def test_forfeit_on_timeout_ends_a_two_player_match_for_the_other_seat() -> None:
    table = table_for("pipifax", 2, time_control=TimeControl(0.5, "forfeit"), now=T0)
    first = table.to_act[0]
    assert table.deadlines[first] == T0 + 0.5
    assert table.deadlines[1 - first] is None
    assert table.next_due() == T0 + 0.5
    assert table.server_step(T0 + 0.5 - 1e-3) is None  # not yet

    step = table.server_step(T0 + 0.6)
    assert step is not None
    assert kinds(step.events) == ["timeout", "ended"]
    assert step.events[0].data == {"seat": first, "on_timeout": "forfeit"}
    after = step.table
    assert after.status == "finished"
    assert after.seats[first].state == "timed_out"
    assert after.result() == {"winners": [1 - first], "scores": None, "ranks": [2 if s == first else 1 for s in (0, 1)]}
    assert after.deadlines == (None, None)
    assert after.next_due() is None


def test_an_action_after_the_deadline_is_too_late() -> None:
    table = table_for("pipifax", 2, time_control=TimeControl(0.5), now=T0)
    seat = table.to_act[0]
    action = choose_action(table.match, seat, "random")
    with pytest.raises(ArenaError) as error:
        table.act(seat, action, T0 + 0.51)
    refusal(error, 409, "action/too_late")
    assert table.act(seat, action, T0 + 0.5).table.version == 1  # at the deadline it still counts


def test_bot_on_timeout_makes_the_one_decision_and_the_seat_plays_on() -> None:
    table = table_for("taiga", 3, time_control=TimeControl(2.0, "bot"), now=T0)
    seat = table.to_act[0]
    step = table.server_step(T0 + 2.5)
    assert step is not None
    assert kinds(step.events)[0] == "timeout"
    assert step.events[0].data == {"seat": seat, "on_timeout": "bot"}
    assert step.entry["seat"] == seat
    assert step.entry["action"] == choose_action(table.match, seat, "random").to_json()
    after = step.table
    assert after.status == "active"
    assert after.seats[seat].state == "playing"
    assert after.seats[seat].server_bot is None  # the bot took one decision, not the seat
    for next_seat in after.to_act:
        assert after.deadlines[next_seat] == T0 + 2.5 + 2.0


def test_forfeit_on_timeout_in_a_bigger_match_hands_the_seat_to_the_stand_in() -> None:
    table = table_for("pipifax", 3, time_control=TimeControl(1.0, "forfeit"), now=T0)
    seat = table.to_act[0]
    step = table.server_step(T0 + 1.5)
    assert step is not None
    assert kinds(step.events) == ["timeout"]
    after = step.table
    assert after.status == "active"
    assert after.seats[seat].state == "timed_out"
    assert after.deadlines[seat] is None
    assert after.next_due() == T0 + 1.5  # the stand-in must play the seat now
    bot_step = after.server_step(T0 + 1.5)
    assert bot_step is not None and bot_step.entry["seat"] == seat
    assert bot_step.entry["action"] == choose_action(after.match, seat, "random").to_json()


# --- deadlines -------------------------------------------------------------------------------------


def test_a_seat_gets_per_action_seconds_from_when_it_must_act() -> None:
    control = TimeControl(10.0)
    table = table_for("taiga", 3, time_control=control, now=T0)
    for moment in (T0 + 3, T0 + 7, T0 + 9.5, T0 + 12):
        seat = table.to_act[0]
        before = table.deadlines
        step = table.act(seat, choose_action(table.match, seat, "greedy"), moment)
        table = step.table
        for other in range(3):
            if other not in table.to_act:
                assert table.deadlines[other] is None
            elif other == seat or before[other] is None:
                assert table.deadlines[other] == moment + control.allowance(None)  # a new decision
            else:
                assert table.deadlines[other] == before[other]
        assert table.next_due() == min(d for d in table.deadlines if d is not None)


def test_a_waiting_seat_of_a_simultaneous_phase_keeps_its_deadline() -> None:
    control = TimeControl(10.0)
    options = {"missions": "standard", "mission_deck": SIMULTANEOUS_TRICKS}
    table = table_for("pili-pili", 3, time_control=control, now=T0, options=options)
    moment = T0
    while len(table.to_act) == 1:  # the bets come one at a time
        moment += 1
        seat = table.to_act[0]
        table = table.act(seat, choose_action(table.match, seat, "random"), moment).table
    everyone = table.to_act
    assert len(everyone) == 3
    assert all(table.deadlines[seat] == moment + 10 for seat in everyone)

    first = everyone[1]
    table = table.act(first, choose_action(table.match, first, "random"), moment + 4).table
    assert first not in table.to_act
    assert table.deadlines[first] is None
    for seat in table.to_act:
        assert table.deadlines[seat] == moment + 10  # still the deadline from when the phase began
    assert table.next_due() == moment + 10


def test_bot_seats_have_no_deadline_and_make_the_server_due_at_once() -> None:
    table = table_for("pipifax", [ADA, {"bot": "greedy"}], time_control=TimeControl(5.0), now=T0, seed=2)
    player = 0
    assert table.deadlines[1] is None
    while table.to_act != (1,):
        table = table.act(player, choose_action(table.match, player, "greedy"), T0 + 1).table
        assert table.deadlines[1] is None
    assert table.next_due() == table.updated_at
    bot_step = table.server_step(T0 + 2)
    assert bot_step is not None
    assert bot_step.entry["seat"] == 1
    assert bot_step.entry["action"] == choose_action(table.match, 1, "greedy").to_json()
    settled = settle_pure(table, T0 + 2)
    assert settled.to_act == (0,) or settled.is_over
    assert all(deadline is None for seat, deadline in enumerate(settled.deadlines) if seat == 1)
    if not settled.is_over:
        assert settled.deadlines[0] == T0 + 2 + 5.0


def test_server_bots_decide_with_the_memory_the_table_keeps() -> None:
    """Pipifax's greedy bot remembers past flips: each version's events update its seat's memory in the table.

    Ada flips a card and misses; when the die then shows the animal she turned up, the bot flips that card.
    """
    for position in range(24):
        table = table_for("pipifax", [{"bot": "greedy"}, ADA], seed=4, options={"first_player": 1})
        assert table.memories[1] is None  # a player's seat keeps none
        shown = table.match.state["animals"][position]
        if shown == table.match.state["die"]:
            continue
        after = table.act(1, {"type": "pipifax.flip", "position": position}, T0).table
        remembered = after.memories[0]
        assert remembered is not None and remembered["animals"][position] == shown
        if after.to_act == (0,) and after.match.state["die"] == shown:
            step = after.server_step(T0)
            assert step is not None
            assert step.entry["action"] == {"type": "pipifax.flip", "position": position}
            return
    raise AssertionError("no flip of Ada's was followed by the bot's die showing her animal")


def test_the_memory_a_table_keeps_survives_its_stored_form_and_grows_no_larger() -> None:
    table = table_for("taiga", [{"bot": "greedy"}, {"bot": "random"}], seed=2)
    sizes = []
    while (step := table.server_step(T0)) is not None:
        table = Table.from_record(table.match_id, json.loads(json.dumps(step.table.record())))
        assert table == step.table
        sizes.append(len(json.dumps(table.memories)))
    longest = sorted(ANIMALS, key=len)[-2:]
    # At most a pair per disc and the whole draw pile's order, however long the match.
    everything_known = {"pairs": [longest] * DISCS, "tail": [longest[-1]] * len(CARDS), "pile": len(CARDS)}
    assert max(sizes) <= 2 * len(json.dumps(everything_known)) + len("[, ]")
    assert table.is_over and len(sizes) > 20


def test_a_bot_only_match_is_played_to_its_end_by_the_server() -> None:
    table = table_for("girafferaffe", [{"bot": "random"}, {"bot": "greedy"}], time_control=TimeControl(1.0))
    assert table.deadlines == (None, None)
    final = settle_pure(table, T0)
    assert final.status == "finished"
    assert final.result() is not None
    assert final.next_due() is None


def test_next_due_follows_the_status() -> None:
    waiting = table_for("pipifax", [ADA, OPEN], time_control=TimeControl(5.0), now=T0)
    assert waiting.next_due() is None
    untimed = table_for("pipifax", 2, now=T0)
    assert untimed.deadlines == (None, None)
    assert untimed.next_due() is None
    assert untimed.server_step(T0 + 10**6) is None
    timed = table_for("pipifax", 2, time_control=TimeControl(5.0), now=T0)
    assert timed.next_due() == T0 + 5.0
    assert timed.abort(T0).table.next_due() is None


def test_the_table_survives_its_storage_form() -> None:
    table = table_for("pili-pili", [ADA, {"bot": "random"}, OPEN], time_control=TimeControl(3.0, "bot"))
    table = table.join(2, "bea", "digest", T0 + 1).table
    again = Table.from_record(table.match_id, table.record())
    assert again.record() == table.record()
    assert dataclasses.asdict(again.seats[1]) == dataclasses.asdict(table.seats[1])
    assert again.status == table.status == "active"


def test_a_move_makes_the_table_dataclasses_replace_would_and_computes_its_status_anew() -> None:
    # A move's transitions copy the table without dataclasses.replace (Table._evolve): the same fields,
    # and no cached property (status, controls) carried over from the table before.
    table = table_for("pipifax", [ADA, ADA], seed=3, time_control=TimeControl(5.0, "forfeit"))
    assert (table.status, table.controls) == ("active", (TimeControl(5.0, "forfeit"),) * 2)
    while not table.is_over:
        seat = table.to_act[0]
        step = table.act(seat, choose_action(table.match, seat, "greedy"), T0 + table.version)
        fields = {field.name: getattr(step.table, field.name) for field in dataclasses.fields(Table)}
        replaced = dataclasses.replace(table, **fields)
        assert step.table.record() == replaced.record()
        assert (step.table.status, step.table.controls) == (replaced.status, replaced.controls)
        table = step.table
    assert table.status == "finished"
    with pytest.raises(TypeError, match="no field"):
        table._evolve(versoin=1)


def test_the_table_keeps_its_holder_through_every_version_and_shows_it_to_nobody() -> None:
    holder = "addr:192.0.2.7"
    table = dataclasses.replace(table_for("pipifax", [ADA, OPEN], now=T0), holder=holder)
    joined = table.join(1, "bea", "digest", T0 + 1).table
    assert Table.from_record(joined.match_id, json.loads(json.dumps(joined.record()))).holder == holder
    over = joined.abort(T0 + 2).table
    assert over.is_over and over.holder == holder
    for seat in (None, 0, 1):
        assert "192.0.2.7" not in json.dumps(match_resource(over, seat, T0 + 3))
    stored_before_the_quota = {k: v for k, v in table.record().items() if k != "holder"}
    assert Table.from_record(table.match_id, stored_before_the_quota).holder is None


# --- the clock ---------------------------------------------------------------------------------------


def test_next_deadlines_without_a_time_control_are_all_none() -> None:
    assert next_deadlines(
        (5.0, None), (0,), (0, 1), actor=None, now=1.0, control=None, server_plays=lambda seat: False
    ) == (None, None)


def test_next_deadlines_per_seat() -> None:
    control = TimeControl(10.0)
    deadlines = next_deadlines(
        (5.0, 6.0, None, None),
        (0, 1),  # seats 0 and 1 had to act; seat 0 did
        (0, 1, 2, 3),  # now everyone must
        actor=0,
        now=2.0,
        control=control,
        server_plays=lambda seat: seat == 3,
    )
    assert deadlines == (12.0, 6.0, 12.0, None)
    assert next_deadlines(
        (5.0, 6.0), (0, 1), (), actor=1, now=2.0, control=control, server_plays=lambda seat: False
    ) == (None, None)


def test_earliest_names_the_first_deadline() -> None:
    assert earliest([]) is None
    assert earliest([None, None]) is None
    assert earliest([None, 7.0, 3.0, 9.0]) == (2, 3.0)
    assert earliest([4.0, 4.0]) == (0, 4.0)
