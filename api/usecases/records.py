"""Records of finished matches: kept once a match is over (off every move's path), and served.

A record is served only once the match is over, and a tournament's match's only once its tournament
is over (the record holds the seed, which under duplicate deals deals another match too). It is the
record the store keeps (``MatchStore.record``, ``ARENA_RECORD_TTL``); a match that has none (its log
did not replay exactly, or it was compacted before records had their own key) gets one built from
its log while the match lasts.

Keeping a record reads a match's whole log and replays it: about 30 µs per version, so a quarter to a
third of a second of CPU for a match of 10,000 versions (docs/performance.md, "A long match"). Done
by the request whose move ended the match, it would make that one move cost as much as the match is
long. So the write that ends a match marks it due at once in the referee's due set, like a bot's
turn; the referee that claims it hands it to its thinker processes (``api/workers/referee/thinker.py``),
which run :func:`keep` at a lower CPU priority than the API, and then takes the match out of the due
set. Until it is kept, a match that is over serves everything from its log as before (its record is
built from the log on request), so nothing waits for the keeper.
"""

from __future__ import annotations

import logging
from typing import Any

import engine
from api.store.errors import MatchNotFound, StoreError, TournamentNotFound
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.records import checkpoints
from arena.records.codec import (
    FORMAT,
    RecordMismatch,
    decode_record,
    derive_log,
    encode_checked_record,
    encode_record,
    pack,
    record_header,
)
from arena.tournaments.matches import slot_of_match

log = logging.getLogger(__name__)


def match_record(ctx: Context, match_id: str) -> dict[str, Any]:
    """The record of match ``match_id``: 409 ``match/not_over`` before its end, 409
    ``record/sealed`` while its tournament runs, 404 once it has expired."""
    try:
        table: Table | None = load_table(ctx, match_id)
    except MatchNotFound:
        table = None
    if table is not None and not table.is_over:
        raise ArenaError(
            "match/not_over",
            f"the match is {table.status}: its record, with its seed, exists once it is finished or aborted",
            match_status=table.status,
        )
    stored = ctx.store.record(match_id)
    record = None if stored is None else decode_record(stored)
    if record is None or record["format"] != FORMAT:
        if table is None:
            raise ArenaError("match/not_found", f"no match {match_id!r} (or its record expired)", match_id=match_id)
        record = _record_from_log(ctx, table, stored)
    tournament = record.get("tournament")
    if tournament is not None and not ctx.tournaments.is_over(tournament["tournament_id"]):
        raise ArenaError(
            "record/sealed",
            "the match's tournament is still running: under duplicate deals its seed deals another match too, "
            "so its record opens once the tournament is over",
            tournament_id=tournament["tournament_id"],
        )
    return record


def kept_or_built(ctx: Context, match_id: str) -> dict[str, Any] | None:
    """The record of a match that is over: the one kept, else one built from its log while the match
    lasts (its record is not kept yet, or it predates records); ``None`` when there is neither."""
    stored = ctx.store.record(match_id)
    record = None if stored is None else decode_record(stored)
    if record is not None and record["format"] == FORMAT:
        return record
    try:
        return _record_from_log(ctx, load_table(ctx, match_id), stored)
    except (MatchNotFound, ArenaError):
        return None


def _record_from_log(ctx: Context, table: Table, legacy: bytes | None) -> dict[str, Any]:
    """The record of a match over that the store keeps none of (or one of format 1), from its log."""
    entries = list(derive_log(legacy)) if legacy is not None else ctx.store.stored_form(table.match_id)[0]
    if not entries:  # the record keeper swapped the log for the record since it was looked for
        kept = ctx.store.record(table.match_id)
        if kept is not None:
            return decode_record(kept)
    try:
        return decode_record(encode_record(record_header(table), entries))
    except RecordMismatch:
        raise ArenaError("record/unavailable", "the match's log does not replay exactly, so it has no record") from None


def keep(ctx: Context, match_id: str) -> bool:
    """Keep the record of match ``match_id`` if it is over (and copy it to its tournament's records);
    whether the match has a record now. Raises ``MatchNotFound`` when the match is gone, and the
    store's errors when it cannot be reached (the referee's lease tries again)."""
    table = load_table(ctx, match_id)
    if not table.is_over:
        return False
    compact(ctx, table, swap=ctx.store.settings.compact_finished)
    record = ctx.store.record(match_id)
    if record is None:
        return False  # its log does not replay exactly (logged): the log stays, as the record's source
    if table.tournament is not None:
        tournament_id, index = table.tournament
        try:
            slot = slot_of_match(ctx.tournaments.load(tournament_id), index, match_id)
        except TournamentNotFound:
            return True  # the tournament expired: the match's own record is all there is
        if slot is None:
            log.error("tournament %s: match %s is none of its match %d's attempts", tournament_id, match_id, index)
        else:
            ctx.tournaments.keep_record(tournament_id, slot, record)
    return True


def compact(ctx: Context, table: Table, swap: bool = True) -> bool:
    """Keep the record of a match that is over (``arena/records/codec.py``), and (``swap``) swap its
    log for it when the record (with its replay checkpoints, ``arena/records/checkpoints.py``) is the
    smaller; whether the record was kept.

    The swap is one atomic script, so a reader meets the log or the record, never half of either. A
    match whose log does not replay exactly, or that the store cannot compact now, keeps its log and
    has no record (``GET /matches/{id}/record`` builds one from the log while the match lasts): it
    costs memory, never a wrong answer.
    """
    store = ctx.store
    try:
        entries, snapshot, summary = store.stored_form(table.match_id)
        if len(entries) != table.version + 1 or snapshot is None or summary is None:
            return False  # compacted already, or expired
        every = checkpoints.EVERY if checkpoints.worth_keeping(table.version) else 0
        record, matches = encode_checked_record(record_header(table), entries, every)
        chunks = checkpoints.encode_chunks(decode_record(record)["steps"], matches, every) if every else []
        smaller = len(record) + sum(map(len, chunks)) < sum(map(len, entries))
        packed = (pack(snapshot), pack(summary)) if swap and smaller else None
        return store.compact(table.match_id, table.version, record, packed, (every, chunks) if every else None)
    except (RecordMismatch, engine.EngineError) as error:
        log.warning("match %s keeps its log: %s", table.match_id, error)
    except StoreError as error:
        log.warning("match %s keeps its log: the store did not compact it (%s)", table.match_id, error)
    return False
