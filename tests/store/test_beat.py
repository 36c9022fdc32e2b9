"""``beat.lua`` through :meth:`MatchScripts.beat`: every branch, on one server and on a cluster (its keys and
the referees' share the ``{referee}`` slot)."""

from __future__ import annotations

import pytest

from api.store.match_scripts import MatchScripts
from tests.store.stored import Case, K, State, Str, Target, ZSet, check, on_both

#: A beat at 105 that counts a gap of more than 3 seconds as an outage, kept for 1000 seconds.
BEAT = {
    "beat_key": K.api_beat(),
    "outages_key": K.outages(),
    "now": 105.0,
    "gap": 3.0,
    "wake_channel": K.referee_wake(),
    "keep": 1000,
}
BEAT_AT_105: State = {K.api_beat(): Str("105.0")}

CASES = [
    Case("the first beat ever is noted: no outage", BEAT, False, after=BEAT_AT_105),
    Case(
        "a beat within the gap is noted: no outage",
        BEAT,
        False,
        before={K.api_beat(): Str("103.0")},
        after=BEAT_AT_105,
    ),
    Case(
        "a beat exactly the gap after the last is no outage",
        BEAT,
        False,
        before={K.api_beat(): Str("102.0")},
        after=BEAT_AT_105,
    ),
    Case(
        "a beat later than the gap records the outage between the beats and wakes the referees",
        BEAT,
        True,
        before={K.api_beat(): Str("100.0")},
        after={**BEAT_AT_105, K.outages(): ZSet({"100.0,105.0": 105.0})},
        published=[(K.referee_wake(), "105.0")],
    ),
    Case(
        "a new outage is kept beside the earlier ones, and those older than kept go",
        {**BEAT, "now": 2000.0},
        True,
        before={K.api_beat(): Str("1990.0"), K.outages(): ZSet({"10.0,20.0": 20.0, "1500.0,1510.0": 1510.0})},
        after={
            K.api_beat(): Str("2000.0"),
            K.outages(): ZSet({"1500.0,1510.0": 1510.0, "1990.0,2000.0": 2000.0}),
        },
        published=[(K.referee_wake(), "2000.0")],
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(CASES), indirect=["target"])
def test_beat(target: Target, case: Case) -> None:
    check(target, MatchScripts(target.client).beat, case, near=K.api_beat(), channels=[K.referee_wake()])
