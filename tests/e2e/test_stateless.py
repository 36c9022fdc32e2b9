"""No match state lives in a worker: separate servers and several workers serve one match together."""

from __future__ import annotations

import json
import os
import random
import signal
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis
import requests

from api.store.redis_server import RedisServer
from tests.e2e.raw_client import bearer, create, legal_actions, match
from tests.live_server import LiveServer


def test_two_independent_servers_take_turns_serving_one_whole_match(
    live_server: LiveServer, redis_server: RedisServer
) -> None:
    """Every other request goes to a second server process; the match plays to its end."""
    prefix = live_server.env["ARENA_KEY_PREFIX"]
    with LiveServer(redis_server.url, workers=2, key_prefix=prefix) as other:
        servers = [live_server.url, other.url]
        match_id, tokens = create(servers[0], "taiga", 3, seed=5)
        rng = random.Random(5)
        for step in range(2000):
            url = servers[step % 2]
            current = match(url, match_id)
            if current["status"] == "finished":
                break
            seat = current["to_act"][0]
            action = rng.choice(legal_actions(servers[(step + 1) % 2], match_id, tokens[seat]))
            response = requests.post(
                f"{url}/matches/{match_id}/actions", json=action, headers=bearer(tokens[seat], current["version"])
            )
            assert response.status_code == 200, response.text
            assert response.json()["version"] == current["version"] + 1
        final = match(servers[1], match_id)
        assert final["status"] == "finished" and final["result"]["winners"]
        assert match(servers[0], match_id) == final


#: The client's timeout: well above the store's socket timeout (5 s).
CLIENT_TIMEOUT = 30.0
#: How long anything the test waits for may take before it fails (never reached when all is well).
DEADLINE = 120.0


def sent_until_answered(method: str, url: str, **options: Any) -> requests.Response:
    """The first answer to a request sent again after a refused connection, a timeout or a 503."""
    deadline = time.monotonic() + DEADLINE
    while True:
        try:
            response = requests.request(method, url, timeout=CLIENT_TIMEOUT, **options)
            if response.status_code != 503:
                return response
        except (requests.ConnectionError, requests.Timeout):
            pass  # the worker is being replaced, or the machine is busy
        assert time.monotonic() < deadline, f"{method} {url} got no answer"
        time.sleep(0.05)


def held_writes(admin: redis.Redis) -> list[dict[str, Any]]:
    """The Redis clients whose scripts are held by ``CLIENT PAUSE WRITE`` (any server's on this Redis: the
    servers of other tests beat in it too)."""
    return [c for c in admin.client_list() if c.get("cmd") in ("evalsha", "eval") and "b" in c.get("flags", "")]


def tcp_sockets() -> list[tuple[int, int, str]]:
    """Every TCP socket of the machine: its local port, its remote port and its inode (``socket:[n]``)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = (int(f.rsplit(":", 1)[1], 16) for f in (fields[1], fields[2]))
            found.append((local, remote, f"socket:[{fields[9]}]"))
    return found


def holders(pids: set[int], inodes: set[str]) -> set[int]:
    """The pids among ``pids`` holding one of the sockets ``inodes``."""
    owners = set()
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if str(fd.readlink()) in inodes:
                    owners.add(pid)
            except FileNotFoundError:
                continue  # closed meanwhile
    return owners


def serving_worker(pids: set[int], api_port: int) -> int | None:
    """The worker among ``pids`` holding the other end of this process's connection to the API, once it
    has accepted it."""
    sockets = tcp_sockets()
    ours = {port for port, remote, inode in sockets if remote == api_port and holders({os.getpid()}, {inode})}
    served = {inode for port, remote, inode in sockets if port == api_port and remote in ours}
    owners = holders(pids, served)
    assert len(owners) <= 1, owners
    return next(iter(owners), None)


def redis_connections_of(pid: int, clients: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Those of ``clients`` (Redis's client list) whose connection ``pid`` holds."""
    sockets = tcp_sockets()
    return [
        client
        for client in clients
        if holders({pid}, {inode for port, _, inode in sockets if port == int(client["addr"].rsplit(":", 1)[1])})
    ]


@pytest.mark.timeout(2 * DEADLINE + 60)  # the held write, then the retries, each with a deadline
def test_a_worker_killed_mid_move_applies_it_at_most_once_and_a_keyed_retry_finishes_it(
    redis_server: RedisServer,
) -> None:
    """Kill the worker serving ``POST /actions`` while its write waits at the store; a retry with the
    same Idempotency-Key then applies the move exactly once, served by a replacement worker."""
    prefix = f"kill-{uuid.uuid4().hex[:8]}"
    admin = redis.Redis.from_url(redis_server.url)
    with LiveServer(redis_server.url, workers=2, key_prefix=prefix, referee=False) as api:
        match_id, tokens = create(api.url, "pipifax", 2, seed=8)
        before = match(api.url, match_id)
        seat = before["to_act"][0]
        action = legal_actions(api.url, match_id, tokens[seat])[0]
        url = f"{api.url}/matches/{match_id}/actions"
        move = {**bearer(tokens[seat], before["version"]), "Idempotency-Key": uuid.uuid4().hex}
        workers = api.worker_pids()

        admin.client_pause(int(DEADLINE * 1000), all=False)  # writes wait at the store; reads go on
        try:
            with ThreadPoolExecutor(max_workers=1) as pool:
                posting = pool.submit(requests.post, url, json=action, headers=move, timeout=CLIENT_TIMEOUT)
                deadline = time.monotonic() + DEADLINE
                api_port = int(api.url.rsplit(":", 1)[1])
                # the worker serving the move (the other end of this process's connection), once its write
                # waits at the store
                while (serving := serving_worker(workers, api_port)) is None or not redis_connections_of(
                    serving, held_writes(admin)
                ):
                    assert not posting.done(), posting.result().text
                    assert time.monotonic() < deadline, "the move never reached the store"
                    time.sleep(0.01)
                os.kill(serving, signal.SIGKILL)
                with pytest.raises(requests.ConnectionError):
                    posting.result(timeout=DEADLINE)  # the worker died before it answered
        finally:
            admin.client_unpause()

        now = sent_until_answered("GET", f"{api.url}/matches/{match_id}").json()
        log_key = f"{prefix}:{{{match_id}}}:log"
        logged = [json.loads(entry) for entry in admin.lrange(log_key, 0, -1)]
        assert now["version"] in (before["version"], before["version"] + 1)  # once or not at all
        assert [entry["version"] for entry in logged] == list(range(now["version"] + 1))

        retry = sent_until_answered("POST", url, json=action, headers=move)
        assert retry.status_code == 200, retry.text
        assert retry.json()["version"] == before["version"] + 1
        again = sent_until_answered("POST", url, json=action, headers=move)
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json() == retry.json()
        after = sent_until_answered("GET", f"{api.url}/matches/{match_id}").json()
        assert after["version"] == before["version"] + 1
        logged = [json.loads(entry) for entry in admin.lrange(log_key, 0, -1)]
        assert [(e["version"], e["seat"], e["action"]) for e in logged[1:]] == [(after["version"], seat, action)]
        assert serving not in api.worker_pids()
    admin.close()
