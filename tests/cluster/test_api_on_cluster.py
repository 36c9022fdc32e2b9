"""The API tests' main paths, run against the three-master cluster (``tests/cluster/conftest.py``).

The tests of these modules are collected here again, unchanged: their ``client`` talks to an app
whose store is the cluster, so every write, read, index, notification and rate-limit counter (and
every tournament's keys, indexes and match creations, every client's quotas of live matches and
tournaments) takes the cluster's path (a script that touched two slots would fail with ``CROSSSLOT``).
"""

from __future__ import annotations

import pytest
import redis

from tests.api import (
    test_actions,
    test_bot_writers,
    test_compaction,
    test_events,
    test_first_requests,
    test_limits,
    test_live_match_quota,
    test_live_tournament_quota,
    test_lobby,
    test_matches,
    test_waiting,
)
from tests.cluster.collected import collect_from
from tests.tournaments import test_forfeits_api, test_tournament_api, test_trust_api

globals().update(
    collect_from(
        test_actions,
        test_bot_writers,
        test_events,
        test_limits,
        test_live_match_quota,
        test_live_tournament_quota,
        test_lobby,
        test_matches,
        test_waiting,
        test_compaction,
        test_first_requests,
        test_tournament_api,
        test_forfeits_api,
        test_trust_api,
        # the long equivalence test runs on one server; compaction's own steps are the same here
        leave_out=frozenset({"test_every_read_answers_the_same_before_and_after_compaction"}),
    )
)


@pytest.fixture
def keys(cluster_client: redis.RedisCluster) -> redis.RedisCluster:
    """The lobby tests' view of the stored keys: the cluster's."""
    return cluster_client


@pytest.fixture
def redis_client(cluster_client: redis.RedisCluster) -> redis.RedisCluster:
    """The limit tests' view of the stored keys: the cluster's."""
    return cluster_client
