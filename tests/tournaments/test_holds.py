"""A timeout is scored only if the program's runner lived on after it: the pure rule
(``arena/tournaments/holds.py``) and how a tournament match that ended in one is held, scored or voided
(``settled_outcome``), on a fake clock: no Redis, no waiting."""

from __future__ import annotations

import dataclasses

import pytest

from arena.matches.table import Table
from arena.matches.time_control import TimeControl
from arena.tournaments.dispatch import Renewal
from arena.tournaments.holds import Verdict, runner_verdict, timeouts_in
from arena.tournaments.matches import settled_outcome
from arena.tournaments.record import MAX_REPLAYS, Tournament
from arena.tournaments.standings import Outcome
from tests.clock import FakeClock
from tests.lobby_helpers import table_for
from tests.tournaments.test_record import ledger_of, tournament

T0 = 1000.0
FORFEIT = TimeControl(per_action=2.0, on_timeout="forfeit", first_decision=0.0)


@pytest.mark.parametrize(
    ("renewals", "now", "verdict"),
    [
        ({}, T0 + 100, "score"),  # never leased: scored as it ended
        ({0: Renewal(T0 + 1, T0 + 16)}, T0 + 2, "score"),  # renewed after the timeout: the runner lived on
        ({0: Renewal(T0, T0 + 15)}, T0 + 5, "hold"),  # renewed at the very moment: no proof of after
        ({0: Renewal(T0 - 4, T0 + 11)}, T0 + 5, "hold"),  # its lease still runs: wait for the next renewal
        ({0: Renewal(T0 - 4, T0 + 11)}, T0 + 11, "hold"),  # at its end, not yet past it
        ({0: Renewal(T0 - 4, T0 + 11)}, T0 + 11.5, "runner_lost"),  # lapsed with no renewal since
        ({1: Renewal(T0 - 4, T0 + 11)}, T0 + 30, "score"),  # another entrant's lease says nothing of this one
    ],
)
def test_a_timeout_is_scored_held_or_void_by_its_runners_last_renewal(
    renewals: dict[int, Renewal], now: float, verdict: Verdict
) -> None:
    assert runner_verdict({0: T0}, renewals, now) == verdict


@pytest.mark.parametrize(
    ("renewal", "now", "verdict"),
    [
        # the session renewing since before the timeout renewed after it: the same runner lived on
        (Renewal(T0 + 1, T0 + 16, "a", T0 - 30), T0 + 2, "score"),
        (Renewal(T0 + 1, T0 + 16, "a", T0), T0 + 2, "score"),  # its first renewal at the very moment: in force
        # another session renewed after the timeout: the runner there at the timeout was lost (restarted)
        (Renewal(T0 + 1, T0 + 16, "b", T0 + 1), T0 + 2, "runner_lost"),
        (Renewal(T0 + 9, T0 + 24, "b", T0 + 0.5), T0 + 10, "runner_lost"),  # and renewed since: still void
        (Renewal(T0 + 1, T0 + 16), T0 + 2, "score"),  # no session (an older host): as before
        (Renewal(T0 - 4, T0 + 11, "a", T0 - 30), T0 + 5, "hold"),  # not renewed since: wait
        (Renewal(T0 - 4, T0 + 11, "a", T0 - 30), T0 + 11.5, "runner_lost"),  # lapsed first: void
    ],
)
def test_a_renewal_after_the_timeout_proves_its_runner_lived_on_only_from_the_same_session(
    renewal: Renewal, now: float, verdict: Verdict
) -> None:
    assert runner_verdict({0: T0}, {0: renewal}, now) == verdict


@pytest.mark.parametrize(
    ("renewal", "now", "verdict"),
    [
        # a session renewing since before the program asked renewed after the timeout: scored
        (Renewal(T0 + 1, T0 + 16, "a", T0 - 30), T0 + 2, "score"),
        # restarted after the program asked but before its timeout: void at once, no renewal after needed
        (Renewal(T0 - 2, T0 + 13, "b", T0 - 2), T0 + 0.5, "runner_lost"),
        (Renewal(T0 + 3, T0 + 18, "b", T0 - 2), T0 + 4, "runner_lost"),
        # a restarted runner launched the program again, which asked and then timed out: its own timeout
        (Renewal(T0 + 1, T0 + 16, "b", T0 - 5), T0 + 2, "score"),
        (Renewal(T0 - 1, T0 + 14, "b", T0 - 5), T0 + 2, "hold"),
        (Renewal(T0 + 1, T0 + 16), T0 + 2, "score"),  # no session: as before
    ],
)
def test_the_session_must_have_renewed_since_before_the_program_asked(
    renewal: Renewal, now: float, verdict: Verdict
) -> None:
    assert runner_verdict({0: T0}, {0: renewal}, now, asked={0: T0 - 4}) == verdict


