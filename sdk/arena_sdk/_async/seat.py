"""``AsyncSeat``: one seat of one match, played with its token.

A seat keeps its token and the match version it last saw, sends that version as ``If-Match`` with
each action (with an ``Idempotency-Key``, so a resent action applies once), waits for its turn with
long-polls and plays whole matches over its event stream or its socket.
"""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import AsyncGenerator, Sequence
from functools import partial
from time import monotonic
from typing import TYPE_CHECKING
from urllib.parse import quote

import httpx
from arena_client.api.lobby import resign_seat
from arena_client.api.matches import (
    get_seat_view,
    list_legal_actions,
    list_seat_events,
    submit_action,
)
from arena_client.models import EventPage, LegalActions, MoveResult, SeatView
from arena_client.types import UNSET

from arena_sdk._async.sockets import AsyncChannel
from arena_sdk._async.streams import aerror_of, astream_events
from arena_sdk._async.turns import AsyncChoose, AsyncTurn, AsyncTurns
from arena_sdk.actions import Action, ActionLike, action_model, request_model
from arena_sdk.errors import ArenaError, IllegalActionError, WaitTimeoutError
from arena_sdk.retrying import ActionResends, RetryBudget, raise_typed, unwrap
from arena_sdk.seat_logic import (
    DEFAULT_LEGAL_LIMIT,
    DEFAULT_LOOP_TIMEOUT,
    MAX_LEGAL_LIMIT,
    OVERTAKEN,
    RESUMABLE,
    Transport,
    TurnCollector,
    adecided,
    needs_more_actions,
    seat_of_token,
    takes_turn,
    turn_outcome,
    turn_view,
    view_of_move,
)
from arena_sdk.socket_state import socket_url
from arena_sdk.stream_state import StreamEvent

if TYPE_CHECKING:
    from arena_sdk._async.arena import AsyncArena


