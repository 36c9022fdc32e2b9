"""``take_live_place.lua`` through :meth:`QuotaScripts.take_live_place`: every branch, on one server and on the
cluster (the script touches the client's own slot alone). The time is 100; a new match expires at 700 unless
written again, and the set lives 600 s from a place taken."""

from __future__ import annotations

import pytest

from api.store.quota_scripts import PlaceHeld, PlaceTaken, QuotaFull, QuotaScripts
from tests.store.stored import Case, K, State, Target, ZSet, check, on_both

LIVE = K.live_matches("addr:192.0.2.7")
OTHER = K.live_matches("tournament:t1")
TAKE = {"live_key": LIVE, "match_id": "m", "now": 100.0, "expires_at": 700.0, "ttl": 600, "quota": 2}
#: Two places held, the first expiring at 650.
TWO: State = {LIVE: ZSet({"a": 650.0, "b": 680.0}, ttl=580)}

CASES = [
    Case(
        "a client's first match takes a place; the set lives as long as that match may",
        TAKE,
        PlaceTaken(1),
        after={LIVE: ZSet({"m": 700.0}, ttl=600)},
    ),
    Case(
        "under the quota the place is taken beside the others, and the set lives on",
        {**TAKE, "quota": 3},
        PlaceTaken(3),
        before=TWO,
        after={LIVE: ZSet({"a": 650.0, "b": 680.0, "m": 700.0}, ttl=600)},
    ),
    Case(
        "at the quota: refused with the count and when the first place expires; nothing written",
        TAKE,
        QuotaFull(2, 650.0),
        before=TWO,
    ),
    Case(
        "past the quota (lowered since): refused the same",
        {**TAKE, "quota": 1},
        QuotaFull(2, 650.0),
        before=TWO,
    ),
    Case(
        "the places of expired matches are dropped first, which makes room",
        TAKE,
        PlaceTaken(2),
        before={LIVE: ZSet({"gone": 90.0, "b": 680.0}, ttl=580)},
        after={LIVE: ZSet({"b": 680.0, "m": 700.0}, ttl=600)},
    ),
    Case(
        "a match that expires at this very time is expired",
        TAKE,
        PlaceTaken(2),
        before={LIVE: ZSet({"gone": 100.0, "b": 680.0}, ttl=580)},
        after={LIVE: ZSet({"b": 680.0, "m": 700.0}, ttl=600)},
    ),
    Case(
        "refused with expired places among the rest: the drop is all that is written",
        TAKE,
        QuotaFull(2, 650.0),
        before={LIVE: ZSet({"gone": 40.0, "a": 650.0, "b": 680.0}, ttl=580)},
        after=TWO,
    ),
    Case(
        "the match holds a place already (its creation retried): nothing written, even at the quota",
        {**TAKE, "match_id": "a"},
        PlaceHeld(2),
        before=TWO,
    ),
    Case(
        "another client's places are not counted, nor touched",
        TAKE,
        PlaceTaken(1),
        before={OTHER: ZSet({"a": 650.0, "b": 680.0, "gone": 50.0}, ttl=580)},
        after={OTHER: ZSet({"a": 650.0, "b": 680.0, "gone": 50.0}, ttl=580), LIVE: ZSet({"m": 700.0}, ttl=600)},
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(CASES), indirect=["target"])
def test_take_live_place(target: Target, case: Case) -> None:
    check(target, QuotaScripts(target.client).take_live_place, case, near=LIVE)
