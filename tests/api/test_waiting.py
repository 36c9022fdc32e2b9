"""Waiting for a match to change: long-polls, server-sent event streams, and idempotent retries.

All through the Flask test client on the tests' real Redis; a long-poll runs in a thread with its own
test client while the test moves the match, and starts moving only once the waiter is registered.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.http.app import create_app
from api.http.extensions import NOTIFIER_KEY
from api.http.streams.schemas import MatchOverEventSchema, TurnEventSchema
from api.http.streams.sse import KEEP_ALIVE
from api.settings import Settings
from api.store.notifier import Notifier
from tests.api.helpers import (
    Created,
    Json,
    act,
    all_events,
    assert_error,
    auth,
    body_of,
    create_match,
    first_move,
    get_json,
    legal,
    play_random,
    public,
    raw_log,
)
from tests.e2e.sse_client import SseEvent, SseParser

#: Long enough that a waiter that is not woken fails the test instead of passing by luck.
LONG_WAIT = 30
#: How long a test waits for a thread's answer before failing (never reached when all is well).
THREAD_TIMEOUT = 90.0


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=4) as executor:
        yield executor


def until_waiting(app: Flask, future: Future[Any], count: int = 1) -> None:
    """Block until ``count`` long-polls are registered with the app's notifier (or the request ended)."""
    notifier: Notifier = app.extensions[NOTIFIER_KEY]
    deadline = time.monotonic() + THREAD_TIMEOUT
    while notifier.waiting() < count:
        assert not future.done(), body_of(future.result()) if future.result().is_json else future.result()
        assert time.monotonic() < deadline, "the long-poll never started waiting"
        time.sleep(0.005)


def in_thread(pool: ThreadPoolExecutor, app: Flask, url: str, headers: dict[str, str]) -> Future[TestResponse]:
    """``GET url`` on a test client of its own, in a thread."""
    return pool.submit(lambda: app.test_client().get(url, headers=headers))


def finished_match(client: FlaskClient, seed: int = 0) -> Created:
    """A three-player Pili Pili match played to its end (several public events in some versions)."""
    created = create_match(client, "pili-pili", 3, seed=seed)
    play_random(client, created, random.Random(seed))
    return created


# --- long-poll -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wait", ["0", "61", "-1", "abc", "60.5", "nan"])
@pytest.mark.parametrize("path", ["", "/view", "/events", "/seat-events"])
def test_a_wait_out_of_range_is_refused(client: FlaskClient, path: str, wait: str) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    response = client.get(f"{created.url}{path}?wait={wait}", headers={**created.auth(0), "If-None-Match": '"0"'})
    body = assert_error(response, 422, "request/invalid")
    assert "wait" in str(body["details"]), body


@pytest.mark.parametrize("path", ["", "/view"])
def test_a_wait_without_if_none_match_answers_with_the_match(client: FlaskClient, path: str) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    response = client.get(f"{created.url}{path}?wait=60", headers=created.auth(0))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["ETag"] == '"0"'
    assert body_of(response)["version"] == 0


@pytest.mark.parametrize("path", ["", "/view"])
def test_if_none_match_of_the_current_version_is_304_when_the_wait_runs_out(client: FlaskClient, path: str) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    moved = first_move(client, created)
    version = moved["version"]
    for tag in [f'"{version}"', f'W/"{version}"']:
        response = client.get(f"{created.url}{path}?wait=0.2", headers={**created.auth(1), "If-None-Match": tag})
        assert response.status_code == 304, response.get_data(as_text=True)
        assert response.headers["ETag"] == f'"{version}"'
        assert response.get_data() == b""
    assert public(client, created)["version"] == version  # waiting changed nothing


@pytest.mark.parametrize("path", ["", "/view"])
def test_if_none_match_of_an_older_version_answers_with_the_new_one(client: FlaskClient, path: str) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    first_move(client, created)
    response = client.get(f"{created.url}{path}?wait=60", headers={**created.auth(0), "If-None-Match": '"0"'})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["ETag"] == '"1"'
    assert body_of(response)["version"] == 1


