"""The match store failing under a live server: killed mid-move, frozen, then back.

Each test runs its own Redis (append-only file, as ``arena serve`` runs it) and its own gunicorn
server, so it may kill or freeze them. Clients behave as the API asks: on 503, a refused connection
or a timeout they retry the same request with the same ``Idempotency-Key``. What must hold: no
answer is a 500, no acknowledged move is lost, and no move is applied twice.
"""

from __future__ import annotations

import random
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis
import requests

from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from tests.e2e.raw_client import bearer
from tests.live_server import LiveServer

#: The client's timeout: well above the store's socket timeout (5 s), so a 503 always comes first.
CLIENT_TIMEOUT = 30.0
#: How long anything a test waits for may take before the test fails (never reached when all is well).
DEADLINE = 120.0
#: Client threads playing at once, each its own matches.
PLAYERS = 4
#: Moves each player makes before the store is killed, and again after it is back.
MOVES_EACH_SIDE = 5


def wait_until(condition: Callable[[], bool], what: str, timeout: float = DEADLINE) -> None:
    """Return once ``condition()`` holds; fail the test with ``what`` if it does not in time."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.01)


def all_players(players: list[Player], condition: Callable[[Player], bool]) -> bool:
    """Whether ``condition`` holds for every player; re-raises the failure of a player that failed."""
    for player in players:
        if player.error is not None:
            raise player.error
    return all(condition(player) for player in players)


def assert_unavailable(response: requests.Response) -> None:
    """The one answer to a store outage: 503 ``store/unavailable`` with ``Retry-After``."""
    assert response.status_code == 503, (response.status_code, response.text[:500])
    body = response.json()
    assert body["code"] == "store/unavailable" and body["status"] == 503, body
    assert response.headers["Retry-After"] == "1"


def server_errors(api: LiveServer) -> str:
    """The server's log from its first traceback on (or its last lines), to explain a failure."""
    text = api.log_text()
    start = text.find("Traceback")
    return text[start : start + 10_000] if start >= 0 else text[-3000:]


@pytest.fixture
def store_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of the test's own, persisting to an append-only file; resumed and stopped at the end."""
    server = RedisServer(tmp_path / "redis").start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.process.send_signal(signal.SIGCONT)  # a frozen server cannot stop
        server.stop()


def kill_hard(server: RedisServer) -> None:
    """SIGKILL: no shutdown, no last sync; what the append-only file holds is what survives."""
    assert server.process is not None
    server.process.kill()
    server.process.wait()
    server.process = None


