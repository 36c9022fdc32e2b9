"""Server CPU per move as a match grows: a player seat against the server's bots near versions 100, 1,000 and 10,000.

What is measured is the server: user plus system CPU seconds of the gunicorn master and workers, the
referee process and the Redis server (``/proc/<pid>/stat``) over a stretch of a match's versions,
divided by the player's moves in the stretch (each move's cost includes the bot's replies, played
in the move's request or by the referee). The player is a light keep-alive HTTP client (its legal
actions, then its move, a long-poll while a bot's turn runs on); its own CPU is not counted.

Every contender's matches are Pipifax matches brought to the versions measured (100, 1,000 and
10,000) through the server's own write path: random moves of every seat, each written by the
service's ``commit`` as a move is (so a bot's memory is folded in version by version, as in play),
with the referee stopped meanwhile (it is measured only once it listens again). Then the client
plays on over HTTP, drawing as the random bot does; a seed whose match lasts long enough that way
is found offline first.

- ``random bot``: a player seat against the server's ``random`` bot.
- ``two seats``: the control: two player seats, both played by the client.
- ``clock``: two player seats under a time control (each move sets the next deadline and the
  referee's due time).
- ``tournament``: the first match a two-entrant tournament gives its entrants, one match at a time
  (its end is recorded in the tournament; the tournament's seed is one whose first match lasts;
  an hour per decision, so that no forfeit falls while its matches are brought forward).
- ``greedy bot``: the ``greedy`` bot, remembering every card, wins a Pipifax match within a few turns,
  so no match against it reaches version 1,000 by play: several matches per version are brought
  forward, then the player plays on until greedy wins. Their moves are pooled; the move after which
  greedy has won (``greedy's win``) is counted apart, as the move that ends the match. With every
  card remembered greedy often wins on its first turn, so the other moves may be none (``-``).
  ``record kept`` is what keeping each of those matches' record cost, per match, once it is over
  (``api/usecases/records.py``: one replay of the whole match, off every move's path): the thinker
  processes are paused (``SIGSTOP``) while the moves are measured and resumed after the last, and
  the CPU of every server process (thinkers and Redis included) until the record is kept is this
  figure. It grows with the match by design, and is not in the moves' figures.

The three matches of a contender are played a window of 40 versions at a time in turn (greedy's,
a match of each version in turn), so that background work (a Redis rewrite, a collection) falls on
all of them alike; each figure is the median of its windows'. The ratios compare each contender's
figure to its own at version 100, in the same run.

    python -m bench.long_match_bench [--stretch 400] [--greedy-matches 8] [--contenders "random bot" "two seats" ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import http.client
import itertools
import math
import os
import random
import signal
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
from api.settings import Settings
from api.store.matches import MatchStore
from api.store.redis_server import RedisServer
from api.usecases import wiring
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from arena.tournaments import schedule
from bench.servers import GunicornServer, RefereeProcess, child_pids, cpu_seconds
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
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=payload, headers={**JSON, **(headers or {})})
                response = self.connection.getresponse()
                break
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                if attempt:
                    raise
                # The server closed the connection while it was idle (a match being brought forward): again.
                self.connection.close()
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


@functools.cache
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
        """CPU seconds of the API, the referee's own loop and Redis: what a move costs."""
        pids = [*self.api.pids()]
        if self.referee.process is not None:
            pids.append(self.referee.process.pid)
        if self.redis.process is not None:
            pids.append(self.redis.process.pid)
        return sum(cpu_seconds(pid) for pid in pids)

    def thinkers(self) -> list[int]:
        """The referee's thinker processes (its children): search decisions, records kept."""
        return [] if self.referee.process is None else child_pids(self.referee.process.pid)

    def thinkers_cpu(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.thinkers())

    def signal_thinkers(self, signal_number: int) -> None:
        for pid in self.thinkers():
            os.kill(pid, signal_number)


class Seat:
    """A player seat played over HTTP by the random bot's draw.

    ``waits``: when another seat is to act, wait for the match to move on (a server bot's turn);
    a client that plays every seat itself must not, since nobody else moves meanwhile.
    """

    def __init__(self, client: Client, match_id: str, token: str, seed: int, *, waits: bool = True) -> None:
        self.client, self.seed, self.waits = client, seed, waits
        self.match_id, self.path = match_id, f"/matches/{match_id}"
        self.auth = {"Authorization": f"Bearer {token}"}
        self.seat = int(token.split(".")[1])

    def over(self) -> bool:
        """Whether the match is over (a client playing every seat asks when none of them may act)."""
        return bool(self.client.send("GET", f"{self.path}/view", headers=self.auth)["status"] != "active")

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