@pytest.mark.parametrize("path", ["", "/view"])
def test_a_long_poll_is_woken_by_a_move(app: Flask, client: FlaskClient, pool: ThreadPoolExecutor, path: str) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    waiting = in_thread(pool, app, f"{created.url}{path}?wait={LONG_WAIT}", {**created.auth(1), "If-None-Match": '"0"'})
    until_waiting(app, waiting)
    moved = first_move(client, created)
    response = waiting.result(timeout=THREAD_TIMEOUT)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["ETag"] == f'"{moved["version"]}"'
    body = body_of(response)
    assert body["version"] == moved["version"] == 1
    assert body == get_json(client, f"{created.url}{path}", created.auth(1))


@pytest.mark.parametrize("path", ["", "/view", "/events", "/seat-events"])
def test_a_long_poll_on_a_match_that_is_over_answers_at_once(
    app: Flask, client: FlaskClient, pool: ThreadPoolExecutor, path: str
) -> None:
    """A match that is over never changes again: nothing is waited for (304 at its last version)."""
    created = finished_match(client, seed=2)
    last = public(client, created)["version"]
    url = f"{created.url}{path}?wait=60" + (f"&after={last}" if "events" in path else "")
    waiting = in_thread(pool, app, url, {**created.auth(0), "If-None-Match": f'"{last}"'})
    response = waiting.result(timeout=LONG_WAIT)  # half the wait asked for: it was not waited out
    assert response.status_code == 304, response.get_data(as_text=True)
    assert response.headers["ETag"] == f'"{last}"'


