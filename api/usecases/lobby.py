"""What the lobby endpoints do: join open seats, list matches, resign, abort. Thin: the rules of the
table live in :class:`~arena.matches.table.Table`, the atomic writes in the store."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from api.store.errors import StaleVersion
from api.store.matches import MatchStore
from api.usecases.matches import authorise, authorise_host, commit, load_table, match_resource, settle
from arena.errors import ArenaError
from arena.matches.table import Step, Table
from arena.tokens import Claim, digest, new_token

#: How often a join, resign or abort is tried again when another write got in first.
RETRIES = 50


def _write(store: MatchStore, match_id: str, transition: Callable[[Table], Step], what: str) -> Table:
    """Load the match, apply ``transition`` and write it; again from a fresh read when a write raced it."""
    for _ in range(RETRIES):
        table = load_table(store, match_id)
        try:
            return commit(store, table, transition(table))
        except StaleVersion:
            continue
    raise ArenaError("store/busy", f"too many writes raced this {what}; try again")


def join(store: MatchStore, match_id: str, name: str | None, seat: int | None) -> tuple[int, str]:
    """Take an open seat (``seat``, or the first one left); racing joins each get a different seat."""
    taken: list[tuple[int, str]] = []

    def take(table: Table) -> Step:
        chosen = _open_seat(table, seat)
        token = new_token(match_id, chosen)
        taken.append((chosen, token))
        return table.join(chosen, name or table.seats[chosen].name, digest(token), time.time())

    settle(store, _write(store, match_id, take, "join"))
    return taken[-1]


def _open_seat(table: Table, seat: int | None) -> int:
    if table.is_over:
        raise ArenaError("match/over", f"the match is {table.status}")
    open_seats = table.open_seats
    if seat is None:
        if not open_seats:
            raise ArenaError("match/full", "no seat is open in this match")
        return open_seats[0]
    if not 0 <= seat < len(table.seats):
        raise ArenaError("request/invalid", f"seat {seat} does not exist", field="seat")
    if seat not in open_seats:
        raise ArenaError("match/full", f"seat {seat} is taken", seat=seat, open=open_seats)
    return seat


def resign(store: MatchStore, match_id: str, claim: Claim) -> dict[str, Any]:
    """The token's seat leaves the match; the match as that seat now sees it."""
    seats: list[int] = []

    def leave(table: Table) -> Step:
        seats.append(authorise(table, claim))
        now = time.time()
        return table.noting_request(seats[-1], now).resign(seats[-1], now)  # the seat's own request

    after = settle(store, _write(store, match_id, leave, "resignation"))
    return match_resource(after, seats[-1], time.time())


def abort(store: MatchStore, match_id: str, claim: Claim) -> dict[str, Any]:
    """The host calls the match off; the match as a spectator now sees it."""

    def call_off(table: Table) -> Step:
        authorise_host(table, claim)
        return table.abort(time.time())

    return match_resource(_write(store, match_id, call_off, "abort"), None, time.time())


def list_matches(store: MatchStore, query: dict[str, Any]) -> dict[str, Any]:
    """A page of match summaries, newest first, from the lobby index that fits the filters."""
    status = query["status"]
    if query["open"]:
        if status not in (None, "waiting"):
            return {"matches": [], "next_cursor": None}
        status = "waiting"  # a match has open seats exactly while it waits for players
    before = None
    if query["cursor"] is not None:
        score, _, last_id = query["cursor"].partition("~")
        before = (float(score), last_id)
    index, limit = store.keys.lobby(query["game"], status), query["limit"]
    if query["updated_within"] is None:
        page, cursor = store.indexes.page(index, limit, before, status)
    else:
        page, cursor = recently_updated(
            store, index, limit=limit, before=before, status=status, since=time.time() - query["updated_within"]
        )
    return {"matches": page, "next_cursor": None if cursor is None else f"{cursor[0]!r}~{cursor[1]}"}


#: How many pages of the index one listing of recently updated matches reads at most, so that a lobby
#: full of abandoned matches still answers in bounded time (the cursor leads on to the rest).
RECENT_SCAN_PAGES = 10


def recently_updated(
    store: MatchStore,
    index: str,
    *,
    limit: int,
    before: tuple[float, str] | None,
    status: str | None,
    since: float,
) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
    """Up to ``limit`` summaries of ``index`` whose match was updated at ``since`` or later, and the cursor."""
    page: list[dict[str, Any]] = []
    cursor = before
    for _ in range(RECENT_SCAN_PAGES):
        read, cursor = store.indexes.page(index, limit - len(page), cursor, status)
        page.extend(summary for summary in read if summary["updated_at"] >= since)
        if cursor is None or len(page) == limit:
            break
    return page, cursor
