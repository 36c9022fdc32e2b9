"""Tournaments for bots and hosts: ``Entrant`` plays a whole tournament, ``Host`` runs one.

An entrant's loop is ``next`` (long-polls for its match to play now) then ``Seat.play`` on that
match, until the tournament says it is done: :meth:`Entrant.play` is that loop. A host creates the
tournament (:func:`create_tournament`), reads its schedule with the seats' tokens and reports the
seats whose programs crashed (:class:`Host`); once it is over, :func:`tournament_records` (or
:meth:`Host.records`) gives every recorded match's record, a line at a time. Errors are the typed
ones of :mod:`arena_sdk.errors`, retried by :mod:`arena_sdk.retrying`'s rules.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import quote

import httpx
from arena_client.api.tournaments import (
    cancel_tournament,
    create_tournament,
    get_tournament,
    get_tournament_crosstable,
    get_tournament_sprt,
    get_tournament_standings,
    hold_presence,
    list_tournament_entrants,
    list_tournament_matches,
    pause_tournament,
    report_forfeit,
    resume_tournament,
    start_tournament,
)
from arena_client.models import (
    CreatedTournament,
    CreateTournament,
    Crosstable,
    EntrantPage,
    Forfeit,
    Forfeited,
    ListTournamentMatchesState,
    NextMatch,
    Presence,
    PresenceHeld,
    Schedule,
    SeatView,
    SprtCurve,
    Standing,
    Standings,
    Tournament,
)
from arena_client.types import UNSET

from arena_sdk.client import Arena, Choose
from arena_sdk.errors import ArenaError
from arena_sdk.retrying import RetryBudget, raise_typed
from arena_sdk.streams import error_of

#: The longest long-poll the server allows (seconds).
WAIT_MAX = 60.0
#: The most rows one page of standings or entrants holds.
PAGE_MAX = 200

__all__ = [
    "Assignment",
    "Entrant",
    "Host",
    "all_standings",
    "create_tournament_from",
    "crosstable",
    "sprt_curve",
    "tournament",
    "tournament_csv",
    "tournament_entrants",
    "tournament_records",
    "tournament_standings",
]


@dataclass(frozen=True)
class Assignment:
    """The match an entrant is to play now: its id, the entrant's seat and that seat's token."""

    match_id: str
    seat: int
    token: str
    #: The match's place in the tournament's schedule.
    index: int


def _arena(arena_or_url: Arena | str) -> Arena:
    return arena_or_url if isinstance(arena_or_url, Arena) else Arena(arena_or_url)


class Entrant:
    """One named entrant of a tournament, playing with its token (from ``POST /tournaments`` or a join)."""

    def __init__(self, arena_or_url: Arena | str, tournament_id: str, token: str) -> None:
        self.arena = _arena(arena_or_url)
        self.tournament_id = tournament_id
        self.client = self.arena.authenticated_client(token)
        self._path = f"/tournaments/{quote(tournament_id, safe='')}/next"

    def next(self, wait: float = 30.0, timeout: float | None = None) -> Assignment | None:
        """The match to play now, or ``None``: the entrant has nothing left to play.

        Long-polls ``GET /tournaments/{id}/next`` ``wait`` seconds at a time and asks again after
        each 304, for at most ``timeout`` seconds (``None``: as long as it takes), then raises
        ``TimeoutError``. The same match is given again until it is over.
        """
        give_up_at = None if timeout is None else time.monotonic() + timeout
        while True:
            poll = wait if give_up_at is None else min(wait, give_up_at - time.monotonic())
            if poll <= 0:
                raise TimeoutError(f"no match came for the entrant within {timeout}s")
            found = self._next_within(min(poll, WAIT_MAX))
            if found is not None:
                return _assignment(found)

    def _next_within(self, wait: float) -> NextMatch | None:
        """One long-poll of ``next`` (retried by the SDK's rules, for ``retry_for`` from its first failure: a
        connection lost at the end of a long wait is retried as long as one lost at its start); ``None`` on a 304."""
        budget: RetryBudget | None = None
        while True:
            try:
                response = self.client.get_httpx_client().get(
                    self._path, params={"wait": wait}, timeout=httpx.Timeout(self.arena.timeout + wait)
                )
                if response.status_code == httpx.codes.NOT_MODIFIED:
                    return None
                if response.status_code != httpx.codes.OK:
                    raise error_of(response)
                return NextMatch.from_dict(response.json())
            except (httpx.TransportError, ArenaError) as error:
                if budget is None:
                    budget = RetryBudget.starting_now(
                        self.arena.retry_for, self.arena.retry_pause, self.arena.rate_limit_wait
                    )
                pause = budget.wait_before_retry(error, idempotent=True)
                if pause is None:
                    raise_typed(error)
                time.sleep(pause)

    def play(self, choose: Choose, wait: float = 30.0, match_timeout: float = 300.0) -> list[SeatView]:
        """Play every match the tournament gives this entrant with ``choose``; the final view of each.

        Each match is played with ``Seat.play`` (``match_timeout`` bounds its outages). Returns
        once ``next`` says the entrant is done.
        """
        finals: list[SeatView] = []
        played: set[str] = set()
        while True:
            assignment = self.next(wait=wait)
            if assignment is None:
                return finals
            if assignment.match_id in played:
                # Over, but not yet recorded by the tournament: the next answer moves on.
                time.sleep(self.arena.retry_pause)
                continue
            seat = self.arena.seat(assignment.match_id, assignment.token)
            finals.append(seat.play(choose, timeout=match_timeout))
            played.add(assignment.match_id)


def _assignment(found: NextMatch) -> Assignment | None:
    if found.done is True:
        return None
    if not (isinstance(found.match_id, str) and isinstance(found.seat, int) and isinstance(found.token, str)):
        raise ValueError(f"a next match without its match, seat or token: {found.to_dict()}")
    return Assignment(found.match_id, found.seat, found.token, found.index if isinstance(found.index, int) else -1)


def create_tournament_from(arena: Arena, body: Mapping[str, Any]) -> CreatedTournament:
    """Create a tournament from a ``POST /tournaments`` body (a dict); not retried, since it is not idempotent."""
    model = CreateTournament.from_dict(body)
    send = lambda: create_tournament.sync_detailed(client=arena.client, body=model)  # noqa: E731
    return arena.call(send, CreatedTournament, idempotent=False)


def tournament(arena: Arena, tournament_id: str, offset: int = 0, limit: int = 50) -> Tournament:
    """The tournament as anyone sees it: status, progress, a page of its entrants and standings, SPRT."""
    send = partial(get_tournament.sync_detailed, tournament_id, client=arena.client, offset=offset, limit=limit)
    return arena.call(send, Tournament)


def tournament_standings(arena: Arena, tournament_id: str, offset: int = 0, limit: int = 50) -> Standings:
    """A page of the standings, best first (by points, then head to head, then mean rank)."""
    send = partial(
        get_tournament_standings.sync_detailed, tournament_id, client=arena.client, offset=offset, limit=limit
    )
    return arena.call(send, Standings)


def all_standings(arena: Arena, tournament_id: str) -> list[Standing]:
    """Every entrant's line of the standings, best first (page after page)."""
    lines: list[Standing] = []
    while True:
        page = tournament_standings(arena, tournament_id, offset=len(lines), limit=PAGE_MAX)
        lines.extend(page.entrants)
        if not page.entrants or len(lines) >= page.total:
            return lines


