"""A version of a finished match as a spectator saw it, rebuilt from its seed and actions (or from a
checkpoint kept while it was played, ``arena/records/checkpoints.py``), or from a record a client sends
(which is checked whole first). Pure: the engine replays, nothing is read or stored. Replaying is exact
(ruling G3): the rebuilt final version equals the stored one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

import engine
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.matches.views import visible_actions, visible_events
from arena.records.verify import RecordInvalid, replayed_version


def replayed_from_seed(table: Table, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The public body of the last of ``entries`` (the log from version 0 on) of match ``table`` (over),
    replayed from its seed through every action."""
    final = table.match
    match, _ = engine.new_match(final.game_id, final.players, final.options, final.seed, entries[0]["at"])
    return replayed_from(table, match, entries)


def replayed_from_snapshot(table: Table, snapshot: Mapping[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The public body of the last of ``entries`` of match ``table`` (over), replayed from ``snapshot``, the
    match's stored snapshot at the first of them (a checkpoint kept while it was played)."""
    return replayed_from(table, Table.from_record(table.match_id, snapshot).match, entries)


def replayed_from(table: Table, match: engine.Match, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The public body of the last of ``entries`` (log entries, in order) of match ``table`` (over), from
    ``match``, the engine's match at the first of them (a checkpoint's), through every action after it."""
    for entry in entries[1:]:
        if entry["action"] is not None:
            match, _ = engine.apply_action(match, entry["seat"], entry["action"], entry["at"])
    return version_body(table, match, entries[-1])


def version_body(final: Table, match: engine.Match, entry: dict[str, Any]) -> dict[str, Any]:
    """A version of a match that is over as a spectator saw it (``ReplayVersionSchema``): ``match`` is
    the engine's match at that version, ``entry`` its log entry, ``final`` the match at its end."""
    version = entry["version"]
    actions = visible_actions([entry], final.match, None, ended=True)
    return {
        "match_id": final.match_id,
        "game": final.match.game_id,
        "players": final.match.players,
        "status": final.status,
        "version": version,
        "last_version": final.version,
        "at": entry["at"],
        "seat": entry["seat"],
        "action": actions[0] if actions else None,
        "events": visible_events([entry], None),
        "to_act": [] if version == final.version else list(match.to_act),
        # the last version shows everything, however the match ended (as the match's own view does)
        "view": {"game": match.game_id, **engine.view(match, None, entry["at"], ended=version == final.version)},
    }


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
