"""Server CPU per move as a match grows: a player seat against the server's bots near versions 100, 1,000 and 10,000.

What is measured is the server: user plus system CPU seconds of the gunicorn master and workers, the
referee process and the Redis server (``/proc/<pid>/stat``) over a stretch of a match's versions,
divided by the player's moves in the stretch (each move's cost includes the bot's replies, played
in the move's request or by the referee). The player is a light keep-alive HTTP client (its legal
actions, then its move, a long-poll while a bot's turn runs on); its own CPU is not counted.

- ``random bot``: one Pipifax match, a player seat against the server's ``random`` bot, played from
  its start past version 10,300. The player draws as the random bot does, so a seed that makes a
  long enough match is found offline first.
- ``greedy bot``: the ``greedy`` bot, remembering every card, wins a Pipifax match in about 30
  versions, so no match against it reaches version 1,000 by play. Its matches are brought to the
  version measured by random moves of both seats written through the server's own write path (the
  service's ``commit``, so the bot's memory is folded version by version as in play), then the
  player plays on over HTTP until greedy wins; several such matches per version.
- ``two seats``: the control: two player seats of the ``random bot``'s match, both played by the client.
- ``clock``: two player seats under a time control (each move sets the next deadline and the
  referee's due time), and ``tournament``: the first match a two-entrant tournament gives its
  entrants, one match at a time (its end is recorded in the tournament; a tournament seed whose first
  match lasts long enough is found offline from the schedule's seeds). Both are brought to the version
  measured as greedy's matches are, then played on over HTTP by the client for the stretch.

The referee is stopped while a match is brought forward and measured only once it listens again.

A stretch is measured in windows of 40 versions and its figure is the median of theirs (so a moment
of background work, a Redis rewrite or a worker's first requests, does not decide it); greedy's
figure is pooled over its matches. The ratios compare each contender's figure to its own at
version 100, in the same run.

    python -m bench.long_match_bench [--stretch 300] [--greedy-matches 8] [--contenders "random bot" "two seats" ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import http.client
import itertools
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson

import engine
from api.matches import service
from api.redis_server import RedisServer
from api.settings import Settings
from api.store import MatchStore
from api.tournaments import schedule
from bench.servers import GunicornServer, RefereeProcess, cpu_seconds
from engine.bots import choose_action

#: What is measured, in the order it is measured (see the module's docstring).
CONTENDERS = ("random bot", "two seats", "clock", "tournament", "greedy bot")
#: The versions near which moves are measured.
VERSIONS = (100, 1_000, 10_000)
JSON = {"Content-Type": "application/json"}


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=60)

    def send(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        payload = None if body is None else orjson.dumps(body)
        self.connection.request(method, path, body=payload, headers={**JSON, **(headers or {})})
        response = self.connection.getresponse()
        data = response.read()
        if response.status == 304:
            return None
        if response.status not in (200, 201):
            raise RuntimeError(f"{method} {path}: {response.status} {data[:300]!r}")
        return orjson.loads(data)


def draw(seed: int, version: int, seat: int, total: int) -> int:
    """The index the random bot draws at ``version`` for ``seat``: the player draws alike."""
    return random.Random(f"bot/random/{seed}/{version}/{seat}").randrange(total)


def lasts(seed: int, length: int) -> bool:
    """Whether the Pipifax match of ``seed``, every seat drawing as the random bot, lasts past ``length`` versions."""
    match, _ = engine.new_match("pipifax", 2, {"first_player": 0}, seed)
    while match.to_act and match.version < length:
        seat = match.to_act[0]
        match, _ = engine.apply_action(match, seat, choose_action(match, seat, "random"))
    return match.version >= length


def long_seeds(length: int, count: int, seed_of: Callable[[int], int] = lambda n: n) -> list[int]:
    """The first ``count`` numbers ``n`` whose match (of seed ``seed_of(n)``) lasts past ``length``
    versions, every seat drawing as the random bot (found offline with the engine)."""
    found = list(itertools.islice((n for n in range(100_000) if lasts(seed_of(n), length)), count))
    if len(found) < count:
        raise RuntimeError(f"fewer than {count} seeds below 100,000 make a match of {length} versions")
    return found


@dataclasses.dataclass
class Servers:
    """The processes whose CPU is the server's."""

    api: GunicornServer
    referee: RefereeProcess
    redis: RedisServer

    def cpu(self) -> float:
        pids = [*self.api.pids()]
        if self.referee.process is not None:
            pids.append(self.referee.process.pid)
        if self.redis.process is not None:
            pids.append(self.redis.process.pid)
        return sum(cpu_seconds(pid) for pid in pids)


