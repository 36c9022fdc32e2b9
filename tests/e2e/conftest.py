"""A live server for end-to-end tests: gunicorn with two workers on the tests' Redis server (and a Redis
server of its own for a test that counts Redis's commands)."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from arena_sdk import Arena

from api.store.redis_server import RedisServer
from tests.live_server import LiveServer


@pytest.fixture(scope="session")
def live_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    with LiveServer(redis_server.url, workers=2, key_prefix=f"e2e-{uuid.uuid4().hex[:8]}") as server:
        yield server


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis server of one test alone, whose command counters count that test's commands only (the
    shared one also serves what earlier tests' referees may still be doing, such as keeping records)."""
    with RedisServer(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def arena(live_server: LiveServer) -> Arena:
    return Arena(live_server.url)


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The processes a test starts; any still running at its end (a failed test's) are stopped."""
    processes: list[subprocess.Popen[bytes]] = []
    yield processes
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
