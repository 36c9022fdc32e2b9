"""Webhooks end to end: a live API under gunicorn with its referee and an ``arena webhooks`` worker on
the tests' Redis, driven through the SDK, delivering to a local receiver that fails as real ones do:
answering 500, timing out, down for a while (a minute under ``make soak``). Every event arrives, in
order per match, deduplicated by id, every signature valid under the webhook's secret and none
under another."""

from __future__ import annotations

import contextlib
import io
import os
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from arena_sdk import Arena, verify_signature
from arena_sdk.tournaments import create_tournament_from, tournament

from api.store.redis_server import RedisServer, free_port
from tests.e2e.test_readme_bot import readme_section_code
from tests.live_server import LiveServer
from tests.webhooks.receiver import (
    Receiver,
    Reply,
    check_match_deliveries,
    check_signatures,
    first_deliveries,
    has,
)

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("webhooks-live")

#: Set under ``make soak``: a real minute's outage, on the worker's default retry schedule.
SOAK = "ARENA_OUTAGE_SECONDS" in os.environ
#: The worker's retry schedule (``ARENA_WEBHOOK_RETRY_FIRST``, ``_LONGEST``): in the suite a short one,
#: 0.25 s doubling to 1 s, so that an outage need not outlast a long wait; under ``make soak`` the
#: default, 1 s doubling to 10 min (a blank variable keeps the default).
RETRY_FIRST, RETRY_LONGEST = ("", "") if SOAK else ("0.25", "1")
#: How long the receiver of the outage test is down, in seconds: 8 in the suite (retries at 0, 0.25,
#: 0.75, 1.75 s, then each second, fail: about nine; the first after the receiver is back delivers, within
#: a second), a real minute under ``make soak`` (``ARENA_OUTAGE_SECONDS``; retries at 0, 1, 3, 7, 15 and
#: 31 s fail, the attempt at 63 s delivers, about 3 s after the receiver is back).
OUTAGE_SECONDS = float(os.environ.get("ARENA_OUTAGE_SECONDS", "8"))
#: The worker's timeout per delivery, in seconds: short, yet long enough for a busy machine's receiver.
TIMEOUT = 3
#: Seconds to wait for deliveries that need no retry after an outage: generous, for a busy machine.
PATIENCE = 90.0
#: The bots' match each test plays: Pili Pili deals private hands, which must never be delivered.
BOTS: dict[str, Any] = {"game": "pili-pili", "players": 3, "seats": [{"bot": "random"}] * 3}


@pytest.fixture(scope="module")
def live(redis_server: RedisServer) -> Iterator[LiveServer]:
    with LiveServer(
        redis_server.url,
        workers=1,
        key_prefix=f"hooks-{uuid.uuid4().hex[:8]}",
        webhooks=True,
        ARENA_WEBHOOK_ALLOW_PRIVATE="1",
        ARENA_WEBHOOK_TIMEOUT=str(TIMEOUT),
        ARENA_WEBHOOK_RETRY_FIRST=RETRY_FIRST,
        ARENA_WEBHOOK_RETRY_LONGEST=RETRY_LONGEST,
    ) as server:
        yield server


@pytest.fixture
def arena(live: LiveServer) -> Arena:
    return Arena(live.url)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with Receiver() as running:
        yield running


def create(arena: Arena, receiver: Receiver) -> tuple[str, str, str]:
    """A match of server bots with a webhook to ``receiver``: its id, the webhook's secret, the host token."""
    created = arena.create_match(BOTS["game"], BOTS["players"], seats=BOTS["seats"], webhook={"url": receiver.url})
    webhook = created.webhook
    assert webhook is not None
    return created.match.match_id, webhook.secret, created.host_token


def check_delivered(arena: Arena, receiver: Receiver, match_id: str, secret: str, patience: float = PATIENCE) -> None:
    """Wait for the match's end to be delivered, then check every delivery against what the API shows."""
    received = receiver.wait_until(has(f"{match_id}.over"), patience, "the match's end")
    check_signatures(received, secret)
    events: list[dict[str, Any]] = []
    after = -1
    while True:
        page = arena.events(match_id, after=after, limit=1000)
        events.extend(event.to_dict() for event in page.events)
        if not page.has_more:
            break
        after = page.next_after
    check_match_deliveries(received, match_id, events, arena.match(match_id).to_dict())


def test_a_receiver_answering_500_gets_every_event_after_the_retries(arena: Arena, receiver: Receiver) -> None:
    receiver.reply(Reply(500), Reply(500), Reply(500))
    match_id, secret, _ = create(arena, receiver)
    check_delivered(arena, receiver, match_id, secret)
    first = [r for r in receiver.received if r.event["id"] == f"{match_id}.0"]
    statuses = [r.status for r in first]
    assert statuses[:3] == [500, 500, 500] and statuses[3:] and set(statuses[3:]) == {200}, statuses
    assert [r.headers["Arena-Delivery-Attempt"] for r in first] == [str(n) for n in range(1, len(first) + 1)]


