"""What the match endpoints do, between HTTP and the store: create, authorise, read, play.

A stored record is ``{"match": <engine snapshot>, "seat_digests": [...], "created_at", "updated_at"}``.
Nothing here keeps state between requests: every call loads what it needs from the store.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import time
from collections.abc import Mapping
from typing import Any

import engine
from api.errors import ApiError
from api.store import MatchStore
from api.tokens import SeatClaim, digest, new_token, parse_token, proves
from engine import Event, Match


@dataclasses.dataclass(frozen=True)
class StoredMatch:
    """A match record as loaded from the store."""

    match_id: str
    match: Match
    seat_digests: list[str]
    created_at: float
    updated_at: float

    @classmethod
    def from_record(cls, match_id: str, record: Mapping[str, Any]) -> StoredMatch:
        return cls(
            match_id,
            Match.from_json(record["match"]),
            record["seat_digests"],
            record["created_at"],
            record["updated_at"],
        )

    def record(self) -> dict[str, Any]:
        return {
            "match": self.match.to_json(),
            "seat_digests": self.seat_digests,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }


def log_entry(
    version: int, seat: int | None, action: Mapping[str, Any] | None, now: float, events: list[Event]
) -> dict[str, Any]:
    return {
        "version": version,
        "seat": seat,
        "action": action,
        "at": now,
        "events": [e.to_json() for e in events],
    }


def create_match(
    store: MatchStore, game: str, players: int, options: Mapping[str, Any], seed: int | None
) -> tuple[StoredMatch, list[str]]:
    """Set up and store a new match; returns it with one fresh token per seat."""
    now = time.time()
    match, events = engine.new_match(game, players, options, seed, now)
    match_id = secrets.token_urlsafe(12)
    tokens = [new_token(match_id, seat) for seat in range(players)]
    stored = StoredMatch(match_id, match, [digest(t) for t in tokens], now, now)
    store.create(match_id, stored.record(), log_entry(0, None, None, now, events), match.is_over)
    return stored, tokens


def load_match(store: MatchStore, match_id: str) -> StoredMatch:
    return StoredMatch.from_record(match_id, store.load(match_id))


def claim_from_header(authorization: str | None) -> SeatClaim:
    """The seat claimed by an ``Authorization: Bearer <token>`` header, or a 401."""
    if not authorization:
        raise ApiError(401, "auth/missing_token", "this endpoint needs 'Authorization: Bearer <seat token>'")
    scheme, _, token = authorization.partition(" ")
    claim = parse_token(token.strip()) if scheme.lower() == "bearer" else None
    if claim is None:
        raise ApiError(401, "auth/invalid_token", "the bearer token is not a seat token")
    return claim


def load_for_seat(
    store: MatchStore, match_id: str, authorization: str | None, seat: int | None = None
) -> tuple[StoredMatch, int]:
    """The match and the seat its bearer token proves (optionally checked against ``seat``)."""
    claim = claim_from_header(authorization)
    stored = load_match(store, match_id)
    return stored, authorise(stored, claim, seat)


def authorise(stored: StoredMatch, claim: SeatClaim, seat: int | None = None) -> int:
    """The seat the token proves in this match; 401 for a bad token, 403 for another match or seat."""
    if claim.match_id != stored.match_id:
        raise ApiError(403, "auth/wrong_match", "this token belongs to another match")
    if not proves(claim, stored.seat_digests):
        raise ApiError(401, "auth/invalid_token", "the bearer token is not valid for this match")
    if seat is not None and seat != claim.seat:
        raise ApiError(403, "auth/wrong_seat", f"this token is for seat {claim.seat}, not seat {seat}", seat=claim.seat)
    return claim.seat


#: A version as If-Match may name it: ``7``, ``"7"`` or ``W/"7"``.
VERSION_TAG = re.compile(r'(?:W/)?"([0-9]{1,18})"|([0-9]{1,18})')


def expected_version(header: str | None, current: int) -> int:
    """The version named by an ``If-Match`` header: 428 when missing, 412 when it is not ``current``."""
    if header is None:
        raise ApiError(428, "match/version_required", "send 'If-Match: <version>' (the ETag of the match)")
    tag = VERSION_TAG.fullmatch(header.strip())
    if tag is None or int(tag[1] or tag[2]) != current:
        raise ApiError(
            412,
            "match/stale_version",
            f"If-Match {header!r} is not the match's version {current}; fetch it and decide again",
            current_version=current,
        )
    return current


def play(
    store: MatchStore, match_id: str, claim: SeatClaim, if_match: str | None, action: Mapping[str, Any]
) -> tuple[StoredMatch, list[Event]]:
    """Apply one action with compare-and-set on the If-Match version; exactly one of racing moves wins."""
    stored = load_match(store, match_id)
    seat = authorise(stored, claim)
    expected = expected_version(if_match, stored.match.version)
    now = time.time()
    match, events = engine.apply_action(stored.match, seat, action, now)
    after = dataclasses.replace(stored, match=match, updated_at=now)
    entry = log_entry(match.version, seat, action, now, events)
    store.commit(match_id, expected, after.record(), entry, match.is_over)
    return after, events


def action_filters(match: Match, given: list[str]) -> dict[str, str]:
    """The ``key=value`` filters as a dict; 422 for a key the game does not offer."""
    offered = match.game.info.action_filters
    filters = dict(item.split("=", 1) for item in given)
    unknown = sorted(set(filters) - set(offered))
    if unknown:
        raise ApiError(
            422,
            "request/invalid",
            f"{match.game_id} has no action filter {unknown[0]!r}; offered: {list(offered)}",
            field="filter",
            allowed=list(offered),
        )
    return filters


def match_resource(stored: StoredMatch, seat: int | None, now: float) -> dict[str, Any]:
    """The match as ``seat`` (``None``: a spectator) sees it, shaped as ``MatchSchema``/``SeatViewSchema``."""
    match = stored.match
    result = match.result
    resource: dict[str, Any] = {
        "match_id": stored.match_id,
        "game": match.game_id,
        "players": match.players,
        "options": dict(match.options),
        "status": "finished" if result is not None else "active",
        "version": match.version,
        "to_act": list(match.to_act),
        "result": None if result is None else result.to_json(),
        "seed": match.seed if result is not None else None,
        "created_at": stored.created_at,
        "updated_at": stored.updated_at,
        "view": {"game": match.game_id, **engine.view(match, seat, now)},
    }
    if seat is not None:
        resource["seat"] = seat
    return resource


def visible_events(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events of log entries that ``seat`` (``None``: the public) may see, with their versions."""
    return [
        {"version": entry["version"], **event}
        for entry in entries
        for event in entry["events"]
        if Event.from_json(event).is_visible_to(seat)
    ]
