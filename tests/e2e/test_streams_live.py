"""Long-polls, event streams and idempotent retries against live gunicorn servers on one Redis.

Every request retries refused connections and timeouts (a busy machine may be slow to answer); every
POST carries an Idempotency-Key, so retrying it is safe. Nothing here measures time: the timeouts only
keep a broken server from hanging the suite.
"""

from __future__ import annotations

import json
import random
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from api.store.redis_server import RedisServer
from tests.e2e.sse_client import SseEvent, SseParser
from tests.live_server import LiveServer

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("streams-live")

Json = dict[str, Any]

#: Per request: generous, so a busy machine answers well within it.
TIMEOUT = httpx.Timeout(30.0, connect=10.0)
#: How long one test keeps retrying or reading before it gives up (never reached when all is well).
PATIENCE = 240.0


def call(http: httpx.Client, method: str, url: str, **kwargs: Any) -> httpx.Response:
    """One request, retried on refused connections, resets and timeouts until ``PATIENCE`` runs out."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            return http.request(method, url, **kwargs)
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def ok(response: httpx.Response, status: int = 200) -> Json:
    assert response.status_code == status, (response.status_code, response.text[:500])
    body = response.json()
    assert isinstance(body, dict), body
    return body


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def create(http: httpx.Client, game: str, players: int, seed: int) -> tuple[str, list[str], Json]:
    """Create a match; returns its id, its seat tokens and the match resource."""
    request = {"game": game, "players": players, "seed": seed}
    body = ok(call(http, "POST", "/matches", json=request, headers={"Idempotency-Key": str(uuid.uuid4())}), 201)
    return body["match"]["match_id"], [seat["token"] for seat in body["seats"]], body["match"]


def move(http: httpx.Client, match_id: str, token: str, action: Json, version: int) -> Json:
    """Submit ``action`` at ``version`` (safe to retry: it carries an Idempotency-Key); the move result."""
    headers = bearer(token, **{"If-Match": str(version), "Idempotency-Key": str(uuid.uuid4())})
    result = ok(call(http, "POST", f"/matches/{match_id}/actions", json=action, headers=headers))
    assert result["version"] == version + 1, result
    return result


def legal_actions(http: httpx.Client, match_id: str, token: str) -> list[Json]:
    page = ok(call(http, "GET", f"/matches/{match_id}/legal-actions?limit=1000", headers=bearer(token)))
    actions: list[Json] = page["actions"]
    return actions


def events(http: httpx.Client, match_id: str, after: int, token: str | None = None) -> list[Json]:
    """Every event after version ``after`` as the public (or ``token``'s seat) sees it, page by page."""
    path, headers = ("seat-events", bearer(token)) if token else ("events", {})
    found: list[Json] = []
    while True:
        page = ok(call(http, "GET", f"/matches/{match_id}/{path}?after={after}&limit=1000", headers=headers))
        found.extend(page["events"])
        if not page["has_more"]:
            return found
        after = page["next_after"]


def play_out(url: str, match_id: str, tokens: list[str], seed: int) -> dict[int, list[int]]:
    """Play random legal actions until the match ends; returns who was to act at each version."""
    rng = random.Random(seed)
    with httpx.Client(base_url=url, timeout=TIMEOUT) as http:
        current = ok(call(http, "GET", f"/matches/{match_id}"))
        to_act = {current["version"]: current["to_act"]}
        while current["status"] == "active":
            assert len(to_act) < 2000, "the match does not end"
            seat = rng.choice(current["to_act"])
            action = rng.choice(legal_actions(http, match_id, tokens[seat]))
            current = move(http, match_id, tokens[seat], action, current["version"])
            to_act[current["version"]] = current["to_act"]
        assert current["status"] == "finished", current
        return to_act


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=4) as executor:
        yield executor


@pytest.fixture
def http(live_server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=TIMEOUT) as client:
        yield client