def measure(servers: Servers, seats: list[Seat], first: int, last: int) -> tuple[float, int, int]:
    """Play ``seats`` (in turn) from ``first`` until ``last`` (or the end): server CPU seconds, moves,
    and the version reached."""
    cpu = servers.cpu()
    moves, version = 0, first
    try:
        while version < last:
            reached = version
            for seat in seats:
                moved = seat.move()
                if moved is not None:
                    moves, version = moves + 1, moved + 1
            if version == reached and not seats[0].waits and seats[0].over():
                raise MatchEnded  # no seat the client plays could move: over (a forfeit), not to spin on
    except MatchEnded:
        pass
    return servers.cpu() - cpu, moves, version


#: Versions per window: the three matches of a contender (near versions 100, 1,000 and 10,000) are
#: played a window at a time in turn, so that background work (a Redis rewrite, a collection) falls
#: on all three alike, and each one's figure is the median of its windows'.
WINDOW = 40


@dataclasses.dataclass
class LongMatch:
    """A match brought to ``version``, and the seats the client plays in it."""

    version: int
    seats: list[Seat]


def alternated(servers: Servers, longs: list[LongMatch], stretch: int) -> dict[int, float]:
    """Ms of server CPU per move over ``stretch`` versions of each match, a window of each in turn."""
    at = {long.version: long.version for long in longs}
    windows: dict[int, list[float]] = {long.version: [] for long in longs}
    for _ in range(0, stretch, WINDOW):
        for long in longs:
            cpu, moves, at[long.version] = measure(servers, long.seats, at[long.version], at[long.version] + WINDOW)
            if moves:
                windows[long.version].append(1000 * cpu / moves)
    return {version: statistics.median(figures) for version, figures in windows.items()}


def created(client: Client, seed: int, seats: list[dict[str, Any]], **extra: Any) -> tuple[str, list[str]]:
    body = {"game": "pipifax", "players": 2, "seed": seed, "options": {"first_player": 0}, "seats": seats, **extra}
    answer = client.send("POST", "/matches", body)
    return answer["match"]["match_id"], [seat["token"] for seat in answer["seats"]]


def fast_forward(store: MatchStore, match_id: str, target: int) -> int:
    """Bring a match to ``target`` by random moves of every seat, each written as a move is
    (``commit``); the version it reached (less, if the match ended first)."""
    ctx = wiring.context(store)
    table = load_table(ctx, match_id)
    while table.version < target and not table.is_over:
        seat = table.to_act[0]
        step = table.act(seat, choose_action(table.match, seat, "random"), time.time())
        table = commit(ctx, table, step)
    return table.version


