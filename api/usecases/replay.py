"""Rebuild a finished match's public view at a past version from its seed and logged actions.

A match with replay checkpoints (``arena/records/checkpoints.py``) is rebuilt from the one before the
version, in fewer than 32 steps: from the moment it ends, the snapshot its writer kept every 32
versions and its log; once its record is kept, the chunk kept with it. Any other (one compacted before
checkpoints, a short match compacted) is replayed from its seed through its log (``MatchStore.log``)
and the final snapshot. Replaying is exact (ruling G3): the rebuilt final version equals the stored
one, and every way gives the same body.
"""

from __future__ import annotations

from typing import Any

from api.store.matches import Chunk, PlayedCheckpoint
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from arena.errors import ArenaError
from arena.records import checkpoints
from arena.records.replays import replayed_from_seed, replayed_from_snapshot, version_body


def public_version(ctx: Context, match_id: str, version: int) -> dict[str, Any]:
    """The public view of finished (or aborted) match ``match_id`` right after ``version``."""
    table = load_table(ctx, match_id)
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
    match ctx.store.checkpoint(match_id, version):
        case Chunk(encoded=encoded):
            rebuilt, entry = checkpoints.replayed_version(encoded, version, table.match, table.seed_commitment)
            return version_body(table, rebuilt, entry)
        case PlayedCheckpoint(snapshot=snapshot, entries=entries):
            return replayed_from_snapshot(table, snapshot, entries)
    return replayed_from_seed(table, ctx.store.log(match_id, -1, version + 1))
