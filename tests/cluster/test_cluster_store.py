"""What is particular to a Redis Cluster: hash slots, the index steps of a write, and their repair.

A write on a cluster is the match's script, then the due-time step and (on a change of status) the
lobby step. These tests check that a match's keys share a slot, that due-time steps arriving out of
order leave the latest version's, and that what a crash between the steps leaves (index entries
missing, or in a status the match has left) is skipped, dropped and put back.
"""

from __future__ import annotations

import threading
import time

import redis
from flask.testing import FlaskClient

from api.usecases.matches.reading import load_table
from api.workers.referee.runner import Referee
from tests.api.helpers import auth, body_of, context_of


def test_the_store_is_a_cluster_and_every_key_of_a_match_is_in_one_slot(
    client: FlaskClient, cluster_client: redis.RedisCluster
) -> None:
    ctx = context_of(client)
    store = ctx.store
    assert store.cluster
    body = {"game": "pipifax", "players": 2, "seed": 4}
    created = body_of(client.post("/matches", json=body, headers={"Idempotency-Key": "slot-test"}))
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    legal = body_of(client.get(f"/matches/{match_id}/legal-actions", headers=auth(token)))
    headers = {**auth(token), "If-Match": "0", "Idempotency-Key": "move-1"}
    assert client.post(f"/matches/{match_id}/actions", json=legal["actions"][0], headers=headers).status_code == 200
    keys = list(cluster_client.scan_iter(match=f"{store.settings.key_prefix}:{{{match_id}}}:*"))
    # the hash, the log, the replay checkpoints (version 0's snapshot: every 32nd write keeps one), the two
    # remembered answers (an accepted move counts nothing)
    assert sorted(key.decode().rsplit("}:", 1)[1].split(":")[0] for key in keys) == [
        "checkpoints",
        "idem",
        "idem",
        "log",
        "match",
    ], keys
    assert len({cluster_client.keyslot(key) for key in keys}) == 1  # type: ignore[no-untyped-call]
    assert len(cluster_client.get_primaries()) == 3  # type: ignore[no-untyped-call]


def test_due_steps_that_arrive_out_of_order_leave_the_latest_versions(client: FlaskClient) -> None:
    ctx = context_of(client)
    store = ctx.store
    store.indexes.reschedule("m-order", 5, 2000.0)
    store.indexes.reschedule("m-order", 4, 1000.0)  # an older version's step, late: ignored
    assert store.client.zscore(store.keys.due(), "m-order") == 2000.0
    store.indexes.reschedule("m-order", 6, None)
    assert store.client.zscore(store.keys.due(), "m-order") is None
    store.indexes.reschedule("m-order", -1, None)  # the match is gone: forgotten whatever came before
    assert store.client.hget(store.keys.due_version(), "m-order") is None


def test_indexes_a_crash_left_out_are_put_back_by_the_referees_sweep(client: FlaskClient) -> None:
    ctx = context_of(client)
    store = ctx.store
    waiting = body_of(client.post("/matches", json={"game": "taiga", "players": 2, "seats": [{}, {"open": True}]}))
    waiting_id = waiting["match"]["match_id"]
    seats = [{"name": "ada"}, {"bot": "random"}]
    body = {"game": "pipifax", "players": 2, "seats": seats, "time_control": {"per_action": 600}}
    timed = body_of(client.post("/matches", json=body))
    timed_id = timed["match"]["match_id"]
    # what a crash right after the match writes leaves: the writes' index steps never happened
    for index in [*store.keys.lobby_indexes("taiga", "waiting"), *store.keys.lobby_indexes("pipifax", "active")]:
        store.client.zrem(index, waiting_id, timed_id)
    store.client.zrem(store.keys.due(), timed_id)
    assert body_of(client.get("/matches"))["matches"] == []

    assert store.indexes.repair() == 8 + 1  # four lobby indexes each, and the deadline
    listed = [m["match_id"] for m in body_of(client.get("/matches"))["matches"]]
    assert sorted(listed) == sorted([waiting_id, timed_id])
    assert [m["match_id"] for m in body_of(client.get("/matches?open=true"))["matches"]] == [waiting_id]
    deadline = load_table(ctx, timed_id).next_due()
    assert deadline is not None and store.client.zscore(store.keys.due(), timed_id) == deadline
    assert store.indexes.repair() == 0  # nothing left to put back

    # a referee sweeps when it starts (and once a minute): the deadline lost again is back
    store.client.zrem(store.keys.due(), timed_id)
    stop = threading.Event()
    referee = threading.Thread(target=Referee(ctx).run, args=(stop,), daemon=True)
    referee.start()
    try:
        give_up = time.monotonic() + 60
        while store.client.zscore(store.keys.due(), timed_id) is None:
            assert time.monotonic() < give_up, "the referee did not put the deadline back"
            stop.wait(0.05)
    finally:
        stop.set()
        referee.join(timeout=30)
    assert store.client.zscore(store.keys.due(), timed_id) == deadline


def test_a_listing_skips_and_drops_an_entry_of_a_status_the_match_has_left(client: FlaskClient) -> None:
    ctx = context_of(client)
    store = ctx.store
    created = body_of(client.post("/matches", json={"game": "pipifax", "players": 2}))
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    assert client.post(f"/matches/{match_id}/resign", headers=auth(token)).status_code == 200
    # a lobby step of an earlier write arriving after the last one's: the match is back in "active"
    store.client.zadd(store.keys.lobby(None, "active"), {match_id: created["match"]["created_at"]})
    assert body_of(client.get("/matches?status=active"))["matches"] == []
    assert store.client.zscore(store.keys.lobby(None, "active"), match_id) is None
    finished = body_of(client.get("/matches?status=finished"))["matches"]
    assert [m["match_id"] for m in finished] == [match_id]
