"""``Arena`` and ``Seat``: the generated client made pleasant for bots.

Every call returns the generated models on success and raises a typed :mod:`arena_sdk.errors`
error otherwise. A ``Seat`` keeps its token and the match version it last saw, sends that version
as ``If-Match`` with each action (with an ``Idempotency-Key``, so a retried action applies once),
waits for its turn with long-polls and plays whole matches over its event stream.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
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
    CreateMatch,
    CreateMatchOptions,
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
    SeatRequest,
    SeatView,
    TimeControl,
)
from arena_client.types import UNSET, Response

from arena_sdk.errors import (
    ActionTooLateError,
    MatchOverError,
    NotYourTurnError,
    SeatOutError,
    StaleVersionError,
    StoreUnavailableError,
    error_for,
)
from arena_sdk.streams import StreamEvent, error_of, stream_events

T = TypeVar("T")

#: Any action model of any game, as listed by ``legal_actions`` and accepted by ``act``.
Action = Any

#: The most legal actions a ``turn`` event carries (the server's bound on ``legal_limit``).
MAX_LEGAL_LIMIT = 1000


def _unwrap(response: Response[Any], expected: type[T]) -> T:
    """The parsed body if it is the success model, else the typed error for the response."""
    if isinstance(response.parsed, expected):
        return response.parsed
    try:
        body = json.loads(response.content)
    except ValueError:
        body = response.content.decode(errors="replace")
    raise error_for(int(response.status_code), body)


class Arena:
    """A connection to a Tabletop Arena server: the catalogue, the lobby and matches, as a spectator or host."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.client = Client(base_url=self.base_url, timeout=httpx.Timeout(timeout), raise_on_unexpected_status=False)

    def games(self) -> list[Game]:
        return _unwrap(list_games.sync_detailed(client=self.client), GameList).games

    def game(self, game_id: str) -> Game:
        return _unwrap(get_game.sync_detailed(game_id, client=self.client), Game)

    def create_match(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        seats: Sequence[Mapping[str, Any]] | None = None,
        time_control: Mapping[str, Any] | None = None,
    ) -> CreatedMatch:
        """Create a match; hand each ``seats[i].token`` to the program that plays seat ``seats[i].seat``.

        ``seats`` has one entry per seat: ``{"name": "ada"}`` (its token is returned now),
        ``{"bot": "greedy"}`` (the server plays it) or ``{"open": True}`` (anyone may :meth:`join`).
        ``time_control`` is ``{"per_action": seconds, "on_timeout": "forfeit" | "bot"}``.
        """
        body = CreateMatch(
            game=game,
            players=players,
            options=CreateMatchOptions.from_dict(options or {}),
            seed=seed,
            seats=UNSET if seats is None else [SeatRequest.from_dict(seat) for seat in seats],
            time_control=UNSET if time_control is None else TimeControl.from_dict(time_control),
        )
        return _unwrap(create_match.sync_detailed(client=self.client, body=body), CreatedMatch)

    def join(self, match_id: str, name: str | None = None, seat: int | None = None) -> Seat:
        """Take an open seat (the first one, or ``seat``) and play it; ``MatchFullError`` if none is left."""
        body = Join(name=UNSET if name is None else name, seat=UNSET if seat is None else seat)
        joined = _unwrap(join_match.sync_detailed(match_id, client=self.client, body=body), Joined)
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
        response = list_matches.sync_detailed(
            client=self.client,
            game=game,
            status=None if status is None else ListMatchesStatusType1(status),
            open_=open,
            limit=limit,
            cursor=cursor,
        )
        return _unwrap(response, MatchList)

    def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return _unwrap(get_match.sync_detailed(match_id, client=self.client), Match)

    def abort(self, match_id: str, host_token: str) -> Match:
        """End the match with no result, as its host (``CreatedMatch.host_token``)."""
        timeout = httpx.Timeout(self.timeout)
        host = AuthenticatedClient(base_url=self.base_url, token=host_token, timeout=timeout)
        with host:
            return _unwrap(abort_match.sync_detailed(match_id, client=host), Match)

    def events(self, match_id: str, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the public event log after version ``after``."""
        return _unwrap(list_events.sync_detailed(match_id, client=self.client, after=after, limit=limit), EventPage)

    def stream(self, match_id: str, after: int | None = None) -> Iterator[StreamEvent]:
        """The public events of the match as they happen, then ``match_over`` (see :func:`stream_events`)."""
        path = f"/matches/{quote(match_id, safe='')}/stream"
        return stream_events(self.client.get_httpx_client(), path, {}, after=after)

    def seat(self, match_id: str, token: str) -> Seat:
        """Play one seat of a match with its token."""
        return Seat(self, match_id, token)


class Seat:
    """One seat of one match, played with its token."""

    def __init__(self, arena: Arena, match_id: str, token: str) -> None:
        self.arena = arena
        self.match_id = match_id
        self.seat = int(token.split(".")[1])
        self.client = AuthenticatedClient(
            base_url=arena.base_url, token=token, timeout=httpx.Timeout(arena.timeout), raise_on_unexpected_status=False
        )
        #: The version the next action is decided at (sent as If-Match).
        self.version: int | None = None
        #: The latest view this seat received (from a read, a turn or an action's answer).
        self.last_view: SeatView | None = None
        self._path = f"/matches/{quote(match_id, safe='')}"

    def view(self) -> SeatView:
        """What this seat sees now; also refreshes the version used for the next action."""
        return self._saw(_unwrap(get_seat_view.sync_detailed(self.match_id, client=self.client), SeatView))

    def legal_actions(
        self, filters: Sequence[str] = (), page_size: int = 1000, limit: int | None = None
    ) -> list[Action]:
        """This seat's legal actions now (all pages, or the first ``limit``), each ready for :meth:`act`."""
        actions: list[Action] = []
        offset = 0
        while True:
            size = page_size if limit is None else min(page_size, limit - len(actions))
            page = _unwrap(
                list_legal_actions.sync_detailed(
                    self.match_id, client=self.client, offset=offset, limit=size, filter_=list(filters)
                ),
                LegalActions,
            )
            self.version = page.version
            actions.extend(page.actions)
            offset += len(page.actions)
            if not page.actions or offset >= page.total or (limit is not None and len(actions) >= limit):
                return actions

    def events(self, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the log as this seat saw it: public events and this seat's private ones."""
        page = list_seat_events.sync_detailed(self.match_id, client=self.client, after=after, limit=limit)
        return _unwrap(page, EventPage)

    def stream(self, after: int | None = None, legal_limit: int = 100) -> Iterator[StreamEvent]:
        """What this seat sees happen: events, a ``turn`` whenever it must act, then ``match_over``.

        Each ``turn`` carries the seat's view and its first ``legal_limit`` legal actions (see
        :func:`stream_events` for resuming).
        """
        params = {"legal_limit": legal_limit}
        return stream_events(self.client.get_httpx_client(), f"{self._path}/seat-stream", params, after=after)

    def act(self, action: Action, retry_for: float = 30.0, retry_pause: float = 0.1) -> MoveResult:
        """Submit ``action`` at the version last seen; raises ``StaleVersionError`` if the match moved on.

        Each action carries a fresh ``Idempotency-Key``; after a dropped connection or a 503 it is
        sent again with the same key for up to ``retry_for`` seconds, so it applies at most once and
        a replay answers with the original ``MoveResult``.
        """
        if self.version is None:
            self.view()
        key, if_match = str(uuid.uuid4()), str(self.version)
        give_up = time.monotonic() + retry_for
        resent = checked = False
        while True:
            try:
                response = submit_action.sync_detailed(
                    self.match_id, client=self.client, body=action, if_match=if_match, idempotency_key=key
                )
                result = _unwrap(response, MoveResult)
            except (httpx.TransportError, StoreUnavailableError):
                if time.monotonic() > give_up:
                    raise
                resent = True
                time.sleep(retry_pause)
                continue
            except (StaleVersionError, NotYourTurnError, MatchOverError) as error:
                if resent and not checked:
                    # The lost attempt may have landed just before the resend read the match: one
                    # more resend with the same key finds it remembered and replays its answer.
                    checked = True
                    continue
                current = error.details.get("current_version")
                if isinstance(current, int):
                    self.version = current
                raise
            self.version = result.version
            body = result.to_dict()
            body.pop("events", None)
            self.last_view = SeatView.from_dict(body)
            return result

    def resign(self) -> SeatView:
        """Leave the match: with two players the other wins, with more the server plays this seat on."""
        return self._saw(_unwrap(resign_seat.sync_detailed(self.match_id, client=self.client), SeatView))

    def wait_for_turn(self, timeout: float = 300.0, wait: float = 30.0) -> bool:
        """Block until this seat may act (``True``) or will never act again (``False``: over, or left).

        Long-polls the seat view with ``If-None-Match`` (the server answers as soon as the match
        moves past the version this seat knows, or with a bodiless 304 after ``wait`` seconds), so
        it never polls in between. The view it ends on is kept as ``last_view``.
        """
        deadline = time.monotonic() + timeout
        known = self.last_view
        seen = known if known is not None and known.version == self.version else self.view()
        while True:
            if seen.status.value in ("finished", "aborted") or _seat_state(seen, self.seat) != "playing":
                return False
            if seen.status.value == "active" and self.seat in seen.to_act:
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"seat {self.seat} waited {timeout}s for its turn")
            seen = self._view_after(seen.version, min(wait, remaining)) or seen

    def play(
        self,
        choose: Callable[[SeatView, list[Action]], Action],
        timeout: float = 300.0,
        max_actions: int = 1000,
        retry_pause: float = 0.2,
    ) -> SeatView:
        """Play until the match ends, asking ``choose`` for each action; returns the final view.

        Reads the seat stream (one long-lived request) and sends one action per ``turn`` event: at
        that turn's version, with the turn's view and at most ``max_actions`` of its legal actions
        (some games have hundreds of thousands). A move overtaken by another (stale version, not
        this seat's turn, too late) waits for the next turn. Dropped connections and an unavailable
        store are ridden out for up to ``timeout`` seconds (the stream resumes where it stopped).
        """
        acted_at = -1  # the latest version this seat decided at: its turn events are done with
        legal_limit = max(0, min(max_actions, MAX_LEGAL_LIMIT))
        client, path = self.client.get_httpx_client(), f"{self._path}/seat-stream"
        events = stream_events(client, path, {"legal_limit": legal_limit}, retry_for=timeout, retry_pause=retry_pause)
        for event in events:
            if event.type == "match_over":
                known = self.last_view
                return known if known is not None and known.version == event.version else self.view()
            if event.type != "turn" or event.version <= acted_at:
                continue
            acted_at = event.version
            seen = self._saw(SeatView.from_dict(event.data["view"]))
            actions = self._turn_actions(event, max_actions)
            if not actions:
                continue
            try:
                self.act(choose(seen, actions), retry_for=timeout)
            except (StaleVersionError, NotYourTurnError, MatchOverError, ActionTooLateError, SeatOutError):
                continue  # the stream tells what comes next: another turn, or the end
        raise AssertionError("unreachable: the seat stream ends with match_over")

    def _turn_actions(self, turn: StreamEvent, max_actions: int) -> list[Action]:
        """A turn's legal actions as action models; all ``max_actions`` if the turn carried fewer than both."""
        legal = turn.data["legal_actions"]
        page = {"actions": legal["actions"], "total": legal["total"], "version": turn.version, "offset": 0}
        actions = LegalActions.from_dict({**page, "limit": len(legal["actions"])}).actions
        if len(actions) < min(legal["total"], max_actions):
            return self.legal_actions(limit=max_actions)
        return actions

    def _view_after(self, version: int, wait: float) -> SeatView | None:
        """The seat view once the match has moved past ``version`` (``None``: still there after ``wait`` s)."""
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

    def _saw(self, seen: SeatView) -> SeatView:
        """Remember ``seen`` as the latest view and its version as the one to act at."""
        self.version, self.last_view = seen.version, seen
        return seen


def _seat_state(seen: SeatView, seat: int) -> str:
    """``playing``, ``resigned`` or ``timed_out``: whether ``seat`` is still in the match."""
    return next((s.state.value for s in seen.seats if s.seat == seat), "playing")
