"""The lobby's use cases: join open seats, list matches, resign, abort. Thin: the rules of the table live
in :class:`~arena.matches.table.Table`, the atomic writes in the store."""

from __future__ import annotations

from typing import Any

from api.usecases.context import Context
from api.usecases.matches.writing import settle, write_with_retries
from arena.matches.access import authorise, authorise_host
from arena.matches.lobby import open_seat, publicly_open
from arena.matches.table import Step, Table
from arena.matches.views import match_resource
from arena.tokens import Claim, digest, new_token


def join(
    ctx: Context, match_id: str, name: str | None, seat: int | None, invitation: str | None = None
) -> tuple[int, str]:
    """Take an open seat (``seat``, or the one ``invitation`` opens, or the first one open to anyone);
    racing joins each get a different seat."""
    taken: list[tuple[int, str]] = []

    def take(table: Table) -> Step:
        chosen = open_seat(table, seat, invitation)
        token = new_token(match_id, chosen)
        taken.append((chosen, token))
        return table.join(chosen, name or table.seats[chosen].name, digest(token), ctx.clock.now())

    settle(ctx, write_with_retries(ctx, match_id, take, "join"))
    return taken[-1]


def resign(ctx: Context, match_id: str, claim: Claim) -> dict[str, Any]:
    """The token's seat leaves the match; the match as that seat now sees it."""
    seats: list[int] = []

    def leave(table: Table) -> Step:
        seats.append(authorise(table, claim))
        now = ctx.clock.now()
        return table.noting_request(seats[-1], now).resign(seats[-1], now)  # the seat's own request

    after = settle(ctx, write_with_retries(ctx, match_id, leave, "resignation"))
    return match_resource(after, seats[-1], ctx.clock.now())


def abort(ctx: Context, match_id: str, claim: Claim) -> dict[str, Any]:
    """The host calls the match off; the match as a spectator now sees it."""

    def call_off(table: Table) -> Step:
        authorise_host(table, claim)
        return table.abort(ctx.clock.now())

    return match_resource(write_with_retries(ctx, match_id, call_off, "abort"), None, ctx.clock.now())


def list_matches(
    ctx: Context,
    *,
    game: str | None,
    status: str | None,
    open_only: bool,
    limit: int,
    cursor: str | None,
    updated_within: float | None,
) -> dict[str, Any]:
    """A page of match summaries, newest first, from the lobby index that fits the filters."""
    if open_only:
        if status not in (None, "waiting"):
            return {"matches": [], "next_cursor": None}
        status = "waiting"  # a match has open seats exactly while it waits for players
    before = None
    if cursor is not None:
        score, _, last_id = cursor.partition("~")
        before = (float(score), last_id)
    index = ctx.store.keys.lobby(game, status)
    since = None if updated_within is None else ctx.clock.now() - updated_within
    if since is None and not open_only:
        page, after = ctx.store.indexes.page(index, limit, before, status)
    else:
        page, after = filtered(ctx, index, limit=limit, before=before, status=status, since=since, open_only=open_only)
    return {"matches": page, "next_cursor": None if after is None else f"{after[0]!r}~{after[1]}"}


#: How many pages of the index one filtered listing (recently updated, or open to anyone) reads at most, so
#: that a lobby full of abandoned or invitation-only matches still answers in bounded time (the cursor
#: leads on to the rest).
SCAN_PAGES = 10


def filtered(
    ctx: Context,
    index: str,
    *,
    limit: int,
    before: tuple[float, str] | None,
    status: str | None,
    since: float | None,
    open_only: bool,
) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
    """Up to ``limit`` summaries of ``index`` whose match was updated at ``since`` or later (``None``: any
    time) and (``open_only``) has a seat anyone may join, and the cursor."""
    page: list[dict[str, Any]] = []
    cursor = before
    for _ in range(SCAN_PAGES):
        read, cursor = ctx.store.indexes.page(index, limit - len(page), cursor, status)
        page.extend(
            summary
            for summary in read
            if (since is None or summary["updated_at"] >= since) and (not open_only or publicly_open(summary))
        )
        if cursor is None or len(page) == limit:
            break
    return page, cursor
