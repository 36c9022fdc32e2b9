"""``write_match.lua`` through :meth:`MatchScripts.write_match`: every branch, on one server and on the
cluster (where the caller passes ``indexes=None`` and moves the due set and the lobby in steps of its own).
"""

from __future__ import annotations

import pytest

from api.store.match_scripts import AlreadyExists, MatchScripts, Missing, MovedOn, Remembered, Written
from tests.store.stored import Case, Hash, K, List, State, Str, Target, ZSet, check, on_both

IDEM = K.idempotency("m", "act", "digest")
TTL = 3600
REMEMBERED_TTL = 86400
#: The arguments of a creation of match ``m`` at version 1, which the cases vary.
CREATE = {
    "match_key": K.match("m"),
    "log_key": K.log("m"),
    "idempotency_key": IDEM,
    "checkpoints_key": K.checkpoints("m"),
    "match_id": "m",
    "expected": None,
    "version": 1,
    "snapshot": b"snap-1",
    "summary": b"sum-1",
    "entry": b"entry-1",
    "ttl": TTL,
    "notify_channel": K.notify("m"),
    "remembered": None,
    "remembered_ttl": REMEMBERED_TTL,
    "due": None,
    "indexes": None,
}
#: The write of version 4 of a match at version 3.
NEXT = {**CREATE, "expected": 3, "version": 4, "snapshot": b"snap-4", "summary": b"sum-4", "entry": b"entry-4"}


def match_hash(version: int, due: str = "", ttl: float = TTL) -> Hash:
    """Match ``m``'s hash at ``version`` (``due``: the referee's due time as the script stores it)."""
    return Hash({"version": str(version), "snapshot": f"snap-{version}", "summary": f"sum-{version}", "due": due}, ttl)


#: Match ``m`` at version 3, its TTL counted down a little.
AT_3: State = {K.match("m"): match_hash(3, ttl=100), K.log("m"): List(["e0", "e1", "e2", "e3"], ttl=100)}
#: Match ``m`` at version 4, as NEXT writes it (no due time).
AT_4: State = {K.match("m"): match_hash(4), K.log("m"): List(["e0", "e1", "e2", "e3", "entry-4"], ttl=TTL)}
CREATED: State = {K.match("m"): match_hash(1), K.log("m"): List(["entry-1"], ttl=TTL)}
#: Match ``m``'s checkpoints kept while it is played, at versions 0 and 2, the TTL counted down a little.
PLAYED_CHECKPOINTS = Hash({"snapshot:0": "snap-0", "snapshot:2": "snap-2"}, ttl=100)
NOTIFIED_1 = (K.notify("m"), "1\nsnap-1\nentry-1")
NOTIFIED_4 = (K.notify("m"), "4\nsnap-4\nentry-4")
#: On one server: the due set and the lobby indexes a write moves the match in.
OPEN, RUNNING = K.lobby(None, "open"), K.lobby(None, "running")
INDEXED: State = {
    K.due(): ZSet({"m": 100.0, "other": 5.0}),
    K.lobby(): ZSet({"m": 50.0, "other": 7.0}),
    OPEN: ZSet({"m": 50.0, "other": 7.0}),
}


def indexes(due: float | None, adds: list[str], removes: list[str]) -> dict[str, object]:
    """The one-server arguments of a write with the due set and lobby indexes (lobby score 50)."""
    return {"due": due, "indexes": (K.due(), adds, removes, 50.0, K.referee_wake())}


