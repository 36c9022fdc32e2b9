"""The live tests of the lobby and the referee, run against the cluster: gunicorn with two workers and
an ``arena referee`` process, all with ``REDIS_URL=redis+cluster://...``."""

from __future__ import annotations

from tests.cluster.collected import collect_from
from tests.e2e import test_lobby_live

globals().update(collect_from(test_lobby_live))
