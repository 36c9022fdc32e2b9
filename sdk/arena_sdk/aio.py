"""``AsyncArena`` and ``AsyncSeat``: ``Arena`` and ``Seat`` for asyncio, so one process plays many seats at once.

They mirror the sync API call for call (``await seat.act(...)``, ``async for event in seat.stream()``)
with the generated client's ``asyncio_detailed`` functions and one shared ``httpx.AsyncClient``
connection pool per ``AsyncArena`` (no limit on connections: each playing seat holds a stream
open). Errors and retries are the sync ones (:mod:`arena_sdk.errors`, :mod:`arena_sdk.retrying`).
"""

from __future__ import annotations

import asyncio
import dataclasses
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
from arena_client.api.records import get_match_record
from arena_client.models import (
    CreatedMatch,
    EventPage,
    Game,
    GameList,
    Join,
    Joined,
    LegalActions,
    ListMatchesStatus,
    Match,
    MatchList,
    MoveResult,
    Record,
    SeatView,
)
from arena_client.types import UNSET, Response

from arena_sdk.actions import Action, ActionLike, action_model, request_model
from arena_sdk.client import CONNECT_TIMEOUT, OVERTAKEN, RESUMABLE, Transport, create_body, game_id, raw_json
from arena_sdk.errors import (
    ArenaError,
    IllegalActionError,
    WaitTimeoutError,
    araise_for_foreign_error,
)
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT, ActionResends, RetryBudget, acall, raise_typed, unwrap
from arena_sdk.seat_logic import (
    MAX_LEGAL_LIMIT,
    TurnCollector,
    needs_more_actions,
    seat_of_token,
    takes_turn,
    turn_outcome,
    turn_view,
    view_of_move,
)
from arena_sdk.sockets import AsyncChannel, socket_url
from arena_sdk.streams import StreamEvent, aerror_of, astream_events
from arena_sdk.turns import AsyncTurn

__all__ = ["AsyncArena", "AsyncChoose", "AsyncSeat", "AsyncTurn"]

T = TypeVar("T")

#: A policy for ``AsyncSeat.play``: like ``Choose`` (a turn, or the view and the actions), or a
#: coroutine function returning the action.
AsyncChoose = (
    Callable[[AsyncTurn], ActionLike | Awaitable[ActionLike]]
    | Callable[[SeatView, list[Action]], ActionLike | Awaitable[ActionLike]]
)


