"""The referee's due set: ``reschedule.lua`` (one server), ``set_due.lua`` (a cluster's due step, which
runs on one server too) and ``claim_due.lua`` (the referee's and the webhook workers' claims), every
branch, through their wrappers."""

from __future__ import annotations

import pytest

from api.store.indexes import GONE_VERSION
from api.store.match_scripts import MatchScripts, RescheduleAnswer
from api.store.webhook_scripts import WebhookScripts
from tests.store.stored import Case, Hash, K, State, Target, ZSet, check, on_both

# --- reschedule.lua: the match's hash and the due set are in two slots, so one server only ----------

RESCHEDULE = {"match_key": K.match("m"), "due_key": K.due(), "match_id": "m", "version": 3, "due": 150.0}
AT_3: State = {K.match("m"): Hash({"version": "3", "due": "100.0"}, ttl=600)}
DUE: State = {K.due(): ZSet({"m": 100.0, "other": 50.0})}

RESCHEDULE_CASES = [
    Case(
        "sets the due time of a match still at the version",
        RESCHEDULE,
        RescheduleAnswer.SET,
        before={**AT_3, **DUE},
        after={**AT_3, K.due(): ZSet({"m": 150.0, "other": 50.0})},
        one_server=True,
    ),
    Case(
        "adds a match the due set lacks",
        RESCHEDULE,
        RescheduleAnswer.SET,
        before=AT_3,
        after={**AT_3, K.due(): ZSet({"m": 150.0})},
        one_server=True,
    ),
    Case(
        "no due time takes it out",
        {**RESCHEDULE, "due": None},
        RescheduleAnswer.SET,
        before={**AT_3, **DUE},
        after={**AT_3, K.due(): ZSet({"other": 50.0})},
        one_server=True,
    ),
    Case(
        "a match that moved on keeps its writer's due time",
        {**RESCHEDULE, "version": 2},
        RescheduleAnswer.MOVED_ON,
        before={**AT_3, **DUE},
        one_server=True,
    ),
    Case(
        "a match that is gone leaves the due set",
        RESCHEDULE,
        RescheduleAnswer.GONE,
        before=DUE,
        after={K.due(): ZSet({"other": 50.0})},
        one_server=True,
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(RESCHEDULE_CASES), indirect=["target"])
def test_reschedule(target: Target, case: Case) -> None:
    check(target, MatchScripts(target.client).reschedule, case, near=K.due())


# --- set_due.lua: both keys in the {referee} slot ----------------------------------------------------

SET_DUE = {
    "due_key": K.due(),
    "due_version_key": K.due_version(),
    "match_id": "m",
    "version": 4,
    "due": 200.0,
    "wake": K.referee_wake(),
}
OTHER: State = {K.due(): ZSet({"other": 10.0}), K.due_version(): Hash({"other": "1"})}


def seen(version: int | None, due: float | None) -> State:
    """The due set and versions with match ``m`` due at ``due`` set for ``version`` (and another match)."""
    scores, versions = {"other": 10.0}, {"other": "1"}
    if due is not None:
        scores["m"] = due
    if version is not None:
        versions["m"] = str(version)
    return {K.due(): ZSet(scores), K.due_version(): Hash(versions)}


SET_DUE_CASES = [
    Case(
        "sets the due time for the version and wakes the referees",
        SET_DUE,
        True,
        before=OTHER,
        after=seen(4, 200.0),
        published=[(K.referee_wake(), "200.0")],
    ),
    Case("without a wake channel nobody is woken", {**SET_DUE, "wake": None}, True, before=OTHER, after=seen(4, 200.0)),
    Case("a later version's due time stands", SET_DUE, False, before=seen(5, 300.0)),
    Case(
        "the same version sets it again",
        SET_DUE,
        True,
        before=seen(4, 300.0),
        after=seen(4, 200.0),
        published=[(K.referee_wake(), "200.0")],
    ),
    Case(
        "an earlier version's due time is replaced",
        SET_DUE,
        True,
        before=seen(3, 300.0),
        after=seen(4, 200.0),
        published=[(K.referee_wake(), "200.0")],
    ),
    Case(
        "no due time takes the match out of both, waking nobody",
        {**SET_DUE, "due": None},
        True,
        before=seen(3, 300.0),
        after=OTHER,
    ),
    Case("no due time from an earlier version is ignored", {**SET_DUE, "due": None}, False, before=seen(5, 300.0)),
    Case(
        "a gone match's version is later than any",
        {**SET_DUE, "version": GONE_VERSION, "due": None},
        True,
        before=seen(2**52, 300.0),
        after=OTHER,
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(SET_DUE_CASES), indirect=["target"])
def test_set_due(target: Target, case: Case) -> None:
    check(target, MatchScripts(target.client).set_due, case, near=K.due(), channels=[K.referee_wake()])


# --- claim_due.lua: the referee's due set and the webhooks' ------------------------------------------


def claim_cases(due_key: str) -> list[Case]:
    """The claims of one due set (a claim pushes what it takes back to now + lease)."""
    four = {due_key: ZSet({"a": 10.0, "b": 20.0, "c": 30.0, "d": 40.0})}
    claim = {"due_key": due_key, "now": 25.0, "lease": 60.5, "limit": 10}
    return [
        Case(
            "claims what is due, pushing each back by the lease",
            claim,
            ["a", "b"],
            before=four,
            after={due_key: ZSet({"a": 85.5, "b": 85.5, "c": 30.0, "d": 40.0})},
        ),
        Case(
            "claims at most the limit, the earliest first",
            {**claim, "limit": 1},
            ["a"],
            before=four,
            after={due_key: ZSet({"a": 85.5, "b": 20.0, "c": 30.0, "d": 40.0})},
        ),
        Case(
            "a member due right now is due",
            {**claim, "now": 20.0},
            ["a", "b"],
            before=four,
            after={due_key: ZSet({"a": 80.5, "b": 80.5, "c": 30.0, "d": 40.0})},
        ),
        Case("nothing due: nothing claimed", {**claim, "now": 5.0}, [], before=four),
        Case("a limit of none claims none", {**claim, "limit": 0}, [], before=four),
        Case("an empty due set stays absent", claim, []),
    ]


CLAIMERS: list[tuple[type[MatchScripts] | type[WebhookScripts], str]] = [
    (MatchScripts, K.due()),
    (WebhookScripts, K.webhooks_due()),
]


@pytest.mark.parametrize(
    ("target", "case", "scripts"),
    [
        pytest.param(*param.values, scripts, id=f"{scripts.__name__} {param.id}")
        for scripts, due_key in CLAIMERS
        for param in on_both(claim_cases(due_key))
    ],
    indirect=["target"],
)
def test_claim_due(target: Target, case: Case, scripts: type[MatchScripts] | type[WebhookScripts]) -> None:
    check(target, scripts(target.client).claim_due, case, near=case.args["due_key"])
