"""The quota of live tournaments (``ARENA_MAX_LIVE_TOURNAMENTS``) through the Flask test client on a real Redis.

Each test sets a small quota. The app runs on a fake clock where the quota reads the time (when a place
expires); Redis's own TTLs are real, so the one test of an expiry gives its tournaments a second to live and
waits for Redis to drop them. No referee process runs: where a tournament must finish, the referee's own
steps run in this thread (``tests/tournaments/test_tournament_api.py``'s ``drive``).
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import pytest
import redis
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.clock import Stopwatch
from api.http.app import create_app
from api.settings import Settings
from api.usecases.tournaments.director import sweep
from tests.api.helpers import assert_error, auth, body_of, context_of, stored_values
from tests.clock import FakeClock
from tests.tournaments.test_tournament_api import drive

ADDRESS = "addr:127.0.0.1"
BOTS = [{"name": "greedy", "bot": "greedy"}, {"name": "random", "bot": "random"}]
#: A tournament that waits for its host to start it: it stores its entrants and nothing else.
OPEN = {"game": "pipifax", "players_per_match": 2, "format": "round-robin", "start": False, "entrants": BOTS}
#: How long the expiry test waits at most for Redis to drop a tournament whose TTL has run out (a busy machine).
EXPIRY_TIMEOUT = 30.0


def quota_client(settings: Settings, quota: int, clock: FakeClock | None = None, **changes: Any) -> FlaskClient:
    """An app on ``settings`` whose clients may hold ``quota`` unfinished tournaments, on a fake clock."""
    changed = dataclasses.replace(settings, max_live_tournaments=quota, **changes)
    return create_app(changed, clock=clock or FakeClock()).test_client()


@pytest.fixture
def redis_client(settings: Settings) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


def create(client: FlaskClient, body: dict[str, Any] = OPEN, *, address: str = "127.0.0.1") -> dict[str, Any]:
    """Create a tournament (201), as the client at ``address``."""
    response = client.post("/tournaments", json=body, environ_base={"REMOTE_ADDR": address})
    assert response.status_code == 201, response.get_data(as_text=True)
    return body_of(response)


def assert_quota(response: TestResponse, live: int, limit: int) -> dict[str, Any]:
    """``429 tournament/quota`` with the count and the limit, and a ``Retry-After`` equal to its ``details``."""
    body = assert_error(response, 429, "tournament/quota")
    details = body["details"]
    assert (details["live"], details["limit"]) == (live, limit), body
    assert response.headers["Retry-After"] == str(details["retry_after"]), dict(response.headers)
    return body


def places(client: FlaskClient, holder: str = ADDRESS) -> int:
    """How many places ``holder`` holds now, as the app counts them."""
    ctx = context_of(client)
    return ctx.tournament_quota.held(holder, ctx.clock.now())


def scores(redis_client: redis.Redis, client: FlaskClient, holder: str = ADDRESS) -> dict[str, float]:
    """The tournament ids holding a place of ``holder``'s, with when each expires."""
    key = context_of(client).tournament_quota.keys.live_tournaments(holder)
    found = cast(list[tuple[bytes, float]], redis_client.zrange(key, 0, -1, withscores=True))
    return {member.decode(): score for member, score in found}


def listed(client: FlaskClient) -> int:
    return len(body_of(client.get("/tournaments"))["tournaments"])


