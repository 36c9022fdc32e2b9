"""``Arena`` and ``Seat``: the generated client made pleasant for bots.

Every call returns the generated models on success and raises a typed :mod:`arena_sdk.errors`
error otherwise. A ``Seat`` keeps its token and the match version it last saw, sends that version
as ``If-Match`` with each action, and can wait for its turn.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from http import HTTPStatus
from typing import Any, TypeVar

import httpx
from arena_client import AuthenticatedClient, Client
from arena_client.api.games import get_game, list_games
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
    LegalActions,
    Match,
    MoveResult,
    SeatView,
)
from arena_client.types import UNSET, Response

from arena_sdk.errors import ArenaError, NotYourTurnError, StaleVersionError, StoreUnavailableError, error_for

T = TypeVar("T")

#: Any action model of any game, as listed by ``legal_actions`` and accepted by ``act``.
Action = Any


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
    """A connection to a Tabletop Arena server: the catalogue and matches, as a spectator or host."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.client = Client(base_url=self.base_url, timeout=httpx.Timeout(timeout), raise_on_unexpected_status=False)

    def games(self) -> list[Game]:
        return _unwrap(list_games.sync_detailed(client=self.client), GameList).games

    def game(self, game_id: str) -> Game:
        return _unwrap(get_game.sync_detailed(game_id, client=self.client), Game)

    def create_match(
        self, game: str, players: int, options: dict[str, Any] | None = None, seed: int | None = None
    ) -> CreatedMatch:
        """Create a match; hand each ``seats[i].token`` to the program that plays seat ``i``."""
        body = CreateMatch(game=game, players=players, options=CreateMatchOptions.from_dict(options or {}), seed=seed)
        return _unwrap(create_match.sync_detailed(client=self.client, body=body), CreatedMatch)

    def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return _unwrap(get_match.sync_detailed(match_id, client=self.client), Match)

    def events(self, match_id: str, after: int = -1, limit: int = 100) -> EventPage:
        """A page of the public event log after version ``after``."""
        return _unwrap(list_events.sync_detailed(match_id, client=self.client, after=after, limit=limit), EventPage)

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
        self.version: int | None = None

    def view(self) -> SeatView:
        """What this seat sees now; also refreshes the version used for the next action."""
        seen = _unwrap(get_seat_view.sync_detailed(self.match_id, client=self.client), SeatView)
        self.version = seen.version
        return seen

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

    def act(self, action: Action) -> MoveResult:
        """Submit ``action`` at the version last seen; raises ``StaleVersionError`` if the match moved on."""
        if self.version is None:
            self.view()
        response = submit_action.sync_detailed(
            self.match_id, client=self.client, body=action, if_match=str(self.version)
        )
        try:
            result = _unwrap(response, MoveResult)
        except ArenaError as error:
            current = error.details.get("current_version")
            if isinstance(current, int):
                self.version = current
            raise
        self.version = result.version
        return result

    def wait_for_turn(self, timeout: float = 300.0, poll: float = 0.005, max_poll: float = 0.1) -> bool:
        """Block until this seat may act (``True``) or the match is over (``False``).

        Polls the public match with ``If-None-Match``, so an unchanged match costs a bodiless 304;
        the pause between polls doubles from ``poll`` up to ``max_poll`` while nothing changes.
        """
        deadline = time.monotonic() + timeout
        known: int | None = None
        pause = poll
        while True:
            etag = f'"{known}"' if known is not None else UNSET
            response = get_match.sync_detailed(self.match_id, client=self.client, if_none_match=etag)
            if response.status_code != HTTPStatus.NOT_MODIFIED:
                current = _unwrap(response, Match)
                known, pause = current.version, poll
                if current.status.value == "finished":
                    return False
                if self.seat in current.to_act:
                    self.version = current.version
                    return True
            if time.monotonic() > deadline:
                raise TimeoutError(f"seat {self.seat} waited {timeout}s for its turn")
            time.sleep(pause)
            pause = min(pause * 2, max_poll)

    def play(
        self,
        choose: Callable[[SeatView, list[Action]], Action],
        timeout: float = 300.0,
        max_actions: int = 1000,
        retry_pause: float = 0.2,
    ) -> SeatView:
        """Play until the match ends, asking ``choose`` for each action; returns the final view.

        ``choose`` sees at most ``max_actions`` legal actions (some games have hundreds of thousands).
        A move overtaken by another (stale version, not this seat's turn) is decided again; a dropped
        connection or an unavailable store is retried every ``retry_pause`` seconds for up to ``timeout``.
        """
        failing_since: float | None = None
        while True:
            try:
                if not self.wait_for_turn(timeout):
                    return self.view()
                seen = self.view()
                actions = self.legal_actions(limit=max_actions)
                if actions:
                    self.act(choose(seen, actions))
                failing_since = None
            except (StaleVersionError, NotYourTurnError):
                continue
            except (httpx.TransportError, StoreUnavailableError):
                failing_since = failing_since or time.monotonic()
                if time.monotonic() - failing_since > timeout:
                    raise
                time.sleep(retry_pause)
