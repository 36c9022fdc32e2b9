"""``AsyncArena``: a connection to a Tabletop Arena server (the catalogue, the lobby, matches) and the factory of seats.

Every call returns the generated models on success and raises a typed :mod:`arena_sdk.errors` error
otherwise (see :mod:`arena_sdk.retrying` for what is retried). One connection pool serves the arena
and all its seats, with no cap on connections (each playing seat holds its stream open); close it
with ``aclose()`` or a ``with`` block.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from functools import partial
from http import HTTPStatus
from types import TracebackType
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from arena_client import AuthenticatedClient, Client
from arena_client.api.games import get_game, list_games
from arena_client.api.lobby import abort_match, join_match, list_matches
from arena_client.api.matches import create_match, get_match, list_events
from arena_client.api.records import get_match_record
from arena_client.api.replay import get_match_version
from arena_client.api.webhooks import get_match_webhook
from arena_client.models import (
    CreatedMatch,
    EventPage,
    Game,
    GameList,
    Join,
    Joined,
    ListMatchesStatus,
    Match,
    MatchList,
    Record,
    ReplayVersion,
    WebhookStatus,
)
from arena_client.types import UNSET, Response

from arena_sdk._async.calls import acall
from arena_sdk._async.seat import AsyncSeat
from arena_sdk._async.streams import astream_events
from arena_sdk.bodies import create_body, game_id, raw_json
from arena_sdk.errors import araise_for_foreign_error
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT
from arena_sdk.seat_logic import CONNECT_TIMEOUT
from arena_sdk.stream_state import StreamEvent

T = TypeVar("T")


class AsyncArena:
    """A connection to a Tabletop Arena server: the catalogue, the lobby and matches, as a spectator or host.

    ``timeout`` bounds each request and ``connect_timeout`` its connecting; ``retry_for`` is how
    long a call keeps retrying reads (and writes sent with an ``Idempotency-Key``: ``create_match``
    and a seat's ``act``) after a dropped connection or a 503 before it raises; ``rate_limit_wait``
    is how long in all a call waits out ``429 rate/limited`` answers (their ``Retry-After``) before
    it raises ``RateLimitedError`` (default 120 s). Until the server has answered once, a server that
    cannot be reached fails within ``connect_timeout`` (``ConnectionFailedError``): a wrong URL is
    said at once, while a server that answered before is waited for through a restart.
    """

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

    @property
    def retry_for(self) -> float:
        """How long a call keeps retrying: ``connect_timeout`` at most until the server has answered once."""
        return self._retry_for if self.reached else min(self._retry_for, self.connect_timeout)

    @retry_for.setter
    def retry_for(self, seconds: float) -> None:
        self._retry_for = seconds

    async def _answered(self, response: httpx.Response) -> None:
        self.reached = True

    def authenticated_client(self, token: str) -> AuthenticatedClient:
        """A generated client for this server with ``token`` as its bearer token, on the arena's pool."""
        return AuthenticatedClient(token=token, **self._client_args())

    def _client_args(self) -> dict[str, Any]:
        hooks = {"response": [self._answered, araise_for_foreign_error]}
        return {
            "base_url": self.base_url,
            "timeout": httpx.Timeout(self.timeout, connect=self.connect_timeout),
            "raise_on_unexpected_status": False,
            "httpx_args": {"transport": self.transport, "event_hooks": hooks},
        }

    async def aclose(self) -> None:
        """Close the arena's connections (its seats' too)."""
        await self.transport.aclose()

    async def __aenter__(self) -> AsyncArena:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def call(self, send: Callable[[], Awaitable[Response[Any]]], expected: type[T], idempotent: bool = True) -> T:
        """``send()``'s success model, retried by :mod:`arena_sdk.retrying`'s rules within ``retry_for``."""
        return await acall(
            send,
            expected,
            retry_for=self.retry_for,
            pause=self.retry_pause,
            idempotent=idempotent,
            rate_limit_wait=self.rate_limit_wait,
        )

    async def games(self) -> list[Game]:
        """Every game the server has, with its options, bots and player counts."""
        return (await self.call(partial(list_games.asyncio_detailed, client=self.client), GameList)).games

    async def game(self, game_id: str) -> Game:
        """One game's catalogue entry (``NotFoundError`` for an unknown id)."""
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
        pace_ms: int | None = None,
        adjudicate_after: int | None = None,
    ) -> CreatedMatch:
        """Create a match; hand each ``seats[i].token`` to the program that plays seat ``seats[i].seat``.

        ``seats`` has one entry per seat: ``{"name": "ada"}`` (its token is returned now),
        ``{"bot": "greedy"}`` (the server plays it), ``{"open": True}`` (anyone may :meth:`join`) or
        ``{"open": True, "invitation": True}`` (only a friend joins it, with the invitation in the
        answer's ``invitations``: ``join(..., invitation=...)``, or the web client's link there).
        ``time_control`` is ``{"per_action": seconds, "on_timeout": "forfeit" | "bot"}``, or a Fischer
        clock ``{"base": seconds, "increment": seconds, "margin": seconds, "on_timeout": ...}``; a seat may
        carry its own (``{"name": "ada", "time_control": {...}}``), and the match resource shows each
        seat's (``seats[i].time_control``, ``seats[i].remaining``). ``adjudicate_after``: once the match
        reaches that many versions still in play, the arena ends it, scored by the game's rule. ``webhook``
        is ``{"url": ..., "events": [...]}``: the public events are POSTed there, signed with the
        secret in the answer's ``webhook.secret`` (check each with :func:`arena_sdk.verify_signature`).
        ``pace_ms``: the server's bots wait that many milliseconds before each move (at most 5000),
        so people can watch them. Sent with an ``Idempotency-Key``, so a retry after a dropped
        connection creates one match.
        """
        body = create_body(
            game,
            players,
            options=options,
            seed=seed,
            seats=seats,
            time_control=time_control,
            webhook=webhook,
            pace_ms=pace_ms,
            adjudicate_after=adjudicate_after,
        )
        key = str(uuid.uuid4())
        send = partial(create_match.asyncio_detailed, client=self.client, body=body, idempotency_key=key)
        return await self.call(send, CreatedMatch)

    async def join(
        self, match_id: str, name: str | None = None, seat: int | None = None, invitation: str | None = None
    ) -> AsyncSeat:
        """Take an open seat (the first one, ``seat``, or the one ``invitation`` opens: an invitation-only seat
        needs it, else ``NotInvitedError``) and play it; ``MatchFullError`` if none is left."""
        body = Join(
            name=UNSET if name is None else name,
            seat=UNSET if seat is None else seat,
            invitation=UNSET if invitation is None else invitation,
        )
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

    async def match_version(self, match_id: str, version: int) -> ReplayVersion:
        """A finished or aborted match's public view right after ``version``, rebuilt by the server."""
        send = partial(get_match_version.asyncio_detailed, match_id, version, client=self.client)
        return await self.call(send, ReplayVersion)

    async def match_webhook(self, match_id: str, host_token: str) -> WebhookStatus:
        """The match's webhook as its host sees it: how far it delivered, its attempts and dead letters."""
        host = self.authenticated_client(host_token)
        return await self.call(partial(get_match_webhook.asyncio_detailed, match_id, client=host), WebhookStatus)

    async def record(self, match_id: str) -> dict[str, Any]:
        """The record of a finished or aborted match, as JSON data: save it (one per line makes a file
        ``arena replay`` takes), check it with :func:`arena_sdk.verify`, replay it with ``arena verify``."""
        answers: list[Response[Any]] = []

        async def send() -> Response[Any]:
            answers.append(await get_match_record.asyncio_detailed(match_id, client=self.client))
            return answers[-1]

        await self.call(send, Record)  # typed errors and retries as for any read
        return raw_json(answers[-1])  # as served: keys a newer server adds (checkpoints) are kept

    async def match_record_text(self, match_id: str) -> str:
        """The record of a finished or aborted match as text a player reads, as PGN is for chess: a
        header of tag pairs (the game, the seats, the options, the seed, the result and how the match
        ended), then one line per version in words (``GET /matches/{id}/record?format=text``)."""
        path = f"/matches/{quote(match_id, safe='')}/record"

        async def send() -> Response[Any]:
            answer = await self.client.get_async_httpx_client().get(path, params={"format": "text"})
            text = answer.text if answer.status_code == httpx.codes.OK else None
            return Response(HTTPStatus(answer.status_code), answer.content, answer.headers, text)

        text: str = await self.call(send, str)  # typed errors and retries as for any read
        return text

    async def abort(self, match_id: str, host_token: str) -> Match:
        """End the match with no result, as its host (``CreatedMatch.host_token``)."""
        host = self.authenticated_client(host_token)
        return await self.call(partial(abort_match.asyncio_detailed, match_id, client=host), Match, idempotent=False)

    async def events(self, match_id: str, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the public event log after version ``after``."""
        send = partial(list_events.asyncio_detailed, match_id, client=self.client, after=after, limit=limit)
        return await self.call(send, EventPage)

    def stream(self, match_id: str, after: int | None = None) -> AsyncGenerator[StreamEvent, None]:
        """The public events of the match as they happen, then ``match_over`` (resumed after a drop).

        ``after`` starts after that version (0: from the first move, -1: from the setup's events;
        default: where the match stands now).
        """
        return astream_events(
            self.client.get_async_httpx_client(),
            f"/matches/{quote(match_id, safe='')}/stream",
            {},
            after=after,
            retry_for=self.retry_for,
            retry_pause=self.retry_pause,
            rate_limit_wait=self.rate_limit_wait,
        )

    def seat(self, match_id: str, token: str) -> AsyncSeat:
        """Play one seat of a match with its token (``InvalidTokenError`` at once for a malformed one)."""
        return AsyncSeat(self, match_id, token)