def test_past_the_quota_a_creation_is_429_with_the_count_and_stores_nothing(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = quota_client(settings, 2)
    create(client)
    create(client, {**OPEN, "start": True})  # running: its matches count against it, not against the address
    before = stored_values(redis_client, settings.key_prefix)
    body = assert_quota(client.post("/tournaments", json=OPEN), live=2, limit=2)
    assert body["details"]["retry_after"] == settings.idle_ttl  # the first expires then unless written again
    assert_quota(client.post("/tournaments", json={**OPEN, "start": True}), live=2, limit=2)
    assert stored_values(redis_client, settings.key_prefix) == before
    assert listed(client) == 2 and places(client) == 2


def test_a_request_refused_for_another_reason_takes_no_place(settings: Settings) -> None:
    client = quota_client(settings, 1)
    assert_error(client.post("/tournaments", json={**OPEN, "game": "chess"}), 422, "game/unknown")
    alone = {**OPEN, "entrants": BOTS[:1], "start": True}
    assert_error(client.post("/tournaments", json=alone), 422, "tournament/invalid")
    assert_error(client.post("/tournaments", json={**OPEN, "players_per_match": 9}), 422, "request/invalid")
    assert places(client) == 0
    create(client)
    assert places(client) == 1


def test_the_quota_counts_per_client_address_apart_from_its_matches(settings: Settings) -> None:
    client = quota_client(settings, 2, max_live_matches=1)
    first, second = {"REMOTE_ADDR": "192.0.2.1"}, {"REMOTE_ADDR": "192.0.2.2"}
    for address in (first, second):
        for _ in range(2):
            create(client, address=address["REMOTE_ADDR"])
        assert_quota(client.post("/tournaments", json=OPEN, environ_base=address), live=2, limit=2)
        # the address's quota of live matches is apart: its one match is still free to take
        match = client.post("/matches", json={"game": "pipifax", "players": 2}, environ_base=address)
        assert match.status_code == 201
    assert places(client, "addr:192.0.2.1") == places(client, "addr:192.0.2.2") == 2


@pytest.mark.parametrize("status", ["open", "running"])
def test_a_cancelled_tournament_gives_its_place_back_at_once(settings: Settings, status: str) -> None:
    client = quota_client(settings, 1)
    created = create(client, {**OPEN, "start": status == "running"})
    assert_quota(client.post("/tournaments", json=OPEN), live=1, limit=1)
    url = f"/tournaments/{created['tournament']['tournament_id']}"
    cancelled = client.post(f"{url}/cancel", headers=auth(created["host_token"]))
    assert cancelled.status_code == 200, cancelled.get_data(as_text=True)
    assert places(client) == 0
    create(client)
    assert_error(client.post(f"{url}/cancel", headers=auth(created["host_token"])), 409, "tournament/over")
    assert_quota(client.post("/tournaments", json=OPEN), live=1, limit=1)  # cancelled again: nothing given back


def test_a_finished_tournament_gives_its_place_back(settings: Settings) -> None:
    client = quota_client(settings, 1)
    created = create(client, {**OPEN, "game": "girafferaffe", "start": True})
    assert_quota(client.post("/tournaments", json=OPEN), live=1, limit=1)
    assert drive(client, created["tournament"]["tournament_id"])["status"] == "finished"
    assert places(client) == 0
    create(client)


def test_every_write_of_an_unfinished_tournament_renews_its_place(
    settings: Settings, redis_client: redis.Redis
) -> None:
    clock = FakeClock()
    client = quota_client(settings, 2, clock)
    created = create(client, {**OPEN, "entrants": []})
    tournament_id = created["tournament"]["tournament_id"]
    first = scores(redis_client, client)[tournament_id]
    assert first == clock.now() + settings.idle_ttl
    clock.advance(100.0)
    joined = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "ada"})
    assert joined.status_code == 201, joined.get_data(as_text=True)
    assert scores(redis_client, client)[tournament_id] == first + 100.0  # it expires with the tournament again


def test_an_expired_tournament_gives_its_place_back(settings: Settings) -> None:
    clock = FakeClock()
    client = quota_client(settings, 1, clock, idle_ttl=1)
    created = create(client)
    body = assert_quota(client.post("/tournaments", json=OPEN), live=1, limit=1)
    assert body["details"]["retry_after"] == 1
    watch = Stopwatch()
    url = f"/tournaments/{created['tournament']['tournament_id']}"
    while client.get(url).status_code != 404:  # Redis's TTL is real: it drops the tournament in a second
        assert watch.seconds() < EXPIRY_TIMEOUT, "the tournament did not expire"
        threading.Event().wait(0.05)
    clock.advance(1.0)  # the quota's time, at the tournament's expiry
    create(client)
    assert places(client) == 1


def test_racing_creations_never_go_past_the_quota(settings: Settings) -> None:
    app = quota_client(settings, 3).application
    threads, each = 6, 3
    start = threading.Barrier(threads)
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def create_some() -> None:
        client = app.test_client()
        start.wait()
        for _ in range(each):
            status = client.post("/tournaments", json=OPEN).status_code
            with lock:
                statuses[status] += 1

    workers = [threading.Thread(target=create_some) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert statuses == {201: 3, 429: threads * each - 3}
    client = app.test_client()
    assert listed(client) == 3 and places(client) == 3


def test_the_sweep_gives_back_the_place_of_a_tournament_over_whose_write_lost_its_give_back(
    settings: Settings, redis_client: redis.Redis
) -> None:
    client = quota_client(settings, 1)
    created = create(client, {**OPEN, "start": True})
    tournament_id = created["tournament"]["tournament_id"]
    held = scores(redis_client, client)
    cancelled = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(created["host_token"]))
    assert cancelled.status_code == 200
    ctx = context_of(client)
    # A crash between the write that ended the tournament and the give back: the place and the running entry stay.
    redis_client.zadd(ctx.tournament_quota.keys.live_tournaments(ADDRESS), held)
    ctx.tournaments.index(tournament_id, created["tournament"]["created_at"], running=True)
    assert places(client) == 1
    sweep(ctx)
    assert places(client) == 0


def test_no_view_shows_who_holds_a_tournament(settings: Settings) -> None:
    client = quota_client(settings, 2)
    created = create(client, {**OPEN, "start": True}, address="192.0.2.99")
    tournament_id = created["tournament"]["tournament_id"]
    host = auth(created["host_token"])
    for url in ("/tournaments", f"/tournaments/{tournament_id}", f"/tournaments/{tournament_id}/matches"):
        answer = client.get(url, headers=host)
        assert answer.status_code == 200 and b"192.0.2.99" not in answer.get_data(), url
    assert b"192.0.2.99" not in client.post("/tournaments", json=OPEN).get_data()


def test_without_a_quota_nothing_is_counted(settings: Settings, redis_client: redis.Redis) -> None:
    client = quota_client(settings, 0)
    for _ in range(3):
        create(client)
    keys = stored_values(redis_client, settings.key_prefix)
    assert not [key for key in keys if b"{quota:" in key]