def tournament_entrants(arena: Arena, tournament_id: str, offset: int = 0, limit: int = 50) -> EntrantPage:
    """A page of the entrants, with their presence leases."""
    send = partial(
        list_tournament_entrants.sync_detailed, tournament_id, client=arena.client, offset=offset, limit=limit
    )
    return arena.call(send, EntrantPage)


def crosstable(arena: Arena, tournament_id: str) -> Crosstable:
    """Every pair that met: results, scores and, on 2-player tables, Elo with its interval and LOS."""
    return arena.call(partial(get_tournament_crosstable.sync_detailed, tournament_id, client=arena.client), Crosstable)


def sprt_curve(arena: Arena, tournament_id: str) -> SprtCurve:
    """The SPRT's log-likelihood ratio after each recorded match, with its bounds and verdict."""
    return arena.call(partial(get_tournament_sprt.sync_detailed, tournament_id, client=arena.client), SprtCurve)


def tournament_csv(arena: Arena, tournament_id: str, table: str) -> str:
    """A table as CSV: ``standings`` (every entrant) or ``crosstable`` (every pair)."""
    if table not in ("standings", "crosstable"):
        raise ValueError(f"no CSV table {table!r}: standings or crosstable")
    path = f"/tournaments/{quote(tournament_id, safe='')}/{table}"
    budget = RetryBudget.starting_now(arena.retry_for, arena.retry_pause)
    while True:
        try:
            response = arena.client.get_httpx_client().get(path, params={"format": "csv"})
            if response.status_code != httpx.codes.OK:
                raise error_of(response)
            return response.text
        except (httpx.TransportError, ArenaError) as error:
            pause = budget.wait_before_retry(error, idempotent=True)
            if pause is None:
                raise_typed(error)
            time.sleep(pause)