def test_a_runner_restarted_within_its_lease_voids_the_timeout_its_death_caused() -> None:
    """On the fake clock: session a renews every 5 s, its program times out at T0, the runner dies and a new
    process (session b) renews 2 s later, its lease never lapsing: the match is void, not scored."""
    clock = FakeClock(T0 - 10)
    renewal = Renewal(clock.now(), clock.now() + 15, "a", clock.now())
    clock.advance(5)
    renewal = Renewal(clock.now(), clock.now() + 15, "a", renewal.since)
    clock.advance(5)  # T0: the timeout
    assert runner_verdict({0: T0}, {0: renewal}, clock.now()) == "hold"
    clock.advance(2)
    restarted = Renewal(clock.now(), clock.now() + 15, "b", clock.now())
    assert renewal.until > clock.now(), "the old lease still ran"
    assert runner_verdict({0: T0}, {0: restarted}, clock.now()) == "runner_lost"
    lived_on = Renewal(clock.now(), clock.now() + 15, "a", renewal.since)
    assert runner_verdict({0: T0}, {0: lived_on}, clock.now()) == "score"


def test_of_several_timed_out_entrants_one_lost_runner_voids_and_one_silent_holds() -> None:
    alive, silent, gone = Renewal(T0 + 1, T0 + 16), Renewal(T0 - 1, T0 + 14), Renewal(T0 - 9, T0 + 6)
    assert runner_verdict({0: T0, 1: T0}, {0: alive, 1: silent}, T0 + 7) == "hold"
    assert runner_verdict({0: T0, 1: T0}, {0: silent, 1: gone}, T0 + 7) == "runner_lost"
    assert runner_verdict({0: T0, 1: T0}, {0: alive, 1: alive}, T0 + 7) == "score"


def timed_out(clock: FakeClock, on_timeout: str = "forfeit") -> tuple[Table, list[dict[str, object]]]:
    """A two-seat match whose seats both asked, and whose seat to act lets its clock run out at the
    clock's time; its log entries from the timeout on."""
    control = dataclasses.replace(FORFEIT, on_timeout=on_timeout)  # type: ignore[arg-type]
    table = table_for("pipifax", 2, time_control=control, now=clock.now() - 2.0)
    table = dataclasses.replace(table, asked=(clock.now() - 2.0, clock.now() - 2.0))
    step = table.time_out(table.to_act[0], clock.now())
    return step.table, [step.entry]


def test_the_log_says_when_each_seat_forfeited_by_a_timeout() -> None:
    clock = FakeClock(T0)
    table, entries = timed_out(clock)
    seat = next(s for s, info in enumerate(table.seats) if info.state == "timed_out")
    assert table.is_over and timeouts_in(entries) == {seat: T0}
    _, stand_in = timed_out(clock, on_timeout="random")
    assert timeouts_in(stand_in) == {}, "a decision the stand-in made is no forfeit"


def launched(bots: dict[str, str] | None = None) -> Tournament:
    t = tournament(["a", "b"], bots=bots).start(1.0)
    return t.launch(t.launchable(), 1.0)


def settle(t: Tournament, table: Table, renewals: dict[int, Renewal], now: float, lost: tuple[str, ...] = ()) -> object:
    seats = [s for s, info in enumerate(table.seats) if info.state == "timed_out"]
    return settled_outcome(t, 0, table, timed_out_at=dict.fromkeys(seats, T0), renewals=renewals, lost=lost, now=now)


def test_a_timeout_whose_runner_goes_silent_is_held_then_void_and_played_again() -> None:
    clock = FakeClock(T0)
    t = launched()
    table, _ = timed_out(clock)
    renewals = {0: Renewal(T0 - 3, T0 + 12), 1: Renewal(T0 - 3, T0 + 12)}
    clock.advance(5)
    assert settle(t, table, renewals, clock.now()) is None, "held: the runner may still renew"
    clock.advance(7.5)
    assert settle(t, table, renewals, clock.now()) == "runner_lost"
    t = t.record(0, "runner_lost", clock.now(), ledger_of(t))
    assert t.states[0] == "pending" and t.voids[0] == ("runner_lost",) and t.recorded == 0, "played again"


def test_a_timeout_whose_runner_renews_after_it_is_scored_as_a_timeout() -> None:
    clock = FakeClock(T0)
    t = launched()
    table, _ = timed_out(clock)
    clock.advance(4)
    outcome = settle(t, table, {0: Renewal(T0 + 4, T0 + 19), 1: Renewal(T0 + 4, T0 + 19)}, clock.now())
    assert isinstance(outcome, Outcome) and "timeout" in outcome.forfeits


