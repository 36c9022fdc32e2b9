"""Replay checkpoints: any version of a finished match rebuilt from a nearby saved state, not from its seed.

Replaying a version from the seed costs a step per version before it, so stepping through a long
replay costs the square of its length. Two kinds of checkpoints spare it, one while the match is
played and one once its record is kept.

**While it is played**, the write of every :data:`EVERY`-th version (:func:`kept_while_played`, the
creation's first) keeps a copy of the snapshot it writes anyway (``write_match.lua``): no read, no
work in the writer, whatever the match's length. From the moment the match ends, version ``v``
replays from the snapshot at :func:`played_checkpoint` and the log's entries up to ``v``: at most
``EVERY - 1`` steps, the entry of ``v`` read from the log as it was written.

**Once its record is kept** (``arena/records/codec.py``), its keeper replaces those, together with
the log, by chunks: for a match of more than :data:`EVERY` versions, one chunk per
:data:`EVERY` versions: chunk ``i`` holds the engine's match after version ``c = i * EVERY`` (none for
chunk 0: the setup rebuilds it from the match's seed) and the record's steps ``c`` to ``c + EVERY``.
Version ``v`` is rebuilt from the one chunk :func:`chunk_index` names, applying at most :data:`EVERY`
steps, the last of which also gives the version's log entry (its label, secret and events) exactly
as :func:`~arena.records.codec.derive_log` does.

A chunk is zlib-compressed JSON (:func:`encode_chunks`)::

    {"every": 32, "version": <c>, "match": <engine.Match.to_json() after version c> | null,
     "steps": [<the record's steps c to c + every>]}

Checkpoints are the server's own cache, never part of a record it serves: the chunks are built from
the replay that checks the record against the log, and the snapshots kept while the match is played
are the states its moves were applied to, so a version rebuilt from either equals the one a full
replay gives (tests/api/test_checkpoints.py checks both for every game). A verifier of a record
replays from the seed and never meets them.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

import engine
from arena.records.codec import LEVEL, setup_entry, step_entry, step_match

#: Versions per checkpoint. Steps cost about 10 to 25 us each (median; up to ~100 us at the 99th
#: percentile, Girafferaffe and Pili Pili the costliest, bench/engine_bench.py), so a version replays
#: at most 32 steps from its checkpoint: under 1 ms typically, ~3 ms were every step as slow as the
#: slowest 1%. The chunks cost about 3 times the record's memory (17 to 26 bytes per version).
EVERY = 32


def kept_while_played(version: int, every: int = EVERY) -> bool:
    """Whether the write of ``version`` keeps its snapshot as a checkpoint while the match is played."""
    return version % every == 0


def played_checkpoint(version: int, every: int = EVERY) -> int:
    """The version of the checkpoint kept while the match was played that ``version`` replays from: the
    latest at or before it, so that at most ``every - 1`` steps are applied."""
    return version - version % every


def worth_keeping(last_version: int, every: int = EVERY) -> bool:
    """Whether a match ending at ``last_version`` gets checkpoints: a shorter one replays as fast from its seed."""
    return last_version > every


def chunk_index(version: int, every: int) -> int:
    """The chunk that rebuilds ``version``: the one whose saved match is the latest before ``version``
    (its entry needs the match before it), so that at most ``every`` steps are applied."""
    return max(version - 1, 0) // every


def encode_chunks(steps: Sequence[Any], matches: Mapping[int, engine.Match], every: int = EVERY) -> list[bytes]:
    """The compressed chunks of a record's ``steps`` (version 0 first), ``matches`` holding the engine's
    match after every multiple of ``every`` (from :func:`~arena.records.codec.encode_checked_record`)."""
    chunks = []
    for start in range(0, len(steps) - 1, every):
        saved = None if start == 0 else matches[start].to_json()
        chunk = {"every": every, "version": start, "match": saved, "steps": steps[start : start + every + 1]}
        chunks.append(zlib.compress(orjson.dumps(chunk), LEVEL))
    return chunks


def replayed_version(
    encoded: bytes, version: int, final: engine.Match, seed_commitment: str | None
) -> tuple[engine.Match, dict[str, Any]]:
    """The engine's match after ``version`` and the version's log entry (as a stored entry reads back),
    from the chunk :func:`chunk_index` names for it; ``final`` is the match at its end (its game,
    players, options and seed set up chunk 0) and ``seed_commitment`` what its log opens with.

    Raises ``ValueError`` if the chunk does not hold ``version``.
    """
    chunk = orjson.loads(zlib.decompress(encoded))
    start: int = chunk["version"]
    steps = chunk["steps"]
    if not start <= version < start + len(steps) or (version == start and start != 0):
        raise ValueError(f"the checkpoint from version {start} does not rebuild version {version}")
    if chunk["match"] is None:
        match, entry = setup_entry(
            final.game_id, final.players, final.options, final.seed, steps[0], commitment=seed_commitment
        )
    else:
        match = engine.Match.from_json(chunk["match"])
    for offset in range(1, version - start):
        match = step_match(match, steps[offset])
    if version > start:
        match, entry = step_entry(match, version, steps[version - start])
    # read back as a stored entry is: JSON's lists and numbers, not the engine's own types
    return match, orjson.loads(orjson.dumps(entry))
