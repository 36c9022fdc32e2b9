"""``take_tournament_place.lua`` and ``renew_tournament_place.lua`` through :class:`QuotaScripts`: every branch,
on one server and on the cluster (each script touches the client's own slot alone). The time is 100; a new
tournament expires at 700 unless written again, and the set lives 600 s from a place taken or renewed."""

from __future__ import annotations

import pytest

from api.store.quota_scripts import PlaceTaken, QuotaFull, QuotaScripts
from tests.store.stored import Case, K, State, Target, ZSet, check, on_both

LIVE = K.live_tournaments("addr:192.0.2.7")
OTHER = K.live_tournaments("addr:192.0.2.8")
#: The same client's live matches, in the same slot: never counted nor touched.
MATCHES = K.live_matches("addr:192.0.2.7")
TAKE = {"live_key": LIVE, "tournament_id": "t", "now": 100.0, "expires_at": 700.0, "ttl": 600, "quota": 2}
#: Two places held, the first expiring at 650.
TWO: State = {LIVE: ZSet({"a": 650.0, "b": 680.0}, ttl=580)}

TAKE_CASES = [
    Case(
        "a client's first tournament takes a place; the set lives as long as that tournament may",
        TAKE,
        PlaceTaken(1),
        after={LIVE: ZSet({"t": 700.0}, ttl=600)},
    ),
    Case(
        "under the quota the place is taken beside the others, and the set lives on",
        {**TAKE, "quota": 3},
        PlaceTaken(3),
        before=TWO,
        after={LIVE: ZSet({"a": 650.0, "b": 680.0, "t": 700.0}, ttl=600)},
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
        "the places of expired tournaments are dropped first, which makes room",
        TAKE,
        PlaceTaken(2),
        before={LIVE: ZSet({"gone": 90.0, "b": 680.0}, ttl=580)},
        after={LIVE: ZSet({"b": 680.0, "t": 700.0}, ttl=600)},
    ),
    Case(
        "a tournament that expires at this very time is expired",
        TAKE,
        PlaceTaken(2),
        before={LIVE: ZSet({"gone": 100.0, "b": 680.0}, ttl=580)},
        after={LIVE: ZSet({"b": 680.0, "t": 700.0}, ttl=600)},
    ),
    Case(
        "refused with expired places among the rest: the drop is all that is written",
        TAKE,
        QuotaFull(2, 650.0),
        before={LIVE: ZSet({"gone": 40.0, "a": 650.0, "b": 680.0}, ttl=580)},
        after=TWO,
    ),
    Case(
        "another client's places and this client's live matches are not counted, nor touched",
        TAKE,
        PlaceTaken(1),
        before={
            OTHER: ZSet({"a": 650.0, "b": 680.0, "gone": 50.0}, ttl=580),
            MATCHES: ZSet({"m1": 650.0, "m2": 680.0}, ttl=580),
        },
        after={
            OTHER: ZSet({"a": 650.0, "b": 680.0, "gone": 50.0}, ttl=580),
            MATCHES: ZSet({"m1": 650.0, "m2": 680.0}, ttl=580),
            LIVE: ZSet({"t": 700.0}, ttl=600),
        },
    ),
]

RENEW = {"live_key": LIVE, "tournament_id": "a", "expires_at": 900.0, "ttl": 600}

RENEW_CASES = [
    Case(
        "a tournament written again expires later: its place too, and the set lives the TTL again",
        RENEW,
        True,
        before=TWO,
        after={LIVE: ZSet({"a": 900.0, "b": 680.0}, ttl=600)},
    ),
    Case(
        "a slow write's renewal after a later one's never moves the place earlier; the set lives on",
        {**RENEW, "expires_at": 600.0},
        True,
        before=TWO,
        after={LIVE: ZSet({"a": 650.0, "b": 680.0}, ttl=600)},
    ),
    Case(
        "a tournament that holds no place (over, expired, or created without a quota) takes none",
        {**RENEW, "tournament_id": "c"},
        False,
        before=TWO,
    ),
    Case(
        "a client that holds nothing: nothing written",
        RENEW,
        False,
    ),
    Case(
        "another client's place of the same id is not touched",
        RENEW,
        False,
        before={OTHER: ZSet({"a": 650.0}, ttl=580)},
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(TAKE_CASES), indirect=["target"])
def test_take_tournament_place(target: Target, case: Case) -> None:
    check(target, QuotaScripts(target.client).take_tournament_place, case, near=LIVE)


@pytest.mark.parametrize(("target", "case"), on_both(RENEW_CASES), indirect=["target"])
def test_renew_tournament_place(target: Target, case: Case) -> None:
    check(target, QuotaScripts(target.client).renew_tournament_place, case, near=LIVE)
