"""Delivery: the worker and its transport in the test process, against the tests' Redis and a local
receiver. Matches are created and played through the API (the Flask test client)."""

from __future__ import annotations

import random
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import settle
from api.workers.webhooks.transport import Sender, Watchdog
from api.workers.webhooks.worker import Worker, WorkerSettings
from arena.webhooks.backoff import RetryPolicy
from tests.api.helpers import Created as CreatedMatch
from tests.api.helpers import all_events, auth, body_of, context_of, get_json, play_random, raw_log
from tests.webhooks.fixtures import public_only, settings  # noqa: F401 (fixtures)
from tests.webhooks.receiver import (
    Receiver,
    Reply,
    check_match_deliveries,
    check_signatures,
    has,
    ids,
)

#: Seconds to wait for deliveries: generous, for a busy machine.
PATIENCE = 60.0


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with Receiver() as running:
        yield running


@contextmanager
def worker(ctx: Context, policy: RetryPolicy | None = None) -> Iterator[Worker]:
    """A worker delivering in a thread of the test process, as ``arena webhooks`` would."""
    # a generous timeout: no test here waits for one, and a busy machine's receiver may be slow
    configured = WorkerSettings(timeout=10.0, concurrency=4, policy=policy or RetryPolicy(), allow_private=True)
    running = Worker(ctx, configured)
    stop = threading.Event()
    thread = threading.Thread(target=running.run, args=(stop,), daemon=True)
    thread.start()
    try:
        yield running
    finally:
        stop.set()
        thread.join(timeout=30)


def create(client: FlaskClient, body: dict[str, Any], url: str) -> dict[str, Any]:
    response = client.post("/matches", json={**body, "webhook": {"url": url}})
    assert response.status_code == 201, response.get_data(as_text=True)
    return body_of(response)


def play_out(client: FlaskClient, match_id: str) -> None:
    """Let the server play its bots to the end, as the referee would."""
    ctx = context_of(client)
    table = load_table(ctx, match_id)
    while not table.is_over:
        table = settle(ctx, table)


BOTS = {"game": "pili-pili", "players": 3, "seats": [{"bot": "random"}] * 3}


def test_every_public_event_is_delivered_in_order_signed_and_nothing_hidden(
    client: FlaskClient, receiver: Receiver
) -> None:
    created = create(client, BOTS, receiver.url)
    match_id = created["match"]["match_id"]
    play_out(client, match_id)
    with worker(context_of(client)):
        received = receiver.wait_until(has(f"{match_id}.over"), PATIENCE, "the end")
    assert len(received) == len(set(ids(received)))  # one worker, a receiver that accepts all: once each
    check_signatures(received, created["webhook"]["secret"])
    match = get_json(client, f"/matches/{match_id}")
    check_match_deliveries(received, match_id, all_events(client, match_id), match)
    hidden = [e for entry in raw_log(client, match_id) for e in entry["events"] if e["visible_to"] is not None]
    assert hidden, "the match dealt no private events: it proves nothing about them"
    status = body_of(client.get(f"/matches/{match_id}/webhook", headers=auth(created["host_token"])))
    assert status["done"] is True and status["handled_version"] == match["version"]
    assert [d["outcome"] for d in status["deliveries"]] == ["delivered"] * min(len(received), 100)
    assert [d["event_id"] for d in reversed(status["deliveries"])] == ids(received)[-100:]


def test_a_match_played_while_the_receiver_fails_now_and_then_gets_every_event_in_order(
    client: FlaskClient, receiver: Receiver
) -> None:
    receiver.reply(Reply(500), Reply(503), Reply(200), Reply(500))
    created = create(client, {"game": "girafferaffe", "players": 2}, receiver.url)
    match_id = created["match"]["match_id"]
    with worker(context_of(client)):
        tokens = [seat["token"] for seat in created["seats"]]
        play_random(client, CreatedMatch(match_id, tokens, created, None), random.Random(7))
        received = receiver.wait_until(has(f"{match_id}.over"), PATIENCE, "the end")
    assert [r.status for r in received[:4]] == [500, 503, 200, 500]
    check_signatures(received, created["webhook"]["secret"])
    check_match_deliveries(received, match_id, all_events(client, match_id), get_json(client, f"/matches/{match_id}"))
    retried = [r.headers["Arena-Delivery-Attempt"] for r in received if r.event["id"] == f"{match_id}.0"]
    assert retried == ["1", "2", "3"]


