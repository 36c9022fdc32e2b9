"""``first_request.lua`` through :meth:`MatchScripts.first_request`: every branch. On one server the due set
comes along (``due_key``); on a cluster the caller passes none and moves the due set in a step of its own,
and the cases without it run on both."""

from __future__ import annotations

import pytest

from api.store.match_scripts import FirstRequest, MatchScripts
from tests.store.stored import Case, Hash, K, State, Target, ZSet, check, on_both

#: Seat 1 first asks at 12.5, which brings its deadline to 80 (the match is due at 100).
ASK = {
    "match_key": K.match("m"),
    "due_key": None,
    "match_id": "m",
    "seat": 1,
    "at": 12.5,
    "due": 80.0,
    "wake_channel": K.referee_wake(),
}
WITH_DUE_SET = {**ASK, "due_key": K.due()}
MATCH = {"version": "2", "snapshot": "snap-2", "due": "100.0"}
AT_2: State = {K.match("m"): Hash(MATCH, ttl=600)}
DUE: State = {K.due(): ZSet({"m": 100.0, "other": 5.0})}
NOTED = FirstRequest(noted=True, moved=False)
MOVED = FirstRequest(noted=True, moved=True)


def asked(due: str = "100.0", **seats: str) -> State:
    """Match ``m`` with the first requests of ``seats`` (``s1="12.5"``: seat 1 at 12.5) and its due time."""
    fields = {**MATCH, "due": due, **{f"asked:{seat.removeprefix('s')}": at for seat, at in seats.items()}}
    return {K.match("m"): Hash(fields, ttl=600)}


CASES = [
    Case(
        "a first request that brings the deadline forward moves the match's due time (the caller the set's)",
        ASK,
        MOVED,
        before={**AT_2, **DUE},
        after={**asked("80.0", s1="12.5"), **DUE},
    ),
    Case(
        "a later due time leaves the match's",
        {**ASK, "due": 150.0},
        NOTED,
        before=AT_2,
        after=asked(s1="12.5"),
    ),
    Case("the same due time leaves it", {**ASK, "due": 100.0}, NOTED, before=AT_2, after=asked(s1="12.5")),
    Case(
        "a request that brings no deadline is noted", {**ASK, "due": None}, NOTED, before=AT_2, after=asked(s1="12.5")
    ),
    Case("a match the referee is not due on keeps none", ASK, NOTED, before=asked(""), after=asked("", s1="12.5")),
    Case(
        "a match without a due field keeps none",
        ASK,
        NOTED,
        before={K.match("m"): Hash({"version": "2"}, ttl=600)},
        after={K.match("m"): Hash({"version": "2", "asked:1": "12.5"}, ttl=600)},
    ),
    Case(
        "another seat's first request is noted beside",
        ASK,
        MOVED,
        before=asked(s0="3.0"),
        after=asked("80.0", s0="3.0", s1="12.5"),
    ),
    Case(
        "the seat asked before: the first time stands",
        ASK,
        FirstRequest(noted=False, moved=False),
        before={**asked(s1="3.0"), **DUE},
    ),
    Case("a match that is gone: nothing written", ASK, FirstRequest(False, False, exists=False), before=DUE),
    # --- one server: the due set in the same step ---------------------------------------------------
    Case(
        "on one server the due set moves too and the referees are woken",
        WITH_DUE_SET,
        MOVED,
        before={**AT_2, **DUE},
        after={**asked("80.0", s1="12.5"), K.due(): ZSet({"m": 80.0, "other": 5.0})},
        published=[(K.referee_wake(), "80.0")],
        one_server=True,
    ),
    Case(
        "a match the due set lacks is not added to it (the referees are woken all the same)",
        WITH_DUE_SET,
        MOVED,
        before={**AT_2, K.due(): ZSet({"other": 5.0})},
        after={**asked("80.0", s1="12.5"), K.due(): ZSet({"other": 5.0})},
        published=[(K.referee_wake(), "80.0")],
        one_server=True,
    ),
    Case(
        "a due time that does not move leaves the due set",
        {**WITH_DUE_SET, "due": 150.0},
        NOTED,
        before={**AT_2, **DUE},
        after={**asked(s1="12.5"), **DUE},
        one_server=True,
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(CASES), indirect=["target"])
def test_first_request(target: Target, case: Case) -> None:
    check(target, MatchScripts(target.client).first_request, case, near=K.match("m"), channels=[K.referee_wake()])