class Seat:
    """A player seat played over HTTP by the random bot's draw.

    ``waits``: when another seat is to act, wait for the match to move on (a server bot's turn);
    a client that plays every seat itself must not, since nobody else moves meanwhile.
    """

    def __init__(self, client: Client, match_id: str, token: str, seed: int, *, waits: bool = True) -> None:
        self.client, self.seed, self.waits = client, seed, waits
        self.path = f"/matches/{match_id}"
        self.auth = {"Authorization": f"Bearer {token}"}
        self.seat = int(token.split(".")[1])

    def move(self) -> int | None:
        """One move when the seat is to act (else wait for the match to move on); the version it moved at."""
        page = self.client.send("GET", f"{self.path}/legal-actions?limit=24", headers=self.auth)
        version = page["version"]
        if not page["actions"]:
            if not self.waits:
                return None
            waited = {**self.auth, "If-None-Match": f'"{version}"'}
            view = self.client.send("GET", f"{self.path}/view?wait=30", headers=waited)
            if view is None:  # 304: still at that version (at once if the match is over)
                view = self.client.send("GET", f"{self.path}/view", headers=self.auth)
            if view["status"] != "active":
                raise MatchEnded
            return None
        action = page["actions"][draw(self.seed, version, self.seat, page["total"])]
        answer = self.client.send("POST", f"{self.path}/actions", action, {**self.auth, "If-Match": str(version)})
        if answer["status"] != "active":
            raise MatchEnded
        return int(version)


class MatchEnded(Exception):
    """The match is over: the stretch ends with it."""


def measure(servers: Servers, seats: list[Seat], first: int, last: int) -> tuple[float, int]:
    """Play ``seats`` (in turn) from ``first`` until ``last`` (or the end): server CPU seconds and moves."""
    cpu = servers.cpu()
    moves, version = 0, first
    try:
        while version < last:
            for seat in seats:
                moved = seat.move()
                if moved is not None:
                    moves, version = moves + 1, moved
    except MatchEnded:
        pass
    return servers.cpu() - cpu, moves


#: Versions per window of a stretch: a stretch's figure is the median of its windows', so that a
#: moment of background work (a Redis rewrite, a worker's first requests) does not decide it.
WINDOW = 40


def measure_stretch(servers: Servers, seats: list[Seat], first: int, stretch: int) -> float:
    """Milliseconds of server CPU per move over ``stretch`` versions from ``first``: the median over its windows."""
    figures = []
    for start in range(first, first + stretch, WINDOW):
        cpu, moves = measure(servers, seats, start, min(start + WINDOW, first + stretch))
        if moves:
            figures.append(1000 * cpu / moves)
    return statistics.median(figures)


def play_to(seats: list[Seat], target: int) -> None:
    """Play ``seats`` until the match reaches ``target`` (not measured)."""
    version = 0
    while version < target:
        for seat in seats:
            moved = seat.move()
            if moved is not None:
                version = moved


def created(client: Client, seed: int, seats: list[dict[str, Any]], **extra: Any) -> tuple[str, list[str]]:
    body = {"game": "pipifax", "players": 2, "seed": seed, "options": {"first_player": 0}, "seats": seats, **extra}
    answer = client.send("POST", "/matches", body)
    return answer["match"]["match_id"], [seat["token"] for seat in answer["seats"]]


