"""The script tests' targets: the session's one Redis server, and the session's three-master Valkey cluster
(``tests/conftest.py``'s ``valkey_cluster``), each under a fresh key prefix per test."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from api.store.redis_server import RedisServer
from tests.cluster.valkey_cluster import ValkeyCluster
from tests.store.stored import Target


@pytest.fixture(scope="session")
def server_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    yield client
    client.close()


@pytest.fixture(scope="session")
def cluster_client(valkey_cluster: ValkeyCluster) -> Iterator[redis.RedisCluster]:
    client = redis.RedisCluster(host="127.0.0.1", port=valkey_cluster.nodes[0].port)
    yield client
    client.close()


@pytest.fixture
def target(request: pytest.FixtureRequest) -> Iterator[Target]:
    """One server or the cluster (``request.param``), under a fresh prefix whose keys go afterwards."""
    client_fixture = {"server": "server_client", "cluster": "cluster_client"}[request.param]
    target = Target(request.getfixturevalue(client_fixture), f"test-{uuid.uuid4().hex[:12]}")
    yield target
    target.delete_all()
