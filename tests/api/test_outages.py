"""No outage of the arena is scored: the time the arena could not serve is given back to every clock.

The rule is pure (``Table.extend_clocks``); the heartbeat, the outages it records and the referee's
hold and pass run here on a fake clock (``tests/clock.py``) against the real Redis, in the test's
process: an outage of minutes takes no time at all. ``tests/e2e/test_outages_live.py`` kills a live
server for real.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.store.outages import OutageLog
from api.usecases import outages
from api.usecases.matches.reading import load_table
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.matches.time_control import TimeControl
from arena.records.verify import verify_record
from engine.bots import choose_action
from tests.api.helpers import assert_error, auth, body_of, context_of, get_json, keep_record
from tests.clock import FakeClock
from tests.lobby_helpers import table_for

T0 = 1000.0
CONTROL = TimeControl(per_action=5.0, on_timeout="forfeit", first_decision=0.0)


# --- the rule --------------------------------------------------------------------------------------


def test_a_decision_running_through_an_outage_gets_the_outage_back() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0)
    seat = table.to_act[0]
    assert table.deadlines[seat] == T0 + 5
    step = table.extend_clocks(T0 + 2, T0 + 12, T0 + 13)
    assert step is not None
    after = step.table
    assert after.deadlines[seat] == T0 + 15 and after.version == table.version + 1
    assert [event.kind for event in step.events] == ["clocks_extended"]
    assert step.events[0].data == {"from": T0 + 2, "until": T0 + 12, "seconds": {str(seat): 10.0}}
    assert after.extend_clocks(T0 + 2, T0 + 12, T0 + 14) is None, "an outage is credited once"


def test_a_decision_that_began_during_the_outage_gets_back_what_it_lost_of_it() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0 + 4)  # the decision came at T0 + 4
    seat = table.to_act[0]
    step = table.extend_clocks(T0, T0 + 10, T0 + 11)
    assert step is not None and step.table.deadlines[seat] == T0 + 4 + 5 + 6


@pytest.mark.parametrize(
    ("control", "down"),
    [
        (CONTROL, (T0 - 20, T0 - 10)),  # the outage ended before the decision came
        (None, (T0 + 1, T0 + 9)),  # no clock runs in an untimed match
    ],
)
def test_no_clock_that_did_not_run_is_extended(control: TimeControl | None, down: tuple[float, float]) -> None:
    table = table_for("pipifax", 2, time_control=control, now=T0)
    assert table.extend_clocks(*down, T0 + 30) is None


# --- the heartbeat, the hold, the pass -----------------------------------------------------------------


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def clocked(settings: Settings, clock: FakeClock) -> FlaskClient:
    return create_app(settings, clock=clock).test_client()


def timed_match(client: FlaskClient) -> tuple[str, list[str], int]:
    time_control = {"per_action": 5.0, "on_timeout": "forfeit", "first_decision": 0.0}
    created = body_of(client.post("/matches", json={"game": "pipifax", "players": 2, "time_control": time_control}))
    match_id = created["match"]["match_id"]
    return match_id, [seat["token"] for seat in created["seats"]], created["match"]["to_act"][0]


def beat_until(client: FlaskClient, clock: FakeClock, until: float) -> None:
    """The API's heartbeat every second up to ``until``."""
    ctx = context_of(client)
    while clock.now() + outages.BEAT_EVERY <= until:
        clock.advance(outages.BEAT_EVERY)
        assert not outages.beat(ctx)


def kinds(client: FlaskClient, match_id: str) -> list[str]:
    return [event["kind"] for event in get_json(client, f"/matches/{match_id}/events?after=0")["events"]]


def test_a_gap_in_the_heartbeat_is_recorded_as_an_outage(clocked: FlaskClient, clock: FakeClock) -> None:
    ctx = context_of(clocked)
    assert outages.serving(ctx), "an API that never beat (an app in a test) counts as serving"
    assert not outages.beat(ctx)
    beat_until(clocked, clock, T0 + 3)
    assert outages.serving(ctx)
    clock.advance(outages.DOWN_AFTER + 0.5)
    assert not outages.serving(ctx), "no beat for longer than DOWN_AFTER: the arena is down"
    clock.advance(20)
    assert outages.beat(ctx)
    assert outages.serving(ctx)
    assert OutageLog(ctx.store).after(None) == [(T0 + 3, T0 + 3 + outages.DOWN_AFTER + 0.5 + 20)]


def test_the_referee_holds_while_the_arena_is_down_and_gives_the_time_back_after(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    ctx = context_of(clocked)
    referee = Referee(ctx, thinker=Thinker(0))
    outages.beat(ctx)
    match_id, _, seat = timed_match(clocked)  # seat's deadline: T0 + 5
    beat_until(clocked, clock, T0 + 2)
    clock.set(T0 + 30)  # down from T0 + 2: no beat for 28 s, the deadline long gone
    assert referee.look() is False, "it holds: nobody could act"
    assert load_table(ctx, match_id).status == "active"
    assert outages.beat(ctx)  # the server is back: the outage is recorded
    assert referee.look() is True
    table = load_table(ctx, match_id)
    assert table.status == "active", "no outage is scored"
    assert table.deadlines[seat] == pytest.approx(T0 + 5 + 28)
    assert kinds(clocked, match_id)[-1] == "clocks_extended"
    beat_until(clocked, clock, T0 + 34)  # serving again, beat after beat
    assert referee.look()
    after = load_table(ctx, match_id)
    assert after.status == "finished" and after.seats[seat].state == "timed_out", "a real timeout still counts"
    assert kinds(clocked, match_id)[-2:] == ["timeout", "ended"]
    keep_record(clocked, match_id)
    record = get_json(clocked, f"/matches/{match_id}/record")
    assert verify_record(record).status == "finished", "the record replays the extension"


def test_a_move_that_arrives_before_the_referees_pass_is_in_time(clocked: FlaskClient, clock: FakeClock) -> None:
    ctx = context_of(clocked)
    outages.beat(ctx)
    match_id, tokens, seat = timed_match(clocked)
    beat_until(clocked, clock, T0 + 2)
    clock.set(T0 + 30)
    outages.beat(ctx)  # back: the outage is recorded, and no referee has passed yet
    table = load_table(ctx, match_id)
    action = choose_action(table.match, seat, "random").to_json()
    headers: dict[str, Any] = {**auth(tokens[seat]), "If-Match": str(table.version)}
    moved = clocked.post(f"/matches/{match_id}/actions", json=action, headers=headers)
    assert moved.status_code == 200, moved.get_data(as_text=True)
    events = get_json(clocked, f"/matches/{match_id}/events?after={table.version}")["events"]
    assert events[0] == {**events[0], "version": table.version + 1, "kind": "clocks_extended"}
    assert moved.get_json()["version"] == table.version + 2, "the move applies after the extension"
    assert load_table(ctx, match_id).seats[seat].state == "playing"


def test_a_move_after_a_deadline_with_no_outage_is_still_too_late(clocked: FlaskClient, clock: FakeClock) -> None:
    ctx = context_of(clocked)
    outages.beat(ctx)
    match_id, tokens, seat = timed_match(clocked)
    beat_until(clocked, clock, T0 + 8)  # the arena served all along
    table = load_table(ctx, match_id)
    action = choose_action(table.match, seat, "random").to_json()
    late = clocked.post(
        f"/matches/{match_id}/actions", json=action, headers={**auth(tokens[seat]), "If-Match": str(table.version)}
    )
    assert_error(late, 409, "action/too_late")
    assert load_table(ctx, match_id).seats[seat].state == "timed_out"
