"""What the record endpoints do: serve a finished match's record, and replay a record a client sends.

A record is served only once the match is over, and a tournament's match's only once its tournament
is over (the record holds the seed, which under duplicate deals deals another match too). It is the
record the store keeps (``MatchStore.record``, ``ARENA_RECORD_TTL``); a match that has none (its log
did not replay exactly, or it was compacted before records had their own key) gets one built from
its log while the match lasts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from api.store.errors import MatchNotFound
from api.store.matches import MatchStore
from api.store.tournaments import TournamentStore
from api.usecases.matches import load_table
from api.usecases.replay import version_body
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.records.codec import FORMAT, RecordMismatch, decode_record, derive_log, encode_record, record_header
from arena.records.verify import RecordInvalid, replayed_version


def match_record(store: MatchStore, match_id: str) -> dict[str, Any]:
    """The record of match ``match_id``: 409 ``match/not_over`` before its end, 409
    ``record/sealed`` while its tournament runs, 404 once it has expired."""
    try:
        table: Table | None = load_table(store, match_id)
    except MatchNotFound:
        table = None
    if table is not None and not table.is_over:
        raise ArenaError(
            "match/not_over",
            f"the match is {table.status}: its record, with its seed, exists once it is finished or aborted",
            match_status=table.status,
        )
    stored = store.record(match_id)
    record = None if stored is None else decode_record(stored)
    if record is None or record["format"] != FORMAT:
        if table is None:
            raise ArenaError("match/not_found", f"no match {match_id!r} (or its record expired)", match_id=match_id)
        record = _record_from_log(store, table, stored)
    tournament = record.get("tournament")
    if tournament is not None and not TournamentStore(store).is_over(tournament["tournament_id"]):
        raise ArenaError(
            "record/sealed",
            "the match's tournament is still running: under duplicate deals its seed deals another match too, "
            "so its record opens once the tournament is over",
            tournament_id=tournament["tournament_id"],
        )
    return record


def kept_or_built(store: MatchStore, match_id: str) -> dict[str, Any] | None:
    """The record of a match that is over: the one kept, else one built from its log while the match
    lasts (its record is not kept yet, or it predates records); ``None`` when there is neither."""
    stored = store.record(match_id)
    record = None if stored is None else decode_record(stored)
    if record is not None and record["format"] == FORMAT:
        return record
    try:
        return _record_from_log(store, load_table(store, match_id), stored)
    except (MatchNotFound, ArenaError):
        return None


def _record_from_log(store: MatchStore, table: Table, legacy: bytes | None) -> dict[str, Any]:
    """The record of a match over that the store keeps none of (or one of format 1), from its log."""
    entries = list(derive_log(legacy)) if legacy is not None else store.stored_form(table.match_id)[0]
    if not entries:  # the record keeper swapped the log for the record since it was looked for
        kept = store.record(table.match_id)
        if kept is not None:
            return decode_record(kept)
    try:
        return decode_record(encode_record(record_header(table), entries))
    except RecordMismatch:
        raise ArenaError("record/unavailable", "the match's log does not replay exactly, so it has no record") from None


def record_version(record: Any, version: int) -> dict[str, Any]:
    """A version of the match a record describes, as a spectator saw it, once the whole record checks out."""
    if not isinstance(record, Mapping):
        raise ArenaError("record/invalid", "the body must be a match record (a JSON object)")
    try:
        step, last = replayed_version(record, version)
    except RecordInvalid as invalid:
        raise ArenaError(
            "record/invalid", f"the record does not check out: {invalid}", version=invalid.version
        ) from None
    except IndexError:
        steps = record["steps"]
        raise ArenaError(
            "match/version_not_found",
            f"the record has versions 0 to {len(steps) - 1}, not {version}",
            last_version=len(steps) - 1,
        ) from None
    return version_body(last, step.table.match, orjson.loads(orjson.dumps(step.entry)))