def played_stretches(servers: Servers, url: str, seed: int, stretch: int, both: bool) -> dict[int, float]:
    """One long match through HTTP: ms of server CPU per player move in the stretch after each of ``VERSIONS``."""
    client = Client(url)
    seating = [{"name": "a"}, {"name": "b"} if both else {"bot": "random"}]
    match_id, tokens = created(client, seed, seating)
    seats = [Seat(client, match_id, token, seed, waits=not both) for token in tokens]
    figures: dict[int, float] = {}
    for version in VERSIONS:
        play_to(seats, version)
        figures[version] = measure_stretch(servers, seats, version, stretch)
    return figures


def fast_forward(store: MatchStore, match_id: str, target: int) -> int:
    """Bring a match to ``target`` by random moves of every seat, each written as a move is
    (``service.commit``); the version it reached (less, if the match ended first)."""
    table = service.load_table(store, match_id)
    while table.version < target and not table.is_over:
        seat = table.to_act[0]
        step = table.act(seat, choose_action(table.match, seat, "random"), time.time())
        table = service.commit(store, table, step)
    return table.version


def brought_stretches(servers: Servers, url: str, store: MatchStore, stretch: int, kind: str) -> dict[int, float]:
    """A timed match, or a tournament's, brought to each of ``VERSIONS`` and played on for ``stretch`` versions."""
    client = Client(url)
    figures: dict[int, float] = {}
    for version in VERSIONS:
        if kind == "clock":
            (seed,) = long_seeds(version + stretch + 50, 1)
            timed = {"time_control": {"per_action": 3600, "on_timeout": "forfeit", "first_decision": 0}}
            match_id, tokens = created(client, seed, [{"name": "a"}, {"name": "b"}], **timed)
        else:  # a tournament's match has the seed its schedule derives from the tournament's
            (tournament_seed,) = long_seeds(version + stretch + 50, 1, first_match_seed)
            seed = first_match_seed(tournament_seed)
            match_id, tokens = tournament_match(client, tournament_seed)
        servers.referee.stop()
        reached = fast_forward(store, match_id, version)
        restart_referee(servers, store)
        assert reached == version, f"the {kind} match ended at version {reached}"
        seats = [Seat(client, match_id, token, seed, waits=False) for token in tokens]
        figures[version] = measure_stretch(servers, seats, version, stretch)
    return figures


def first_match_seed(tournament_seed: int) -> int:
    """The seed of the first match of a two-entrant round robin of ``tournament_seed``."""
    return schedule.match_seed(tournament_seed, table=0, deal=0, rotation=0)


def tournament_match(client: Client, seed: int) -> tuple[str, list[str]]:
    """The match of a new two-entrant Pipifax tournament of ``seed``: its id and its seats' tokens."""
    body = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "a"}, {"name": "b"}],
        "options": {"first_player": 0},
        "seed": seed,
        "concurrency": 1,  # its other match waits: no timeout of an unplayed match falls in the measures
    }
    made = client.send("POST", "/tournaments", body)
    tournament_id = made["tournament"]["tournament_id"]
    tokens: dict[int, str] = {}
    match_id = ""
    for entrant in made["entrants"]:
        given = client.send(
            "GET", f"/tournaments/{tournament_id}/next?wait=30", headers={"Authorization": f"Bearer {entrant['token']}"}
        )
        match_id, tokens[given["seat"]] = given["match_id"], given["token"]
    return match_id, [tokens[seat] for seat in sorted(tokens)]


def greedy_stretches(servers: Servers, url: str, store: MatchStore, matches: int) -> dict[str, dict[int, float]]:
    """Matches against greedy brought to each of ``VERSIONS``, then played on over HTTP until greedy wins:
    ms of server CPU per player move, and of the move whose request ends the match, by version.

    The referee is stopped while a match is brought forward (it would play greedy's turns meanwhile)
    and started again before the measured moves. Each figure is pooled over the matches (their CPU
    over their moves: each plays only a few before greedy wins). The move that ends a match is
    counted apart: its request (greedy's winning reply is played in it) also keeps the match's record,
    a replay of the whole match paid once per match, which grows with its length by design.
    """
    client = Client(url)
    figures: dict[str, dict[int, float]] = {"greedy bot": {}, "greedy's win": {}}
    for version in VERSIONS:
        moves: list[float] = []
        endings: list[float] = []
        for seed in long_seeds(version + 50, matches):
            servers.referee.stop()
            match_id, tokens = created(client, seed, [{"name": "a"}, {"bot": "greedy"}])
            fast_forward(store, match_id, version)
            restart_referee(servers, store)
            costs = move_costs(servers, Seat(client, match_id, tokens[0], seed))
            moves += costs[:-1]
            endings += costs[-1:]
        figures["greedy bot"][version] = 1000 * sum(moves) / max(len(moves), 1)
        figures["greedy's win"][version] = 1000 * statistics.fmean(endings)
    return figures