class AsyncArena:
    """``Arena`` for asyncio; close it (``await arena.aclose()`` or ``async with``) to close its connections."""

    def __init__(
        self,
        base_url: str,
        timeout: float = 10.0,
        retry_for: float = 30.0,
        retry_pause: float = 0.2,
        *,
        connect_timeout: float = CONNECT_TIMEOUT,
        rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.retry_pause = retry_pause
        self._retry_for = retry_for
        #: Whether the server has answered a request of this arena (or its seats) yet.
        self.reached = False
        self.rate_limit_wait = rate_limit_wait
        #: One connection pool for the arena and all its seats.
        self.transport = httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=None))
        self.client = Client(**self._client_args())

    def authenticated_client(self, token: str) -> AuthenticatedClient:
        """A generated client for this server with ``token`` as its bearer token, on the arena's pool."""
        return AuthenticatedClient(token=token, **self._client_args())

    @property
    def retry_for(self) -> float:
        """How long a call keeps retrying: ``connect_timeout`` at most until the server has answered once."""
        return self._retry_for if self.reached else min(self._retry_for, self.connect_timeout)

    @retry_for.setter
    def retry_for(self, seconds: float) -> None:
        self._retry_for = seconds

    async def _answered(self, response: httpx.Response) -> None:
        self.reached = True

    def _client_args(self) -> dict[str, Any]:
        hooks = {"response": [self._answered, araise_for_foreign_error]}
        return {
            "base_url": self.base_url,
            "timeout": httpx.Timeout(self.timeout, connect=self.connect_timeout),
            "raise_on_unexpected_status": False,
            "httpx_args": {"transport": self.transport, "event_hooks": hooks},
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
        webhook: Mapping[str, Any] | None = None,
    ) -> CreatedMatch:
        """See ``Arena.create_match``."""
        body = create_body(
            game, players, options=options, seed=seed, seats=seats, time_control=time_control, webhook=webhook
        )
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
        chosen = UNSET if status is None else ListMatchesStatus(status)
        send = partial(
            list_matches.asyncio_detailed,
            client=self.client,
            game=UNSET if game is None else game_id(game),
            status=chosen,
            open_=UNSET if open is None else open,
            limit=limit,
            cursor=UNSET if cursor is None else cursor,
        )
        return await self.call(send, MatchList)

    async def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return await self.call(partial(get_match.asyncio_detailed, match_id, client=self.client), Match)

    async def record(self, match_id: str) -> dict[str, Any]:
        """The record of a finished or aborted match, as JSON data (see ``Arena.record``)."""
        answers: list[Response[Any]] = []

        async def send() -> Response[Any]:
            answers.append(await get_match_record.asyncio_detailed(match_id, client=self.client))
            return answers[-1]

        await self.call(send, Record)
        return raw_json(answers[-1])

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
        #: The version this seat last acted at: its turns up to there are done with.
        self._acted_at = -1
        #: The id of the last seat stream event :meth:`turns` read (``None``: from the setup on).
        self._turns_read: str | None = None
        self._token = token
        #: The seat socket :meth:`turns` reads with ``transport="ws"``, which its turns act on too.
        self._channel: AsyncChannel | None = None

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

    async def stream(self, after: int | None = None, legal_limit: int = 100) -> AsyncGenerator[StreamEvent, None]:
        """What this seat sees happen: events, a ``turn`` whenever it must act, then ``match_over``.

        Each ``turn`` sets the version :meth:`act` acts at, as ``Seat.stream`` does.
        """
        client, retry = self.client.get_async_httpx_client(), self.arena.retry_for
        params = {"legal_limit": legal_limit}
        events = astream_events(
            client,
            f"{self._path}/seat-stream",
            params,
            after=after,
            retry_for=retry,
            rate_limit_wait=self.arena.rate_limit_wait,
        )
        async for event in events:
            if event.type == "turn":
                self._saw(turn_view(event))
            yield event

    async def turns(
        self, legal_limit: int = 100, timeout: float = 300.0, retry_pause: float = 0.2, transport: Transport = "sse"
    ) -> AsyncGenerator[AsyncTurn, None]:
        """This seat's turns until the match ends, as ``Seat.turns`` gives them: ``async for turn in seat.turns()``."""
        collector = TurnCollector()
        async for event in self._turn_items(legal_limit, timeout, retry_pause, transport):
            self._turns_read = event.id
            found = collector.take(event, self._acted_at)
            if found is not None:
                self._saw(found.view)
                self.actions_total = found.total
                yield AsyncTurn(**vars(found), seat=self)

    async def _turn_items(
        self, legal_limit: int, timeout: float, retry_pause: float, transport: Transport
    ) -> AsyncGenerator[StreamEvent, None]:
        after = -1 if self._turns_read is None else None
        if transport == "ws":
            url = socket_url(self.arena.base_url, self.match_id, legal_limit, after)
            self._channel = AsyncChannel(
                url, self._token, connect_timeout=self.arena.connect_timeout, retry_for=timeout, pause=retry_pause
            )
            self._channel.state.last_id = self._turns_read
            try:
                async for item in self._channel.items():
                    yield item
            finally:
                self._channel = None
            return
        client, path = self.client.get_async_httpx_client(), f"{self._path}/seat-stream"
        start = {"after": after} if after is not None else {"last_id": self._turns_read}
        async for item in astream_events(
            client,
            path,
            {"legal_limit": legal_limit},
            **start,
            retry_for=timeout,
            retry_pause=retry_pause,
            rate_limit_wait=self.arena.rate_limit_wait,
        ):
            yield item

    async def act(
        self, action: ActionLike, retry_for: float = 30.0, retry_pause: float = 0.1, *, version: int | None = None
    ) -> MoveResult:
        """Submit ``action`` at ``version`` (default: the last version seen), as ``Seat.act`` does."""
        body = request_model(action_model(action))
        if version is None and self.version is None:
            await self.view()
        at = self.version if version is None else version
        key, if_match = str(uuid.uuid4()), str(at)
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
            self._acted_at = max(self._acted_at, int(if_match))
            return result

    async def act_on_turn(self, version: int, action: ActionLike, retry_for: float = 30.0) -> MoveResult | None:
        """:meth:`AsyncTurn.act`: ``action`` at ``version``, or ``None`` if the turn was overtaken."""
        try:
            if self._channel is None:
                return await self.act(action, retry_for=retry_for, version=version)
            answer = await self._channel.act(action_model(action).to_dict(), version, str(uuid.uuid4()))
        except OVERTAKEN:
            return None
        result = MoveResult.from_dict(answer)
        self.version, self.last_view = result.version, view_of_move(result)
        self._acted_at = max(self._acted_at, version)
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
        # A view known to be waiting is long-polled from; one that says "act" is read again, since the
        # match may have moved on since (an abort, a timeout), and a loop must not act on it twice.
        waiting = known is not None and known.version == self.version and turn_outcome(known, self.seat) is None
        seen = known if waiting and known is not None else await self.view()
        while True:
            outcome = turn_outcome(seen, self.seat)
            if outcome is not None:
                return outcome
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise WaitTimeoutError.waited(self.seat, timeout)
            seen = await self._view_after(seen.version, min(wait, remaining)) or seen

    async def play(
        self,
        choose: AsyncChoose,
        timeout: float = 300.0,
        max_actions: int = 1000,
        retry_pause: float = 0.2,
        transport: Transport = "sse",
    ) -> SeatView:
        """Play until the match ends, as ``Seat.play`` does (built on :meth:`turns`); ``choose`` may be async."""
        with_turn = takes_turn(choose)
        legal_limit = max(0, min(max_actions, MAX_LEGAL_LIMIT))
        turns = self.turns(legal_limit=legal_limit, timeout=timeout, retry_pause=retry_pause, transport=transport)
        async for given in turns:
            turn = given
            if needs_more_actions(len(given.actions), given.total, max_actions):
                turn = dataclasses.replace(given, actions=await self.legal_actions(limit=max_actions))
            if not turn.actions:
                continue
            chosen = choose(turn) if with_turn else choose(turn.view, turn.actions)  # type: ignore[call-arg, arg-type]
            if inspect.isawaitable(chosen):
                chosen = await chosen
            try:
                await self.act_on_turn(turn.version, chosen, retry_for=timeout)
            except IllegalActionError as error:
                error.add_note(RESUMABLE)
                raise
        known = self.last_view
        over = known is not None and known.status.value in ("finished", "aborted")
        return known if known is not None and over and known.version == self.version else await self.view()

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
