"""The cluster tests' fixtures: the session's three-master Valkey cluster (``tests/conftest.py``), and settings
that select it.

``settings`` and ``redis_server`` override those of ``tests/conftest.py`` (``redis_server`` is the
cluster, whose ``url`` selects it), and ``live_server`` is the e2e tests' server on the cluster, so
``app``, ``client`` and the API and live tests collected again in this package run against it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from api.settings import Settings
from tests.cluster.valkey_cluster import ValkeyCluster
from tests.live_server import UNREACHED_RATE_LIMITS, LiveServer


@pytest.fixture(scope="session")
def redis_server(valkey_cluster: ValkeyCluster) -> ValkeyCluster:
    """The store of every test here: the cluster (its ``url`` has the cluster scheme)."""
    return valkey_cluster


@pytest.fixture(scope="session")
def live_server(valkey_cluster: ValkeyCluster) -> Iterator[LiveServer]:
    """The API under gunicorn (two workers) and a referee, on the cluster."""
    with LiveServer(valkey_cluster.url, workers=2, key_prefix=f"e2e-{uuid.uuid4().hex[:8]}") as server:
        yield server


@pytest.fixture(scope="session")
def cluster_client(valkey_cluster: ValkeyCluster) -> Iterator[redis.RedisCluster]:
    client = redis.RedisCluster(host="127.0.0.1", port=valkey_cluster.nodes[0].port)
    yield client
    client.close()


@pytest.fixture
def settings(valkey_cluster: ValkeyCluster, cluster_client: redis.RedisCluster) -> Iterator[Settings]:
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    yield Settings(redis_url=valkey_cluster.url, key_prefix=prefix, rate_limits=UNREACHED_RATE_LIMITS)
    keys = list(cluster_client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        cluster_client.delete(*keys)
