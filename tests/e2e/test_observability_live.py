"""What operators watch, through a live server: ``/metrics`` counts what happened, logs carry request ids.

The server and its referee share a metrics directory of this module's own (as under ``arena
serve``), so ``/metrics`` starts from nothing and shows the referee's figures too. Its stderr (the
app's and gunicorn's log) and its access log are files the tests read.
"""

from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from arena_sdk import Arena
from prometheus_client.parser import text_string_to_metric_families

from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("observability-live")

#: Seconds to wait for something the server does on its own (a referee's move, a stream's close).
PATIENCE = 60.0
#: Refusals allowed per token and minute on this server: few, so a flood meets the limit at once.
REFUSALS_ALLOWED = 3


@pytest.fixture(scope="module")
def access_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("access") / "access.log"


@pytest.fixture(scope="module")
def server(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory, access_log: Path
) -> Iterator[LiveServer]:
    metrics_dir = tmp_path_factory.mktemp("metrics")
    with LiveServer(
        redis_server.url,
        key_prefix=f"obs-{uuid.uuid4().hex[:8]}",
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
        ARENA_ACCESS_LOG=str(access_log),
        ARENA_RATE_LIMITS=f"refused={REFUSALS_ALLOWED}/minute",
        ARENA_STREAM_KEEP_ALIVE_SECONDS="1",  # a closed stream is noticed at the next keep-alive's write
    ) as live:
        yield live