class AsyncSeat:
    """One seat of one match, played with its token (``Arena.seat(match_id, token)``)."""

    def __init__(self, arena: AsyncArena, match_id: str, token: str) -> None:
        self.arena = arena
        self.match_id = match_id
        self.seat = seat_of_token(match_id, token)
        self.client = arena.authenticated_client(token)
        #: The version the next action is decided at (sent as If-Match).
        self.version: int | None = None
        #: The latest view this seat received (from a read, a turn or an action's answer).
        self.last_view: SeatView | None = None
        #: How many legal actions the seat had at its latest turn (``choose`` may see fewer).
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
        """``k`` distinct legal actions drawn uniformly at random (all of them if there are fewer).

        The server draws them without listing the rest, so this is fast however many there are;
        ``seed`` draws the same sample again.
        """
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

    async def stream(
        self, after: int | None = None, legal_limit: int = DEFAULT_LEGAL_LIMIT
    ) -> AsyncGenerator[StreamEvent, None]:
        """What this seat sees happen: events, a ``turn`` whenever it must act, then ``match_over``.

        Each ``turn`` carries the seat's view and its first ``legal_limit`` legal actions (resumed
        after a drop as the arena's ``stream`` is), and sets the version :meth:`act` acts at, so a loop
        that acts on each turn needs nothing else. :meth:`turns` does that loop's bookkeeping for you.
        """
        events = astream_events(
            self.client.get_async_httpx_client(),
            f"{self._path}/seat-stream",
            {"legal_limit": legal_limit},
            after=after,
            retry_for=self.arena.retry_for,
            retry_pause=self.arena.retry_pause,
            rate_limit_wait=self.arena.rate_limit_wait,
        )
        async for event in events:
            if event.type == "turn":
                self._saw(turn_view(event))
            yield event

    def turns(
        self,
        legal_limit: int = DEFAULT_LEGAL_LIMIT,
        timeout: float = DEFAULT_LOOP_TIMEOUT,
        retry_pause: float = 0.2,
        transport: Transport = "sse",
    ) -> AsyncTurns:
        """This seat's turns until the match ends: ``for turn in seat.turns(): turn.act(choose(turn))``.

        Reads the seat stream (one long-lived request). Each turn has the version, the view, the legal
        actions (all of them, or a uniform sample of ``legal_limit`` with their ``total``) and the
        events seen since the previous turn, from the setup's on (a dealt hand is among the first
        turn's). A turn is given once it is the seat's to decide; one not acted on is given again
        when the loop starts over. Dropped connections, a server restart, an unavailable store and
        rate limits are ridden out for up to ``timeout`` seconds: the stream resumes where it
        stopped, and each turn's ``act`` resends its action (same key) for as long. Once the loop
        ends, the loop object's ``ending`` holds the final events and the result.

        ``transport="ws"`` reads the same items from the seat socket, and its turns act on it too:
        one connection for the whole match instead of a request per move.
        """
        collector = TurnCollector()
        loop = self._turn_loop(collector, legal_limit, timeout, retry_pause, transport)
        return AsyncTurns(loop, collector)

    async def _turn_loop(
        self, collector: TurnCollector, legal_limit: int, timeout: float, retry_pause: float, transport: Transport
    ) -> AsyncGenerator[AsyncTurn, None]:
        async for event in self._turn_items(legal_limit, timeout, retry_pause, transport):
            self._turns_read = event.id
            found = collector.take(event, self._acted_at)
            if found is not None:
                self._saw(found.view)
                self.actions_total = found.total
                yield AsyncTurn(**vars(found), seat=self, timeout=timeout)

    async def _turn_items(
        self, legal_limit: int, timeout: float, retry_pause: float, transport: Transport
    ) -> AsyncGenerator[StreamEvent, None]:
        """The seat stream's items from where :meth:`turns` last read (the setup, at first), by ``transport``."""
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
        start = {"after": after} if after is not None else {"last_id": self._turns_read}
        async for item in astream_events(
            self.client.get_async_httpx_client(),
            f"{self._path}/seat-stream",
            {"legal_limit": legal_limit},
            **start,
            retry_for=timeout,
            retry_pause=retry_pause,
            rate_limit_wait=self.arena.rate_limit_wait,
        ):
            yield item

    async def act(
        self,
        action: ActionLike,
        retry_for: float | None = None,
        retry_pause: float = 0.1,
        *,
        version: int | None = None,
    ) -> MoveResult:
        """Submit ``action`` (a model or a dict) at ``version`` (default: the version last seen);
        ``StaleVersionError`` if the match moved on.

        Each action carries a fresh ``Idempotency-Key``; after a dropped connection or a 503 it is
        sent again with the same key for up to ``retry_for`` seconds (default: the arena's
        ``retry_for``), so it applies at most once and a replay answers with the original
        ``MoveResult``. A 429 is waited out for up to the arena's ``rate_limit_wait`` seconds.
        """
        body = request_model(action_model(action))
        if version is None and self.version is None:
            await self.view()
        at = self.version if version is None else version
        key, if_match = str(uuid.uuid4()), str(at)
        budget = self.arena.retry_for if retry_for is None else retry_for
        resends = ActionResends(budget, retry_pause, self.arena.rate_limit_wait)
        while True:
            try:
                response = await submit_action.asyncio_detailed(
                    self.match_id, client=self.client, body=body, if_match=if_match, idempotency_key=key
                )
                result = self._acted(unwrap(response, MoveResult))
            except (httpx.TransportError, ArenaError) as error:
                wait = resends.wait_before_resend(error)
                if wait is None:
                    self._learn_version(error)
                    raise_typed(error)
                await asyncio.sleep(wait)
                continue
            self._acted_at = max(self._acted_at, int(if_match))
            return result

    async def act_on_turn(self, version: int, action: ActionLike, retry_for: float | None = None) -> MoveResult | None:
        """``Turn.act``: ``action`` at ``version``, or ``None`` if the turn was overtaken."""
        try:
            if self._channel is None:
                return await self.act(action, retry_for=retry_for, version=version)
            answer = await self._channel.act(action_model(action).to_dict(), version, str(uuid.uuid4()))
        except OVERTAKEN:
            return None
        result = self._acted(MoveResult.from_dict(answer))
        self._acted_at = max(self._acted_at, version)
        return result

    async def resign(self) -> SeatView:
        """Leave the match: with two players the other wins, with more the server plays this seat on."""
        send = partial(resign_seat.asyncio_detailed, self.match_id, client=self.client)
        return self._saw(await self.arena.call(send, SeatView, idempotent=False))

    async def wait_for_turn(self, timeout: float = DEFAULT_LOOP_TIMEOUT, wait: float = 30.0) -> bool:
        """Wait until this seat may act (``True``) or will never act again (``False``: over, or left).

        Long-polls the seat view with ``If-None-Match`` (the server answers as soon as the match
        moves past the version this seat knows, or with a bodiless 304 after ``wait`` seconds), so
        it never polls in between. The view it ends on is kept as ``last_view``, and its version is
        the one :meth:`act` acts at. Raises ``WaitTimeoutError`` (a ``TimeoutError``) after ``timeout``.
        """
        deadline = monotonic() + timeout
        known = self.last_view
        # A view known to be waiting is long-polled from; one that says "act" is read again, since the
        # match may have moved on since (an abort, a timeout), and a loop must not act on it twice.
        waiting = known is not None and known.version == self.version and turn_outcome(known, self.seat) is None
        seen = known if waiting and known is not None else await self.view()
        while True:
            outcome = turn_outcome(seen, self.seat)
            if outcome is not None:
                return outcome
            remaining = deadline - monotonic()
            if remaining <= 0:
                raise WaitTimeoutError.waited(self.seat, timeout)
            seen = await self._view_after(seen.version, min(wait, remaining)) or seen

    async def play(
        self,
        choose: AsyncChoose,
        timeout: float = DEFAULT_LOOP_TIMEOUT,
        max_actions: int = DEFAULT_LEGAL_LIMIT,
        retry_pause: float = 0.2,
        transport: Transport = "sse",
    ) -> SeatView:
        """Play until the match ends, asking ``choose`` for each action; returns the final view.

        ``choose`` takes the turn (``choose(turn)``), or the turn's view and actions
        (``choose(view, actions)``); with asyncio it may be a coroutine function. Built on
        :meth:`turns`: ``choose`` sees at most ``max_actions`` legal actions (a uniform sample where
        there are more; some games have hundreds of thousands); a turn overtaken by another move
        waits for the next. Outages are ridden out for up to ``timeout`` seconds. An illegal action
        raises ``IllegalActionError`` naming the rule; the match goes on, and ``play`` may be called
        again to resume at the seat's pending turn. ``transport="ws"`` plays over the seat socket.
        """
        with_turn = takes_turn(choose)
        legal_limit = max(0, min(max_actions, MAX_LEGAL_LIMIT))
        turns = self.turns(legal_limit=legal_limit, timeout=timeout, retry_pause=retry_pause, transport=transport)
        async for given in turns:
            turn = given
            if needs_more_actions(len(given.actions), given.total, max_actions):
                turn = dataclasses.replace(given, actions=await self.legal_actions(limit=max_actions))
            if not turn.actions:
                continue
            chosen = await adecided(choose(turn) if with_turn else choose(turn.view, turn.actions))  # type: ignore[call-arg, arg-type]
            try:
                await turn.act(chosen)
            except IllegalActionError as error:
                error.add_note(RESUMABLE)
                raise
        known = self.last_view
        over = known is not None and known.status.value in ("finished", "aborted")
        return known if known is not None and over and known.version == self.version else await self.view()

    def _acted(self, result: MoveResult) -> MoveResult:
        """The action's answer; remembers the view and version it carries."""
        self.version, self.last_view = result.version, view_of_move(result)
        return result

    def _learn_version(self, error: Exception) -> None:
        """A refusal that names the current version (a stale one) sets the version to act at."""
        current = error.details.get("current_version") if isinstance(error, ArenaError) else None
        if isinstance(current, int):
            self.version = current

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
        """Remember ``seen`` as the latest view and its version as the one to act at."""
        self.version, self.last_view = seen.version, seen
        return seen
