"""A tournament match is void ``absent`` only when it awaited a program that never asked for it (a decision
came to its seat, or its seat left before asking); one that ended before any decision came to the seat is
scored as it ended: pure tables on a fake clock, no Redis, no waiting."""

from __future__ import annotations

import dataclasses

import engine
from arena.matches.table import Table
from arena.matches.time_control import TimeControl, first_starts_after
from arena.tournaments.matches import absent_entrants, outcome_of
from arena.tournaments.record import Tournament
from arena.tournaments.standings import Outcome
from tests.clock import FakeClock
from tests.lobby_helpers import settle_pure, table_for
from tests.tournaments.test_record import tournament

#: The tournament's clock: 2 s per decision, and 30 s for a program's first request, as the API defaults it.
CONTROL = TimeControl(per_action=2.0, on_timeout="forfeit", first_decision=30.0)
#: A Pipifax deal on which the greedy bot, moving first, turns four matching cards at once and wins on its
#: opening turn, within milliseconds of the match's creation: the seed of a match that a test run of the
#: runner saw voided three times (its program could not have asked so soon) before it was scored as it ended.
OPENING_WIN_SEED = 265596607812868021


def greedy_against_a_program(
    clock: FakeClock, first_player: int, seed: int = OPENING_WIN_SEED, *, bot_moves: bool = True
) -> tuple[Tournament, Table]:
    """A round robin's match of the greedy bot (seat 0) against a named program (seat 1) that has not asked
    yet, just created, with the server's bot moves made (unless not ``bot_moves``)."""
    t = tournament(["greedy", "program"], bots={"greedy": "greedy"}).start(clock.now())
    t = t.launch(t.launchable(), clock.now())
    index = next(i for i, p in enumerate(t.pairings) if p.entrants == (0, 1))
    assert index == 0, "the match the helpers below look at"
    seats = [{"bot": "greedy", "name": "greedy"}, {"name": "program"}]
    table = table_for(
        "pipifax", seats, time_control=CONTROL, now=clock.now(), seed=seed, options={"first_player": first_player}
    )
    return t, settle_pure(table, clock.now()) if bot_moves else table


def test_a_match_the_bot_won_before_the_program_had_a_decision_is_scored_as_it_ended() -> None:
    clock = FakeClock()
    t, table = greedy_against_a_program(clock, first_player=0)
    assert table.status == "finished" and table.version == 4, "four matching cards on the bot's opening turn"
    assert not table.has_asked(1) and not table.had_decision(1)
    assert absent_entrants(t, 0, table) == []
    outcome = outcome_of(t, 0, table)
    assert isinstance(outcome, Outcome), "the program's absence changed nothing: the same seed ends it the same way"
    assert outcome.ranks == (1, 2) and outcome.forfeits == (None, None)


def test_a_program_that_never_asked_for_its_decision_makes_the_match_absent() -> None:
    clock = FakeClock()
    t, table = greedy_against_a_program(clock, first_player=1)
    assert table.to_act == (1,) and table.had_decision(1)
    clock.advance(CONTROL.first_decision + 2.0)  # its first decision's allowance and one per-action run out
    table = settle_pure(table, clock.now())
    assert table.is_over and table.seats[1].state == "timed_out"
    assert absent_entrants(t, 0, table) == [1] and outcome_of(t, 0, table) == "absent"


def test_a_program_that_left_before_asking_makes_the_match_absent_even_before_its_decision() -> None:
    """A crash before the program's first request (the host reports it) voids the match, as the docs say."""
    clock = FakeClock()
    t, table = greedy_against_a_program(clock, first_player=0, bot_moves=False)
    assert table.to_act == (0,) and not table.had_decision(1), "the bot is yet to move: no decision came to seat 1"
    table = table.resign(1, clock.now()).table
    assert table.is_over and outcome_of(t, 0, table) == "absent"


def test_a_record_from_before_first_starts_were_kept_counts_every_seat_as_having_had_a_decision() -> None:
    clock = FakeClock()
    t, table = greedy_against_a_program(clock, first_player=0)
    older = Table.from_record(table.match_id, {k: v for k, v in table.record().items() if k != "first_starts"})
    assert older.first_starts == () and older.had_decision(1)
    assert outcome_of(t, 0, older) == "absent", "as before: nothing says the match never came to the seat"
    assert Table.from_record(table.match_id, table.record()).first_starts == table.first_starts


def test_first_starts_keep_each_seats_first_and_stay_unknown_for_a_record_that_kept_starts_before_them() -> None:
    assert first_starts_after((), (), (None, 5.0)) == (None, 5.0), "a new match"
    assert first_starts_after((None, 5.0), (None, 5.0), (7.0, None)) == (7.0, 5.0)
    assert first_starts_after((3.0, 5.0), (None, 5.0), (9.0, 9.0)) == (3.0, 5.0), "a first start is never moved"
    assert first_starts_after((), (None, 5.0), (7.0, None)) == (), "its past is unknown: so it stays"


def test_a_match_played_on_keeps_when_each_seat_first_had_to_decide() -> None:
    clock = FakeClock()
    _, table = greedy_against_a_program(clock, first_player=1)
    created = clock.now()
    table = dataclasses.replace(table, asked=(None, created))
    clock.advance(1)
    table = table.act(1, next(engine.legal_actions(table.match, 1)), clock.now()).table
    assert table.first_starts[1] == created, "its first decision came at the match's creation"
    assert table.first_starts[0] is None, "a server bot's seat has none"
