"""Fair clocks: a seat is timed from when its program first asks for the match, or after `first_decision`.

The rule is pure (``arena/matches/time_control.py``, ``Table``); the store notes a seat's first request once
(``FIRST_REQUEST_SCRIPT``), moves the referee's due time forward, and costs nothing once a write
has taken the request into the match's record.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.usecases.matches.reading import load_table
from arena.matches.time_control import TimeControl, deadline_of
from engine.bots import choose_action
from tests.api.helpers import auth, body_of, context_of, get_json, store_of
from tests.lobby_helpers import table_for

T0 = 1000.0
CONTROL = TimeControl(per_action=2.0, first_decision=30.0)


# --- the rule ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "asked", "deadline"),
    [
        (T0, None, T0 + 30 + 2),  # nobody asked: the allowance, then per_action
        (T0, T0 + 3, T0 + 3 + 2),  # asked 3 s late: timed from then
        (T0, T0 - 5, T0 + 2),  # asked before the decision came: timed from the decision
        (T0, T0 + 40, T0 + 30 + 2),  # asked after the allowance: the allowance stands
        (None, T0, None),  # no decision, no deadline
    ],
)
def test_a_decision_is_timed_from_the_first_request_or_after_the_allowance(
    start: float | None, asked: float | None, deadline: float | None
) -> None:
    assert deadline_of(start, asked, CONTROL) == deadline


def test_without_an_allowance_every_decision_is_timed_from_its_start() -> None:
    control = TimeControl(per_action=2.0)
    assert control.first_decision == 0.0  # a record from before the allowance existed reads as this
    assert deadline_of(T0, None, control) == deadline_of(T0, T0 + 9, control) == T0 + 2


def test_a_table_brings_the_deadline_forward_when_the_program_asks() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0)
    first = table.to_act[0]
    assert table.deadlines[first] == T0 + 32
    assert table.awaited_seats() == [0, 1]
    asked = table.noting_request(first, T0 + 3)
    assert asked.deadlines[first] == T0 + 5
    assert asked.next_due() == T0 + 5
    assert asked.noting_request(first, T0 + 4) is asked, "the first request stands"
    assert asked.awaited_seats() == [1 - first]
    # The other seat asked before its first decision came: that decision is timed from its start.
    other = asked.noting_request(1 - first, T0 + 4)
    step = other.act(first, choose_action(other.match, first, "random"), T0 + 4.5)
    after = step.table
    for seat in after.to_act:
        assert after.deadlines[seat] == T0 + 4.5 + 2


def test_an_action_or_a_join_counts_as_asking() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0)
    first = table.to_act[0]
    after = table.act(first, choose_action(table.match, first, "random"), T0 + 1).table
    assert after.has_asked(first) and not after.has_asked(1 - first)
    waiting = table_for("pipifax", [{"name": "ada"}, {"open": True}], time_control=CONTROL, now=T0)
    joined = waiting.join(1, "bea", "digest", T0 + 2).table
    assert joined.has_asked(1) and not joined.has_asked(0)


def test_a_seat_that_never_asks_times_out_after_the_allowance() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0)
    first = table.to_act[0]
    assert table.server_step(T0 + 31) is None
    step = table.server_step(T0 + 32.5)
    assert step is not None and step.events[0].kind == "timeout"
    assert step.table.seats[first].state == "timed_out"


def test_first_requests_survive_the_record() -> None:
    table = table_for("pipifax", 2, time_control=CONTROL, now=T0).noting_request(0, T0 + 1)
    again = type(table).from_record(table.match_id, table.record())
    assert again.asked == table.asked and again.starts == table.starts and again.deadlines == table.deadlines


# --- through the API and the store ----------------------------------------------------------------


def create(client: FlaskClient, control: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/matches", json={"game": "pipifax", "players": 2, "seed": 3, "time_control": control})
    assert response.status_code == 201, response.get_json()
    return body_of(response)


def command_calls(client: FlaskClient, command: str) -> int:
    stats = store_of(client).client.info("commandstats")
    return int(stats.get(f"cmdstat_{command}", {}).get("calls", 0))


def test_a_read_by_the_seat_starts_its_clock_and_moves_the_referee_forward(client: FlaskClient) -> None:
    created = create(client, {"per_action": 5, "first_decision": 30})
    match, store = created["match"], store_of(client)
    match_id, first = match["match_id"], match["to_act"][0]
    token = created["seats"][first]["token"]
    assert match["seats"][first]["asked"] is False
    assert match["seats"][first]["deadline"] == pytest.approx(match["created_at"] + 35)
    due_before = store.client.zscore(store.keys.due(), match_id)
    assert due_before == pytest.approx(match["created_at"] + 35)

    view = get_json(client, f"/matches/{match_id}/view", auth(token))
    deadline = view["seats"][first]["deadline"]
    assert view["seats"][first]["asked"] is True
    assert deadline < match["created_at"] + 35 - 20, "the clock started at the read"
    assert store.client.zscore(store.keys.due(), match_id) == pytest.approx(deadline)
    noted = store.client.hget(store.keys.match(match_id), f"asked:{first}")
    assert noted is not None
    assert get_json(client, f"/matches/{match_id}")["seats"][first]["deadline"] == pytest.approx(deadline)

    # A second read writes nothing: the first request stands.
    get_json(client, f"/matches/{match_id}/legal-actions", auth(token))
    assert store.client.hget(store.keys.match(match_id), f"asked:{first}") == noted


def test_once_a_write_holds_the_first_requests_reads_cost_nothing_more(client: FlaskClient) -> None:
    created = create(client, {"per_action": 60, "first_decision": 30})
    match_id = created["match"]["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for token in tokens:  # both programs ask
        get_json(client, f"/matches/{match_id}/view", auth(token))
    first = created["match"]["to_act"][0]
    legal = get_json(client, f"/matches/{match_id}/legal-actions", auth(tokens[first]))
    moved = client.post(
        f"/matches/{match_id}/actions",
        json=legal["actions"][0],
        headers={**auth(tokens[first]), "If-Match": str(legal["version"])},
    )
    assert moved.status_code == 200, moved.get_json()
    reads, notes = command_calls(client, "hmget"), command_calls(client, "hsetnx")
    for _ in range(3):
        for token in tokens:
            get_json(client, f"/matches/{match_id}/view", auth(token))
    assert command_calls(client, "hmget") == reads, "a read looked for first requests the record holds"
    assert command_calls(client, "hsetnx") == notes, "a read noted a first request again"


def test_a_match_nobody_asks_for_times_out_only_after_the_allowance(client: FlaskClient) -> None:
    created = create(client, {"per_action": 2, "first_decision": 30})
    match = created["match"]
    match_id, first, created_at = match["match_id"], match["to_act"][0], match["created_at"]
    ctx = context_of(client)
    store = ctx.store
    assert store.client.zscore(store.keys.due(), match_id) == pytest.approx(created_at + 32)
    table = load_table(ctx, match_id)  # as the referee reads it when that time comes
    assert table.server_step(created_at + 31) is None
    step = table.server_step(created_at + 33)
    assert step is not None and step.table.seats[first].state == "timed_out"
    assert not step.table.has_asked(first)


def test_a_first_decision_out_of_range_is_refused(client: FlaskClient) -> None:
    for value in (-1, 86_401, "soon"):
        response = client.post(
            "/matches",
            json={"game": "pipifax", "players": 2, "time_control": {"per_action": 2, "first_decision": value}},
        )
        assert response.status_code == 422, response.get_json()
        assert body_of(response)["code"] == "request/invalid"


@pytest.mark.parametrize("read", ["view", "legal-actions", "seat-events", "seat-stream"])
def test_asked_says_a_program_asked_in_a_match_without_a_time_control(client: FlaskClient, read: str) -> None:
    """``seats[].asked`` is what the spec says in every match: whether the seat's program has asked for it."""
    created = body_of(client.post("/matches", json={"game": "pipifax", "players": 2}))
    match_id, tokens = created["match"]["match_id"], [seat["token"] for seat in created["seats"]]
    assert [seat["asked"] for seat in get_json(client, f"/matches/{match_id}")["seats"]] == [False, False]
    path = f"/matches/{match_id}/{read}" + ("?after=0" if read == "seat-stream" else "")
    response = client.get(path, headers=auth(tokens[1]), buffered=read != "seat-stream")
    assert response.status_code == 200
    response.close()
    assert [seat["asked"] for seat in get_json(client, f"/matches/{match_id}")["seats"]] == [False, True]
    table = load_table(context_of(client), match_id)
    assert table.has_asked(1) and not table.has_asked(0) and table.deadlines == (None, None)
