"""Rate limits through a live server at its defaults: a fast fair bot never meets them, a flood does.

The server runs with ``ARENA_RATE_LIMITS`` unset, so the defaults count. Every outcome is decided
by counts, never by a clock: the flood is sent until the per-minute allowance of refusals is spent
(however slowly the machine answers, that takes well under a minute).
"""

from __future__ import annotations

import random
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import requests
from arena_client import Client
from arena_sdk import Arena, RateLimitedError
from arena_sdk.errors import raise_for_foreign_error

from api.http.limits import parse_rate_limits
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("limits-live")

#: How many moves the fast bot makes.
MOVES = 2_000


@pytest.fixture(scope="module")
def default_limits(redis_server: RedisServer) -> Iterator[LiveServer]:
    prefix = f"limits-{uuid.uuid4().hex[:8]}"
    with LiveServer(redis_server.url, key_prefix=prefix, ARENA_RATE_LIMITS="") as server:
        yield server


class PlainBot:
    """A bot that plays seat 0 against a server bot over plain HTTP, as fast as answers come:
    the seat's view, its legal actions, one of them; a long-poll of the view while it waits."""

    def __init__(self, url: str, game: str) -> None:
        self.url, self.game = url, game
        self.session = requests.Session()
        self.statuses: Counter[int] = Counter()
        self.rng = random.Random(27)

    def send(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        response = self.session.request(method, self.url + path, timeout=60, **kwargs)
        self.statuses[response.status_code] += 1
        return response

    def new_match(self) -> tuple[str, dict[str, str]]:
        body = {"game": self.game, "players": 2, "seats": [{"name": "fast"}, {"bot": "random"}]}
        created = self.send("POST", "/matches", json=body)
        assert created.status_code == 201, created.text
        return f"/matches/{created.json()['match']['match_id']}", {
            "Authorization": f"Bearer {created.json()['seats'][0]['token']}"
        }

    def play(self, moves: int) -> int:
        """Make ``moves`` moves (creating matches as they end); how many were applied."""
        applied = 0
        while applied < moves:
            path, token = self.new_match()
            view = self.send("GET", f"{path}/view", headers=token).json()
            while view["status"] == "active" and applied < moves:
                if 0 not in view["to_act"]:
                    waited = self.send(
                        "GET",
                        f"{path}/view",
                        params={"wait": 10},
                        headers={**token, "If-None-Match": f'"{view["version"]}"'},
                    )
                    view = view if waited.status_code == 304 else waited.json()
                    continue
                legal = self.send("GET", f"{path}/legal-actions", headers=token).json()
                action = self.rng.choice(legal["actions"])
                moved = self.send(
                    "POST", f"{path}/actions", json=action, headers={**token, "If-Match": str(view["version"])}
                )
                assert moved.status_code == 200, moved.text
                applied += 1
                view = moved.json()
        return applied


@pytest.mark.timeout(900)  # 6,000 requests: about a minute on a quiet machine, several on a busy one
def test_a_fast_bot_on_its_turns_meets_no_limit_in_2000_moves(default_limits: LiveServer) -> None:
    bot = PlainBot(default_limits.url, "taiga")
    assert bot.play(MOVES) == MOVES
    assert bot.statuses[429] == 0, bot.statuses
    assert set(bot.statuses) <= {200, 201, 304}, bot.statuses


def test_a_flood_of_refused_actions_is_429_with_retry_after_and_a_fair_move_still_plays(
    default_limits: LiveServer,
) -> None:
    refused = parse_rate_limits("")
    assert refused is not None
    per_minute = max(int(limit.split("/")[0]) for limit in refused["refused"].split(","))
    bot = PlainBot(default_limits.url, "pipifax")
    path, token = bot.new_match()
    view = bot.send("GET", f"{path}/view", headers=token).json()
    assert 0 in view["to_act"]
    action = bot.send("GET", f"{path}/legal-actions", headers=token).json()["actions"][0]
    stale = {**token, "If-Match": str(view["version"] + 1)}
    answers = []
    for _ in range(per_minute + 1):  # the last one is past any window's allowance
        answers.append(bot.send("POST", f"{path}/actions", json=action, headers=stale))
        if answers[-1].status_code == 429:
            break
    limited = answers[-1]
    assert limited.status_code == 429, Counter(a.status_code for a in answers)
    assert {a.status_code for a in answers[:-1]} == {412}
    body = limited.json()
    assert body["code"] == "rate/limited" and body["details"]["kind"] == "refused", body
    assert body["details"]["refused"] == "match/stale_version", body
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    moved = bot.send("POST", f"{path}/actions", json=action, headers={**token, "If-Match": str(view["version"])})
    assert moved.status_code == 200, moved.text


@pytest.fixture(scope="module")
def one_creation_a_second(redis_server: RedisServer) -> Iterator[LiveServer]:
    prefix = f"limits-{uuid.uuid4().hex[:8]}"
    with LiveServer(redis_server.url, key_prefix=prefix, ARENA_RATE_LIMITS="create=1/second") as server:
        yield server


class CountingTransport(httpx.HTTPTransport):
    """Counts the answers by status."""

    def __init__(self) -> None:
        super().__init__()
        self.statuses: Counter[int] = Counter()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        self.statuses[response.status_code] += 1
        return response


def counting_arena(url: str, rate_limit_wait: float) -> tuple[Arena, CountingTransport]:
    """An ``Arena`` whose own requests go through a :class:`CountingTransport`."""
    arena = Arena(url, rate_limit_wait=rate_limit_wait)
    transport = CountingTransport()
    hooks = {"response": [raise_for_foreign_error]}  # as Arena's own client has
    arena.client = Client(base_url=arena.base_url, httpx_args={"transport": transport, "event_hooks": hooks})
    return arena, transport


def test_the_sdk_waits_out_a_429_then_raises_past_its_maximum(one_creation_a_second: LiveServer) -> None:
    arena, transport = counting_arena(one_creation_a_second.url, rate_limit_wait=120.0)
    for _ in range(20):  # one per second: back-to-back creations meet the limit (soon, however slow the machine)
        arena.create_match("pipifax", 2)
        if transport.statuses[429]:
            break
    assert transport.statuses[429] >= 1 and transport.statuses[201] >= 2, transport.statuses
    impatient, seen = counting_arena(one_creation_a_second.url, rate_limit_wait=0.0)
    with pytest.raises(RateLimitedError) as limited:
        for _ in range(20):
            impatient.create_match("pipifax", 2)
    assert limited.value.status == 429 and limited.value.retry_after >= 1
    assert seen.statuses[429] == 1
