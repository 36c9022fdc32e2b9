"""The webhooks' scripts through :class:`WebhookScripts`: ``register_webhook.lua``, ``lease_webhook.lua``,
``record_delivery.lua`` and ``release_webhook.lua``, every branch, on one server and on the cluster (a
webhook's fields live in its match's hash, its log and dead letters in the match's slot). Their claims of
the due set are ``claim_due.lua``'s table in ``test_due_scripts.py``."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from api.store.webhook_scripts import (
    DeliveryRecord,
    HeldElsewhere,
    LeasedFields,
    NoWebhook,
    RecordAnswer,
    RegisterAnswer,
    WebhookScripts,
)
from tests.store.stored import Case, Hash, K, List, State, Target, check, on_both

TTL = 3600
HOLDER, LOG, DEAD = K.match("m"), K.webhook_log("m"), K.webhook_dead("m")
URL, EVENTS, SECRET = "https://hooks.example/arena", "match.updated,match.finished", "s3cret"
#: What registering writes beside the match's own fields.
REGISTERED = {
    "webhook:url": URL,
    "webhook:events": EVENTS,
    "webhook:secret": SECRET,
    "webhook:created_at": "12.5",
    "webhook:cursor": "",
    "webhook:failures": "0",
    "webhook:failing_since": "",
    "webhook:retry_at": "",
    "webhook:done": "",
}
#: A webhook's address, events and secret alone, no state stored (it reads as a fresh one's).
BARE = {"webhook:url": URL, "webhook:events": EVENTS, "webhook:secret": SECRET}
#: The state of a webhook that has failed twice, at cursor ``c1``.
FAILED_TWICE = {
    "webhook:cursor": "c1",
    "webhook:failures": "2",
    "webhook:failing_since": "7.5",
    "webhook:retry_at": "9.0",
}


def match(*fields: Mapping[str, str], ttl: float | None = TTL) -> State:
    """Match ``m`` at version 2 with ``fields`` (later ones over earlier ones)."""
    return {HOLDER: Hash({"version": "2", **{name: value for part in fields for name, value in part.items()}}, ttl)}


def webhook(*fields: Mapping[str, str], ttl: float | None = TTL) -> State:
    """Match ``m`` with a webhook that has failed twice, at cursor ``c1``, and ``fields`` over that."""
    return match(REGISTERED, FAILED_TWICE, *fields, ttl=ttl)


def lease(held: str) -> dict[str, str]:
    """The lease field: ``"<worker> <until>"``."""
    return {"webhook:lease": held}


# --- register_webhook.lua ------------------------------------------------------------------------------

REGISTER = {"holder": HOLDER, "url": URL, "events": EVENTS, "secret": SECRET, "created_at": 12.5}

REGISTER_CASES = [
    Case(
        "adds a webhook to a match",
        REGISTER,
        RegisterAnswer.ADDED,
        before=match(),
        after={HOLDER: Hash({"version": "2", **REGISTERED}, ttl=TTL)},
    ),
    Case(
        "a match with a webhook keeps the first",
        {**REGISTER, "url": "https://other.example/", "secret": "other"},
        RegisterAnswer.KEPT_FIRST,
        before=webhook(),
    ),
    Case("no match: nothing written", REGISTER, RegisterAnswer.NO_HOLDER),
]


@pytest.mark.parametrize(("target", "case"), on_both(REGISTER_CASES), indirect=["target"])
def test_register_webhook(target: Target, case: Case) -> None:
    check(target, WebhookScripts(target.client).register, case, near=HOLDER)


# --- lease_webhook.lua ---------------------------------------------------------------------------------

LEASE = {"holder": HOLDER, "worker": "w1", "now": 100.0, "until": 130.0}
LEASED = LeasedFields(URL.encode(), EVENTS.encode(), SECRET.encode(), (b"c1", b"2", b"7.5", b"9.0", b""))

LEASE_CASES = [
    Case(
        "leases a webhook nobody holds and gives its fields",
        LEASE,
        LEASED,
        before=webhook(),
        after=webhook(lease("w1 130.0")),
    ),
    Case("another worker's running lease holds it", LEASE, HeldElsewhere(), before=webhook(lease("w2 150.0"))),
    Case(
        "another worker's lease that has run out is taken over",
        LEASE,
        LEASED,
        before=webhook(lease("w2 90.0")),
        after=webhook(lease("w1 130.0")),
    ),
    Case(
        "a lease running out right now has run out",
        LEASE,
        LEASED,
        before=webhook(lease("w2 100.0")),
        after=webhook(lease("w1 130.0")),
    ),
    Case(
        "a worker's own running lease is renewed",
        LEASE,
        LEASED,
        before=webhook(lease("w1 150.0")),
        after=webhook(lease("w1 130.0")),
    ),
    Case(
        "a worker whose name begins another's is another worker",
        LEASE,
        HeldElsewhere(),
        before=webhook(lease("w10 150.0")),
    ),
    Case(
        "state fields missing read as a fresh state's",
        LEASE,
        LeasedFields(URL.encode(), EVENTS.encode(), SECRET.encode(), (b"", b"0", b"", b"", b"")),
        before=match(BARE),
        after=match(BARE, lease("w1 130.0")),
    ),
    Case("a match without a webhook", LEASE, NoWebhook(), before=match()),
    Case("no match: nothing written", LEASE, NoWebhook()),
]


@pytest.mark.parametrize(("target", "case"), on_both(LEASE_CASES), indirect=["target"])
def test_lease_webhook(target: Target, case: Case) -> None:
    check(target, WebhookScripts(target.client).lease, case, near=HOLDER)


# --- record_delivery.lua -------------------------------------------------------------------------------

#: A delivery from cursor c1 to c2 that went well: logged, the lease renewed.
DELIVERED = DeliveryRecord(
    cursor="c2",
    failures=0,
    failing_since=None,
    retry_at=None,
    done=False,
    lease_until=160.0,
    entry=b"log-1",
    dead_letter=None,
)
RECORD = {
    "holder": HOLDER,
    "log_key": LOG,
    "dead_key": DEAD,
    "worker": "w1",
    "started_from": "c1",
    "record": DELIVERED,
    "log_length": 3,
    "dead_length": 2,
}
HELD = webhook(lease("w1 130.0"))
#: The state DELIVERED writes.
MOVED = {"webhook:cursor": "c2", "webhook:failures": "0", "webhook:failing_since": "", "webhook:retry_at": ""}


def recorded(record: DeliveryRecord) -> dict[str, object]:
    """The arguments of recording ``record``."""
    return {**RECORD, "record": record}


RECORD_CASES = [
    Case(
        "records the state, renews the lease and logs the entry for as long as the match",
        RECORD,
        RecordAnswer.RECORDED,
        before=HELD,
        after={**webhook(MOVED, lease("w1 160.0")), LOG: List(["log-1"], ttl=TTL)},
    ),
    Case(
        "a last record gives the lease back",
        recorded(DeliveryRecord("c2", 0, None, None, False, None, b"log-1", None)),
        RecordAnswer.RECORDED,
        before=HELD,
        after={**webhook(MOVED), LOG: List(["log-1"], ttl=TTL)},
    ),
    Case(
        "a failure: failing since, retry at, a log entry and a dead letter",
        recorded(DeliveryRecord("c2", 3, 50.0, 170.0, False, 160.0, b"log-f", b"dead-1")),
        RecordAnswer.RECORDED,
        before={**HELD, DEAD: List(["dead-0"], ttl=100)},
        after={
            **webhook(
                {"webhook:cursor": "c2", "webhook:failures": "3"},
                {"webhook:failing_since": "50.0", "webhook:retry_at": "170.0"},
                lease("w1 160.0"),
            ),
            LOG: List(["log-f"], ttl=TTL),
            DEAD: List(["dead-1", "dead-0"], ttl=TTL),
        },
    ),
    Case(
        "done, with nothing to log: no list written",
        recorded(DeliveryRecord("c2", 0, None, None, True, 160.0, None, None)),
        RecordAnswer.RECORDED,
        before=HELD,
        after=webhook(MOVED, {"webhook:done": "1"}, lease("w1 160.0")),
    ),
    Case(
        "the log keeps its newest entries, as many as its length",
        RECORD,
        RecordAnswer.RECORDED,
        before={**HELD, LOG: List(["l3", "l2", "l1"], ttl=TTL)},
        after={**webhook(MOVED, lease("w1 160.0")), LOG: List(["log-1", "l3", "l2"], ttl=TTL)},
    ),
    Case(
        "a match without a ttl gives its lists none",
        RECORD,
        RecordAnswer.RECORDED,
        before=webhook(lease("w1 130.0"), ttl=None),
        after={**webhook(MOVED, lease("w1 160.0"), ttl=None), LOG: List(["log-1"])},
    ),
    Case(
        "a cursor never stored reads as the first",
        {**RECORD, "started_from": ""},
        RecordAnswer.RECORDED,
        before=match({"webhook:url": URL}, lease("w1 130.0")),
        after={
            **match({"webhook:url": URL}, MOVED, {"webhook:done": ""}, lease("w1 160.0")),
            LOG: List(["log-1"], ttl=TTL),
        },
    ),
    Case(
        "another worker holds the lease",
        RECORD,
        RecordAnswer.LEASE_OR_CURSOR_MOVED,
        before=webhook(lease("w2 130.0")),
    ),
    Case(
        "a worker whose name begins another's does not hold the other's lease",
        RECORD,
        RecordAnswer.LEASE_OR_CURSOR_MOVED,
        before=webhook(lease("w10 130.0")),
    ),
    Case(
        "the lease was given back",
        RECORD,
        RecordAnswer.LEASE_OR_CURSOR_MOVED,
        before={**webhook(), LOG: List(["l1"], ttl=TTL)},
    ),
    Case(
        "the cursor moved on",
        RECORD,
        RecordAnswer.LEASE_OR_CURSOR_MOVED,
        before=webhook(lease("w1 130.0"), {"webhook:cursor": "c9"}),
    ),
    Case("a match without a webhook", RECORD, RecordAnswer.GONE, before=match()),
    Case("no match: no list written", RECORD, RecordAnswer.GONE),
]


@pytest.mark.parametrize(("target", "case"), on_both(RECORD_CASES), indirect=["target"])
def test_record_delivery(target: Target, case: Case) -> None:
    check(target, WebhookScripts(target.client).record, case, near=HOLDER)


# --- release_webhook.lua -------------------------------------------------------------------------------

RELEASE = {"holder": HOLDER, "worker": "w1"}

RELEASE_CASES = [
    Case("gives its own lease back", RELEASE, True, before=HELD, after=webhook()),
    Case("leaves another worker's lease", RELEASE, False, before=webhook(lease("w2 130.0"))),
    Case("leaves the lease of a worker whose name it begins", RELEASE, False, before=webhook(lease("w10 130.0"))),
    Case("no lease to give back", RELEASE, False, before=webhook()),
    Case("no match: nothing written", RELEASE, False),
]


@pytest.mark.parametrize(("target", "case"), on_both(RELEASE_CASES), indirect=["target"])
def test_release_webhook(target: Target, case: Case) -> None:
    check(target, WebhookScripts(target.client).release, case, near=HOLDER)