@pytest.fixture(scope="module")
def other_server(live_server: LiveServer, redis_server: RedisServer) -> Iterator[LiveServer]:
    """A second server process on the same Redis and key prefix as ``live_server``."""
    prefix = live_server.env["ARENA_KEY_PREFIX"]
    with LiveServer(redis_server.url, workers=1, key_prefix=prefix, referee=False) as server:
        yield server


# --- long-poll -----------------------------------------------------------------------------------


def test_a_long_poll_on_one_server_is_woken_by_a_move_through_another(
    live_server: LiveServer, other_server: LiveServer, http: httpx.Client, pool: ThreadPoolExecutor
) -> None:
    match_id, tokens, match = create(http, "pipifax", 2, seed=7)
    seat = match["to_act"][0]

    def long_poll() -> httpx.Response:
        with httpx.Client(base_url=live_server.url, timeout=httpx.Timeout(90.0, connect=10.0)) as waiter:
            return call(waiter, "GET", f"/matches/{match_id}?wait=30", headers={"If-None-Match": '"0"'})

    waiting = pool.submit(long_poll)
    with httpx.Client(base_url=other_server.url, timeout=TIMEOUT) as elsewhere:
        assert ok(call(elsewhere, "GET", f"/matches/{match_id}"))["version"] == 0  # B sees A's match
        action = legal_actions(elsewhere, match_id, tokens[seat])[0]
        moved = move(elsewhere, match_id, tokens[seat], action, 0)
    response = waiting.result(timeout=PATIENCE)
    assert response.status_code == 200, (response.status_code, response.text[:300])
    assert response.headers["ETag"] == '"1"'
    body = response.json()
    assert body["version"] == moved["version"] == 1
    assert body["to_act"] == moved["to_act"]


def test_a_long_poll_through_another_server_is_woken_by_a_move_here(
    live_server: LiveServer, other_server: LiveServer, http: httpx.Client, pool: ThreadPoolExecutor
) -> None:
    match_id, tokens, match = create(http, "pipifax", 2, seed=8)
    seat = match["to_act"][0]

    def long_poll() -> httpx.Response:
        with httpx.Client(base_url=other_server.url, timeout=httpx.Timeout(90.0, connect=10.0)) as waiter:
            return call(waiter, "GET", f"/matches/{match_id}/events?after=0&wait=30")

    waiting = pool.submit(long_poll)
    moved = move(http, match_id, tokens[seat], legal_actions(http, match_id, tokens[seat])[0], 0)
    response = waiting.result(timeout=PATIENCE)
    assert response.status_code == 200, (response.status_code, response.text[:300])
    page = response.json()
    assert page["events"] and {e["version"] for e in page["events"]} == {moved["version"]}


def test_a_long_poll_answers_304_when_nothing_happens(http: httpx.Client) -> None:
    match_id, _, _ = create(http, "pipifax", 2, seed=9)
    response = call(http, "GET", f"/matches/{match_id}?wait=1", headers={"If-None-Match": '"0"'})
    assert response.status_code == 304, response.text[:300]
    assert response.headers["ETag"] == '"0"'
    assert response.content == b""
    assert call(http, "GET", f"/matches/{match_id}/events?after=0&wait=1").status_code == 304


# --- server-sent events --------------------------------------------------------------------------


def read_until(
    url: str, path: str, headers: dict[str, str], stop: Callable[[SseEvent], bool]
) -> tuple[list[SseEvent], bool]:
    """Read one connection of a stream until ``stop(event)`` or the end; whether ``stop`` ended it.

    A connection that fails or times out ends the read like the end of the stream (the caller resumes).
    """
    received: list[SseEvent] = []
    try:
        with httpx.Client(base_url=url, timeout=TIMEOUT) as http, http.stream("GET", path, headers=headers) as response:
            assert response.status_code == 200, (response.status_code, response.read()[:300])
            assert response.headers["Content-Type"].startswith("text/event-stream")
            parser = SseParser()
            for chunk in response.iter_raw():
                for event in parser.feed(chunk):
                    received.append(event)
                    if stop(event):
                        return received, True
    except httpx.TransportError:
        pass  # refused, reset or timed out: resume from the last id received
    return received, False