def samples(url: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of ``/metrics``: (name, labels) -> value."""
    response = requests.get(f"{url}/metrics", timeout=30)
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            found[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return found


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


def eventually(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, f"not within {PATIENCE} s: {what}"
        time.sleep(0.1)


def play_match(url: str, seed: int) -> int:
    """Two SDK bots play a Pipifax match to its end; how many versions it took (all seats' moves)."""
    arena = Arena(url)
    created = arena.create_match("pipifax", 2, seed=seed)
    seats = [arena.seat(created.match.match_id, seat.token) for seat in created.seats]
    finals: list[Any] = [None, None]

    def play(index: int) -> None:
        rng = random.Random(seed * 10 + index)
        finals[index] = seats[index].play(lambda view, actions: rng.choice(actions))

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert all(final is not None and final.status.value == "finished" for final in finals)
    return int(finals[0].version)


def test_metrics_count_moves_and_refusals_of_a_match_played_live(server: LiveServer) -> None:
    before = samples(server.url)
    versions = play_match(server.url, seed=11)
    created = requests.post(f"{server.url}/matches", json={"game": "pipifax", "players": 2}, timeout=30).json()
    path = f"/matches/{created['match']['match_id']}/actions"
    token = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    for _ in range(2):  # refused (stale version), within the allowance
        refused = requests.post(
            server.url + path,
            json={"type": "pipifax.flip", "position": 0},
            headers={**token, "If-Match": "9"},
            timeout=30,
        )
        assert refused.status_code == 412
    after = samples(server.url)

    moves = value(after, "arena_moves_total", game="pipifax") - value(before, "arena_moves_total", game="pipifax")
    assert moves == versions  # every version of an SDK-only match is a seat's move
    stale = {"status": "412", "code": "match/stale_version"}
    assert value(after, "arena_refusals_total", **stale) - value(before, "arena_refusals_total", **stale) == 2
    route = {"method": "POST", "route": "/matches/<match_id>/actions"}
    answered = value(after, "arena_request_seconds_count", **route) - value(
        before, "arena_request_seconds_count", **route
    )
    assert answered == versions + 2
    assert value(after, "arena_request_seconds_bucket", **route, le="+Inf") == value(
        after, "arena_request_seconds_count", **route
    )
    assert value(after, "arena_redis_seconds_count") > value(before, "arena_redis_seconds_count")
    assert value(after, "arena_failures_total", status="500", code="server/error") == 0


def test_server_bots_and_the_referee_are_measured(server: LiveServer) -> None:
    """A match of server bots: each decision is timed; the referee plays what one request left (a
    request plays at most 64 versions), and says how late it was."""
    body = {"game": "pipifax", "players": 2, "seats": [{"bot": "random"}, {"bot": "random"}], "seed": 3}
    match = requests.post(f"{server.url}/matches", json=body, timeout=30).json()["match"]
    url = f"{server.url}/matches/{match['match_id']}"
    while match["status"] == "active":
        waited = requests.get(url, params={"wait": 20}, headers={"If-None-Match": f'"{match["version"]}"'}, timeout=60)
        match = match if waited.status_code == 304 else waited.json()
    assert match["version"] > 64  # so the referee had its share
    found = samples(server.url)
    assert value(found, "arena_bot_decision_seconds_count", game="pipifax", bot="random") >= match["version"]
    assert value(found, "arena_referee_lag_seconds_count") >= 1
    assert value(found, "arena_referee_loops_total") >= 1  # its heartbeat


def test_open_streams_and_long_polls_are_counted_while_open(server: LiveServer) -> None:
    created = requests.post(f"{server.url}/matches", json={"game": "pipifax", "players": 2}, timeout=30).json()
    url = f"{server.url}/matches/{created['match']['match_id']}"

    def open_now(kind: str) -> float:
        return value(samples(server.url), "arena_open_requests", kind=kind)

    streams, polls = open_now("stream"), open_now("long_poll")
    stream = requests.get(f"{url}/stream", stream=True, timeout=30)
    assert stream.status_code == 200
    eventually(lambda: open_now("stream") == streams + 1, "the stream counted as open")
    stream.close()
    eventually(lambda: open_now("stream") == streams, "the closed stream no longer counted")

    done = threading.Event()

    def long_poll() -> None:
        requests.get(url, params={"wait": 30}, headers={"If-None-Match": '"0"'}, timeout=90)
        done.set()

    waiter = threading.Thread(target=long_poll)
    waiter.start()
    eventually(lambda: open_now("long_poll") == polls + 1, "the long-poll counted as open")
    seat = created["match"]["to_act"][0]
    moved = requests.post(
        f"{url}/actions",
        json=requests.get(
            f"{url}/legal-actions", headers={"Authorization": f"Bearer {created['seats'][seat]['token']}"}, timeout=30
        ).json()["actions"][0],
        headers={"Authorization": f"Bearer {created['seats'][seat]['token']}", "If-Match": "0"},
        timeout=30,
    )
    assert moved.status_code == 200
    waiter.join(timeout=PATIENCE)
    assert done.is_set()
    eventually(lambda: open_now("long_poll") == polls, "the answered long-poll no longer counted")


def log_lines(text: str) -> list[dict[str, Any]]:
    """Every line of a log, each of which must be one JSON object."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_logs_are_json_lines_with_the_request_id(server: LiveServer, access_log: Path) -> None:
    created = requests.post(f"{server.url}/matches", json={"game": "pipifax", "players": 2}, timeout=30).json()
    path = f"/matches/{created['match']['match_id']}/actions"
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}", "If-Match": "9"}
    flood = []
    for n in range(REFUSALS_ALLOWED + 1):  # the last one is past the limit: 429, and a log line
        request_id = f"flood-{n}-{uuid.uuid4().hex[:8]}"
        answer = requests.post(
            server.url + path,
            json={"type": "pipifax.flip", "position": 0},
            headers={**headers, "X-Request-Id": request_id},
            timeout=30,
        )
        assert answer.headers["X-Request-Id"] == request_id
        flood.append((request_id, answer.status_code))
    assert flood[-1][1] == 429 and {status for _, status in flood[:-1]} == {412}
    limited_id = flood[-1][0]
    eventually(
        lambda: any(line.get("request_id") == limited_id for line in log_lines(server.log_text())), "the 429 logged"
    )
    lines = log_lines(server.log_text())
    limited = [line for line in lines if line.get("request_id") == limited_id]
    assert limited and all(line["level"] and line["logger"] and line["time"] for line in limited)
    assert any("rate limited" in line["message"] for line in limited)

    generated = requests.get(f"{server.url}/games", headers={"X-Request-Id": "not a sane id!"}, timeout=30)
    fresh = generated.headers["X-Request-Id"]
    assert fresh != "not a sane id!" and len(fresh) == 32
    eventually(lambda: fresh in access_log.read_text(), "the access line written")
    access = {line["request_id"]: line for line in log_lines(access_log.read_text())}
    assert access[fresh]["path"] == "/games" and access[fresh]["status"] == "200"
    assert access[limited_id]["status"] == "429"