def test_an_event_is_given_up_as_a_dead_letter_once_the_retries_run_out(
    client: FlaskClient, receiver: Receiver
) -> None:
    receiver.usual = Reply(500)
    created = create(client, {"game": "pipifax", "players": 2}, receiver.url)
    match_id, host = created["match"]["match_id"], auth(created["host_token"])
    with worker(context_of(client), RetryPolicy(retry_for=2.0)):
        log_path = f"/matches/{match_id}/webhook"
        deadline_status = wait_for_status(client, log_path, host, lambda s: bool(s["dead_letters"]))
        dead = deadline_status["dead_letters"][0]
        attempts = [r for r in receiver.received if r.event["id"] == f"{match_id}.0"]
        assert dead["event_id"] == f"{match_id}.0" and dead["type"] == "version"
        assert dead["attempts"] == len(attempts) >= 3 and dead["error"] == "HTTP 500"
        assert dead["body"] == attempts[0].event
        assert next(d["outcome"] for d in deadline_status["deliveries"]) == "dead"
        assert {d["outcome"] for d in deadline_status["deliveries"][1:]} == {"failed"}
        # the receiver comes back: the next event is delivered, and the run of failures ends
        receiver.usual = Reply()
        view = get_json(client, f"/matches/{match_id}/view", auth(created["seats"][0]["token"]))
        flip = {"type": "pipifax.flip", "position": view["view"]["cards"][0]["position"]}
        seat = view["to_act"][0]
        moved = client.post(
            f"/matches/{match_id}/actions",
            json=flip,
            headers={**auth(created["seats"][seat]["token"]), "If-Match": str(view["version"])},
        )
        assert moved.status_code == 200, moved.get_data(as_text=True)
        receiver.wait_until(has(f"{match_id}.1"), PATIENCE, "the next version")
        status = wait_for_status(client, log_path, host, lambda s: s["handled_version"] == 1)
    assert status["failures"] == 0 and status["failing_since"] is None and status["next_attempt_at"] is None
    assert [d["outcome"] for d in status["deliveries"]][:2] == ["delivered", "dead"]
    check_signatures(receiver.received, created["webhook"]["secret"])


def wait_for_status(client: FlaskClient, path: str, host: dict[str, str], done: Any) -> dict[str, Any]:
    """The webhook's status once ``done`` holds of it (polled: the log has no long-poll)."""
    deadline = threading.Event()
    timer = threading.Timer(PATIENCE, deadline.set)
    timer.start()
    try:
        while True:
            status = body_of(client.get(path, headers=host))
            if done(status):
                return status
            assert not deadline.is_set(), f"not within {PATIENCE} s: {status}"
            deadline.wait(0.1)
    finally:
        timer.cancel()


def test_two_workers_deliver_each_event_once_and_in_order(client: FlaskClient, receiver: Receiver) -> None:
    matches = [create(client, BOTS, receiver.url) for _ in range(3)]
    for created in matches:
        play_out(client, created["match"]["match_id"])
    ctx = context_of(client)
    with worker(ctx), worker(ctx):
        for created in matches:
            receiver.wait_until(has(f"{created['match']['match_id']}.over"), PATIENCE, "every end")
    received = receiver.received
    assert len(received) == len(set(ids(received)))  # never twice: one worker at a time holds a webhook
    for created in matches:
        match_id = created["match"]["match_id"]
        own = [r for r in received if r.event["match_id"] == match_id]
        check_match_deliveries(own, match_id, all_events(client, match_id), get_json(client, f"/matches/{match_id}"))


# --- the transport ------------------------------------------------------------------------------


def test_a_connection_is_kept_and_made_again_when_the_receiver_closed_it(receiver: Receiver) -> None:
    sender = Sender(receiver.url, 5.0, Watchdog(), allow_private=True)
    assert sender.post(b"{}", {}).delivered and sender.post(b"{}", {}).delivered
    assert receiver.received[0].connection == receiver.received[1].connection
    receiver.stop()
    receiver.start()
    assert sender.post(b"{}", {}).delivered  # the kept connection was cut: sent again on a new one
    assert receiver.received[2].connection != receiver.received[1].connection
    sender.close()


def test_an_address_refused_at_delivery_is_never_called(receiver: Receiver) -> None:
    outcome = Sender(receiver.url, 5.0, Watchdog(), allow_private=False).post(b"{}", {})
    assert not outcome.delivered and outcome.status is None
    assert outcome.error is not None and "loopback" in outcome.error
    assert receiver.received == []


def test_a_receiver_that_drips_its_answer_is_cut_off_at_the_timeout() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def drip() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 200:
                if stop.wait(0.2):
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    return

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/hook"
    try:
        outcome = Sender(url, 1.0, Watchdog(), allow_private=True).post(b"{}", {})
    finally:
        stop.set()
        listener.close()
        thread.join(timeout=10)
    assert not outcome.delivered and outcome.error == "no answer within 1 s"
    assert outcome.seconds < 20  # each byte came within the socket timeout: only the deadline ended it
