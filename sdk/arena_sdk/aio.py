"""``AsyncArena`` and ``AsyncSeat``: ``Arena`` and ``Seat`` for asyncio, so one process plays many seats at once.

They mirror the sync API call for call (``await seat.act(...)``, ``async for event in seat.stream()``)
with the generated client's ``asyncio_detailed`` functions and one shared ``httpx.AsyncClient``
connection pool per ``AsyncArena`` (no limit on connections: each playing seat holds a stream
open). Errors and retries are the sync ones (:mod:`arena_sdk.errors`, :mod:`arena_sdk.retrying`).
"""

from __future__ import annotations

import asyncio
import inspect
import uuid
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from functools import partial
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from arena_client import AuthenticatedClient, Client
from arena_client.api.games import get_game, list_games
from arena_client.api.lobby import abort_match, join_match, list_matches, resign_seat
from arena_client.api.matches import (
    create_match,
    get_match,
    get_seat_view,
    list_events,
    list_legal_actions,
    list_seat_events,
    submit_action,
)
from arena_client.models import (
    CreatedMatch,
    EventPage,
    Game,
    GameList,
    Join,
    Joined,
    LegalActions,
    ListMatchesStatusType1,
    Match,
    MatchList,
    MoveResult,
    SeatView,
)
from arena_client.types import UNSET, Response

from arena_sdk.actions import Action, ActionLike, action_model
from arena_sdk.client import create_body
from arena_sdk.errors import (
    ActionTooLateError,
    ArenaError,
    MatchOverError,
    NotYourTurnError,
    SeatOutError,
    StaleVersionError,
    araise_for_foreign_error,
)
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT, ActionResends, RetryBudget, acall, raise_typed, unwrap
from arena_sdk.seat_logic import (
    MAX_LEGAL_LIMIT,
    needs_more_actions,
    seat_of_token,
    turn_actions,
    turn_outcome,
    turn_view,
    view_of_move,
)
from arena_sdk.streams import StreamEvent, aerror_of, astream_events

__all__ = ["AsyncArena", "AsyncChoose", "AsyncSeat"]

T = TypeVar("T")

#: A policy for ``AsyncSeat.play``: like ``Choose``, or a coroutine function returning the action.
AsyncChoose = Callable[[SeatView, list[Action]], ActionLike | Awaitable[ActionLike]]


