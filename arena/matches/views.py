"""What a reader of a match may see: the match resource as a seat (or the public) sees it, the log's
actions and events each reader may see, and the seat's legal actions as a page or a sample.

Pure: every function takes the table (and the time, where a view depends on it) and returns plain
data shaped as the API's schemas; hidden information never leaves through here.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import engine
from arena.errors import ArenaError
from arena.matches.table import Table
from engine import Event


def seed_revealed(table: Table, tournament_over: bool = False) -> bool:
    """Whether the match's seed and salt are public: once it is over (finished or aborted); for a
    tournament's match, once its tournament is over too (under duplicate deals its seed deals
    another match as well, which may still be playing)."""
    return table.is_over and (table.tournament is None or tournament_over)


def match_resource(table: Table, seat: int | None, now: float, *, tournament_over: bool = False) -> dict[str, Any]:
    """The match as ``seat`` (``None``: a spectator) sees it, shaped as ``MatchSchema``/``SeatViewSchema``.

    Once the match is over, however it ended, the view shows everything; ``tournament_over`` says
    that the tournament of a tournament's match is over, which reveals its seed (:func:`seed_revealed`).
    """
    match = table.match
    revealed = seed_revealed(table, tournament_over)
    resource: dict[str, Any] = {
        "match_id": table.match_id,
        "game": match.game_id,
        "players": match.players,
        "options": dict(match.options),
        "status": table.status,
        "version": table.version,
        "to_act": list(table.to_act),
        "result": table.result(),
        "seed": match.seed if revealed else None,
        "salt": table.salt if revealed else None,
        "seed_commitment": table.seed_commitment,
        "created_at": table.created_at,
        "updated_at": table.updated_at,
        "seats": table.seat_resources(),
        "time_control": None if table.time_control is None else table.time_control.to_json(),
        "adjudicate_after": table.adjudicate_after,
        "pace_ms": table.pace_ms,
        "tournament": None
        if table.tournament is None
        else {"tournament_id": table.tournament[0], "index": table.tournament[1]},
        "view": {"game": match.game_id, **engine.view(match, seat, now, ended=table.is_over)},
    }
    if seat is not None:
        resource["seat"] = seat
    return resource


def action_filters(match: engine.Match, given: list[str]) -> dict[str, str]:
    """The ``key=value`` filters as a dict; 422 for a key the game does not offer."""
    offered = match.game.info.action_filters
    filters = dict(item.split("=", 1) for item in given)
    unknown = sorted(set(filters) - set(offered))
    if unknown:
        raise ArenaError(
            "request/invalid",
            f"{match.game_id} has no action filter {unknown[0]!r}; offered: {list(offered)}",
            field="filter",
            allowed=list(offered),
        )
    for key, value in filters.items():
        allowed = match.game.filter_values(match.state, key)
        if allowed is not None and value not in allowed:
            raise ArenaError(
                "request/invalid",
                f"filter {key}={value!r} matches nothing in this match; values: {list(allowed)}",
                field="filter",
                allowed=list(allowed),
            )
    return filters


def visible_actions(
    entries: list[dict[str, Any]], match: engine.Match, viewer: int | None, *, ended: bool = False
) -> list[dict[str, Any]]:
    """The actions of log entries as ``viewer`` (``None``: the public) may see them now.

    A secret choice shows as ``{"type": ..., "hidden": true}`` (without its label) until the game
    reveals it to that reader; ``match`` is the match now, which says whether it has been, and
    ``ended`` that the match is over however it ended (``Table.is_over``), which reveals them all.
    """
    records = []
    for entry in entries:
        if entry["action"] is None:
            continue
        seen = engine.action_seen_by(match, entry["seat"], entry["action"], entry.get("secret"), viewer, ended=ended)
        hidden = seen.get("hidden") is True
        records.append(
            {
                "version": entry["version"],
                "seat": entry["seat"],
                "action": seen,
                "label": None if hidden else entry.get("label"),
            }
        )
    return records


def visible_events(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events of log entries that ``seat`` (``None``: the public) may see, with their versions."""
    return [
        {"version": entry["version"], **event}
        for entry in entries
        for event in entry["events"]
        if Event.from_json(event).is_visible_to(seat)
    ]


def legal_actions_page(
    table: Table,
    seat: int,
    filters: Mapping[str, str],
    *,
    offset: int,
    limit: int,
    sample: int | None = None,
    sample_seed: int = 0,
) -> dict[str, Any]:
    """The seat's legal actions now (none when it may not act), filtered: a page from ``offset``, or
    ``sample`` of them drawn uniformly with ``sample_seed``; with their labels and the total count."""
    match = table.match
    acting = seat in table.to_act
    page: list[engine.Action]
    if sample is not None:
        total, page = engine.sample_legal_actions(match, seat, sample, sample_seed, filters) if acting else (0, [])
    else:
        total = engine.count_legal_actions(match, seat, filters) if acting else 0
        listing = engine.legal_actions(match, seat, filters)
        page = list(itertools.islice(listing, offset, offset + limit)) if offset < total else []
    return {
        "version": table.version,
        "total": total,
        "offset": offset,
        "limit": limit,
        "actions": [action.to_json() for action in page],
        "labels": [engine.label(match, action) for action in page],
        "sample_seed": sample_seed if sample is not None else None,
    }