def move_costs(servers: Servers, seat: Seat) -> list[float]:
    """Server CPU seconds of each of ``seat``'s moves until the match ends (waits for greedy's turns
    counted with the move before them; the last is the move after which the match was over)."""
    costs: list[float] = []
    cpu = servers.cpu()
    while True:
        try:
            moved = seat.move()
        except MatchEnded:
            if costs:
                costs[-1] += servers.cpu() - cpu
            return costs
        if moved is not None:
            now = servers.cpu()
            costs.append(now - cpu)
            cpu = now


def restart_referee(servers: Servers, store: MatchStore, timeout: float = 60.0) -> None:
    """Start the referee again and wait until it listens (subscribed to its wake channel), so its
    start-up (imports, connections) is not counted in the moves measured next."""
    servers.referee.start()
    deadline = time.monotonic() + timeout
    while not any(count for _, count in store.client.pubsub_numsub(store.wake_channel())):
        if time.monotonic() > deadline:
            raise RuntimeError("the referee did not start listening")
        time.sleep(0.05)
    time.sleep(1.0)  # its first sweep of the due matches


@dataclasses.dataclass
class Running:
    servers: Servers
    store: MatchStore


@contextmanager
def running(workers: int) -> Iterator[Running]:
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        api = GunicornServer(redis_server.url, workers=workers).start()
        referee = RefereeProcess(api).start()
        try:
            store = MatchStore.connect(Settings(redis_url=redis_server.url, key_prefix="arena"))
            yield Running(Servers(api, referee, redis_server), store)
        finally:
            referee.stop()
            api.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stretch", type=int, default=300, help="versions measured after each of 100, 1,000, 10,000")
    parser.add_argument("--greedy-matches", type=int, default=8, help="matches against greedy per version")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--contenders", nargs="+", default=list(CONTENDERS), choices=CONTENDERS, help="which matches to measure"
    )
    args = parser.parse_args()
    wanted = set(args.contenders)

    started = time.perf_counter()
    (seed,) = long_seeds(VERSIONS[-1] + args.stretch + 50, 1)
    print(f"seed {seed}: a match of more than {VERSIONS[-1] + args.stretch} versions (found offline)", flush=True)
    print("Server CPU per player move (ms) near each version, and the ratio to the figure at version 100:")
    header = f"{'contender':<14}" + "".join(f"{'v ' + format(v, ','):>10}" for v in VERSIONS)
    header += "".join(f"{format(v, ',') + '/100':>14}" for v in VERSIONS[1:])
    print(header, flush=True)
    with running(args.workers) as environment:
        url, servers, store = environment.servers.api.url, environment.servers, environment.store
        measures: dict[str, Callable[[], dict[str, dict[int, float]]]] = {
            "random bot": lambda: {"random bot": played_stretches(servers, url, seed, args.stretch, both=False)},
            "greedy bot": lambda: greedy_stretches(servers, url, store, args.greedy_matches),
            "two seats": lambda: {"two seats": played_stretches(servers, url, seed, args.stretch, both=True)},
            "clock": lambda: {"clock": brought_stretches(servers, url, store, args.stretch, "clock")},
            "tournament": lambda: {"tournament": brought_stretches(servers, url, store, args.stretch, "tournament")},
        }
        for name in CONTENDERS:
            if name in wanted:
                for row, figures in measures[name]().items():  # each as soon as measured: a long run shows progress
                    line = f"{row:<14}" + "".join(f"{figures[v]:>10.2f}" for v in VERSIONS)
                    line += "".join(f"{figures[v] / figures[VERSIONS[0]]:>13.2f}x" for v in VERSIONS[1:])
                    print(line, flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
