"""Playing a move: apply one action with compare-and-set, answer retries of an applied move the same, and
count a tournament match's illegal actions."""

from __future__ import annotations

import engine
from api.store.errors import Replayed, SnapshotTooLarge, StaleVersion, StoreError, StoreFull
from api.usecases.context import Context
from api.usecases.matches.reading import known_table, load_table, note_request
from api.usecases.matches.writing import RETRIES, commit, credited, settle
from arena.errors import ArenaError
from arena.matches.access import authorise
from arena.matches.idempotency import Answer, fingerprint
from arena.matches.moves import ILLEGAL_CODES
from arena.matches.table import Table
from arena.matches.versions import Expected
from arena.matches.views import match_resource
from arena.tokens import Claim


def play(
    ctx: Context,
    match_id: str,
    claim: Claim,
    *,
    expected: Expected,
    action: engine.Action,
    idempotency_key: str | None = None,
    _retried: bool = False,
) -> Answer:
    """Apply one action at the version ``expected`` allows, with compare-and-set; exactly one of racing
    moves wins.

    With an ``Idempotency-Key`` (checked by the caller), a retry of a move that was applied gets the
    original answer. After the move the server plays its bots until a player must act (within a budget).

    A key is looked up only when it can matter, so a fresh keyed move costs no extra Redis read: a
    retry of an applied move is refused by the match as it is now (its version moved on, or the
    action is no longer legal), and then the remembered answer is sent instead; or, when the
    action would still apply (``If-Match: *``), the write script finds the key and writes nothing.

    When the one version expected is the match's latest as this process last heard it (every write
    publishes what it wrote: ``api/store/latest.py``), the move is checked against it without reading
    the match: one Redis round trip, the write, whose compare-and-set finds out if the match moved on
    meanwhile (then ``412``, as ever).
    """
    key = idempotency_key
    request_print = "" if key is None else fingerprint(action.to_json())  # compared only for a key
    table = known_table(ctx, match_id, expected.single) or load_table(ctx, match_id)
    seat = authorise(table, claim)  # before any replay: a remembered answer is that seat's private view
    scope = f"seat-{seat}"
    now = ctx.clock.now()
    try:
        expected.check(table.version)
        step = table.act(seat, action, now)
    except (ArenaError, engine.EngineError) as refusal:
        # A retry of a move that was applied: the match has moved past what the move was checked on.
        if key is not None and (remembered := ctx.store.remembered(match_id, scope, key)) is not None:
            return Answer.replay(remembered, request_print)
        if refusal.code == "action/too_late":
            extended = credited(ctx, table)
            if extended is not table and not _retried:
                # The arena was down while the seat's clock ran: the time is given back, so the move is
                # checked again at the match as extended (only its clocks changed since the version named).
                again = Expected(frozenset((*(expected.versions or ()), extended.version)), expected.named)
                retry = again if expected.versions is not None else expected
                return play(ctx, match_id, claim, expected=retry, action=action, idempotency_key=key, _retried=True)
            settle(ctx, extended)  # the seat's time ran out before the referee noticed: apply it now
        elif refusal.code in ILLEGAL_CODES and table.max_illegal is not None:
            count_illegal(ctx, table, seat)
        raise
    body = match_resource(step.table, seat, now)
    body["events"] = [{"version": step.table.version, **e.to_json()} for e in step.events if e.is_visible_to(seat)]
    answer = Answer(200, body)
    try:
        after = commit(ctx, table, step, (scope, key, answer.remembered(request_print)) if key else None)
    except Replayed as replay:
        return Answer.replay(replay.remembered, request_print)
    except (StoreFull, SnapshotTooLarge):
        # Nothing was written; a retry of a move applied before (`If-Match: *`) still gets its answer.
        if key is not None and (remembered := ctx.store.remembered(match_id, scope, key)) is not None:
            return Answer.replay(remembered, request_print)
        raise
    settle(ctx, after)
    return answer


def count_refused_action(ctx: Context, match_id: str, claim: Claim | None) -> None:
    """A body that is no action of the game was refused before its match was read: count it against the
    seat ``claim`` proves, as :func:`play` counts refused actions, when the seat sent it on its turn
    of a match that limits them. Anything else about the request (its token, the match) is left to
    its own error."""
    if claim is None:
        return
    try:
        table = load_table(ctx, match_id)
        seat = authorise(table, claim)
    except (ArenaError, StoreError):
        return
    if table.max_illegal is not None and seat in table.to_act:
        count_illegal(ctx, table, seat)


def count_illegal(ctx: Context, table: Table, seat: int) -> None:
    """Count one illegal action of ``seat``; at the match's limit the seat is disqualified (out of the match).

    A refused action is a request of the seat's program, noted as its first if it is one: a program whose
    only requests were refused was there, so its match is not void ``absent`` (a tournament's rule).
    """
    limit = table.max_illegal
    assert limit is not None
    table = note_request(ctx, table, seat)
    if ctx.store.count_illegal(table.match_id, seat, ctx.store.ttl(False)) <= limit:
        return  # max_illegal refusals are allowed; the next one disqualifies
    for _ in range(RETRIES):
        if table.is_over or table.seats[seat].is_out:
            return
        try:
            now = ctx.clock.now()
            settle(ctx, commit(ctx, table, table.noting_request(seat, now).resign(seat, now, "disqualified")))
            return
        except StaleVersion:
            table = load_table(ctx, table.match_id)