def test_waiting_for_events_is_304_when_none_come(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    first_move(client, created)
    response = client.get(f"{created.url}/events?after=1&wait=0.2")
    assert response.status_code == 304, response.get_data(as_text=True)
    assert response.headers["ETag"] == '"1"'
    response = client.get(f"{created.url}/seat-events?after=1&wait=0.2", headers=created.auth(0))
    assert response.status_code == 304, response.get_data(as_text=True)


def test_waiting_for_events_after_an_older_version_answers_with_the_page(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    first_move(client, created)
    page = get_json(client, f"{created.url}/events?after=0&wait=60")
    assert page["events"] and {e["version"] for e in page["events"]} == {1}
    assert page == get_json(client, f"{created.url}/events?after=0")


def test_waiting_for_events_is_woken_by_a_move(app: Flask, client: FlaskClient, pool: ThreadPoolExecutor) -> None:
    created = create_match(client, "pipifax", 2, seed=1)
    waiting = in_thread(pool, app, f"{created.url}/events?after=0&wait={LONG_WAIT}", {})
    until_waiting(app, waiting)
    moved = first_move(client, created)
    response = waiting.result(timeout=THREAD_TIMEOUT)
    assert response.status_code == 200, response.get_data(as_text=True)
    page = body_of(response)
    assert page["events"], page
    assert {e["version"] for e in page["events"]} == {moved["version"]}
    assert page == get_json(client, f"{created.url}/events?after=0")


def test_a_seats_event_long_poll_is_woken_by_its_own_private_event(
    app: Flask, client: FlaskClient, pool: ThreadPoolExecutor
) -> None:
    """Replay a Pili Pili match up to the move that deals new hands; each seat's wait wakes with its hand."""
    rehearsal = finished_match(client, seed=0)
    log = raw_log(client, rehearsal.match_id)
    dealing = next(e for e in log[1:] if any(event["visible_to"] is not None for event in e["events"]))
    actions = [(entry["seat"], entry["action"]) for entry in log[1 : dealing["version"]]]

    created = create_match(client, "pili-pili", 3, seed=0)
    for version, (seat, action) in enumerate(actions):
        act(client, created, seat, action, version)
    before = dealing["version"] - 1
    assert public(client, created)["version"] == before
    waits = [
        in_thread(pool, app, f"{created.url}/seat-events?after={before}&wait={LONG_WAIT}", created.auth(seat))
        for seat in range(3)
    ]
    for count, waiting in enumerate(waits, start=1):
        until_waiting(app, waiting, count)
    act(client, created, dealing["seat"], dealing["action"], before)
    for seat, waiting in enumerate(waits):
        response = waiting.result(timeout=THREAD_TIMEOUT)
        assert response.status_code == 200, response.get_data(as_text=True)
        events = body_of(response)["events"]
        assert {e["version"] for e in events} == {dealing["version"]}
        private = [e for e in events if e["visible_to"] is not None]
        assert private, events
        assert all(e["visible_to"] == [seat] for e in private), private
        assert events == all_events(client, created.match_id, created.tokens[seat])[-len(events) :]


# --- server-sent events --------------------------------------------------------------------------


def read_stream(client: FlaskClient, url: str, headers: dict[str, str] | None = None) -> list[SseEvent]:
    """Every event of a stream up to ``match_over``; the stream must end right after it."""
    response = client.get(url, headers=headers or {}, buffered=False)
    try:
        assert response.status_code == 200, response.get_data(as_text=True)
        assert response.mimetype == "text/event-stream"
        chunks = response.iter_encoded()
        parser = SseParser()
        events: list[SseEvent] = []
        while not events or events[-1].type != "match_over":
            chunk = next(chunks)
            events.extend(parser.feed(chunk))
        assert events[-1].type == "match_over"
        assert next(chunks, None) is None, "the stream went on after match_over"
        return events
    finally:
        response.close()


def expected_stream(client: FlaskClient, created: Created, after: int = 0) -> list[tuple[str, str, Json]]:
    """``(id, type, data)`` of every public item after version ``after`` of a finished match."""
    events = [e for e in all_events(client, created.match_id) if e["version"] > after]
    final = public(client, created)
    by_version: dict[int, list[tuple[str, Json]]] = {}
    for event in events:
        by_version.setdefault(event["version"], []).append(("event", event))
    end = {"version": final["version"], "status": final["status"], "result": final["result"]}
    by_version.setdefault(final["version"], []).append(("match_over", end))
    items: list[tuple[str, str, Json]] = []
    for version, group in sorted(by_version.items()):
        for index, (kind, data) in enumerate(group):
            items.append((str(version) if index == len(group) - 1 else f"{version}.{index}", kind, data))
    return items


def as_items(events: list[SseEvent]) -> list[tuple[str, str, Json]]:
    return [(str(e.id), e.type, e.json()) for e in events]


def test_a_finished_matchs_stream_replays_every_public_event_then_match_over(client: FlaskClient) -> None:
    created = finished_match(client)
    events = read_stream(client, f"{created.url}/stream?after=0")
    expected = expected_stream(client, created)
    assert as_items(events) == expected
    assert any("." in item_id for item_id, _, _ in expected), "no version with several public events"
    assert events[-1].json()["status"] == "finished"
    assert events[-1].json()["result"]["winners"]
    assert all(e.json()["visible_to"] is None for e in events[:-1])


def test_last_event_id_resumes_right_after_it(client: FlaskClient) -> None:
    created = finished_match(client)
    expected = expected_stream(client, created)
    ids = [item_id for item_id, _, _ in expected]
    assert any("." in i for i in ids) and any("." not in i for i in ids[:-1])
    for index, last_id in enumerate(ids[:-1]):
        resumed = read_stream(client, f"{created.url}/stream", {"Last-Event-ID": last_id})
        assert as_items(resumed) == expected[index + 1 :], last_id


def test_last_event_id_wins_over_after_and_after_resumes_after_a_version(client: FlaskClient) -> None:
    created = finished_match(client)
    expected = expected_stream(client, created)
    for after in [1, 10, 30]:
        resumed = read_stream(client, f"{created.url}/stream?after={after}")
        assert as_items(resumed) == expected_stream(client, created, after)
    resumed = read_stream(client, f"{created.url}/stream?after=1", {"Last-Event-ID": expected[-3][0]})
    assert as_items(resumed) == expected[-2:]


def test_a_finished_matchs_fresh_stream_is_just_match_over(client: FlaskClient) -> None:
    created = finished_match(client)
    final = public(client, created)
    for url, headers in [(f"{created.url}/stream", {}), (f"{created.url}/seat-stream", created.auth(2))]:
        events = read_stream(client, url, headers)
        assert [(e.id, e.type) for e in events] == [(str(final["version"]), "match_over")]
        assert events[0].json() == {"version": final["version"], "status": "finished", "result": final["result"]}


def test_resuming_after_a_finished_matchs_last_event_is_204_so_event_sources_stop(client: FlaskClient) -> None:
    created = finished_match(client)
    final = public(client, created)["version"]
    for url, headers in [(f"{created.url}/stream", {}), (f"{created.url}/seat-stream", created.auth(0))]:
        for asked in [{"Last-Event-ID": str(final)}, {}]:
            query = "" if asked else f"?after={final}"
            response = client.get(url + query, headers={**headers, **asked})
            assert response.status_code == 204, (url, asked, response.status_code)
            assert response.get_data() == b""
        before_end = read_stream(client, f"{url}?after={final - 1}", headers)
        assert before_end[-1].type == "match_over", "resuming before the end still gets the end"


def test_a_seat_stream_of_a_finished_match_holds_its_private_events(client: FlaskClient) -> None:
    created = finished_match(client)
    for seat in range(3):
        events = read_stream(client, f"{created.url}/seat-stream?after=0", created.auth(seat))
        seen = [e.json() for e in events if e.type == "event"]
        assert seen == [e for e in all_events(client, created.match_id, created.tokens[seat]) if e["version"] > 0]
        assert any(e["visible_to"] == [seat] for e in seen)
        assert all(e["visible_to"] is None or seat in e["visible_to"] for e in seen)
        assert [e.type for e in events].count("turn") == 0  # no version but the last was current when read


@pytest.mark.parametrize("last_id", ["abc", "1.x", "12.", ".3", "-1", "1.2.3", "9" * 19])
def test_a_bad_last_event_id_is_refused(client: FlaskClient, last_id: str) -> None:
    created = finished_match(client)
    for url, headers in [(f"{created.url}/stream", {}), (f"{created.url}/seat-stream", created.auth(0))]:
        response = client.get(url, headers={**headers, "Last-Event-ID": last_id})
        assert_error(response, 422, "request/invalid")


def test_stream_errors_are_json(client: FlaskClient) -> None:
    assert_error(client.get("/matches/nope/stream?after=0"), 404, "match/not_found")
    assert_error(client.get("/matches/nope/seat-stream", headers=auth("nope.0." + "a" * 43)), 404, "match/not_found")
    created = create_match(client, "pipifax", 2, seed=1)
    assert_error(client.get(f"{created.url}/seat-stream"), 401, "auth/missing_token")
    assert_error(client.get(f"{created.url}/seat-stream", headers=auth("junk")), 401, "auth/invalid_token")
    assert_error(client.get(f"{created.url}/stream?after=-2"), 422, "request/invalid")  # -1: from the setup
    assert_error(
        client.get(f"{created.url}/seat-stream?legal_limit=1001", headers=created.auth(0)), 422, "request/invalid"
    )


def test_turn_and_match_over_data_follow_their_published_schemas(client: FlaskClient) -> None:
    spec = body_of(client.get("/openapi.json"))
    assert {"TurnEvent", "MatchOverEvent"} <= set(spec["components"]["schemas"])
    created = create_match(client, "pipifax", 2, seed=5, options={"first_player": 0})
    response = client.get(f"{created.url}/seat-stream?legal_limit=3", headers=created.auth(0), buffered=False)
    try:
        parser, events = SseParser(), list[SseEvent]()
        chunks = response.iter_encoded()
        while not events:
            events = parser.feed(next(chunks))
    finally:
        response.close()
    turn = events[0]
    assert (turn.id, turn.type) == ("0", "turn")
    assert TurnEventSchema().validate(turn.json()) == {}
    assert turn.json()["legal_actions"]["total"] == legal(client, created, 0)["total"]
    assert len(turn.json()["legal_actions"]["actions"]) == 3
    finished = finished_match(client)
    (over,) = read_stream(client, f"{finished.url}/stream")
    assert MatchOverEventSchema().validate(over.json()) == {}


# --- a seat stream never misses the pending turn, however it starts ------------------------------


def read_until_turn(client: FlaskClient, url: str, headers: dict[str, str]) -> list[SseEvent]:
    """The stream's items up to and including its first ``turn`` (or ``match_over``)."""
    response = client.get(url, headers=headers, buffered=False)
    try:
        assert response.status_code == 200, response.get_data(as_text=True)
        chunks, parser = response.iter_encoded(), SseParser()
        events: list[SseEvent] = []
        while not events or events[-1].type not in ("turn", "match_over"):
            events.extend(parser.feed(next(chunks)))
        return events
    finally:
        response.close()


def two_seat_match(client: FlaskClient) -> Created:
    return create_match(client, "taiga", 2, seed=3, options={"first_player": 0})


@pytest.mark.parametrize("start", ["?after=0", "LAST:0", ""])
def test_a_seat_stream_at_version_0_sends_the_turn_of_its_seat(client: FlaskClient, start: str) -> None:
    created = two_seat_match(client)
    headers = created.auth(0)
    url = f"{created.url}/seat-stream"
    if start.startswith("LAST:"):
        headers = {**headers, "Last-Event-ID": start.removeprefix("LAST:")}
    else:
        url += start
    (turn,) = read_until_turn(client, url, headers)
    assert (turn.id, turn.type) == ("0", "turn")
    assert turn.json()["version"] == 0 and turn.json()["seat"] == 0


def test_a_seat_stream_at_version_0_of_another_seats_turn_waits_for_its_own(
    app: Flask, client: FlaskClient, pool: ThreadPoolExecutor
) -> None:
    created = two_seat_match(client)
    future = pool.submit(
        lambda: read_until_turn(app.test_client(), f"{created.url}/seat-stream?after=0", created.auth(1))
    )
    until_waiting(app, future)
    moves = 0
    while public(client, created)["to_act"] == [0]:  # seat 0 plays until the turn passes to seat 1
        page = legal(client, created, 0)
        act(client, created, 0, page["actions"][-1], page["version"])
        moves += 1
    events = future.result(timeout=THREAD_TIMEOUT)
    turns = [event for event in events if event.type == "turn"]
    assert len(turns) == 1 and turns[0] is events[-1], [(e.id, e.type) for e in events]
    assert turns[0].json()["version"] == public(client, created)["version"] >= moves
    assert all(event.type == "event" and event.json()["version"] >= 1 for event in events[:-1])


def test_a_seat_stream_resumed_mid_match_sends_what_it_missed_then_the_current_turn_once(client: FlaskClient) -> None:
    created = two_seat_match(client)
    rng = random.Random(8)
    for _ in range(12):
        current = public(client, created)
        seat = current["to_act"][0]
        page = legal(client, created, seat)
        act(client, created, seat, rng.choice(page["actions"]), page["version"])
    current = public(client, created)
    version, seat = current["version"], current["to_act"][0]
    seat_events = all_events(client, created.match_id, created.tokens[seat])
    for after in (0, version - 5, version - 1, version):
        for headers in ({}, {"Last-Event-ID": str(after)}):
            query = "" if headers else f"?after={after}"
            items = read_until_turn(client, f"{created.url}/seat-stream{query}", {**created.auth(seat), **headers})
            assert [e.type for e in items].count("turn") == 1 and items[-1].type == "turn"
            assert items[-1].json()["version"] == version and items[-1].id == str(version)
            missed = [e for e in seat_events if e["version"] > after]
            assert [e.json() for e in items[:-1]] == missed, after


@pytest.mark.timeout(10)  # at the default 15 s interval the keep-alive would come too late
def test_a_quiet_stream_sends_a_keep_alive_at_the_interval_set(settings: Settings) -> None:
    client = create_app(dataclasses.replace(settings, stream_keep_alive_seconds=0.2)).test_client()
    created = create_match(client, "pipifax", 2)
    response = client.get(f"{created.url}/stream", buffered=False)
    try:
        chunks = response.iter_encoded()
        assert KEEP_ALIVE in [next(chunks) for _ in range(2)], "nothing happens: a keep-alive comes"
    finally:
        response.close()


def test_the_keep_alive_interval_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_STREAM_KEEP_ALIVE_SECONDS", "2.5")
    assert Settings.from_environment().stream_keep_alive_seconds == 2.5
    monkeypatch.delenv("ARENA_STREAM_KEEP_ALIVE_SECONDS")
    assert Settings.from_environment().stream_keep_alive_seconds == 15.0


@pytest.mark.timeout(60)  # unopened, the streams would wait for their first keep-alive: an hour away
def test_a_stream_with_nothing_to_send_yet_opens_at_once(settings: Settings) -> None:
    """A stream resumed on a quiet match answers its status and headers before anything happens (the
    server sends them with a response's first chunk): a client knows at once that it is connected."""
    client = create_app(dataclasses.replace(settings, stream_keep_alive_seconds=3600.0)).test_client()
    created = create_match(client, "pipifax", 2, options={"first_player": 0})
    for path, headers in ((f"{created.url}/stream", {}), (f"{created.url}/seat-stream", created.auth(1))):
        response = client.get(f"{path}?after=0", headers=headers, buffered=False)  # returns at its first chunk
        try:
            assert response.status_code == 200 and response.mimetype == "text/event-stream", path
        finally:
            response.close()