def test_a_timeout_is_void_when_another_session_renews_than_the_one_there_when_the_program_asked() -> None:
    clock = FakeClock(T0)
    t = launched()
    table, _ = timed_out(clock)  # both programs asked at T0 - 2
    clock.advance(4)
    same = {e: Renewal(T0 + 4, T0 + 19, "a", T0 - 60) for e in (0, 1)}
    outcome = settle(t, table, same, clock.now())
    assert isinstance(outcome, Outcome) and "timeout" in outcome.forfeits
    restarted = {e: Renewal(T0 + 4, T0 + 19, "b", T0 - 1) for e in (0, 1)}  # began after they asked
    assert settle(t, table, restarted, clock.now()) == "runner_lost"


def test_past_the_replay_limit_nothing_is_held_and_the_timeout_is_scored() -> None:
    clock = FakeClock(T0)
    t = launched()
    for _ in range(MAX_REPLAYS):
        t = t.record(0, "runner_lost", clock.now(), ledger_of(t))
        t = t.launch([0], clock.now())
    table, _ = timed_out(clock)
    gone = {0: Renewal(T0 - 30, T0 - 15), 1: Renewal(T0 - 30, T0 - 15)}
    outcome = settle(t, table, gone, clock.now() + 1)
    assert isinstance(outcome, Outcome) and "timeout" in outcome.forfeits


def test_a_server_bot_or_an_entrant_never_leased_is_scored_at_once() -> None:
    clock = FakeClock(T0)
    table, _ = timed_out(clock)
    t = launched(bots={"a": "random", "b": "random"})
    assert isinstance(settle(t, table, {0: Renewal(T0 - 3, T0 + 12)}, T0 + 1), Outcome), "a bot holds no lease"
    assert isinstance(settle(launched(), table, {}, T0 + 1), Outcome), "no lease, no hold"


def test_a_timeout_in_a_match_its_runner_reported_lost_is_void_worker_lost() -> None:
    clock = FakeClock(T0)
    t = launched()
    table, _ = timed_out(clock)
    alive = {0: Renewal(T0 + 2, T0 + 17), 1: Renewal(T0 + 2, T0 + 17)}
    assert settle(t, table, alive, T0 + 3, lost=(table.match_id,)) == "worker_lost", "even with its runner alive"
    assert settle(t, table, {}, T0 + 3, lost=(table.match_id,)) == "worker_lost", "even with no lease"
    assert isinstance(settle(t, table, alive, T0 + 3, lost=("another",)), Outcome)


def test_a_match_reported_lost_but_ended_by_its_programs_is_scored() -> None:
    t = launched()
    table = table_for("pipifax", 2, time_control=FORFEIT, now=T0)
    table = dataclasses.replace(table, asked=(T0, T0)).resign(0, T0 + 1).table
    assert table.is_over
    outcome = settle(t, table, {0: Renewal(T0, T0 + 15)}, T0 + 2, lost=(table.match_id,))
    assert isinstance(outcome, Outcome) and outcome.forfeits[0] == "resigned", "no loss on time to excuse"


def test_a_program_that_never_asked_makes_the_match_absent_not_held() -> None:
    t = launched()
    table = table_for("pipifax", 2, time_control=FORFEIT, now=T0)
    table = table.time_out(table.to_act[0], T0 + 9).table  # no program asked: the first decision's clock ran out
    renewals = {0: Renewal(T0, T0 + 15), 1: Renewal(T0, T0 + 15)}
    assert settle(t, table, renewals, T0 + 10) == "absent"
    assert settle(t, table, renewals, T0 + 10, lost=(table.match_id,)) == "absent"


def test_a_runner_restarted_before_its_programs_timeout_has_the_match_void() -> None:
    """On the fake clock: session a hosts the program, which asks; the runner dies and a new process (session
    b) renews before the dead program's clock runs out: the timeout that follows is void, never scored."""
    clock = FakeClock(T0 - 10)
    asked = clock.now() + 1
    clock.advance(4)
    restarted = Renewal(clock.now(), clock.now() + 15, "b", clock.now())  # T0 - 6
    clock.advance(6)  # T0: the dead program's timeout
    assert runner_verdict({0: T0}, {0: restarted}, clock.now(), asked={0: asked}) == "runner_lost"
    clock.advance(1)
    renewed = Renewal(clock.now(), clock.now() + 15, "b", restarted.since)
    assert runner_verdict({0: T0}, {0: renewed}, clock.now(), asked={0: asked}) == "runner_lost"