def stretches(servers: Servers, url: str, store: MatchStore, stretch: int, kind: str) -> dict[int, float]:
    """A match of ``kind`` brought to each of ``VERSIONS``, then the three played on over HTTP in turn."""
    client = Client(url)
    longs: list[LongMatch] = []
    servers.referee.stop()
    for version in VERSIONS:
        length = version + stretch + 50
        if kind == "tournament":  # a tournament's match has the seed its schedule derives from the tournament's
            (tournament_seed,) = long_seeds(length, 1, first_match_seed)
            seed = first_match_seed(tournament_seed)
            match_id, tokens = tournament_match(client, tournament_seed)
        else:
            (seed,) = long_seeds(length, 1)
            seating = [{"name": "a"}, {"bot": "random"} if kind == "random bot" else {"name": "b"}]
            timed = {"time_control": {"per_action": 3600, "on_timeout": "forfeit", "first_decision": 0}}
            match_id, tokens = created(client, seed, seating, **(timed if kind == "clock" else {}))
        reached = fast_forward(store, match_id, version)
        assert reached == version, f"the {kind} match ended at version {reached}"
        if kind == "random bot":  # the client plays the player's seat; the bot's turns are waited for
            seats = [Seat(client, match_id, tokens[0], seed)]
        else:
            seats = [Seat(client, match_id, token, seed, waits=False) for token in tokens]
        longs.append(LongMatch(version, seats))
    restart_referee(servers, store)
    return alternated(servers, longs, stretch)


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
        # An hour per decision (the default is 60 s): bringing the three matches forward, the referee
        # stopped, takes minutes on a loaded machine, and a forfeit there ended the match unmeasured.
        "time_control": {"per_action": 3600, "on_timeout": "forfeit", "first_decision": 0},
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
    ms of server CPU per player move, of the move whose request ends the match, and of keeping the
    record of each match, by version.

    Every match is brought forward first, with the referee stopped (it would play greedy's turns),
    then they are played one of each version in turn. Each figure is pooled over the matches (their
    CPU over their moves: each plays only a few before greedy wins). The move that ends a match is
    counted apart. The thinkers are paused while a match's moves are measured, so that keeping the
    record (a replay of the whole match paid once per match off the moves' path, which grows with its
    length by design) is counted apart too: after the last move they are resumed, and the next match
    waits until the record is kept.
    """
    client = Client(url)
    servers.referee.stop()
    prepared: dict[int, list[Seat]] = {}
    for version in VERSIONS:
        prepared[version] = []
        for seed in long_seeds(version + 50, matches):
            match_id, tokens = created(client, seed, [{"name": "a"}, {"bot": "greedy"}])
            fast_forward(store, match_id, version)
            prepared[version].append(Seat(client, match_id, tokens[0], seed))
    restart_referee(servers, store)
    moves: dict[int, list[float]] = {version: [] for version in VERSIONS}
    endings: dict[int, list[float]] = {version: [] for version in VERSIONS}
    keeping: dict[int, list[float]] = {version: [] for version in VERSIONS}
    for index in range(matches):
        for version in VERSIONS:
            seat = prepared[version][index]
            servers.signal_thinkers(signal.SIGSTOP)
            try:
                costs = move_costs(servers, seat)
                before = servers.cpu() + servers.thinkers_cpu()
            finally:
                servers.signal_thinkers(signal.SIGCONT)
            kept(store, seat.match_id)
            moves[version] += costs[:-1]
            endings[version] += costs[-1:]
            keeping[version].append(servers.cpu() + servers.thinkers_cpu() - before)
    return {
        "greedy bot": {version: 1000 * mean(moves[version]) for version in VERSIONS},
        "greedy's win": {version: 1000 * mean(endings[version]) for version in VERSIONS},
        "record kept": {version: 1000 * mean(keeping[version]) for version in VERSIONS},
    }


def kept(store: MatchStore, match_id: str, timeout: float = 120.0) -> None:
    """Wait until the referee has kept the record of ``match_id`` (over) and let go of the match."""
    deadline = time.monotonic() + timeout
    while store.client.exists(store.keys.log(match_id)) or store.client.zscore(store.keys.due(), match_id) is not None:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the referee did not keep the record of {match_id}")
        time.sleep(0.05)


def mean(values: list[float]) -> float:
    """The mean, or NaN for none (with every card remembered, greedy often wins on its first turn:
    the player's only move is the one after which it wins)."""
    return statistics.fmean(values) if values else math.nan


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
    """Start the referee again and wait until it listens (subscribed to its wake channel) and its
    thinker process has kept a record, so that neither start-up (imports, connections, the thinker's
    spawn) is counted in what is measured next."""
    servers.referee.start()
    deadline = time.monotonic() + timeout
    while not any(count for _, count in store.client.pubsub_numsub(store.keys.referee_wake())):
        if time.monotonic() > deadline:
            raise RuntimeError("the referee did not start listening")
        time.sleep(0.05)
    client = Client(servers.api.url)
    match_id, tokens = created(client, 0, [{"name": "a"}, {"name": "b"}])
    client.send("POST", f"/matches/{match_id}/resign", headers={"Authorization": f"Bearer {tokens[0]}"})
    kept(store, match_id, timeout)


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


def cell(value: float, width: int) -> str:
    """A figure right-aligned in ``width`` characters; ``-`` for none (NaN)."""
    return f"{'-' if math.isnan(value) else format(value, '.2f'):>{width}}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stretch", type=int, default=400, help="versions measured after each of 100, 1,000, 10,000")
    parser.add_argument("--greedy-matches", type=int, default=8, help="matches against greedy per version")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--contenders", nargs="+", default=list(CONTENDERS), choices=CONTENDERS, help="which matches to measure"
    )
    args = parser.parse_args()
    wanted = set(args.contenders)

    started = time.perf_counter()
    print("Server CPU per player move (ms) near each version, and the ratio to the figure at version 100:")
    header = f"{'contender':<14}" + "".join(f"{'v ' + format(v, ','):>10}" for v in VERSIONS)
    header += "".join(f"{format(v, ',') + '/100':>14}" for v in VERSIONS[1:])
    print(header, flush=True)
    with running(args.workers) as environment:
        url, servers, store = environment.servers.api.url, environment.servers, environment.store
        for name in (name for name in CONTENDERS if name in wanted):
            if name == "greedy bot":
                rows = greedy_stretches(servers, url, store, args.greedy_matches)
            else:
                rows = {name: stretches(servers, url, store, args.stretch, name)}
            for row, figures in rows.items():  # each as soon as measured: a long run shows its progress
                line = f"{row:<14}" + "".join(cell(figures[v], 10) for v in VERSIONS)
                line += "".join(cell(figures[v] / figures[VERSIONS[0]], 13) + "x" for v in VERSIONS[1:])
                print(line, flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