def test_a_receiver_timing_out_gets_each_event_once_deduplicated_by_id(arena: Arena, receiver: Receiver) -> None:
    # The first event answered past the worker's timeout twice, then at once; every later request held until the
    # webhook's log is read: the log keeps the latest 100 attempts, and a long match's deliveries would push the
    # two timeouts out of it.
    held = threading.Event()
    receiver.reply(Reply(200, delay=TIMEOUT + 2), Reply(200, delay=TIMEOUT + 2), Reply(200))
    receiver.usual = Reply(200, held=held)
    match_id, secret, host = create(arena, receiver)
    receiver.wait_until(lambda received: len(received) > 3, PATIENCE, "the delivery after the first event's")
    log = arena.match_webhook(match_id, host)
    receiver.usual = Reply()
    held.set()
    errors = [attempt.error for attempt in log.deliveries if attempt.outcome == "failed"]
    assert len(errors) >= 2 and set(errors) == {f"no answer within {TIMEOUT} s"}
    check_delivered(arena, receiver, match_id, secret)
    first = [r for r in receiver.received if r.event["id"] == f"{match_id}.0"]
    assert len(first) >= 3  # it took the two it answered too late: a receiver deduplicates by id
    assert len({r.body for r in first}) == 1


@pytest.mark.timeout(OUTAGE_SECONDS + 4 * PATIENCE)
def test_a_receiver_down_for_a_while_then_back_gets_every_event(arena: Arena, receiver: Receiver) -> None:
    deliver_after_outage(arena, receiver, OUTAGE_SECONDS)


def deliver_after_outage(arena: Arena, receiver: Receiver, outage: float) -> None:
    """The receiver is down for ``outage`` seconds while a match is played and its deliveries fail."""
    receiver.stop()
    down_since = time.monotonic()
    created = arena.create_match(BOTS["game"], BOTS["players"], seats=BOTS["seats"], webhook={"url": receiver.url})
    match_id, host = created.match.match_id, created.host_token
    assert created.webhook is not None
    deadline = time.monotonic() + PATIENCE
    while not any(a.outcome == "failed" for a in arena.match_webhook(match_id, host).deliveries):
        assert time.monotonic() < deadline, "no delivery was attempted while the receiver was down"
        time.sleep(0.2)  # polled: the delivery log has no long-poll
    time.sleep(max(0.0, outage - (time.monotonic() - down_since)))  # the outage itself
    # Read before the receiver is back: every attempt so far was the first event's, refused, and the log keeps
    # the latest 100 attempts, which a long match's deliveries after the outage would push these out of.
    failed = [a for a in arena.match_webhook(match_id, host).deliveries if a.outcome == "failed"]
    receiver.start()
    # the next attempt comes at most one retry delay after the receiver is back
    check_delivered(arena, receiver, match_id, created.webhook.secret, patience=outage + PATIENCE)
    # The receiver has every event; the worker records the last delivery just after it answered.
    deadline = time.monotonic() + PATIENCE
    while not (log := arena.match_webhook(match_id, host)).done:
        assert time.monotonic() < deadline, f"the webhook is not done: {log}"
        time.sleep(0.2)  # polled: the delivery log has no long-poll
    assert len(failed) >= 5 and all(a.event_id == f"{match_id}.0" and a.status is None for a in failed)
    assert log.done and log.failures == 0 and not log.dead_letters


def test_a_tournament_delivers_its_standings_as_they_change(arena: Arena, receiver: Receiver) -> None:
    body = {
        "game": "pili-pili",
        "players_per_match": 3,
        "format": "round-robin",
        "entrants": [{"name": f"bot {i}", "bot": "random"} for i in range(3)],
        "webhook": {"url": receiver.url},
    }
    created = create_tournament_from(arena, body)
    assert created.webhook is not None
    tournament_id, secret = created.tournament.tournament_id, created.webhook.secret
    received = receiver.wait_until(
        lambda got: any(r.event["data"]["status"] == "finished" for r in got), PATIENCE, "the final standings"
    )
    check_signatures(received, secret)
    kept = first_deliveries(received)
    versions = [r.event["data"]["version"] for r in kept]
    assert versions == sorted(versions) and len(versions) >= 2
    assert all(r.event["id"] == f"{tournament_id}.standings.{r.event['data']['version']}" for r in kept)
    assert all(r.event["type"] == "standings" and r.event["tournament_id"] == tournament_id for r in kept)
    final = tournament(arena, tournament_id).to_dict()
    assert kept[-1].event["data"]["standings"] == final["standings"]
    assert kept[-1].event["data"]["progress"] == final["progress"]
    other_secret = create(arena, receiver)[1]  # another webhook's secret verifies nothing of this one
    assert not verify_signature(other_secret, kept[-1].headers["Arena-Signature"], kept[-1].body)


def test_the_readme_receiver_runs_as_printed(live: LiveServer) -> None:
    code = readme_section_code("Webhooks")
    assert "http://127.0.0.1:8000" in code and "8001" in code and "verify_signature" in code
    code = code.replace("http://127.0.0.1:8000", live.url).replace("8001", str(free_port()))
    printed = io.StringIO()
    scope: dict[str, Any] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), scope)  # the README's own code, run as a reader would
    match_id = scope["created"].match.match_id
    lines = printed.getvalue().splitlines()
    printed_ids = [line.split(" ", 1)[0] for line in lines]
    assert len(printed_ids) == len(set(printed_ids)) >= 2, lines
    assert printed_ids[-1] == f"{match_id}.over" and lines[-1].split(" ")[1] == "match_over"
    versions = [int(i.rsplit(".", 1)[1]) for i in printed_ids[:-1]]
    assert versions == sorted(versions) and versions[0] == 0
