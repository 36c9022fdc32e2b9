"""Creating a match: set up its first version, store it, register its webhook, play the bots' first turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from api.store.errors import Replayed
from api.usecases import webhooks
from api.usecases.context import Context
from api.usecases.matches.quota import counted_holder, give_back, take_place
from api.usecases.matches.writing import commit, settle
from arena.matches.creation import match_id_for, new_match, seating
from arena.matches.idempotency import Answer, fingerprint
from arena.matches.quota import tournament_holder
from arena.matches.views import match_resource
from arena.webhooks.plan import MATCH_EVENT_TYPES


def create_match(
    ctx: Context,
    request: Mapping[str, Any],
    idempotency_key: str | None = None,
    *,
    holder: str | None = None,
    tournament: tuple[str, int] | None = None,
    max_illegal: int | None = None,
    play_bots: bool = True,
) -> Answer:
    """Set up and store a new match as a create ``request`` (the body ``POST /matches`` takes) asks; the
    answer holds a token per player seat and the host token.

    With an ``Idempotency-Key`` (checked by the caller), the key fixes the match's id and a retry gets
    the first answer. A tournament's match carries the tournament and its place in the schedule, and
    may limit the illegal actions a seat may send; ``play_bots`` false leaves the bots' first turns
    to the referee.

    The match counts against ``holder`` (the client's address) until it ends, a tournament's against its
    tournament: ``429 match/quota`` when that holds ``ARENA_MAX_LIVE_MATCHES`` unfinished matches
    already, after every other check and before anything is stored.
    """
    match_id = match_id_for(idempotency_key)
    request_print = fingerprint(request)
    if idempotency_key is not None:
        remembered = ctx.store.remembered(match_id, "create", idempotency_key)
        if remembered is not None:
            return replay_creation(ctx, match_id, remembered, request_print)
    seats = seating(request["game"], request["players"], request.get("seats"))
    webhook = webhooks.check(ctx, request.get("webhook"), MATCH_EVENT_TYPES)  # 422 before anything is stored
    now = ctx.clock.now()
    counted = counted_holder(ctx, tournament_holder(tournament[0]) if tournament is not None else holder)
    created = new_match(match_id, request, seats, now, tournament=tournament, max_illegal=max_illegal, holder=counted)
    table = created.table
    answer = Answer(
        201,
        {
            "match": match_resource(table, None, now),
            "seats": [{"seat": seat, "token": token} for seat, token in created.tokens.items()],
            "host_token": created.host_token,
            "invitations": [
                {"seat": seat, "invitation": code, "link": invitation_link(match_id, seat, code)}
                for seat, code in created.invitations.items()
            ],
            "webhook": None if webhook is None else webhook.created(),
        },
    )
    remember = ("create", idempotency_key, answer.remembered(request_print)) if idempotency_key else None
    taken = take_place(ctx, counted, match_id)
    try:
        commit(ctx, None, created.step, remember)
    except Replayed as replay:  # the same key raced itself: the first write won (and keeps the place)
        return replay_creation(ctx, match_id, replay.remembered, request_print)
    except Exception:
        if taken and counted is not None:
            give_back(ctx, counted, match_id)
        raise
    webhooks.register(ctx, match_id, answer.body["webhook"], now)
    if play_bots:
        settle(ctx, table)
    return answer


def invitation_link(match_id: str, seat: int, invitation: str) -> str:
    """The web client's join page for an invitation-only seat, the invitation in the link's fragment (which
    a browser never sends to a server)."""
    return f"/play/join.html?{urlencode({'match': match_id, 'seat': seat})}#{urlencode({'invitation': invitation})}"


def replay_creation(ctx: Context, match_id: str, remembered: Mapping[str, Any], request_print: str) -> Answer:
    """The remembered answer of a creation; its webhook is stored again if a crash after the match's
    write lost it (a webhook stored already is left as it is)."""
    replayed = Answer.replay(remembered, request_print)
    replayed.body.setdefault("invitations", [])  # remembered before seats for friends existed
    webhooks.register(ctx, match_id, replayed.body.get("webhook"), replayed.body["match"]["created_at"])
    return replayed
