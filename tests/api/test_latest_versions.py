"""What a process knows of matches' latest versions (api/store/latest.py), and what it saves a move.

The pure part: versions heard in order, twice, with gaps, or too many. Then, on a live server with
one worker on the tests' Redis, a match played over HTTP with each move at the version its answer
gave: Redis runs no read of the match for those moves (``INFO commandstats``: no ``HGET``), only
their writes, because the worker heard each version it wrote.
"""

from __future__ import annotations

import uuid
from typing import Any

import redis
import requests

from api.store.latest import ENTRIES, LatestVersions
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer


def entry(version: int) -> bytes:
    return b'{"version": %d}' % version


def test_the_latest_version_heard_is_known_with_its_entries_in_a_run() -> None:
    latest = LatestVersions()
    for version in range(5):
        latest.heard("m", version, b'{"v": %d}' % version, entry(version))
    latest.heard("m", 3, b"old", entry(3))  # heard again (published after its writer recorded it): ignored
    assert latest.latest("m") == 4
    assert latest.snapshot("m", 4) == {"v": 4}
    assert latest.snapshot("m", 3) is None  # only the latest version is kept
    assert latest.entries("m", 1, 4) == [{"version": v} for v in (2, 3, 4)]
    assert latest.entries("m", 4, 4) == []
    assert latest.entries("m", 2, 5) is None  # not heard yet
    assert latest.latest("other") is None and latest.snapshot("other", 0) is None


def test_a_gap_starts_a_new_run_and_old_entries_fall_out() -> None:
    latest = LatestVersions()
    latest.heard("m", 0, b"{}", entry(0))
    latest.heard("m", 5, b'{"v": 5}', entry(5))  # versions 1-4 were not heard
    assert latest.entries("m", 0, 5) is None and latest.entries("m", 4, 5) == [{"version": 5}]
    for version in range(6, 6 + ENTRIES):
        latest.heard("m", version, b"{}", entry(version))
    last = 5 + ENTRIES
    assert latest.entries("m", last - ENTRIES, last) is not None
    assert latest.entries("m", last - ENTRIES - 1, last) is None  # the oldest were let go


def test_the_least_recently_heard_matches_are_forgotten_first_and_forget_forgets_all() -> None:
    latest = LatestVersions(matches=2)
    for match_id in ("a", "b", "c"):
        latest.heard(match_id, 0, b"{}", entry(0))
    assert latest.latest("a") is None and latest.latest("b") == 0 and latest.latest("c") == 0
    latest.forget()
    assert latest.latest("c") is None


def taiga_move(match: dict[str, Any]) -> dict[str, Any]:
    """A legal Taiga action from the match resource alone: stop after a find, take, or flip a disc."""
    view = match["view"]
    if view["phase"] == "continue":
        return {"type": "taiga.pass"}
    if view["phase"] == "take":
        return {"type": "taiga.take", "from_seat": view["take_from"][0]}
    disc = next(d["disc"] for d in view["discs"] if d["up"] != view["target"])
    return {"type": "taiga.flip", "disc": disc}


def test_moves_at_the_version_heard_read_nothing_from_redis(redis_server: RedisServer) -> None:
    """Every command the server sends to Redis while moves are played is watched (``MONITOR``): the
    writes' scripts, and no read of the match (a script's own commands are told apart)."""
    client = redis.Redis.from_url(redis_server.url)
    sent: list[str] = []
    with LiveServer(redis_server.url, workers=1, key_prefix=f"heard-{uuid.uuid4().hex[:8]}") as server:
        http = requests.Session()
        body = {"game": "taiga", "players": 2, "seed": 4, "options": {"first_player": 0}}
        created = http.post(f"{server.url}/matches", json=body, timeout=30).json()
        match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
        path = f"{server.url}/matches/{match['match_id']}/actions"
        for token in tokens:  # each program reads its view first, as clients do (and so has asked for the match)
            seat_auth = {"Authorization": f"Bearer {token}"}
            view = http.get(f"{path.removesuffix('/actions')}/view", headers=seat_auth, timeout=30)
            assert view.status_code == 200, view.text
        with client.monitor() as monitor:  # type: ignore[no-untyped-call]
            moves = 0
            while match["status"] == "active" and moves < 20:
                seat = match["to_act"][0]
                headers = {"Authorization": f"Bearer {tokens[seat]}", "If-Match": str(match["version"])}
                answer = http.post(path, json=taiga_move(match), headers=headers, timeout=30)
                assert answer.status_code == 200, answer.text
                match, moves = answer.json(), moves + 1
            http.get(f"{server.url}/health", timeout=30)
            while True:  # what Redis ran, up to the end of the moves
                command = monitor.next_command()
                if command["client_type"] != "lua":
                    sent.append(command["command"])
                if moves == sum(c.startswith("EVALSHA") and ":match" in c for c in sent):
                    break
    client.close()
    assert moves >= 10
    first_write = next(i for i, c in enumerate(sent) if c.startswith("EVALSHA") and ":match" in c)
    reads = [c for c in sent if c.split(" ", 1)[0] in ("HGET", "HMGET", "HGETALL", "LRANGE")]
    # The first move takes in when the seats first asked (noted beside the version heard, not in it: one
    # HMGET of those fields); from then on each move's worker had heard the version it was decided at.
    assert all(c.startswith("HMGET") and " asked:" in c for c in sent[:first_write] if c in reads), reads
    assert [c for c in sent[first_write:] if c.split(" ", 1)[0] in ("HGET", "HMGET", "HGETALL", "LRANGE")] == []
    assert len(reads) <= 1, reads
