"""Rebuild a finished match's public view at a past version from its seed and logged actions.

A match with replay checkpoints (``arena/records/checkpoints.py``, kept with its record) is rebuilt
from the one checkpoint before the version, at most ``every`` steps; any other (a short match, one
compacted before checkpoints, one whose log did not replay exactly) from its seed through its log
(``MatchStore.log``) and the final snapshot. Replaying is exact (ruling G3): the rebuilt final
version equals the stored one, and both ways give the same body.
"""

from __future__ import annotations

from typing import Any

import engine
from api.store.matches import MatchStore
from api.usecases.matches import load_table, visible_actions, visible_events
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.records import checkpoints


def public_version(store: MatchStore, match_id: str, version: int) -> dict[str, Any]:
    """The public view of finished (or aborted) match ``match_id`` right after ``version``."""
    table = load_table(store, match_id)
    if not table.is_over:
        raise ArenaError(
            "match/not_over",
            f"the match is {table.status}: replays open once it is finished or aborted",
            match_status=table.status,
        )
    if version > table.version:
        raise ArenaError(
            "match/version_not_found",
            f"the match has versions 0 to {table.version}, not {version}",
            last_version=table.version,
        )
    checkpoint = store.checkpoint(match_id, version)
    if checkpoint is not None:
        match, entry = checkpoints.replayed_version(checkpoint[1], version, table.match, table.seed_commitment)
        return version_body(table, match, entry)
    return replayed_from_seed(table, store.log(match_id, -1, version + 1))


def replayed_from_seed(table: Table, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The public body of the last of ``entries`` (the log from version 0 on) of match ``table`` (over),
    replayed from its seed through every action."""
    final = table.match
    match, _ = engine.new_match(final.game_id, final.players, final.options, final.seed, entries[0]["at"])
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
