"""Shared fixtures: a real Redis server started by the tests, and apps bound to it.

Each test gets its own key prefix, so tests never see each other's matches, and its keys are
deleted afterwards. Under pytest-xdist every worker starts its own server.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.store.redis_server import RedisServer
from tests.live_server import UNREACHED_RATE_LIMITS


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(Path(tmp_path_factory.mktemp("redis"))) as server:
        yield server


@pytest.fixture
def settings(redis_server: RedisServer) -> Iterator[Settings]:
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    yield Settings(redis_url=redis_server.url, key_prefix=prefix, rate_limits=UNREACHED_RATE_LIMITS)
    client = redis.Redis.from_url(redis_server.url)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def app(settings: Settings) -> Flask:
    return create_app(settings)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
