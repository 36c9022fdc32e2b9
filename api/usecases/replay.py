"""Rebuild a finished match's public view at a past version from its seed and logged actions.

A match with replay checkpoints (``arena/records/checkpoints.py``, kept with its record) is rebuilt
from the one checkpoint before the version, at most ``every`` steps; any other (a short match, one
compacted before checkpoints, one whose log did not replay exactly) from its seed through its log
(``MatchStore.log``) and the final snapshot. Replaying is exact (ruling G3): the rebuilt final
version equals the stored one, and both ways give the same body.
"""

from __future__ import annotations

from typing import Any

from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from arena.errors import ArenaError
from arena.records import checkpoints
from arena.records.replays import replayed_from_seed, version_body


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
    checkpoint = ctx.store.checkpoint(match_id, version)
    if checkpoint is not None:
        match, entry = checkpoints.replayed_version(checkpoint[1], version, table.match, table.seed_commitment)
        return version_body(table, match, entry)
    return replayed_from_seed(table, ctx.store.log(match_id, -1, version + 1))
