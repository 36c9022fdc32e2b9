"""The quota of live tournaments through a live server on a real Redis and the SDK: a host creates up to the
quota, one more raises ``TournamentQuotaError`` with nothing stored, a cancel frees a place at once, and
creations racing at the quota from many connections never pass it; the runner's handshake, whose long-lived
programs each get a probe tournament, waits for a place rather than failing a program."""

from __future__ import annotations

import sys
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import redis
from arena_sdk import Arena, RateLimitedError, TournamentQuotaError
from arena_sdk.tournaments import Host, create_tournament_from, tournament

from api.store.keys import Keys
from api.store.redis_server import RedisServer
from arena_runner.config import EntrantConfig, RunConfig
from arena_runner.handshake import shake_hands
from tests.api.helpers import stored_values
from tests.e2e.runner_helpers import ENTRANT
from tests.live_server import LiveServer

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("tournament-quota-live")

#: The server's quota for this module's client (every request comes from 127.0.0.1).
QUOTA = 3
ADDRESS = "addr:127.0.0.1"
#: A tournament of two server bots that waits for its host: it stores its entrants and nothing that moves.
OPEN: dict[str, Any] = {
    "game": "pipifax",
    "players_per_match": 2,
    "format": "round-robin",
    "start": False,
    "entrants": [{"name": "greedy", "bot": "greedy"}, {"name": "random", "bot": "random"}],
}


@pytest.fixture(scope="module")
def quota_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    prefix = f"tquota-{uuid.uuid4().hex[:8]}"
    with LiveServer(redis_server.url, key_prefix=prefix, ARENA_MAX_LIVE_TOURNAMENTS=str(QUOTA)) as server:
        yield server


@pytest.fixture
def arena(quota_server: LiveServer) -> Iterator[Arena]:
    """The SDK on the server; every tournament a test leaves unfinished is cancelled after it, so each test
    starts with no place held."""
    arena = Arena(quota_server.url)
    yield arena
    with httpx.Client(base_url=quota_server.url) as client:
        listed = client.get("/tournaments", params={"limit": 100}).json()["tournaments"]
    assert all(t["status"] in ("finished", "cancelled") for t in listed), "a test left a tournament unfinished"


@pytest.fixture
def store(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    yield client
    client.close()


def places(store: redis.Redis, server: LiveServer) -> set[str]:
    """The tournaments holding a place of this module's address."""
    key = Keys(server.env["ARENA_KEY_PREFIX"]).live_tournaments(ADDRESS)
    return {member.decode() for member in cast(list[bytes], store.zrange(key, 0, -1))}


def lasting(store: redis.Redis, server: LiveServer) -> dict[bytes, Any]:
    """What the server keeps under its prefix, but the referee's beats and due times (which move by themselves)."""
    found = stored_values(store, server.env["ARENA_KEY_PREFIX"])
    return {key: value for key, value in found.items() if b"{referee}" not in key}


def test_up_to_the_quota_then_tournament_quota_error_with_nothing_stored_and_a_cancel_frees_a_place(
    arena: Arena, quota_server: LiveServer, store: redis.Redis
) -> None:
    hosts = []
    for _ in range(QUOTA):  # the happy path: the host's tournaments, each as created
        created = create_tournament_from(arena, OPEN)
        assert created.tournament.status.value == "open"
        hosts.append(Host(arena, created.tournament.tournament_id, created.host_token))
    assert places(store, quota_server) == {host.tournament_id for host in hosts}
    assert tournament(arena, hosts[0].tournament_id).status.value == "open"

    before = lasting(store, quota_server)
    with pytest.raises(TournamentQuotaError) as refused:
        create_tournament_from(arena, {**OPEN, "start": True})
    error = refused.value
    assert isinstance(error, RateLimitedError) and (error.status, error.code) == (429, "tournament/quota")
    assert (error.live, error.limit) == (QUOTA, QUOTA)
    assert error.retry_after > arena.rate_limit_wait  # a place frees by itself only when a tournament expires
    assert lasting(store, quota_server) == before  # nothing stored: no tournament, no match, no place

    assert hosts[0].cancel().status.value == "cancelled"  # its place is free at once
    assert places(store, quota_server) == {host.tournament_id for host in hosts[1:]}
    again = create_tournament_from(arena, OPEN)
    hosts.append(Host(arena, again.tournament.tournament_id, again.host_token))
    with pytest.raises(TournamentQuotaError):
        create_tournament_from(arena, OPEN)
    for host in hosts[1:]:
        host.cancel()
    assert places(store, quota_server) == set()


def test_creations_racing_at_the_quota_never_pass_it(
    arena: Arena, quota_server: LiveServer, store: redis.Redis
) -> None:
    threads, each = 8, 2
    start = threading.Barrier(threads)
    answers: Counter[tuple[int, str]] = Counter()
    hosts: list[tuple[str, str]] = []
    lock = threading.Lock()

    def create_some() -> None:
        with httpx.Client(base_url=quota_server.url, timeout=120.0) as client:
            start.wait()
            for _ in range(each):
                response = client.post("/tournaments", json=OPEN)
                body = response.json()
                with lock:
                    answers[(response.status_code, body.get("code", "created"))] += 1
                    if response.status_code == 201:
                        hosts.append((body["tournament"]["tournament_id"], body["host_token"]))

    workers = [threading.Thread(target=create_some) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert answers == {(201, "created"): QUOTA, (429, "tournament/quota"): threads * each - QUOTA}
    assert places(store, quota_server) == {tournament_id for tournament_id, _ in hosts}
    for tournament_id, host_token in hosts:
        assert Host(arena, tournament_id, host_token).cancel().status.value == "cancelled"
    assert places(store, quota_server) == set()


def test_the_runners_handshake_waits_for_a_place_for_each_long_lived_programs_probe(
    arena: Arena, quota_server: LiveServer, redis_server: RedisServer, store: redis.Redis, tmp_path: Path
) -> None:
    programs = [EntrantConfig(f"looper-{n}", command=(sys.executable, str(ENTRANT)), mode="entrant") for n in range(5)]
    config = RunConfig(
        url=quota_server.url,
        redis_url=redis_server.url,
        output=tmp_path,
        tournament={"game": "pipifax", "players_per_match": 2, "format": "gauntlet"},
        entrants=tuple(programs),
        workers=1,
        handshake_timeout=120.0,
    )
    outcomes = shake_hands(arena, config, programs)  # five probe tournaments, three places
    assert [(o.entrant, o.passed) for o in outcomes] == [(p.name, True) for p in programs], [o.reason for o in outcomes]
    assert places(store, quota_server) == set()  # every probe called off


def test_a_probe_with_no_place_to_wait_for_fails_its_program_saying_why(
    arena: Arena, quota_server: LiveServer, redis_server: RedisServer, tmp_path: Path
) -> None:
    hosts = []
    for _ in range(QUOTA):  # the address's places are held by tournaments of its own, not the run's
        created = create_tournament_from(arena, OPEN)
        hosts.append(Host(arena, created.tournament.tournament_id, created.host_token))
    program = EntrantConfig("looper", command=(sys.executable, str(ENTRANT)), mode="entrant")
    config = RunConfig(
        url=quota_server.url,
        redis_url=redis_server.url,
        output=tmp_path,
        tournament={"game": "pipifax", "players_per_match": 2, "format": "gauntlet"},
        entrants=(program,),
        workers=1,
        handshake_timeout=120.0,
    )
    try:
        [outcome] = shake_hands(arena, config, [program])
        assert not outcome.passed and "tournament/quota" in outcome.reason, outcome.reason
    finally:
        for host in hosts:
            host.cancel()
