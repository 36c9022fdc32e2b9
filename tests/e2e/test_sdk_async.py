"""The asyncio SDK against a live server: one process plays 100 seats at once, and what a seat may send."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from contextlib import aclosing
from typing import Any, TypeVar

import httpx
import pytest
from arena_client import AuthenticatedClient
from arena_client.models import SeatView
from arena_sdk import (
    Action,
    AsyncArena,
    AsyncSeat,
    InvalidTokenError,
    MalformedActionError,
    NotYourTurnError,
    RateLimitedError,
    WrongGameError,
)
from arena_sdk.games import pili_pili, pipifax, taiga

from tests.live_server import LiveServer

T = TypeVar("T")

#: 25 four-player Pili Pili matches (about 80 moves each when played at random): 100 seats, all played by
#: one event loop. (Pipifax, a memory game, takes 200 to 3,600 moves a match played at random: too long here.)
GAME, PLAYERS, MATCHES = "pili-pili", 4, 25


def run(make: Callable[[AsyncArena], Awaitable[T]], url: str) -> T:
    """``make(arena)`` on a fresh event loop, the arena closed after."""

    async def main() -> T:
        async with AsyncArena(url, retry_for=60.0) as arena:
            return await make(arena)

    return asyncio.run(main())


def random_player(seed: int) -> Callable[[SeatView, list[Action]], dict[str, Any]]:
    """A random Pili Pili bot that answers with plain dicts, through the typed helpers."""
    rng = random.Random(seed)

    def choose(seen: SeatView, legal: list[Action]) -> dict[str, Any]:
        assert pili_pili.view(seen).players == PLAYERS
        return rng.choice(pili_pili.actions(legal)).to_dict()

    return choose


@pytest.mark.timeout(300)
def test_one_process_plays_100_seats_at_once(live_server: LiveServer) -> None:
    async def play_everything(arena: AsyncArena) -> tuple[list[SeatView], list[str], float]:
        created = await asyncio.gather(*(arena.create_match(GAME, PLAYERS, seed=i) for i in range(MATCHES)))
        seats = [arena.seat(c.match.match_id, s.token) for c in created for s in c.seats]
        assert len(seats) == 100
        started = time.monotonic()
        finals = await asyncio.wait_for(
            asyncio.gather(*(seat.play(random_player(i)) for i, seat in enumerate(seats))), timeout=240
        )
        return list(finals), [c.match.match_id for c in created], time.monotonic() - started

    finals, match_ids, took = run(play_everything, live_server.url)
    print(f"{MATCHES} {GAME} matches, {len(finals)} seats in one event loop: {took:.1f} s")

    async def matches(arena: AsyncArena) -> list[Any]:
        return list(await asyncio.gather(*(arena.match(m) for m in match_ids)))

    by_match = [finals[i : i + PLAYERS] for i in range(0, len(finals), PLAYERS)]
    for match, seen_by_seats in zip(run(matches, live_server.url), by_match, strict=True):
        assert match.status.value == "finished" and match.result is not None
        for seen in seen_by_seats:
            assert seen.match_id == match.match_id
            assert seen.status.value == "finished" and seen.version == match.version
            assert seen.result is not None and seen.result.winners == match.result.winners


def test_the_async_seat_mirrors_the_sync_one(live_server: LiveServer) -> None:
    async def scenario(arena: AsyncArena) -> None:
        created = await arena.create_match("taiga", 3, seed=5)
        match_id = created.match.match_id
        seats = [arena.seat(match_id, s.token) for s in created.seats]
        views = await asyncio.gather(*(seat.view() for seat in seats))
        with pytest.raises(WrongGameError):
            pipifax.view(views[0])
        first = next(seat for seat in seats if seat.seat in views[0].to_act)
        waiting = next(seat for seat in seats if seat.seat not in views[0].to_act)
        assert await first.wait_for_turn(timeout=10) is True
        legal = taiga.actions(await first.legal_actions())
        assert legal
        with pytest.raises(NotYourTurnError):
            await waiting.act(legal[0])
        with pytest.raises(MalformedActionError):
            await first.act({"type": "taiga.flip"})  # refused before sending: no disc
        moved = await first.act(legal[0].to_dict())  # a plain dict
        assert moved.version == 1 and taiga.view(moved).game.value == "taiga"
        assert (await arena.match(match_id)).version == 1
        async with aclosing(arena.stream(match_id, after=0)) as stream:
            first_event = await anext(stream)
        assert first_event.version == 1 and first_event.type == "event"
        with pytest.raises(InvalidTokenError):
            arena.seat(match_id, "garbage")
        with pytest.raises(InvalidTokenError):
            await AsyncSeat(arena, match_id, f"{match_id}.0.{'x' * 43}").view()  # well formed, unknown to the server
        await arena.abort(match_id, created.host_token)

    run(scenario, live_server.url)


class RateLimitFirstAction(httpx.AsyncBaseTransport):
    """Answers the first action with the server's ``429 rate/limited`` (retry after 1 s), then passes all on."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.actions_sent = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path.endswith("/actions"):
            self.actions_sent += 1
            if self.actions_sent == 1:
                body = {"code": "rate/limited", "status": 429, "message": "slow down", "details": {"retry_after": 1}}
                return httpx.Response(
                    429, headers={"Retry-After": "1", "Content-Type": "application/json"}, content=json.dumps(body)
                )
        return await self.inner.handle_async_request(request)


def test_an_async_action_waits_out_a_rate_limit(live_server: LiveServer) -> None:
    async def scenario(arena: AsyncArena) -> tuple[int, float, int]:
        created = await arena.create_match("pipifax", 2, {"first_player": 0}, seed=5)
        match_id, token = created.match.match_id, created.seats[0].token
        seat = arena.seat(match_id, token)
        transport = RateLimitFirstAction(arena.transport)
        seat.client = AuthenticatedClient(base_url=live_server.url, token=token, httpx_args={"transport": transport})
        started = time.monotonic()
        moved = await seat.act(pipifax.flip(position=0))
        waited = time.monotonic() - started
        with pytest.raises(RateLimitedError) as limited:
            transport.actions_sent = 0
            arena.rate_limit_wait = 0.5  # not worth waiting 1 s for
            await seat.act(pipifax.flip(position=1))
        assert limited.value.retry_after == 1.0 and limited.value.status == 429
        return moved.version, waited, transport.actions_sent

    version, waited, sent = run(scenario, live_server.url)
    assert version == 1 and waited >= 1.0 and sent == 1
