"""A live server for end-to-end tests: gunicorn with two workers on the tests' Redis server."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from arena_sdk import Arena

from api.redis_server import RedisServer
from tests.live_server import LiveServer


@pytest.fixture(scope="session")
def live_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    with LiveServer(redis_server.url, workers=2, key_prefix=f"e2e-{uuid.uuid4().hex[:8]}") as server:
        yield server


@pytest.fixture
def arena(live_server: LiveServer) -> Arena:
    return Arena(live_server.url)
