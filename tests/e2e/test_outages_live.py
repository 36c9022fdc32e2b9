"""An outage of the arena, for real: the whole server (gunicorn's arbiter, its workers and the referee)
killed with SIGKILL while a seat's clock runs, and started again after longer than the seat's time.
No timeout is scored for it: the seat gets the outage's time back (a ``clocks_extended`` version) and
plays on. The logic runs on a fake clock in ``tests/api/test_outages.py``; ``make soak`` runs this for
a minute (``ARENA_OUTAGE_SECONDS``)."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
import redis
import requests

from api.store.keys import Keys
from api.store.redis_server import RedisServer
from tests.e2e.test_sdk_outage import kill_hard
from tests.live_server import LiveServer

#: How long the server stays down: well past the seat's per_action (``make soak``: a minute).
OUTAGE = float(os.environ.get("ARENA_OUTAGE_SECONDS", "8"))
PER_ACTION = 3.0
TIMEOUT = 30.0
#: A server that can be killed and started again, and whether it has beaten yet.
Restartable = tuple[LiveServer, Callable[[], bool]]


@pytest.fixture
def restartable(redis_server: RedisServer) -> Iterator[Restartable]:
    """The server, and whether it has beaten yet (its heartbeat key in Redis)."""
    prefix = f"down-{uuid.uuid4().hex[:8]}"
    client = redis.Redis.from_url(redis_server.url)
    with LiveServer(redis_server.url, workers=1, key_prefix=prefix) as server:
        yield server, lambda: client.exists(Keys(prefix).api_beat()) == 1
    client.close()


@pytest.mark.timeout(120 + 2 * OUTAGE)
def test_a_server_killed_while_a_clock_runs_scores_no_timeout(
    restartable: Restartable,
) -> None:
    server, has_beaten = restartable
    control = {"per_action": PER_ACTION, "on_timeout": "forfeit", "first_decision": 0}
    created = requests.post(
        f"{server.url}/matches", json={"game": "pipifax", "players": 2, "time_control": control}, timeout=TIMEOUT
    ).json()
    match_id, seat = created["match"]["match_id"], created["match"]["to_act"][0]
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    headers = {"Authorization": f"Bearer {token}"}
    deadline = created["match"]["seats"][seat]["deadline"]
    waited = time.monotonic() + TIMEOUT
    while not has_beaten() and time.monotonic() < waited:
        time.sleep(0.1)  # a beat before the outage, so that its gap is seen
    assert has_beaten()

    kill_hard(server)
    down_at = time.time()
    time.sleep(OUTAGE)  # the seat's deadline passes while nothing of the arena runs
    assert time.time() > deadline + 1
    server.start()

    match = requests.get(f"{server.url}/matches/{match_id}", timeout=TIMEOUT).json()
    waited = time.monotonic() + TIMEOUT
    while match["seats"][seat]["deadline"] == deadline and time.monotonic() < waited:
        time.sleep(0.1)  # the first beat after the restart records the outage; the referee extends
        match = requests.get(f"{server.url}/matches/{match_id}", timeout=TIMEOUT).json()
    assert match["status"] == "active", match
    assert match["seats"][seat]["state"] == "playing"
    assert match["seats"][seat]["deadline"] >= deadline + (OUTAGE - 1), (match["seats"][seat], down_at)
    events = requests.get(f"{server.url}/matches/{match_id}/events", params={"after": 0}, timeout=TIMEOUT).json()
    kinds = [event["kind"] for event in events["events"]]
    assert "clocks_extended" in kinds and "timeout" not in kinds, kinds

    view = requests.get(f"{server.url}/matches/{match_id}/view", headers=headers, timeout=TIMEOUT).json()
    action = requests.get(f"{server.url}/matches/{match_id}/legal-actions", headers=headers, timeout=TIMEOUT).json()
    moved = requests.post(
        f"{server.url}/matches/{match_id}/actions",
        json=action["actions"][0],
        headers={**headers, "If-Match": str(view["version"])},
        timeout=TIMEOUT,
    )
    assert moved.status_code == 200, moved.text