class Player(threading.Thread):
    """A client that plays random moves on Pipifax matches of its own until told to stop.

    It records every move acknowledged with a 200, by match, and every outage it met. A request
    that fails (503, refused, timed out) is sent again unchanged, with the same Idempotency-Key.
    """

    def __init__(self, url: str, seed: int, stop: threading.Event) -> None:
        super().__init__(name=f"player-{seed}", daemon=True)
        self.url, self.rng, self.stop = url, random.Random(seed), stop
        self.acknowledged: dict[str, list[tuple[int, int, dict[str, Any]]]] = {}
        self.outages = 0
        self.moving = False
        self.error: BaseException | None = None
        #: Set when the test has failed: stop retrying at once (a finished test lets moves finish).
        self.abandon = threading.Event()

    @property
    def moves(self) -> int:
        return sum(len(moves) for moves in self.acknowledged.values())

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.play_one_match()
        except BaseException as error:
            self.error = error

    def send(self, method: str, path: str, **options: Any) -> requests.Response:
        """The first answer that is not an outage; any other 5xx fails the test."""
        deadline = time.monotonic() + DEADLINE
        while True:
            try:
                response: requests.Response | None = requests.request(
                    method, f"{self.url}{path}", timeout=CLIENT_TIMEOUT, **options
                )
            except (requests.ConnectionError, requests.Timeout):
                response = None  # a busy machine: sent again like any other failure
            if response is None:
                self.outages += 1
            elif response.status_code == 503:
                assert_unavailable(response)
                self.outages += 1
            elif response.status_code == 429:  # a rate limit: wait as told
                time.sleep(min(float(response.headers.get("Retry-After", "1")), 5.0))
            else:
                assert response.status_code < 500, (method, path, response.status_code, response.text[:500])
                return response
            assert time.monotonic() < deadline, f"{method} {path} kept failing"
            assert not self.abandon.is_set(), "the test failed elsewhere"
            time.sleep(0.05)

    def play_one_match(self) -> None:
        created = self.send(
            "POST",
            "/matches",
            json={"game": "pipifax", "players": 2, "seed": self.rng.randrange(10**6)},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["match_id"]
        tokens = [seat["token"] for seat in created.json()["seats"]]
        moves = self.acknowledged.setdefault(match_id, [])
        while not self.stop.is_set():
            current = self.send("GET", f"/matches/{match_id}").json()
            if current["status"] != "active":
                return
            seat = current["to_act"][0]
            listed = self.send("GET", f"/matches/{match_id}/legal-actions", headers=bearer(tokens[seat]))
            action = self.rng.choice(listed.json()["actions"])
            headers = {**bearer(tokens[seat], current["version"]), "Idempotency-Key": uuid.uuid4().hex}
            self.moving = True
            try:
                response = self.send("POST", f"/matches/{match_id}/actions", json=action, headers=headers)
            finally:
                self.moving = False
            assert response.status_code == 200, response.text  # only this player moves on its match
            assert response.json()["version"] == current["version"] + 1
            moves.append((current["version"] + 1, seat, action))


@pytest.mark.timeout(3 * DEADLINE + 60)  # three phases, each waited for with its own deadline
def test_redis_killed_mid_moves_loses_no_acknowledged_move(store_server: RedisServer) -> None:
    """SIGKILL Redis while clients move: 503 meanwhile, and after a restart from the append-only
    file every acknowledged move is there, once, and nothing else."""
    with LiveServer(store_server.url, workers=2, referee=False) as api:
        stop = threading.Event()
        players = [Player(api.url, seed, stop) for seed in range(PLAYERS)]
        for player in players:
            player.start()
        try:
            wait_until(lambda: all_players(players, lambda p: p.moves >= MOVES_EACH_SIDE), "every player has moved")
            wait_until(lambda: not all_players(players, lambda p: not p.moving), "a move is in flight")
            kill_hard(store_server)

            some_match = next(iter(players[0].acknowledged))
            for response in (
                requests.get(f"{api.url}/health", timeout=CLIENT_TIMEOUT),
                requests.get(f"{api.url}/matches/{some_match}", timeout=CLIENT_TIMEOUT),
                requests.post(f"{api.url}/matches", json={"game": "pipifax", "players": 2}, timeout=CLIENT_TIMEOUT),
            ):
                assert_unavailable(response)
            outages = {p: p.outages for p in players}
            wait_until(lambda: all_players(players, lambda p: p.outages > outages[p]), "every player met the outage")

            store_server.start()  # same port and data directory: the append-only file is replayed
            moved = {p: p.moves for p in players}
            wait_until(
                lambda: all_players(players, lambda p: p.moves >= moved[p] + MOVES_EACH_SIDE),
                "every player has moved again",
            )
        except BaseException:
            print(server_errors(api))  # shown with the failure
            for player in players:
                player.abandon.set()
            raise
        finally:
            stop.set()
            for player in players:
                player.join(timeout=DEADLINE)
        for player in players:
            assert not player.is_alive(), f"{player.name} is stuck"
            if player.error is not None:
                print(server_errors(api))
                raise player.error

    store = MatchStore.connect(Settings(redis_url=store_server.url, key_prefix=api.env["ARENA_KEY_PREFIX"]))
    for player in players:
        for match_id, moves in player.acknowledged.items():
            log = store.log(match_id, -1, 100_000)
            assert [entry["version"] for entry in log] == list(range(len(log)))
            logged = [(entry["version"], entry["seat"], entry["action"]) for entry in log[1:]]
            assert logged == moves, f"{match_id}: the log and the acknowledged moves differ"
            assert store.load(match_id)["version"] == len(log) - 1
    store.client.close()


@pytest.mark.timeout(2 * DEADLINE + 60)  # the frozen requests, then the recovery, each with a deadline
def test_frozen_redis_gives_503_within_the_client_timeout_then_recovers(store_server: RedisServer) -> None:
    """SIGSTOP Redis: every request is answered 503 before the client gives up; SIGCONT and play on."""
    assert store_server.process is not None
    with LiveServer(store_server.url, workers=2, referee=False) as api:
        created = requests.post(
            f"{api.url}/matches", json={"game": "pipifax", "players": 2, "seed": 3}, timeout=CLIENT_TIMEOUT
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["match_id"]
        tokens = [seat["token"] for seat in created.json()["seats"]]
        before = requests.get(f"{api.url}/matches/{match_id}", timeout=CLIENT_TIMEOUT).json()
        seat = before["to_act"][0]
        listed = requests.get(
            f"{api.url}/matches/{match_id}/legal-actions", headers=bearer(tokens[seat]), timeout=CLIENT_TIMEOUT
        )
        action = listed.json()["actions"][0]
        move = {**bearer(tokens[seat], before["version"]), "Idempotency-Key": uuid.uuid4().hex}
        requests_made: list[tuple[str, str, dict[str, Any]]] = [
            ("GET", "/health", {}),
            ("GET", f"/matches/{match_id}", {}),
            ("GET", f"/matches/{match_id}/view", {"headers": bearer(tokens[seat])}),
            ("GET", f"/matches/{match_id}/events?after=-1", {}),
            ("POST", "/matches", {"json": {"game": "pipifax", "players": 2}}),
            ("POST", f"/matches/{match_id}/actions", {"json": action, "headers": move}),
        ]

        store_server.process.send_signal(signal.SIGSTOP)
        try:
            with ThreadPoolExecutor(max_workers=len(requests_made)) as pool:
                answers = [
                    pool.submit(requests.request, method, f"{api.url}{path}", timeout=CLIENT_TIMEOUT, **options)
                    for method, path, options in requests_made
                ]
                for answer in answers:  # a requests.Timeout here is the hang this test exists to catch
                    assert_unavailable(answer.result(timeout=DEADLINE))
        finally:
            store_server.process.send_signal(signal.SIGCONT)

        def retried(method: str, path: str, **options: Any) -> requests.Response:
            """The first answer that is not an outage, once the store answers again."""
            deadline = time.monotonic() + DEADLINE
            while True:
                try:
                    response = requests.request(method, f"{api.url}{path}", timeout=CLIENT_TIMEOUT, **options)
                    if response.status_code != 503:
                        return response
                except (requests.ConnectionError, requests.Timeout):
                    pass
                assert time.monotonic() < deadline, f"{method} {path} never recovered"
                time.sleep(0.05)

        assert retried("GET", "/health").status_code == 200
        after = retried("GET", f"/matches/{match_id}").json()
        assert after["version"] in (before["version"], before["version"] + 1)  # applied at most once
        response = retried("POST", f"/matches/{match_id}/actions", json=action, headers=move)
        assert response.status_code == 200, response.text
        assert response.json()["version"] == before["version"] + 1
        assert retried("GET", f"/matches/{match_id}").json()["version"] == before["version"] + 1
        admin = redis.Redis.from_url(store_server.url)
        try:
            log_key = f"{api.env['ARENA_KEY_PREFIX']}:{{{match_id}}}:log"
            assert admin.llen(log_key) == before["version"] + 2  # the setup and exactly one move
        finally:
            admin.close()
