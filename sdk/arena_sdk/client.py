"""``Arena`` and ``Seat``: the generated client made pleasant for bots.

Every call returns the generated models on success and raises a typed :mod:`arena_sdk.errors`
error otherwise (see :mod:`arena_sdk.retrying` for what is retried). A ``Seat`` keeps its token and
the match version it last saw, sends that version as ``If-Match`` with each action (with an
``Idempotency-Key``, so a retried action applies once), waits for its turn with long-polls and plays
whole matches over its event stream. :mod:`arena_sdk.aio` has the same for asyncio.
"""

from __future__ import annotations

import dataclasses
import json
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, Literal, TypeVar
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
from arena_client.api.replay import get_match_version
from arena_client.api.webhooks import get_match_webhook
from arena_client.models import (
    CreatedMatch,
    CreateMatch,
    CreateMatchOptions,
    EventPage,
    Game,
    GameId,
    GameList,
    Join,
    Joined,
    LegalActions,
    ListMatchesStatus,
    Match,
    MatchList,
    MatchWebhookRequest,
    MoveResult,
    Record,
    ReplayVersion,
    SeatRequest,
    SeatView,
    TimeControlRequest,
    WebhookStatus,
)
from arena_client.types import UNSET, Response

from arena_sdk.actions import Action, ActionLike, action_model, request_model
from arena_sdk.errors import (
    NO_ANSWER,
    ActionTooLateError,
    ArenaError,
    IllegalActionError,
    MatchOverError,
    NotFoundError,
    NotYourTurnError,
    SeatOutError,
    StaleVersionError,
    WaitTimeoutError,
    raise_for_foreign_error,
)
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT, ActionResends, RetryBudget, call, raise_typed, unwrap
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
from arena_sdk.sockets import Channel, socket_url
from arena_sdk.streams import StreamEvent, error_of, stream_events
from arena_sdk.turns import Turn

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_LEGAL_LIMIT",
    "Action",
    "ActionLike",
    "Arena",
    "Choose",
    "Seat",
    "Transport",
    "Turn",
]

T = TypeVar("T")

#: A bot's policy for ``Seat.play``: a ``Turn`` -> the action to take; or, the older form, the seat's
#: view and (some of) its legal actions -> the action.
Choose = Callable[[Turn], ActionLike] | Callable[[SeatView, list[Action]], ActionLike]

#: How long connecting to the server may take (seconds) before a request fails, by default.
CONNECT_TIMEOUT = 5.0

#: The refusals that mean a turn was overtaken: the match moved on before the action arrived.
OVERTAKEN = (StaleVersionError, NotYourTurnError, MatchOverError, ActionTooLateError, SeatOutError)

#: How a seat's turns travel: the seat stream (server-sent events) and a request per move, or one
#: WebSocket carrying both (``GET /matches/{id}/seat-socket``).
Transport = Literal["sse", "ws"]

#: Said with an ``IllegalActionError`` raised by ``play``.
RESUMABLE = "Seat.play may be called again: it resumes at the seat's pending turn"


