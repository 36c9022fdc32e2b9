"""The ladder's matches through a live server: the server's own bots, seeds and referee, as users meet them.

``python -m bench.ladder_bench --through-api`` plays the ladder's matches here instead of in process.
It starts Redis, the API under gunicorn and a referee (``arena referee``, with its thinker processes:
``ARENA_THINKERS``, by default one per core), and creates each match with bots in every seat, as a
client would (``POST /matches`` with ``seats: [{"bot": ...}, ...]``). Nobody plays: the server plays
``random`` and ``greedy`` in its requests and the referee's thinkers play the search bots.

A deal's first match gets a seed the server draws; once it is over its seed is public (it is in the
match's record), and the deal's other seat orders are created with that seed, so that duplicate deals
hold through the API too. Up to ``--api-matches`` matches play at once.

Each match's record (``GET /matches/{id}/record``) gives its result, and every action the server's
bots took; the same seed is then played in process, each seat by the same bot with the memory it
would keep, and the bench counts the matches whose every action came out the same (``alike``). Each
outcome is written like the in-process ladder's, with ``"where": "api"``.
"""

from __future__ import annotations

import concurrent.futures
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from arena_sdk import Arena

from api.store.redis_server import RedisServer
from arena.tournaments.standings import Outcome
from bench.servers import GunicornServer, RefereeProcess
from engine import apply_action, new_match
from engine.bots import choose_action, everyone_recalls, everyone_remembers

#: How long one match may take through the server before the bench gives up on it (seconds).
MATCH_TIMEOUT = 3600.0


def offline_actions(game: str, players: int, seed: int, bots: Sequence[str]) -> list[tuple[int, dict[str, Any]]]:
    """Every action of a match played in process from ``seed``, each seat by its bot with its memory:
    (seat, action as JSON), in order."""
    match, events = new_match(game, players, {}, seed=seed)
    seen = everyone_recalls(game, players, events)
    played: list[tuple[int, dict[str, Any]]] = []
    now = 0.0
    while match.to_act:
        seat = match.to_act[0]
        action = choose_action(match, seat, bots[seat], memory=seen[seat])
        played.append((seat, action.to_json()))
        now += 1.0
        match, events = apply_action(match, seat, action, now)
        seen = everyone_remembers(game, seen, events)
    return played


def recorded_actions(record: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every action of a match's record (``steps[1:]``: seat, time, action, ...), in order."""
    return [(int(step[0]), dict(step[2])) for step in record["steps"][1:] if len(step) == 4 and step[2] is not None]


class ServerLadder:
    """A live server (Redis, the API under gunicorn, a referee with its thinkers) for the ladder's matches."""

    def __init__(self, env: dict[str, str], workers: int = 2) -> None:
        self.workers = workers
        self.env = env
        self.arena: Arena | None = None
        self._stack: list[Any] = []

    def __enter__(self) -> ServerLadder:
        data = tempfile.TemporaryDirectory()
        self._stack.append(data)
        redis_server = RedisServer(Path(data.name)).__enter__()
        self._stack.append(redis_server)
        server = GunicornServer(redis_server.url, workers=self.workers, **self.env).__enter__()
        self._stack.append(server)
        self._stack.append(RefereeProcess(server).__enter__())
        self.arena = Arena(server.url, timeout=60.0)
        return self

    def __exit__(self, *exc: object) -> None:
        while self._stack:
            part = self._stack.pop()
            if isinstance(part, tempfile.TemporaryDirectory):
                part.cleanup()
            else:
                part.__exit__(None, None, None)

    def play(self, game: str, bots: Sequence[str], seed: int | None) -> dict[str, Any]:
        """Play one match of ``bots`` (one per seat) on the server, from ``seed`` (``None``: the server
        draws one); its record once it is over."""
        assert self.arena is not None
        created = self.arena.create_match(game, len(bots), seed=seed, seats=[{"bot": bot} for bot in bots])
        match_id = created.match.match_id
        deadline = time.monotonic() + MATCH_TIMEOUT
        for event in self.arena.stream(match_id, after=0):  # the public stream ends with the match
            if event.type == "match_over" or time.monotonic() > deadline:
                break
        while True:
            match = self.arena.match(match_id)
            if match.status.value != "active":
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"match {match_id} ({game}, {bots}) did not end")
            time.sleep(0.5)
        return self.arena.record(match_id)


def api_outcome(job: Any, record: dict[str, Any], started: float, check: bool) -> dict[str, Any]:
    """A job's outcome as the ladder writes it, from the server's record of its match."""
    result = record["result"]
    players = len(job.bots)
    ranks = result["ranks"]
    outcome = Outcome(
        index=job.pairing.index,
        entrants=job.pairing.entrants,
        ranks=tuple(int(ranks[seat]) for seat in range(players)),
        winners=tuple(int(seat) for seat in result["winners"]),
        scores=None if result.get("scores") is None else tuple(result["scores"]),
        forfeits=tuple(None for _ in range(players)),
    )
    alike = None
    if check:
        alike = recorded_actions(record) == offline_actions(job.game, players, int(record["seed"]), job.bots)
    return {
        "key": f"api/{job.key}",
        "where": "api",
        "section": job.section,
        "names": list(job.names),
        "outcome": outcome.to_json(),
        "seed": int(record["seed"]),
        "match_id": record["match_id"],
        "alike": alike,
        "wall_seconds": time.monotonic() - started,
    }


def deals_of(jobs: Iterable[Any]) -> list[list[Any]]:
    """The jobs grouped by deal (the same section and seed: one deal's seat orders), in order."""
    grouped: dict[tuple[str, int], list[Any]] = {}
    for job in jobs:
        grouped.setdefault((job.section, job.pairing.seed), []).append(job)
    return list(grouped.values())


def play_through_api(
    jobs: Sequence[Any], done: set[str], *, matches: int, check: bool, env: dict[str, str]
) -> Iterator[dict[str, Any]]:
    """Play ``jobs`` on a live server, ``matches`` at a time (each deal's seat orders one after another,
    the first from a seed the server draws), skipping those in ``done``; each outcome as it comes."""
    todo = [deal for deal in deals_of(jobs) if any(f"api/{job.key}" not in done for job in deal)]
    with ServerLadder(env) as ladder:

        def play_deal(deal: list[Any]) -> list[dict[str, Any]]:
            seed: int | None = None
            played = []
            for job in deal:
                started = time.monotonic()
                record = ladder.play(job.game, job.bots, seed)
                seed = int(record["seed"])
                if f"api/{job.key}" not in done:
                    played.append(api_outcome(job, record, started, check))
            return played

        with concurrent.futures.ThreadPoolExecutor(matches) as pool:
            for outcomes in _as_completed(pool, play_deal, todo):
                yield from outcomes


def _as_completed(
    pool: concurrent.futures.ThreadPoolExecutor,
    work: Callable[[list[Any]], list[dict[str, Any]]],
    deals: list[list[Any]],
) -> Iterator[list[dict[str, Any]]]:
    futures = [pool.submit(work, deal) for deal in deals]
    for future in concurrent.futures.as_completed(futures):
        yield future.result()


def agreement(records: Iterable[dict[str, Any]]) -> tuple[int, int]:
    """How many API matches replayed alike in process, of how many were checked."""
    checked = [record["alike"] for record in records if record.get("alike") is not None]
    return sum(1 for alike in checked if alike), len(checked)