def expected_items(found: list[Json], after: int, final: Json) -> list[tuple[str, str, Json]]:
    """``(id, type, data)`` of every item a stream from ``after`` must carry for a finished match."""
    by_version: dict[int, list[tuple[str, Json]]] = {}
    for event in found:
        if event["version"] > after:
            by_version.setdefault(event["version"], []).append(("event", event))
    end = {"version": final["version"], "status": final["status"], "result": final["result"]}
    by_version.setdefault(final["version"], []).append(("match_over", end))
    items: list[tuple[str, str, Json]] = []
    for version, group in sorted(by_version.items()):
        for index, (kind, data) in enumerate(group):
            items.append((str(version) if index == len(group) - 1 else f"{version}.{index}", kind, data))
    return items


def cut_after(budget: int, rng: random.Random) -> Callable[[SseEvent], bool]:
    """Stop at ``match_over``, after ``budget`` events, or now and then inside a version."""
    left = budget

    def stop(event: SseEvent) -> bool:
        nonlocal left
        left -= 1
        return event.type == "match_over" or left == 0 or ("." in str(event.id) and rng.random() < 0.3)

    return stop


def test_a_stream_resumed_after_random_disconnects_misses_and_repeats_nothing(
    live_server: LiveServer, http: httpx.Client, pool: ThreadPoolExecutor
) -> None:
    """A reader cuts the public stream at random points (some inside a version) while a match is played."""
    rng = random.Random(20)
    match_id, tokens, _ = create(http, "pili-pili", 3, seed=21)
    playing = pool.submit(play_out, live_server.url, match_id, tokens, 22)

    received: list[SseEvent] = []
    cuts_inside_a_version = connections = 0
    deadline = time.monotonic() + PATIENCE
    while not received or received[-1].type != "match_over":
        assert time.monotonic() < deadline, "the stream never reached match_over"
        if playing.done():
            playing.result()  # a failure of the player is the test's failure
        budget = rng.randint(1, 6)
        last = received[-1].id if received else None
        headers, path = ({"Last-Event-ID": last}, "") if last else ({}, "?after=0")

        got, _ = read_until(live_server.url, f"/matches/{match_id}/stream{path}", headers, cut_after(budget, rng))
        connections += 1
        if got and got[-1].type != "match_over" and "." in str(got[-1].id):
            cuts_inside_a_version += 1
        received.extend(got)
    playing.result(timeout=PATIENCE)

    final = ok(call(http, "GET", f"/matches/{match_id}"))
    expected = expected_items(events(http, match_id, -1), 0, final)
    assert [(e.id, e.type, e.json()) for e in received] == expected
    assert received[-1].type == "match_over"
    assert connections > 5 and cuts_inside_a_version >= 1, (connections, cuts_inside_a_version)


def read_whole_stream(url: str, path: str, headers: dict[str, str]) -> list[SseEvent]:
    """A stream read to ``match_over``, resuming with the last id if the connection drops."""
    received: list[SseEvent] = []
    deadline = time.monotonic() + PATIENCE
    while not received or received[-1].type != "match_over":
        assert time.monotonic() < deadline, "the stream never reached match_over"
        resume = {"Last-Event-ID": str(received[-1].id)} if received else {}
        got, _ = read_until(url, path, {**headers, **resume}, lambda e: e.type == "match_over")
        received.extend(got)
    return received


