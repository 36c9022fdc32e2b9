"""Shared fixtures: a real Redis server started by the tests, and apps bound to it.

Each test gets its own key prefix, so tests never see each other's matches, and its keys are
deleted afterwards. Under pytest-xdist every worker starts its own server.
"""

from __future__ import annotations

import gc
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
from tests.cluster.valkey_cluster import ValkeyCluster
from tests.live_server import UNREACHED_RATE_LIMITS


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(Path(tmp_path_factory.mktemp("redis"))) as server:
        yield server


@pytest.fixture(scope="session")
def valkey_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ValkeyCluster]:
    """A three-master Valkey cluster, started the first time a test asks for it: one per session (per
    xdist worker), shared by the script tests (``tests/store``) and the API on the cluster (``tests/cluster``),
    each test under its own key prefix."""
    with ValkeyCluster(Path(tmp_path_factory.mktemp("cluster"))) as cluster:
        yield cluster


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


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under ``--dist loadgroup`` (make test), fail a test marked ``xdist_group`` that lost its group.

    pytest-xdist groups a worker's tests by writing the group into each test's id; a pytest whose ids
    ignore that write (9.2 with xdist 3.8) would spread every group over the workers, each starting its
    own servers and waiting for the other's shared venv, without a word.
    """
    grouped = getattr(item.config.option, "loadgroup", False) and item.get_closest_marker("xdist_group")
    if grouped and "@" not in item.nodeid:
        pytest.fail(
            "--dist loadgroup: this test's xdist_group is lost from its id; pytest and pytest-xdist "
            "do not fit together (see pyproject.toml's dev extra)"
        )


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection left alive (the test modules, the libraries, schemathesis's generated tests) out of
    the garbage collector's sight: the collector's full passes then walk only what the tests make, not these
    hundreds of thousands of objects that live to the end anyway (about a tenth of the engine's tests' CPU)."""
    gc.collect()
    gc.freeze()


# --- the durations of a run ------------------------------------------------------------------------

#: Where every run writes its tests' durations, slowest first (``make test`` prints the 30 slowest too).
DURATIONS_FILE = Path(__file__).parents[1] / "test-artifacts" / "durations.txt"
_durations: list[tuple[float, str, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each phase's duration (under xdist, the controller hears every worker's reports)."""
    if report.duration >= 0.005:
        _durations.append((report.duration, report.when, report.nodeid))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Write every phase's duration to :data:`DURATIONS_FILE`, slowest first, with the total."""
    if not _durations or hasattr(terminalreporter.config, "workerinput"):
        return
    DURATIONS_FILE.parent.mkdir(parents=True, exist_ok=True)
    total = sum(seconds for seconds, _, _ in _durations)
    lines = [f"{seconds:8.2f}s {when:8} {nodeid}" for seconds, when, nodeid in sorted(_durations, reverse=True)]
    DURATIONS_FILE.write_text(
        f"{total:.1f}s in all phases of {len(_durations)} test phases\n" + "\n".join(lines) + "\n"
    )