CASES = [
    Case("creates a match", CREATE, Written(1), after=CREATED, published=[NOTIFIED_1]),
    Case(
        "a creation drops a log left without its match",
        CREATE,
        Written(1),
        before={K.log("m"): List(["stale"], ttl=5)},
        after=CREATED,
        published=[NOTIFIED_1],
    ),
    Case(
        "a creation drops checkpoints left without their match and keeps its snapshot as the first",
        {**CREATE, "checkpoint_field": "snapshot:1"},
        Written(1),
        before={K.checkpoints("m"): Hash({"snapshot:0": "stale"}, ttl=5)},
        after={**CREATED, K.checkpoints("m"): Hash({"snapshot:1": "snap-1"}, ttl=TTL)},
        published=[NOTIFIED_1],
    ),
    Case("a creation finds the match there: nothing written", CREATE, AlreadyExists(), before=AT_3),
    Case(
        "a creation with a due time keeps it in the match (no due set on a cluster)",
        {**CREATE, "due": 120.5},
        Written(1),
        after={**CREATED, K.match("m"): match_hash(1, due="120.5")},
        published=[NOTIFIED_1],
    ),
    Case(
        "a compare-and-set writes the next version, appends its entry and renews the ttl",
        NEXT,
        Written(4),
        before=AT_3,
        after=AT_4,
        published=[NOTIFIED_4],
    ),
    Case(
        "a compare-and-set at a checkpoint's version keeps its snapshot beside the others",
        {**NEXT, "checkpoint_field": "snapshot:4"},
        Written(4),
        before={**AT_3, K.checkpoints("m"): PLAYED_CHECKPOINTS},
        after={
            **AT_4,
            K.checkpoints("m"): Hash({"snapshot:0": "snap-0", "snapshot:2": "snap-2", "snapshot:4": "snap-4"}, TTL),
        },
        published=[NOTIFIED_4],
    ),
    Case(
        "a compare-and-set between checkpoints renews their ttl with the match's",
        NEXT,
        Written(4),
        before={**AT_3, K.checkpoints("m"): PLAYED_CHECKPOINTS},
        after={**AT_4, K.checkpoints("m"): Hash(PLAYED_CHECKPOINTS.fields, TTL)},
        published=[NOTIFIED_4],
    ),
    Case(
        "a refused write keeps no checkpoint",
        {**NEXT, "expected": 2, "checkpoint_field": "snapshot:4"},
        MovedOn(3),
        before={**AT_3, K.checkpoints("m"): PLAYED_CHECKPOINTS},
    ),
    Case("a compare-and-set on a match that moved on", {**NEXT, "expected": 2}, MovedOn(3), before=AT_3),
    Case("a compare-and-set on a match that is gone", NEXT, Missing()),
    Case(
        "an Idempotency-Key used before answers what it remembered, before any other check",
        {**NEXT, "expected": 2, "remembered": b"answer-new"},
        Remembered(b"answer-old"),
        before={**AT_3, IDEM: Str("answer-old", ttl=500)},
    ),
    Case(
        "a new Idempotency-Key remembers its answer with its ttl",
        {**NEXT, "remembered": b"answer-4"},
        Written(4),
        before=AT_3,
        after={**AT_4, IDEM: Str("answer-4", ttl=REMEMBERED_TTL)},
        published=[NOTIFIED_4],
    ),
    Case(
        "a write that answers nothing to remember neither reads nor writes the key",
        NEXT,
        Written(4),
        before={**AT_3, IDEM: Str("answer-old", ttl=500)},
        after={**AT_4, IDEM: Str("answer-old", ttl=500)},
        published=[NOTIFIED_4],
    ),
    Case(
        "a refused write remembers nothing",
        {**NEXT, "expected": 2, "remembered": b"answer-4"},
        MovedOn(3),
        before=AT_3,
    ),
    # --- one server: the due set and the lobby in the same step --------------------------------
    Case(
        "a creation with indexes adds it to the lobby, sets the due time and wakes the referees",
        {**CREATE, **indexes(120.5, [K.lobby(), OPEN], [])},
        Written(1),
        after={
            **CREATED,
            K.match("m"): match_hash(1, due="120.5"),
            K.due(): ZSet({"m": 120.5}),
            K.lobby(): ZSet({"m": 50.0}),
            OPEN: ZSet({"m": 50.0}),
        },
        published=[(K.referee_wake(), "120.5"), NOTIFIED_1],
        one_server=True,
    ),
    Case(
        "a write with indexes moves it from one status to another and moves its due time",
        {**NEXT, **indexes(90.0, [K.lobby(), RUNNING], [OPEN])},
        Written(4),
        before={**AT_3, **INDEXED},
        after={
            **AT_4,
            K.match("m"): match_hash(4, due="90.0"),
            K.due(): ZSet({"m": 90.0, "other": 5.0}),
            K.lobby(): ZSet({"m": 50.0, "other": 7.0}),
            OPEN: ZSet({"other": 7.0}),
            RUNNING: ZSet({"m": 50.0}),
        },
        published=[(K.referee_wake(), "90.0"), NOTIFIED_4],
        one_server=True,
    ),
    Case(
        "a write with indexes and no due time takes it out of the due set and wakes nobody",
        {**NEXT, **indexes(None, [], [K.lobby(), OPEN])},
        Written(4),
        before={**AT_3, **INDEXED},
        after={
            **AT_4,
            K.due(): ZSet({"other": 5.0}),
            K.lobby(): ZSet({"other": 7.0}),
            OPEN: ZSet({"other": 7.0}),
        },
        published=[NOTIFIED_4],
        one_server=True,
    ),
    Case(
        "a refused write with indexes leaves them",
        {**NEXT, "expected": 2, **indexes(90.0, [RUNNING], [OPEN])},
        MovedOn(3),
        before={**AT_3, **INDEXED},
        one_server=True,
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(CASES), indirect=["target"])
def test_write_match(target: Target, case: Case) -> None:
    scripts = MatchScripts(target.client)
    check(target, scripts.write_match, case, near=K.match("m"), channels=[K.notify("m"), K.referee_wake()])
