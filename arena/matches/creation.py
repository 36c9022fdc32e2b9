"""A new match: its id, its seats as a create request asks for them, and its first version (version 0).

The first version holds the engine's setup, a token per player seat and the host's (only their digests
are kept), the commitment to the seed (the log opens with it) and, when no seat is left open, the
deadlines of the time control.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import engine
from arena.commitment import commitment_event, new_salt, seed_commitment
from arena.errors import ArenaError
from arena.matches.lobby import new_invitation
from arena.matches.table import SeatInfo, Step, Table
from arena.matches.time_control import TimeControl
from arena.tokens import digest, new_token
from engine import Event
from engine.bots import Memory, bots_for, recall, remembers


def match_id_for(idempotency_key: str | None) -> str:
    """A fresh random match id; with an ``Idempotency-Key``, the id that key always creates.

    Ids never start with ``-``, so a command line can take one (or a token, which starts with it)
    as an option's value.
    """
    if idempotency_key is None:
        raw = secrets.token_bytes(12)
    else:
        raw = hashlib.sha256(f"create/{idempotency_key}".encode()).digest()[:12]
    match_id = base64.urlsafe_b64encode(raw).decode()
    return match_id if match_id[0] != "-" else "A" + match_id[1:]


def seating(game_id: str, players: int, seats: Sequence[Mapping[str, Any]] | None) -> list[SeatInfo]:
    """The seats a create request asks for (``None``: a player in every seat, holding its token), each with
    its own time control where it gives one; 404 for an unknown game, before anything about its seats."""
    engine.get_game(game_id)
    if seats is None:
        return [SeatInfo("player") for _ in range(players)]
    if len(seats) != players:
        raise ArenaError(
            "request/invalid",
            f"seats lists {len(seats)} seats for a match of {players} players",
            field="seats",
        )
    bots = [bot.id for bot in bots_for(game_id)]
    chosen: list[SeatInfo] = []
    for seat in seats:
        if "bot" in seat:
            if seat["bot"] not in bots:
                raise ArenaError(
                    "bot/unknown",
                    f"{game_id} has no bot {seat['bot']!r}; bots: {bots}",
                    bot=seat["bot"],
                    allowed=bots,
                )
            chosen.append(SeatInfo("bot", seat.get("name") or seat["bot"], bot=seat["bot"]))
            continue
        control = time_control_of(seat.get("time_control"))
        if seat.get("open"):
            invitation = INVITED if seat.get("invitation") else None
            chosen.append(SeatInfo("open", seat.get("name"), invitation=invitation, time_control=control))
        else:
            chosen.append(SeatInfo("player", seat.get("name"), time_control=control))
    return chosen


def time_control_of(request: Mapping[str, Any] | None) -> TimeControl | None:
    """The time control a request's ``time_control`` (checked by its schema) asks for."""
    return None if request is None else TimeControl(**request)


#: The invitation of a seat :func:`seating` made invitation-only, until :func:`new_match` draws its secret.
INVITED = "invited"


@dataclasses.dataclass(frozen=True)
class NewMatch:
    """A match's first version, and the secrets that only its creation's answer shows: the tokens of its
    player seats and its host, and the invitations of its invitation-only seats."""

    step: Step
    tokens: dict[int, str]
    host_token: str
    invitations: dict[int, str] = dataclasses.field(default_factory=dict)

    @property
    def table(self) -> Table:
        return self.step.table


def new_match(
    match_id: str,
    request: Mapping[str, Any],
    seats: Sequence[SeatInfo],
    now: float,
    *,
    tournament: tuple[str, int] | None = None,
    max_illegal: int | None = None,
    holder: str | None = None,
) -> NewMatch:
    """The first version of match ``match_id`` as a create ``request`` asks for it, with ``seats``
    (:func:`seating`); a tournament's match carries the tournament and its place in the schedule, and
    may limit the illegal actions a seat may send. ``holder``: who the match counts against while it
    lasts (``arena/matches/quota.py``)."""
    game, players, control = request["game"], request["players"], request.get("time_control")
    match, events = engine.new_match(game, players, request["options"], request["seed"], now)
    salt = new_salt()
    tokens = {seat: new_token(match_id, seat) for seat, info in enumerate(seats) if info.kind == "player"}
    host_token = new_token(match_id, None)
    invitations = {seat: new_invitation() for seat, info in enumerate(seats) if info.invitation == INVITED}
    seated = [
        dataclasses.replace(info, digest=digest(tokens[s]))
        if s in tokens
        else dataclasses.replace(info, invitation=digest(invitations[s]))
        if s in invitations
        else info
        for s, info in enumerate(seats)
    ]
    table = Table(
        match_id=match_id,
        match=match,
        version=0,
        seats=tuple(seated),
        created_at=now,
        updated_at=now,
        host_digest=digest(host_token),
        time_control=time_control_of(control),
        deadlines=tuple(None for _ in seated),
        tournament=tournament,
        max_illegal=max_illegal,
        memories=bot_memories(game, seated, events),
        pace_ms=request.get("pace_ms") or None,
        salt=salt,
        holder=holder,
        adjudicate_after=request.get("adjudicate_after"),
    )
    if table.status == "active":
        table = table.with_deadlines((), None, now)
    events = [commitment_event(seed_commitment(match.seed, salt)), *events]  # the log opens with the commitment
    entry = {"version": 0, "seat": None, "action": None, "at": now, "events": [e.to_json() for e in events]}
    return NewMatch(Step(table, entry, events), tokens, host_token, invitations)


def bot_memories(game_id: str, seats: Sequence[SeatInfo], events: Sequence[Event]) -> tuple[Memory | None, ...]:
    """The memories a new match keeps: each server bot's seat after the setup's ``events``.

    Empty when no seat is a bot, or the game's bots remember nothing: such a match stores no memory.
    """
    if not remembers(game_id) or not any(info.kind == "bot" for info in seats):
        return ()
    return tuple(recall(game_id, seat, events) if info.kind == "bot" else None for seat, info in enumerate(seats))