def tournament_records(arena: Arena, tournament_id: str) -> Iterator[dict[str, Any]]:
    """Every recorded match's record of a finished or cancelled tournament, one dict per match in the
    order they finished (``GET /tournaments/{id}/records``, read a line at a time).

    Each is the match's record whose ``tournament`` also holds ``entrants`` (by seat), ``forfeits``
    and ``points``: write one JSON line each and ``arena replay`` replays them all. Raises the typed
    error of the answer (``record/sealed`` while the tournament is not over); a connection dropped
    midway is retried like a read, going on after the last record given.
    """
    path = f"/tournaments/{quote(tournament_id, safe='')}/records"
    given = 0
    budget = RetryBudget.starting_now(arena.retry_for, arena.retry_pause)
    while True:
        try:
            with arena.client.get_httpx_client().stream("GET", path) as response:
                if response.status_code != httpx.codes.OK:
                    raise error_of(response)
                seen = 0
                for line in response.iter_lines():
                    if not line.strip():
                        continue
                    seen += 1
                    if seen <= given:  # sent before the connection dropped
                        continue
                    record: dict[str, Any] = json.loads(line)
                    given += 1
                    budget = RetryBudget.starting_now(arena.retry_for, arena.retry_pause)
                    yield record
            return
        except (httpx.TransportError, ArenaError) as error:
            pause = budget.wait_before_retry(error, idempotent=True)
            if pause is None:
                raise_typed(error)
            time.sleep(pause)


class Host:
    """A tournament as its host sees it, with the host token from ``POST /tournaments``."""

    def __init__(self, arena_or_url: Arena | str, tournament_id: str, host_token: str) -> None:
        self.arena = _arena(arena_or_url)
        self.tournament_id = tournament_id
        self.client = self.arena.authenticated_client(host_token)

    def schedule(self, state: str | None = None) -> Schedule:
        """Every scheduled match (or those in ``state``); those playing carry their seats' tokens."""
        chosen = UNSET if state is None else ListTournamentMatchesState(state)
        send = partial(list_tournament_matches.sync_detailed, self.tournament_id, client=self.client, state=chosen)
        return self.arena.call(send, Schedule)

    def start(self) -> Tournament:
        """Close entries and start (a tournament created with ``start: false``)."""
        send = partial(start_tournament.sync_detailed, self.tournament_id, client=self.client)
        return self.arena.call(send, Tournament, idempotent=False)

    def pause(self) -> Tournament:
        """No match starts until :meth:`resume`; matches playing finish and are recorded."""
        send = partial(pause_tournament.sync_detailed, self.tournament_id, client=self.client)
        return self.arena.call(send, Tournament, idempotent=False)

    def resume(self) -> Tournament:
        send = partial(resume_tournament.sync_detailed, self.tournament_id, client=self.client)
        return self.arena.call(send, Tournament, idempotent=False)

    def hold_presence(
        self,
        seconds: float,
        entrants: list[int] | None = None,
        capacity: int | None = None,
        lost: list[str] | None = None,
        session: str | None = None,
    ) -> PresenceHeld:
        """Hold (or renew) the presence lease on ``entrants`` (``None``: every named entrant) for ``seconds``:
        once it lapses, none of their matches starts until it is renewed. ``capacity``: how many matches
        the host's live workers can play at once (no more of these entrants' matches play at once).
        ``lost``: matches whose worker died while it played them (each is void ``worker_lost``, not scored).
        ``session``: this host process's name for itself (pick one at random when it starts, e.g.
        ``uuid4().hex``, and send it on every renewal): a timeout while a session renews that began after the
        program asked (the host restarted within its lease) is void ``runner_lost``, not scored."""
        body = Presence(
            seconds=seconds, entrants=entrants, capacity=capacity, lost=lost or UNSET, session=session or UNSET
        )
        send = partial(hold_presence.sync_detailed, self.tournament_id, client=self.client, body=body)
        return self.arena.call(send, PresenceHeld)

    def tournament(self, offset: int = 0, limit: int = 50) -> Tournament:
        return tournament(self.arena, self.tournament_id, offset, limit)

    def report_crash(self, index: int, seat: int) -> Forfeited:
        """The program playing ``seat`` of scheduled match ``index`` crashed: that seat forfeits (``crash``)."""
        body = Forfeit(index=index, seat=seat)
        send = partial(report_forfeit.sync_detailed, self.tournament_id, client=self.client, body=body)
        return self.arena.call(send, Forfeited, idempotent=False)

    def records(self) -> Iterator[dict[str, Any]]:
        """Every recorded match's record, once the tournament is over (see :func:`tournament_records`)."""
        return tournament_records(self.arena, self.tournament_id)

    def cancel(self) -> Tournament:
        """Call the tournament off: matches playing are aborted, the rest never start."""
        send = partial(cancel_tournament.sync_detailed, self.tournament_id, client=self.client)
        return self.arena.call(send, Tournament, idempotent=False)
