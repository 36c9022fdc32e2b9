"""``compact_match.lua`` through :meth:`MatchScripts.compact_match`: every branch, on one server and on the
cluster (its four keys share the match's slot)."""

from __future__ import annotations

import pytest

from api.store.match_scripts import MatchScripts
from tests.store.stored import Case, Hash, K, List, State, Str, Target, check, on_both

MATCH_TTL = 600
RECORD_TTL = 7200
#: Keep the record of match ``m``, over at version 5, beside its log.
KEEP = {
    "match_key": K.match("m"),
    "log_key": K.log("m"),
    "record_key": K.record("m"),
    "checkpoints_key": K.checkpoints("m"),
    "version": 5,
    "record": b"rec",
    "record_ttl": RECORD_TTL,
    "swap": None,
    "checkpoints": None,
}
SWAP = {**KEEP, "swap": (b"zsnap", b"zsum")}
#: Match ``m`` over at version 5, with its whole log (one entry per version from 0).
FINISHED: State = {
    K.match("m"): Hash({"version": "5", "snapshot": "snap-5", "summary": "sum-5", "due": ""}, ttl=MATCH_TTL),
    K.log("m"): List([f"e{n}" for n in range(6)], ttl=MATCH_TTL),
}
#: The match after a swap: compressed snapshot and summary, no log; its TTL as it was.
SWAPPED: State = {
    K.match("m"): Hash({"version": "5", "snapshot": "zsnap", "summary": "zsum", "due": ""}, ttl=MATCH_TTL)
}
RECORD: State = {K.record("m"): Str("rec", ttl=RECORD_TTL)}
OLD_CHECKPOINTS: State = {K.checkpoints("m"): Hash({"every": "3", "0": "x", "1": "y"}, ttl=50)}

CASES = [
    Case("keeps the record beside the log", KEEP, True, before=FINISHED, after={**FINISHED, **RECORD}),
    Case(
        "a record kept again replaces the first, with a new ttl",
        KEEP,
        True,
        before={**FINISHED, K.record("m"): Str("older", ttl=30)},
        after={**FINISHED, **RECORD},
    ),
    Case("swaps the log for the record", SWAP, True, before=FINISHED, after={**SWAPPED, **RECORD}),
    Case(
        "keeps the checkpoints with the record's ttl",
        {**SWAP, "checkpoints": (2, [b"c0", b"c1", b"c2"])},
        True,
        before=FINISHED,
        after={
            **SWAPPED,
            **RECORD,
            K.checkpoints("m"): Hash({"every": "2", "0": "c0", "1": "c1", "2": "c2"}, ttl=RECORD_TTL),
        },
    ),
    Case(
        "checkpoints without a chunk keep only how many versions a chunk holds",
        {**KEEP, "checkpoints": (2, [])},
        True,
        before=FINISHED,
        after={**FINISHED, **RECORD, K.checkpoints("m"): Hash({"every": "2"}, ttl=RECORD_TTL)},
    ),
    Case(
        "new checkpoints replace the old ones whole",
        {**KEEP, "checkpoints": (2, [b"c0"])},
        True,
        before={**FINISHED, **OLD_CHECKPOINTS},
        after={**FINISHED, **RECORD, K.checkpoints("m"): Hash({"every": "2", "0": "c0"}, ttl=RECORD_TTL)},
    ),
    Case(
        "no checkpoints deletes the old ones",
        KEEP,
        True,
        before={**FINISHED, **OLD_CHECKPOINTS},
        after={**FINISHED, **RECORD},
    ),
    Case(
        "a match at another version is left alone",
        {**SWAP, "version": 4, "checkpoints": (2, [b"c0"])},
        False,
        before={**FINISHED, **OLD_CHECKPOINTS},
    ),
    Case("a match that is gone: no record", SWAP, False),
    Case(
        "a match whose log is not whole is left alone",
        SWAP,
        False,
        before={**FINISHED, K.log("m"): List(["e0", "e1", "e2", "e3", "e4"], ttl=MATCH_TTL)},
    ),
    Case("a second compaction finds no log and does nothing", SWAP, False, before={**SWAPPED, **RECORD}),
]


@pytest.mark.parametrize(("target", "case"), on_both(CASES), indirect=["target"])
def test_compact_match(target: Target, case: Case) -> None:
    check(target, MatchScripts(target.client).compact_match, case, near=K.match("m"))
