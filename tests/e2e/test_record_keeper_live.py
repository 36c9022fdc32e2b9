"""The record of a match that is over is kept by the referee, never by the move that ended it.

A Pipifax match of two players is brought to its last move in process (``service.commit``, version by
version, as the long-match bench does), and its last move is played through a live server that runs
no referee: Redis's counters must show that the request read no log (no ``LRANGE``), and the match
must be left with its log, no record, and due at once. Then a referee starts, as ``arena serve``
starts one, while readers ask for the record, the last version and the events over and over: each
answer is the same before, during and after the swap of the log for the record, and the match ends
up compacted and due no more.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

import pytest
import redis
import requests

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from api.usecases import wiring
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from engine.bots import choose_action
from tests.e2e.long_matches import long_seed, lrange_calls
from tests.live_server import LiveServer

#: How long the match must be: long enough that keeping its record is real work.
LONG = 1_500
PATIENCE = 120.0


@pytest.mark.timeout(600)
def test_the_move_that_ends_a_match_keeps_no_record_and_the_referee_keeps_it(own_redis: RedisServer) -> None:
    prefix = f"keep-{uuid.uuid4().hex[:8]}"
    store = MatchStore.connect(Settings(redis_url=own_redis.url, key_prefix=prefix))
    ctx = wiring.context(store)
    client = redis.Redis.from_url(own_redis.url)
    seed = long_seed(LONG)
    with (
        LiveServer(own_redis.url, workers=1, key_prefix=prefix, referee=False) as server,
        requests.Session() as http,
    ):
        body = {"game": "pipifax", "players": 2, "seed": seed, "options": {"first_player": 0}}
        created = http.post(f"{server.url}/matches", json=body, timeout=30).json()
        match_id, tokens = created["match"]["match_id"], [seat["token"] for seat in created["seats"]]
        table = load_table(ctx, match_id)
        while True:  # every move but the last, straight into the store
            seat = table.to_act[0]
            step = table.act(seat, choose_action(table.match, seat, "random"), time.time())
            if step.table.is_over:
                break
            table = commit(ctx, table, step)
        assert table.version >= LONG - 1

        before = lrange_calls(client)
        last = http.post(
            f"{server.url}/matches/{match_id}/actions",
            json=choose_action(table.match, seat, "random").to_json(),
            headers={"Authorization": f"Bearer {tokens[seat]}", "If-Match": str(table.version)},
            timeout=30,
        )
        assert last.status_code == 200, last.text
        assert lrange_calls(client) == before, "the move that ended the match read its log"
        assert last.json()["status"] == "finished"
        assert client.exists(store.keys.log(match_id)) and not client.exists(store.keys.record(match_id))
        due = client.zscore(store.keys.due(), match_id)
        assert due is not None and due <= time.time(), "the ended match is due for its record at once"

        paths = [f"/matches/{match_id}/record", f"/matches/{match_id}/versions/{table.version + 1}"]
        paths.append(f"/matches/{match_id}/events?after={table.version - 50}&limit=100")
        served = {path: http.get(server.url + path, timeout=30).json() for path in paths}
        answers: list[tuple[str, int, Any]] = []
        stop = threading.Event()

        def read() -> None:
            with requests.Session() as reader:
                while not stop.is_set():
                    for path in paths:
                        answer = reader.get(server.url + path, timeout=30)
                        answers.append((path, answer.status_code, answer.json()))

        readers = [threading.Thread(target=read) for _ in range(2)]
        for thread in readers:
            thread.start()
        referee = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "referee"], env={**os.environ, **server.env}, stdout=subprocess.DEVNULL
        )
        try:
            deadline = time.monotonic() + PATIENCE
            while client.exists(store.keys.log(match_id)) or client.zscore(store.keys.due(), match_id) is not None:
                assert time.monotonic() < deadline, "the referee did not keep the record"
                time.sleep(0.05)
            seen = len(answers)
            while len(answers) < seen + 2 * len(paths):  # reads after the swap too
                assert all(thread.is_alive() for thread in readers), "a reader failed (see its traceback)"
                assert time.monotonic() < deadline, "the readers read nothing after the swap"
                time.sleep(0.05)
        finally:
            stop.set()
            for thread in readers:
                thread.join(timeout=60)
            referee.terminate()
            referee.wait(timeout=30)
    client.close()
    assert store.record(match_id) is not None and store.checkpoint(match_id, table.version) is not None
    assert answers, "the readers read nothing"
    for path, status, answer in answers:
        assert status == 200, (path, answer)
        assert answer == served[path], f"{path} answered otherwise while the record was kept"