def test_a_seat_stream_carries_only_what_its_seat_may_see(
    live_server: LiveServer, http: httpx.Client, pool: ThreadPoolExecutor
) -> None:
    """Three seats read their streams while a Pili Pili match (hands dealt privately) is played."""
    match_id, tokens, match = create(http, "pili-pili", 3, seed=31)
    for seat in match["to_act"]:  # a fresh stream of a seat that must act begins with its turn
        first, stopped = read_until(
            live_server.url, f"/matches/{match_id}/seat-stream?legal_limit=3", bearer(tokens[seat]), lambda _: True
        )
        assert stopped, first
        assert (first[0].id, first[0].type) == ("0", "turn")
        turn = first[0].json()
        assert turn["seat"] == seat and turn["version"] == 0
        assert turn["view"]["seat"] == seat and turn["view"]["version"] == 0
        assert len(turn["legal_actions"]["actions"]) == min(3, turn["legal_actions"]["total"])
        every = legal_actions(http, match_id, tokens[seat])
        assert turn["legal_actions"]["total"] == len(every)
        drawn = turn["legal_actions"]["actions"]  # all of them, or a uniform sample of 3 when there are more
        assert all(action in every for action in drawn) and len({repr(a) for a in drawn}) == len(drawn)

    readers = [
        pool.submit(read_whole_stream, live_server.url, f"/matches/{match_id}/seat-stream?after=0", bearer(token))
        for token in tokens
    ]
    to_act = play_out(live_server.url, match_id, tokens, 32)
    final = ok(call(http, "GET", f"/matches/{match_id}"))
    for seat, reader in enumerate(readers):
        received = reader.result(timeout=PATIENCE)
        seen = [e.json() for e in received if e.type == "event"]
        assert all(e["visible_to"] is None or seat in e["visible_to"] for e in seen), seat
        assert any(e["visible_to"] is not None for e in seen), f"seat {seat} got none of its private events"
        assert seen == events(http, match_id, 0, tokens[seat])
        for turn in (e.json() for e in received if e.type == "turn"):
            assert turn["seat"] == seat, turn
            assert seat in to_act[turn["version"]], (seat, turn["version"], to_act[turn["version"]])
            assert turn["view"]["version"] == turn["version"]
        assert received[-1].json() == {"version": final["version"], "status": "finished", "result": final["result"]}
        ids = [e.id for e in received]
        assert len(ids) == len(set(ids)), "an item came twice"


# --- idempotent retries --------------------------------------------------------------------------


def test_a_move_cut_off_mid_request_and_retried_is_applied_once(live_server: LiveServer, http: httpx.Client) -> None:
    match_id, tokens, match = create(http, "pipifax", 2, seed=41)
    seat = match["to_act"][0]
    action = legal_actions(http, match_id, tokens[seat])[0]
    key = str(uuid.uuid4())
    body = json.dumps(action).encode()
    request = (
        f"POST /matches/{match_id}/actions HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{live_server.port}\r\n"
        f"Authorization: Bearer {tokens[seat]}\r\n"
        "If-Match: 0\r\n"
        f"Idempotency-Key: {key}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "\r\n"
    ).encode() + body
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            with socket.create_connection(("127.0.0.1", live_server.port), timeout=10) as raw:
                raw.sendall(request)  # and hang up before reading any answer
            break
        except (ConnectionRefusedError, TimeoutError):
            assert time.monotonic() < deadline
            time.sleep(0.05)

    headers = bearer(tokens[seat], **{"If-Match": "0", "Idempotency-Key": key})
    while True:  # a retry racing the first attempt may see it half done (412): retry until answered
        retried = call(http, "POST", f"/matches/{match_id}/actions", json=action, headers=headers)
        if retried.status_code == 200:
            break
        assert retried.status_code == 412, (retried.status_code, retried.text[:300])
        assert time.monotonic() < deadline
    result = retried.json()
    assert result["version"] == 1 and result["seat"] == seat
    assert retried.headers["ETag"] == '"1"'
    assert all(e["version"] == 1 for e in result["events"]) and result["events"]

    assert ok(call(http, "GET", f"/matches/{match_id}"))["version"] == 1  # applied once
    page = ok(call(http, "GET", f"/matches/{match_id}/events?after=0"))
    assert {e["version"] for e in page["events"]} == {1}
    assert page["next_after"] == 1 and not page["has_more"]
    view = ok(call(http, "GET", f"/matches/{match_id}/view", headers=bearer(tokens[seat])))
    assert {k: v for k, v in result.items() if k != "events"} == view  # a normal move result
    assert result["events"] == events(http, match_id, 0, tokens[seat])

    again = call(http, "POST", f"/matches/{match_id}/actions", json=action, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == result
    assert ok(call(http, "GET", f"/matches/{match_id}"))["version"] == 1
