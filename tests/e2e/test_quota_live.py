"""The quota of live matches through a live server and the SDK: a loop that creates matches and plays none
meets ``MatchQuotaError`` at once past the quota, and a match it ends frees its place once the referee has
claimed it to keep its record."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from arena_sdk import Arena, MatchQuotaError, RateLimitedError

from api.clock import Stopwatch
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

#: The server's quota for this module's client (every request comes from 127.0.0.1).
QUOTA = 3
#: How long the referee may take to claim an ended match, on a busy machine.
KEEPER_TIMEOUT = 60.0


@pytest.fixture(scope="module")
def quota_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    prefix = f"quota-{uuid.uuid4().hex[:8]}"
    with LiveServer(redis_server.url, key_prefix=prefix, ARENA_MAX_LIVE_MATCHES=str(QUOTA)) as server:
        yield server


@pytest.fixture
def arena(quota_server: LiveServer) -> Arena:
    return Arena(quota_server.url)


def test_a_loop_past_the_quota_gets_match_quota_error_and_an_ended_match_frees_its_place(arena: Arena) -> None:
    created = [arena.create_match("pipifax", 2) for _ in range(QUOTA)]
    with pytest.raises(MatchQuotaError) as refused:
        arena.create_match("pipifax", 2)
    error = refused.value
    assert isinstance(error, RateLimitedError) and (error.status, error.code) == (429, "match/quota")
    assert (error.live, error.limit) == (QUOTA, QUOTA)
    assert error.retry_after > arena.rate_limit_wait  # a place frees by itself only when a match expires
    assert len(arena.list_matches().matches) == QUOTA

    first = created[0]
    assert arena.abort(first.match.match_id, first.host_token).status == "aborted"
    watch = Stopwatch()
    while True:  # the referee claims the aborted match to keep its record, and gives its place back
        try:
            arena.create_match("pipifax", 2)
            break
        except MatchQuotaError:
            assert watch.seconds() < KEEPER_TIMEOUT, "the ended match never gave its place back"
            threading.Event().wait(0.1)
    with pytest.raises(MatchQuotaError):
        arena.create_match("pipifax", 2)
