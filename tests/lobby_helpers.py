"""Helpers of the lobby, table and referee tests: tables built without Redis, and a patient HTTP client.

``table_for`` seats a table as ``POST /matches`` would (through the service's own ``seating``),
with a fixed clock. ``Http`` talks to a live server the way a client on a busy machine must:
generous timeouts, retries when nothing was sent (and, for requests that are safe to repeat, on
timeouts too), and long-polls instead of sleeps.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import requests

import engine
from arena.matches.creation import bot_memories, seating
from arena.matches.table import Table
from arena.matches.time_control import TimeControl

Json = dict[str, Any]

#: Mission deck of a Pili Pili match whose tricks are all played simultaneously (S9), after the bets.
SIMULTANEOUS_TRICKS = [{"effect": "S9", "params": {}, "deal": 5, "expert": False}]


# --- pure tables ----------------------------------------------------------------------------------


def table_for(
    game: str,
    seats: int | Sequence[Mapping[str, Any]],
    *,
    time_control: TimeControl | None = None,
    now: float = 1000.0,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
) -> Table:
    """A table at version 0 as ``create_match`` stores it: ``seats`` is a player count or the seat requests."""
    requests_ = None if isinstance(seats, int) else list(seats)
    players = seats if isinstance(seats, int) else len(seats)
    match, events = engine.new_match(game, players, dict(options or {}), seed, now)
    seated = tuple(seating(game, players, requests_))
    table = Table(
        match_id="m1",
        match=match,
        version=0,
        seats=seated,
        created_at=now,
        updated_at=now,
        time_control=time_control,
        deadlines=tuple(None for _ in range(players)),
        memories=bot_memories(game, seated, events),
    )
    return table.with_deadlines((), None, now) if table.status == "active" else table


def settle_pure(table: Table, now: float, limit: int = 100_000) -> Table:
    """Apply ``server_step`` until the server has nothing left to do at ``now``."""
    for _ in range(limit):
        step = table.server_step(now)
        if step is None:
            return table
        assert step.table.version == table.version + 1
        table = step.table
    raise AssertionError(f"the server still had steps to take after {limit}")


# --- a live server --------------------------------------------------------------------------------

#: How long one request may take on a busy machine before it is tried again.
REQUEST_TIMEOUT = 30.0
#: How many times a request is tried.
ATTEMPTS = 8


def _not_sent(error: requests.RequestException) -> bool:
    """Whether the request surely never reached the server (so repeating it cannot apply it twice)."""
    text = repr(error)
    return isinstance(error, requests.ConnectTimeout) or "NewConnectionError" in text or "refused" in text


class Http:
    """A ``requests`` session against one live server that retries what it safely may."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.session = requests.Session()

    def request(self, method: str, path: str, *, safe: bool | None = None, **kwargs: Any) -> requests.Response:
        """Send a request; repeat it on refused connections, and on any timeout when ``safe`` (default: GET)."""
        repeatable = method == "GET" if safe is None else safe
        kwargs.setdefault("timeout", REQUEST_TIMEOUT)
        for attempt in range(ATTEMPTS):
            try:
                return self.session.request(method, f"{self.url}{path}", **kwargs)
            except (requests.ConnectionError, requests.Timeout) as error:
                if attempt == ATTEMPTS - 1 or not (repeatable or _not_sent(error)):
                    raise
                self.session.close()
                self.session = requests.Session()
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close the kept-alive connections (an open one holds a gunicorn worker's graceful shutdown)."""
        self.session.close()

    def __enter__(self) -> Http:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def json(self, path: str, **kwargs: Any) -> Json:
        """The 200 JSON body of ``GET path``."""
        response = self.get(path, **kwargs)
        assert response.status_code == 200, (path, response.status_code, response.text[:500])
        body: Json = response.json()
        return body

    def create(self, body: Mapping[str, Any]) -> Json:
        """``POST /matches`` (with an Idempotency-Key, so a timed-out attempt may be repeated): the 201 body."""
        key = f"create-{uuid.uuid4().hex}"
        response = self.post("/matches", json=dict(body), headers={"Idempotency-Key": key}, safe=True)
        assert response.status_code == 201, response.text[:500]
        created: Json = response.json()
        return created

    def wait_for(self, match_id: str, done: Callable[[Json], bool], within: float = 120.0) -> Json:
        """Long-poll ``GET /matches/{id}`` until ``done(match)``; fail after ``within`` seconds."""
        deadline = time.monotonic() + within
        current = self.json(f"/matches/{match_id}")
        while not done(current):
            assert time.monotonic() < deadline, f"no match in the expected state after {within} s: {current}"
            response = self.get(f"/matches/{match_id}?wait=5", headers={"If-None-Match": f'"{current["version"]}"'})
            assert response.status_code in (200, 304), (response.status_code, response.text[:500])
            if response.status_code == 200:
                current = response.json()
        return current

    def events(self, match_id: str) -> list[Json]:
        """The whole public event log, setup first."""
        events: list[Json] = []
        after = -1
        while True:
            page = self.json(f"/matches/{match_id}/events?after={after}&limit=1000")
            events.extend(page["events"])
            if not page["has_more"]:
                return events
            after = page["next_after"]


def bearer(token: str, version: int | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {token}"}
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    return headers