class Arena:
    """A connection to a Tabletop Arena server: the catalogue, the lobby and matches, as a spectator or host.

    ``timeout`` bounds each request and ``connect_timeout`` its connecting; ``retry_for`` is how
    long a call keeps retrying reads (and writes sent with an ``Idempotency-Key``) after a dropped
    connection or a 503 before it raises; ``rate_limit_wait`` is how long in all a call waits out
    ``429 rate/limited`` answers (their ``Retry-After``) before it raises ``RateLimitedError``
    (default 120 s). Until the server has answered once, a server that cannot be reached fails
    within ``connect_timeout`` (``ConnectionFailedError``): a wrong URL is said at once, while a
    server that answered before is waited for through a restart.
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
        self.client = Client(**self._client_args())

    @property
    def retry_for(self) -> float:
        """How long a call keeps retrying: ``connect_timeout`` at most until the server has answered once."""
        return self._retry_for if self.reached else min(self._retry_for, self.connect_timeout)

    @retry_for.setter
    def retry_for(self, seconds: float) -> None:
        self._retry_for = seconds

    def _answered(self, response: httpx.Response) -> None:
        self.reached = True

    def authenticated_client(self, token: str) -> AuthenticatedClient:
        """A generated client for this server with ``token`` as its bearer token."""
        return AuthenticatedClient(token=token, **self._client_args())

    def _client_args(self) -> dict[str, Any]:
        return {
            "base_url": self.base_url,
            "timeout": httpx.Timeout(self.timeout, connect=self.connect_timeout),
            "raise_on_unexpected_status": False,
            "httpx_args": {"event_hooks": {"response": [self._answered, raise_for_foreign_error]}},
        }

    def call(self, send: Callable[[], Response[Any]], expected: type[T], idempotent: bool = True) -> T:
        """``send()``'s success model, retried by :mod:`arena_sdk.retrying`'s rules within ``retry_for``."""
        return call(
            send,
            expected,
            retry_for=self.retry_for,
            pause=self.retry_pause,
            idempotent=idempotent,
            rate_limit_wait=self.rate_limit_wait,
        )

    def games(self) -> list[Game]:
        return self.call(lambda: list_games.sync_detailed(client=self.client), GameList).games

    def game(self, game_id: str) -> Game:
        return self.call(lambda: get_game.sync_detailed(game_id, client=self.client), Game)

    def create_match(
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
        """Create a match; hand each ``seats[i].token`` to the program that plays seat ``seats[i].seat``.

        ``seats`` has one entry per seat: ``{"name": "ada"}`` (its token is returned now),
        ``{"bot": "greedy"}`` (the server plays it) or ``{"open": True}`` (anyone may :meth:`join`).
        ``time_control`` is ``{"per_action": seconds, "on_timeout": "forfeit" | "bot"}``. ``webhook``
        is ``{"url": ..., "events": [...]}``: the public events are POSTed there, signed with the
        secret in the answer's ``webhook.secret`` (check each with :func:`arena_sdk.verify_signature`).
        Sent with an ``Idempotency-Key``, so a retry after a dropped connection creates one match.
        """
        body = create_body(
            game, players, options=options, seed=seed, seats=seats, time_control=time_control, webhook=webhook
        )
        key = str(uuid.uuid4())
        send = lambda: create_match.sync_detailed(client=self.client, body=body, idempotency_key=key)  # noqa: E731
        return self.call(send, CreatedMatch)

    def join(self, match_id: str, name: str | None = None, seat: int | None = None) -> Seat:
        """Take an open seat (the first one, or ``seat``) and play it; ``MatchFullError`` if none is left."""
        body = Join(name=UNSET if name is None else name, seat=UNSET if seat is None else seat)
        joined = self.call(lambda: join_match.sync_detailed(match_id, client=self.client, body=body), Joined, False)
        return self.seat(match_id, joined.token)

    def list_matches(
        self,
        game: str | None = None,
        status: str | None = None,
        open: bool | None = None,
        limit: int = 20,
        cursor: str | None = None,
    ) -> MatchList:
        """A page of matches, newest first; pass its ``next_cursor`` as ``cursor`` for the next one."""
        chosen = UNSET if status is None else ListMatchesStatus(status)
        return self.call(
            lambda: list_matches.sync_detailed(
                client=self.client,
                game=UNSET if game is None else game_id(game),
                status=chosen,
                open_=UNSET if open is None else open,
                limit=limit,
                cursor=UNSET if cursor is None else cursor,
            ),
            MatchList,
        )

    def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return self.call(lambda: get_match.sync_detailed(match_id, client=self.client), Match)

    def match_version(self, match_id: str, version: int) -> ReplayVersion:
        """A finished or aborted match's public view right after ``version``, rebuilt by the server."""
        return self.call(lambda: get_match_version.sync_detailed(match_id, version, client=self.client), ReplayVersion)

    def match_webhook(self, match_id: str, host_token: str) -> WebhookStatus:
        """The match's webhook as its host sees it: how far it delivered, its attempts and dead letters."""
        with self.authenticated_client(host_token) as host:
            return self.call(lambda: get_match_webhook.sync_detailed(match_id, client=host), WebhookStatus)

    def record(self, match_id: str) -> dict[str, Any]:
        """The record of a finished or aborted match, as JSON data: save it (one per line makes a file
        ``arena replay`` takes), check it with :func:`arena_sdk.verify`, replay it with ``arena verify``."""
        answers: list[Response[Any]] = []

        def send() -> Response[Any]:
            answers.append(get_match_record.sync_detailed(match_id, client=self.client))
            return answers[-1]

        self.call(send, Record)  # typed errors and retries as for any read
        return raw_json(answers[-1])  # as served: keys a newer server adds (checkpoints) are kept

    def abort(self, match_id: str, host_token: str) -> Match:
        """End the match with no result, as its host (``CreatedMatch.host_token``)."""
        with self.authenticated_client(host_token) as host:
            return self.call(lambda: abort_match.sync_detailed(match_id, client=host), Match, False)

    def events(self, match_id: str, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the public event log after version ``after``."""
        send = lambda: list_events.sync_detailed(match_id, client=self.client, after=after, limit=limit)  # noqa: E731
        return self.call(send, EventPage)

    def stream(self, match_id: str, after: int | None = None) -> Iterator[StreamEvent]:
        """The public events of the match as they happen, then ``match_over`` (see :func:`stream_events`)."""
        path = f"/matches/{quote(match_id, safe='')}/stream"
        client = self.client.get_httpx_client()
        return stream_events(
            client,
            path,
            {},
            after=after,
            retry_for=self.retry_for,
            retry_pause=self.retry_pause,
            rate_limit_wait=self.rate_limit_wait,
        )

    def seat(self, match_id: str, token: str) -> Seat:
        """Play one seat of a match with its token (``InvalidTokenError`` at once for a malformed one)."""
        return Seat(self, match_id, token)


def game_id(game: str) -> GameId:
    """``game`` as the spec's ``GameId`` (``NotFoundError`` ``game/unknown`` for a game the spec does not list)."""
    try:
        return GameId(game)
    except ValueError:
        allowed = sorted(member.value for member in GameId)
        raise NotFoundError(
            NO_ANSWER, "game/unknown", f"no game {game!r}; the games are {', '.join(allowed)}", {"allowed": allowed}
        ) from None


def raw_json(response: Response[Any]) -> dict[str, Any]:
    """The JSON object of an answer as the server sent it (a model drops the keys it does not know)."""
    body: dict[str, Any] = json.loads(response.content)
    return body


def create_body(
    game: str,
    players: int,
    *,
    options: Mapping[str, Any] | None,
    seed: int | None,
    seats: Sequence[Mapping[str, Any]] | None,
    time_control: Mapping[str, Any] | None,
    webhook: Mapping[str, Any] | None = None,
) -> CreateMatch:
    """The body of ``POST /matches``."""
    return CreateMatch(
        game=game_id(game),
        players=players,
        options=CreateMatchOptions.from_dict(options or {}),
        seed=seed,
        seats=UNSET if seats is None else [SeatRequest.from_dict(seat) for seat in seats],
        time_control=UNSET if time_control is None else TimeControlRequest.from_dict(time_control),
        webhook=UNSET if webhook is None else MatchWebhookRequest.from_dict(webhook),
    )


class Seat:
    """One seat of one match, played with its token."""

    def __init__(self, arena: Arena, match_id: str, token: str) -> None:
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
        self._channel: Channel | None = None

    def view(self) -> SeatView:
        """What this seat sees now; also refreshes the version used for the next action."""
        send = partial(get_seat_view.sync_detailed, self.match_id, client=self.client)
        return self._saw(self.arena.call(send, SeatView))

    def legal_actions(
        self, filters: Sequence[str] = (), page_size: int = 1000, limit: int | None = None
    ) -> list[Action]:
        """This seat's legal actions now (all pages, or the first ``limit``), each ready for :meth:`act`."""
        actions: list[Action] = []
        while True:
            offset = len(actions)
            size = page_size if limit is None else min(page_size, limit - offset)
            send = partial(
                list_legal_actions.sync_detailed,
                self.match_id,
                client=self.client,
                offset=offset,
                limit=size,
                filter_=list(filters),
            )
            page = self.arena.call(send, LegalActions)
            self.version = page.version
            actions.extend(page.actions)
            if not page.actions or len(actions) >= page.total or (limit is not None and len(actions) >= limit):
                return actions

    def sample_actions(self, k: int = 1, seed: int | None = None, filters: Sequence[str] = ()) -> list[Action]:
        """``k`` distinct legal actions drawn uniformly at random (all of them if there are fewer).

        The server draws them without listing the rest, so this is fast however many there are;
        ``seed`` draws the same sample again.
        """
        send = partial(
            list_legal_actions.sync_detailed,
            self.match_id,
            client=self.client,
            sample=k,
            sample_seed=UNSET if seed is None else seed,
            filter_=list(filters),
        )
        page = self.arena.call(send, LegalActions)
        self.version = page.version
        return list(page.actions)

    def events(self, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the log as this seat saw it: public events and this seat's private ones."""
        send = lambda: list_seat_events.sync_detailed(self.match_id, client=self.client, after=after, limit=limit)  # noqa: E731
        return self.arena.call(send, EventPage)

    def stream(self, after: int | None = None, legal_limit: int = 100) -> Iterator[StreamEvent]:
        """What this seat sees happen: events, a ``turn`` whenever it must act, then ``match_over``.

        Each ``turn`` carries the seat's view and its first ``legal_limit`` legal actions (see
        :func:`stream_events` for resuming), and sets the version :meth:`act` acts at, so a loop that
        acts on each turn needs nothing else. :meth:`turns` does that loop's bookkeeping for you.
        """
        client, retry = self.client.get_httpx_client(), self.arena.retry_for
        params = {"legal_limit": legal_limit}
        events = stream_events(
            client,
            f"{self._path}/seat-stream",
            params,
            after=after,
            retry_for=retry,
            rate_limit_wait=self.arena.rate_limit_wait,
        )
        for event in events:
            if event.type == "turn":
                self._saw(turn_view(event))
            yield event

    def turns(
        self, legal_limit: int = 100, timeout: float = 300.0, retry_pause: float = 0.2, transport: Transport = "sse"
    ) -> Iterator[Turn]:
        """This seat's turns until the match ends: ``for turn in seat.turns(): turn.act(choose(turn))``.

        Reads the seat stream (one long-lived request). Each :class:`Turn` has the version, the view,
        the legal actions (all of them, or a uniform sample of ``legal_limit`` with their ``total``)
        and the events seen since the previous turn, from the setup's on (a dealt hand is among the
        first turn's). A turn is given once it is the seat's to decide; one not acted on is given
        again when the loop starts over. Dropped connections, an unavailable store and rate limits
        are ridden out for up to ``timeout`` seconds (the stream resumes where it stopped).

        ``transport="ws"`` reads the same items from the seat socket, and its turns act on it too:
        one connection for the whole match instead of a request per move.
        """
        collector = TurnCollector()
        for event in self._turn_items(legal_limit, timeout, retry_pause, transport):
            self._turns_read = event.id
            found = collector.take(event, self._acted_at)
            if found is not None:
                self._saw(found.view)
                self.actions_total = found.total
                yield Turn(**vars(found), seat=self)

    def _turn_items(
        self, legal_limit: int, timeout: float, retry_pause: float, transport: Transport
    ) -> Iterator[StreamEvent]:
        """The seat stream's items from where :meth:`turns` last read (the setup, at first), by ``transport``."""
        after = -1 if self._turns_read is None else None
        if transport == "ws":
            url = socket_url(self.arena.base_url, self.match_id, legal_limit, after)
            self._channel = Channel(
                url, self._token, connect_timeout=self.arena.connect_timeout, retry_for=timeout, pause=retry_pause
            )
            self._channel.state.last_id = self._turns_read
            try:
                yield from self._channel.items()
            finally:
                self._channel = None
            return
        client, path = self.client.get_httpx_client(), f"{self._path}/seat-stream"
        start = {"after": after} if after is not None else {"last_id": self._turns_read}
        yield from stream_events(
            client,
            path,
            {"legal_limit": legal_limit},
            **start,
            retry_for=timeout,
            retry_pause=retry_pause,
            rate_limit_wait=self.arena.rate_limit_wait,
        )

    def act(
        self, action: ActionLike, retry_for: float = 30.0, retry_pause: float = 0.1, *, version: int | None = None
    ) -> MoveResult:
        """Submit ``action`` (a model or a dict) at ``version`` (default: the version last seen);
        ``StaleVersionError`` if the match moved on.

        Each action carries a fresh ``Idempotency-Key``; after a dropped connection or a 503 it is
        sent again with the same key for up to ``retry_for`` seconds, so it applies at most once and
        a replay answers with the original ``MoveResult``. A 429 is waited out for up to the arena's
        ``rate_limit_wait`` seconds.
        """
        body = request_model(action_model(action))
        if version is None and self.version is None:
            self.view()
        at = self.version if version is None else version
        key, if_match = str(uuid.uuid4()), str(at)
        resends = ActionResends(retry_for, retry_pause, self.arena.rate_limit_wait)
        while True:
            try:
                response = submit_action.sync_detailed(
                    self.match_id, client=self.client, body=body, if_match=if_match, idempotency_key=key
                )
                result = self._acted(response)
            except (httpx.TransportError, ArenaError) as error:
                wait = resends.wait_before_resend(error)
                if wait is None:
                    self._learn_version(error)
                    raise_typed(error)
                time.sleep(wait)
                continue
            self._acted_at = max(self._acted_at, int(if_match))
            return result

    def act_on_turn(self, version: int, action: ActionLike, retry_for: float = 30.0) -> MoveResult | None:
        """:meth:`Turn.act`: ``action`` at ``version``, or ``None`` if the turn was overtaken."""
        try:
            if self._channel is None:
                return self.act(action, retry_for=retry_for, version=version)
            answer = self._channel.act(action_model(action).to_dict(), version, str(uuid.uuid4()))
        except OVERTAKEN:
            return None
        result = MoveResult.from_dict(answer)
        self.version, self.last_view = result.version, view_of_move(result)
        self._acted_at = max(self._acted_at, version)
        return result

    def resign(self) -> SeatView:
        """Leave the match: with two players the other wins, with more the server plays this seat on."""
        send = lambda: resign_seat.sync_detailed(self.match_id, client=self.client)  # noqa: E731
        return self._saw(self.arena.call(send, SeatView, idempotent=False))

    def wait_for_turn(self, timeout: float = 300.0, wait: float = 30.0) -> bool:
        """Block until this seat may act (``True``) or will never act again (``False``: over, or left).

        Long-polls the seat view with ``If-None-Match`` (the server answers as soon as the match
        moves past the version this seat knows, or with a bodiless 304 after ``wait`` seconds), so
        it never polls in between. The view it ends on is kept as ``last_view``, and its version is
        the one :meth:`act` acts at. Raises ``WaitTimeoutError`` (a ``TimeoutError``) after ``timeout``.
        """
        deadline = time.monotonic() + timeout
        known = self.last_view
        # A view known to be waiting is long-polled from; one that says "act" is read again, since the
        # match may have moved on since (an abort, a timeout), and a loop must not act on it twice.
        waiting = known is not None and known.version == self.version and turn_outcome(known, self.seat) is None
        seen = known if waiting and known is not None else self.view()
        while True:
            outcome = turn_outcome(seen, self.seat)
            if outcome is not None:
                return outcome
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError.waited(self.seat, timeout)
            seen = self._view_after(seen.version, min(wait, remaining)) or seen

    def play(
        self,
        choose: Choose,
        timeout: float = 300.0,
        max_actions: int = 1000,
        retry_pause: float = 0.2,
        transport: Transport = "sse",
    ) -> SeatView:
        """Play until the match ends, asking ``choose`` for each action; returns the final view.

        ``choose`` takes the :class:`Turn` (``choose(turn)``), or the turn's view and actions
        (``choose(view, actions)``). Built on :meth:`turns`: at most ``max_actions`` legal actions
        are given (some games have hundreds of thousands); a turn overtaken by another move waits
        for the next. Dropped connections, an unavailable store and rate limits are ridden out for
        up to ``timeout`` seconds. An illegal action raises ``IllegalActionError`` naming the rule;
        the match goes on, and ``play`` may be called again to resume at the seat's pending turn.
        ``transport="ws"`` plays over the seat socket (:meth:`turns`).
        """
        with_turn = takes_turn(choose)
        legal_limit = max(0, min(max_actions, MAX_LEGAL_LIMIT))
        turns = self.turns(legal_limit=legal_limit, timeout=timeout, retry_pause=retry_pause, transport=transport)
        for given in turns:
            turn = given
            if needs_more_actions(len(given.actions), given.total, max_actions):
                turn = dataclasses.replace(given, actions=self.legal_actions(limit=max_actions))
            if not turn.actions:
                continue
            chosen = choose(turn) if with_turn else choose(turn.view, turn.actions)  # type: ignore[call-arg, arg-type]
            try:
                self.act_on_turn(turn.version, chosen, retry_for=timeout)
            except IllegalActionError as error:
                error.add_note(RESUMABLE)
                raise
        known = self.last_view
        return known if known is not None and known.version == self.version and self._over(known) else self.view()

    @staticmethod
    def _over(seen: SeatView) -> bool:
        return seen.status.value in ("finished", "aborted")

    def _acted(self, response: Response[Any]) -> MoveResult:
        """The action's answer; remembers the view and version it carries."""
        result = unwrap(response, MoveResult)
        self.version, self.last_view = result.version, view_of_move(result)
        return result

    def _learn_version(self, error: Exception) -> None:
        """A refusal that names the current version (a stale one) sets the version to act at."""
        current = error.details.get("current_version") if isinstance(error, ArenaError) else None
        if isinstance(current, int):
            self.version = current

    def _view_after(self, version: int, wait: float) -> SeatView | None:
        """The seat view once the match has moved past ``version`` (``None``: still there after ``wait`` s)."""
        budget = RetryBudget.starting_now(self.arena.retry_for, self.arena.retry_pause, self.arena.rate_limit_wait)
        while True:
            try:
                response = self.client.get_httpx_client().get(
                    f"{self._path}/view",
                    params={"wait": wait},
                    headers={"If-None-Match": f'"{version}"'},
                    timeout=httpx.Timeout(self.arena.timeout + wait),
                )
                if response.status_code == httpx.codes.NOT_MODIFIED:
                    return None
                if response.status_code != httpx.codes.OK:
                    raise error_of(response)
                return self._saw(SeatView.from_dict(response.json()))
            except (httpx.TransportError, ArenaError) as error:
                pause = budget.wait_before_retry(error, idempotent=True)
                if pause is None:
                    raise_typed(error)
                time.sleep(pause)

    def _saw(self, seen: SeatView) -> SeatView:
        """Remember ``seen`` as the latest view and its version as the one to act at."""
        self.version, self.last_view = seen.version, seen
        return seen