class AsyncArena:
    """``Arena`` for asyncio; close it (``await arena.aclose()`` or ``async with``) to close its connections."""

    def __init__(
        self,
        base_url: str,
        timeout: float = 10.0,
        retry_for: float = 30.0,
        retry_pause: float = 0.2,
        rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry_for = retry_for
        self.retry_pause = retry_pause
        self.rate_limit_wait = rate_limit_wait
        #: One connection pool for the arena and all its seats.
        self.transport = httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=None))
        self.client = Client(**self._client_args())

    def authenticated_client(self, token: str) -> AuthenticatedClient:
        """A generated client for this server with ``token`` as its bearer token, on the arena's pool."""
        return AuthenticatedClient(token=token, **self._client_args())

    def _client_args(self) -> dict[str, Any]:
        return {
            "base_url": self.base_url,
            "timeout": httpx.Timeout(self.timeout),
            "raise_on_unexpected_status": False,
            "httpx_args": {"transport": self.transport, "event_hooks": {"response": [araise_for_foreign_error]}},
        }

    async def aclose(self) -> None:
        await self.transport.aclose()

    async def __aenter__(self) -> AsyncArena:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def call(self, send: Callable[[], Awaitable[Response[Any]]], expected: type[T], idempotent: bool = True) -> T:
        """``await send()``'s success model, retried by :mod:`arena_sdk.retrying`'s rules within ``retry_for``."""
        return await acall(
            send,
            expected,
            retry_for=self.retry_for,
            pause=self.retry_pause,
            idempotent=idempotent,
            rate_limit_wait=self.rate_limit_wait,
        )

    async def games(self) -> list[Game]:
        return (await self.call(partial(list_games.asyncio_detailed, client=self.client), GameList)).games

    async def game(self, game_id: str) -> Game:
        return await self.call(partial(get_game.asyncio_detailed, game_id, client=self.client), Game)

    async def create_match(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        seats: Sequence[Mapping[str, Any]] | None = None,
        time_control: Mapping[str, Any] | None = None,
    ) -> CreatedMatch:
        """See ``Arena.create_match``."""
        body = create_body(game, players, options=options, seed=seed, seats=seats, time_control=time_control)
        key = str(uuid.uuid4())
        send = partial(create_match.asyncio_detailed, client=self.client, body=body, idempotency_key=key)
        return await self.call(send, CreatedMatch)

    async def join(self, match_id: str, name: str | None = None, seat: int | None = None) -> AsyncSeat:
        """Take an open seat (the first one, or ``seat``) and play it; ``MatchFullError`` if none is left."""
        body = Join(name=UNSET if name is None else name, seat=UNSET if seat is None else seat)
        send = partial(join_match.asyncio_detailed, match_id, client=self.client, body=body)
        joined = await self.call(send, Joined, idempotent=False)
        return self.seat(match_id, joined.token)

    async def list_matches(
        self,
        game: str | None = None,
        status: str | None = None,
        open: bool | None = None,
        limit: int = 20,
        cursor: str | None = None,
    ) -> MatchList:
        """A page of matches, newest first; pass its ``next_cursor`` as ``cursor`` for the next one."""
        chosen = None if status is None else ListMatchesStatusType1(status)
        send = partial(
            list_matches.asyncio_detailed,
            client=self.client,
            game=game,
            status=chosen,
            open_=open,
            limit=limit,
            cursor=cursor,
        )
        return await self.call(send, MatchList)

    async def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return await self.call(partial(get_match.asyncio_detailed, match_id, client=self.client), Match)

    async def abort(self, match_id: str, host_token: str) -> Match:
        """End the match with no result, as its host (``CreatedMatch.host_token``)."""
        host = self.authenticated_client(host_token)
        return await self.call(partial(abort_match.asyncio_detailed, match_id, client=host), Match, idempotent=False)

    async def events(self, match_id: str, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the public event log after version ``after``."""
        send = partial(list_events.asyncio_detailed, match_id, client=self.client, after=after, limit=limit)
        return await self.call(send, EventPage)

    def stream(self, match_id: str, after: int | None = None) -> AsyncGenerator[StreamEvent, None]:
        """The public events of the match as they happen, then ``match_over``."""
        path = f"/matches/{quote(match_id, safe='')}/stream"
        client = self.client.get_async_httpx_client()
        return astream_events(
            client,
            path,
            {},
            after=after,
            retry_for=self.retry_for,
            retry_pause=self.retry_pause,
            rate_limit_wait=self.rate_limit_wait,
        )

    def seat(self, match_id: str, token: str) -> AsyncSeat:
        """Play one seat of a match with its token (``InvalidTokenError`` at once for a malformed one)."""
        return AsyncSeat(self, match_id, token)


class AsyncSeat:
    """``Seat`` for asyncio: one seat of one match, played with its token."""

    def __init__(self, arena: AsyncArena, match_id: str, token: str) -> None:
        self.arena = arena
        self.match_id = match_id
        self.seat = seat_of_token(match_id, token)
        self.client = arena.authenticated_client(token)
        #: The version the next action is decided at (sent as If-Match).
        self.version: int | None = None
        #: The latest view this seat received (from a read, a turn or an action's answer).
        self.last_view: SeatView | None = None
        #: How many legal actions the seat had at its latest turn in :meth:`play` (``choose`` may see fewer).
        self.actions_total = 0
        self._path = f"/matches/{quote(match_id, safe='')}"

    async def view(self) -> SeatView:
        """What this seat sees now; also refreshes the version used for the next action."""
        send = partial(get_seat_view.asyncio_detailed, self.match_id, client=self.client)
        return self._saw(await self.arena.call(send, SeatView))

    async def legal_actions(
        self, filters: Sequence[str] = (), page_size: int = 1000, limit: int | None = None
    ) -> list[Action]:
        """This seat's legal actions now (all pages, or the first ``limit``), each ready for :meth:`act`."""
        actions: list[Action] = []
        while True:
            offset = len(actions)
            size = page_size if limit is None else min(page_size, limit - offset)
            send = partial(
                list_legal_actions.asyncio_detailed,
                self.match_id,
                client=self.client,
                offset=offset,
                limit=size,
                filter_=list(filters),
            )
            page = await self.arena.call(send, LegalActions)
            self.version = page.version
            actions.extend(page.actions)
            if not page.actions or len(actions) >= page.total or (limit is not None and len(actions) >= limit):
                return actions

    async def sample_actions(self, k: int = 1, seed: int | None = None, filters: Sequence[str] = ()) -> list[Action]:
        """``k`` distinct legal actions drawn uniformly at random (all of them if there are fewer)."""
        send = partial(
            list_legal_actions.asyncio_detailed,
            self.match_id,
            client=self.client,
            sample=k,
            sample_seed=UNSET if seed is None else seed,
            filter_=list(filters),
        )
        page = await self.arena.call(send, LegalActions)
        self.version = page.version
        return list(page.actions)

    async def events(self, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the log as this seat saw it: public events and this seat's private ones."""
        send = partial(list_seat_events.asyncio_detailed, self.match_id, client=self.client, after=after, limit=limit)
        return await self.arena.call(send, EventPage)

    def stream(self, after: int | None = None, legal_limit: int = 100) -> AsyncGenerator[StreamEvent, None]:
        """What this seat sees happen: events, a ``turn`` whenever it must act, then ``match_over``."""
        client, retry = self.client.get_async_httpx_client(), self.arena.retry_for
        params = {"legal_limit": legal_limit}
        return astream_events(
            client,
            f"{self._path}/seat-stream",
            params,
            after=after,
            retry_for=retry,
            rate_limit_wait=self.arena.rate_limit_wait,
        )

    async def act(self, action: ActionLike, retry_for: float = 30.0, retry_pause: float = 0.1) -> MoveResult:
        """Submit ``action`` (a model or a dict) at the version last seen, as ``Seat.act`` does."""
        body = action_model(action)
        if self.version is None:
            await self.view()
        key, if_match = str(uuid.uuid4()), str(self.version)
        resends = ActionResends(retry_for, retry_pause, self.arena.rate_limit_wait)
        while True:
            try:
                response = await submit_action.asyncio_detailed(
                    self.match_id, client=self.client, body=body, if_match=if_match, idempotency_key=key
                )
                result = unwrap(response, MoveResult)
            except (httpx.TransportError, ArenaError) as error:
                wait = resends.wait_before_resend(error)
                if wait is None:
                    current = error.details.get("current_version") if isinstance(error, ArenaError) else None
                    if isinstance(current, int):
                        self.version = current
                    raise_typed(error)
                await asyncio.sleep(wait)
                continue
            self.version, self.last_view = result.version, view_of_move(result)
            return result

    async def resign(self) -> SeatView:
        """Leave the match: with two players the other wins, with more the server plays this seat on."""
        send = partial(resign_seat.asyncio_detailed, self.match_id, client=self.client)
        return self._saw(await self.arena.call(send, SeatView, idempotent=False))

    async def wait_for_turn(self, timeout: float = 300.0, wait: float = 30.0) -> bool:
        """Wait until this seat may act (``True``) or will never act again (``False``), by long-polls."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        known = self.last_view
        seen = known if known is not None and known.version == self.version else await self.view()
        while True:
            outcome = turn_outcome(seen, self.seat)
            if outcome is not None:
                return outcome
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"seat {self.seat} waited {timeout}s for its turn")
            seen = await self._view_after(seen.version, min(wait, remaining)) or seen

    async def play(
        self,
        choose: AsyncChoose,
        timeout: float = 300.0,
        max_actions: int = 1000,
        retry_pause: float = 0.2,
    ) -> SeatView:
        """Play until the match ends over the seat stream, as ``Seat.play`` does; ``choose`` may be async."""
        acted_at = -1
        legal_limit = max(0, min(max_actions, MAX_LEGAL_LIMIT))
        client, path = self.client.get_async_httpx_client(), f"{self._path}/seat-stream"
        params = {"legal_limit": legal_limit}
        async for event in astream_events(
            client, path, params, retry_for=timeout, retry_pause=retry_pause, rate_limit_wait=self.arena.rate_limit_wait
        ):
            if event.type == "match_over":
                known = self.last_view
                return known if known is not None and known.version == event.version else await self.view()
            if event.type != "turn" or event.version <= acted_at:
                continue
            acted_at = event.version
            seen = self._saw(turn_view(event))
            actions, total = turn_actions(event)
            self.actions_total = total
            if needs_more_actions(len(actions), total, max_actions):
                actions = await self.legal_actions(limit=max_actions)
            if not actions:
                continue
            chosen = choose(seen, actions)
            if inspect.isawaitable(chosen):
                chosen = await chosen
            try:
                await self.act(chosen, retry_for=timeout)
            except (StaleVersionError, NotYourTurnError, MatchOverError, ActionTooLateError, SeatOutError):
                continue
        raise AssertionError("unreachable: the seat stream ends with match_over")

    async def _view_after(self, version: int, wait: float) -> SeatView | None:
        """The seat view once the match has moved past ``version`` (``None``: still there after ``wait`` s)."""
        budget = RetryBudget.starting_now(self.arena.retry_for, self.arena.retry_pause, self.arena.rate_limit_wait)
        while True:
            try:
                response = await self.client.get_async_httpx_client().get(
                    f"{self._path}/view",
                    params={"wait": wait},
                    headers={"If-None-Match": f'"{version}"'},
                    timeout=httpx.Timeout(self.arena.timeout + wait),
                )
                if response.status_code == httpx.codes.NOT_MODIFIED:
                    return None
                if response.status_code != httpx.codes.OK:
                    raise await aerror_of(response)
                return self._saw(SeatView.from_dict(response.json()))
            except (httpx.TransportError, ArenaError) as error:
                pause = budget.wait_before_retry(error, idempotent=True)
                if pause is None:
                    raise_typed(error)
                await asyncio.sleep(pause)

    def _saw(self, seen: SeatView) -> SeatView:
        self.version, self.last_view = seen.version, seen
        return seen
