"""Fischer clocks and a clock per seat through the API, the store and the referee, on a fake clock
(``tests/clock.py``): minutes of play take no time, and the referee's pass is called by the test.

The arithmetic is tested on the pure table (``tests/api/test_clocks.py``); here the match resource
shows each seat's clock and time left, the referee times a Fischer seat out, an outage of the arena
is given back to Fischer clocks, and the records verify.
"""

from __future__ import annotations

from typing import Any

import arena_sdk
import pytest
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.usecases import outages
from api.usecases.matches.reading import load_table
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.records.verify import verify_record
from engine.bots import choose_action
from tests.api.helpers import auth, body_of, context_of, get_json, keep_record
from tests.clock import FakeClock

T0 = 1_700_000_000.0
BASE, INCREMENT, MARGIN = 20.0, 3.0, 1.5
FISCHER = {"base": BASE, "increment": INCREMENT, "margin": MARGIN, "first_decision": 0}
#: The time control as the match keeps and shows it: every default filled in.
FISCHER_SHOWN = {**FISCHER, "first_decision": 0.0, "on_timeout": "forfeit"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def clocked(settings: Settings, clock: FakeClock) -> FlaskClient:
    return create_app(settings, clock=clock).test_client()


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/matches", json={"game": "taiga", "players": 2, "seed": 4, **body})
    assert response.status_code == 201, response.get_json()
    return body_of(response)


def act(client: FlaskClient, match: dict[str, Any], token: str, seat: int) -> dict[str, Any]:
    """``seat`` plays the greedy bot's move at the match's current version."""
    table = load_table(context_of(client), match["match_id"])
    action = choose_action(table.match, seat, "greedy").to_json()
    headers = {**auth(token), "If-Match": str(table.version)}
    response = client.post(f"/matches/{match['match_id']}/actions", json=action, headers=headers)
    assert response.status_code == 200, response.get_json()
    return body_of(response)


def test_the_match_shows_each_seats_clock_and_time_left_as_it_plays(clocked: FlaskClient, clock: FakeClock) -> None:
    created = create(clocked, time_control=FISCHER)
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    assert match["time_control"] == FISCHER_SHOWN
    seat = match["to_act"][0]
    assert [s["time_control"] for s in match["seats"]] == [FISCHER_SHOWN, FISCHER_SHOWN]
    assert [s["remaining"] for s in match["seats"]] == [BASE, BASE]
    assert match["seats"][seat]["deadline"] == T0 + BASE + MARGIN
    clock.advance(4)
    moved = act(clocked, match, tokens[seat], seat)
    assert moved["seats"][seat]["remaining"] == BASE - 4 + INCREMENT
    assert get_json(clocked, f"/matches/{match['match_id']}")["seats"][seat]["remaining"] == BASE - 4 + INCREMENT
    listed = get_json(clocked, "/matches?status=active")["matches"]
    assert [m["seats"][seat]["remaining"] for m in listed if m["match_id"] == match["match_id"]] == [
        BASE - 4 + INCREMENT
    ]


def test_the_referee_times_a_fischer_seat_out_once_its_time_and_margin_are_spent(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    ctx = context_of(clocked)
    referee = Referee(ctx, thinker=Thinker(0))
    created = create(clocked, time_control=FISCHER)
    match = created["match"]
    match_id, seat = match["match_id"], match["to_act"][0]
    clock.advance(BASE + MARGIN - 0.5)
    referee.look()
    assert load_table(ctx, match_id).status == "active", "still in its margin"
    clock.advance(1)
    referee.look()
    table = load_table(ctx, match_id)
    assert table.status == "finished" and table.seats[seat].state == "timed_out"
    keep_record(clocked, match_id)
    record = get_json(clocked, f"/matches/{match_id}/record")
    assert verify_record(record).status == "finished"
    assert arena_sdk.verify(record).result == table.result()


def test_an_outage_is_given_back_to_a_fischer_clock_and_taken_from_nobody(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    ctx = context_of(clocked)
    referee = Referee(ctx, thinker=Thinker(0))
    outages.beat(ctx)
    created = create(clocked, time_control=FISCHER)
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    match_id, seat = match["match_id"], match["to_act"][0]
    clock.advance(2)
    assert not outages.beat(ctx)
    clock.set(T0 + 62)  # down from T0 + 2 for a minute, the seat's time long spent
    assert referee.look() is False, "it holds: nobody could act"
    assert outages.beat(ctx)  # back: the outage is recorded
    assert referee.look() is True
    extended = get_json(clocked, f"/matches/{match_id}")
    assert extended["status"] == "active" and extended["seats"][seat]["deadline"] == T0 + 60 + BASE + MARGIN
    clock.advance(5)  # T0 + 67: the seat took 2 s before the outage and 5 s after it
    moved = act(clocked, extended, tokens[seat], seat)
    assert moved["seats"][seat]["remaining"] == pytest.approx(BASE - 7 + INCREMENT)
    events = get_json(clocked, f"/matches/{match_id}/events?after=0")["events"]
    assert [e["kind"] for e in events if e["kind"] == "clocks_extended"] == ["clocks_extended"]


def test_seats_under_their_own_clocks_are_timed_each_by_its_own(clocked: FlaskClient, clock: FakeClock) -> None:
    ctx = context_of(clocked)
    referee = Referee(ctx, thinker=Thinker(0))
    seats = [{"name": "ada", "time_control": FISCHER}, {"name": "bo", "time_control": {"per_action": 2}}]
    created = create(clocked, seats=seats, options={"first_player": 1}, time_control={"per_action": 600})
    match = created["match"]
    assert match["time_control"]["per_action"] == 600.0, "the match's own clock, for a seat without one"
    assert match["seats"][0]["time_control"] == FISCHER_SHOWN
    assert match["seats"][1]["time_control"] == {"per_action": 2.0, "on_timeout": "forfeit", "first_decision": 30.0}
    assert match["seats"][1]["remaining"] is None
    get_json(clocked, f"/matches/{match['match_id']}/view", auth(created["seats"][1]["token"]))  # bo's program asks
    clock.advance(2.5)
    referee.look()
    table = load_table(ctx, match["match_id"])
    assert table.seats[1].state == "timed_out", "2 s per action, and bo's program had asked"
    keep_record(clocked, match["match_id"])
    record = get_json(clocked, f"/matches/{match['match_id']}/record")
    assert record["seats"][0]["time_control"] == FISCHER_SHOWN and "time_control" in record["seats"][1]
    assert verify_record(record).status == "finished"
    arena_sdk.verify(record)
