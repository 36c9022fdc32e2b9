"""The lobby and the referee through live gunicorn servers (with an ``arena referee`` process beside them).

Racing joins, listing while matches are created, bot-only matches and timeouts that proceed with no
client acting, and moves racing their own deadline. Every wait is a long-poll with a deadline, never
a sleep standing in for a condition.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from api.usecases.matches.writing import SETTLE_STEPS
from tests.live_server import LiveServer
from tests.lobby_helpers import Http, Json, bearer, settle_pure, table_for

OPEN: dict[str, Any] = {"open": True}


@pytest.fixture
def http(live_server: LiveServer) -> Iterator[Http]:
    with Http(live_server.url) as client:
        yield client


def finished(match: Json) -> bool:
    return bool(match["status"] == "finished")


# --- joining and listing -----------------------------------------------------------------------------


def test_racing_joins_fill_each_open_seat_exactly_once(live_server: LiveServer, http: Http) -> None:
    created = http.create({"game": "pipifax", "players": 4, "seats": [{"name": "host"}, OPEN, OPEN, OPEN]})
    match_id = created["match"]["match_id"]
    racers = 8
    barrier = threading.Barrier(racers)

    def racer(index: int) -> tuple[int, Json]:
        with Http(live_server.url) as own:
            own.get("/health")  # connect before the race starts
            barrier.wait(timeout=60)
            response = own.post(f"/matches/{match_id}/join", json={"name": f"racer-{index}"})
            body: Json = response.json()
            return response.status_code, body

    with ThreadPoolExecutor(racers) as pool:
        outcomes = list(pool.map(racer, range(racers)))

    won = [body for status, body in outcomes if status == 201]
    lost = [body for status, body in outcomes if status != 201]
    assert len(won) == 3, outcomes
    assert sorted(body["seat"] for body in won) == [1, 2, 3]
    assert all(status in (201, 409) for status, _ in outcomes), outcomes
    assert all(body["code"] == "match/full" for body in lost), lost

    match = http.json(f"/matches/{match_id}")
    assert match["status"] == "active"
    assert [seat["kind"] for seat in match["seats"]] == ["player"] * 4
    names = {seat["seat"]: seat["name"] for seat in match["seats"]}
    for body in won:
        view = http.json(f"/matches/{match_id}/view", headers=bearer(body["token"]))
        assert view["seat"] == body["seat"]
    joined = [e for e in http.events(match_id) if e["kind"] == "joined"]
    assert sorted(e["data"]["seat"] for e in joined) == [1, 2, 3]
    assert all(names[e["data"]["seat"]] == e["data"]["name"] for e in joined)
    assert [e["kind"] for e in http.events(match_id)].count("started") == 1


def test_paging_while_matches_are_created_lists_each_match_once(http: Http, live_server: LiveServer) -> None:
    for index in range(12):
        http.create({"game": "taiga", "players": 2, "seats": [{"name": f"p{index}"}, OPEN]})
    existing: set[str] = set()
    cursor: str | None = None
    while True:  # everything listed before the concurrent listing starts
        page = http.json("/matches?limit=100" + (f"&cursor={cursor}" if cursor else ""))
        existing.update(m["match_id"] for m in page["matches"])
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert len(existing) >= 12

    stop = threading.Event()
    made: list[str] = []

    def keep_creating() -> None:
        with Http(live_server.url) as own:
            while not stop.is_set():
                created = own.create({"game": "pipifax", "players": 2, "seats": [OPEN, OPEN]})
                made.append(created["match"]["match_id"])

    creator = threading.Thread(target=keep_creating)
    creator.start()
    try:
        listed: list[str] = []
        created_at: list[float] = []
        cursor = None
        pages = 0
        while True:
            page = http.json("/matches?limit=3" + (f"&cursor={cursor}" if cursor else ""))
            listed.extend(m["match_id"] for m in page["matches"])
            created_at.extend(m["created_at"] for m in page["matches"])
            cursor = page["next_cursor"]
            pages += 1
            if pages == 2:  # make sure some are created while the listing runs
                target = len(made) + 2
                deadline = time.monotonic() + 60
                while len(made) < target and time.monotonic() < deadline:
                    creator.join(timeout=0.05)
            if cursor is None:
                break
    finally:
        stop.set()
        creator.join(timeout=120)
    assert not creator.is_alive()
    assert len(listed) == len(set(listed)), "a match was listed twice"
    assert existing <= set(listed), existing - set(listed)
    assert created_at == sorted(created_at, reverse=True)
    assert made, "no match was created during the listing"


# --- bots and the referee ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [("pipifax", 2, ["random", "greedy"]), ("girafferaffe", 3, ["greedy", "random", "greedy"])],
)
def test_a_bot_only_match_finishes_with_nobody_acting(http: Http, game: str, players: int, bots: list[str]) -> None:
    created = http.create({"game": game, "players": players, "seats": [{"bot": bot} for bot in bots]})
    assert created["seats"] == []
    match_id = created["match"]["match_id"]
    final = http.wait_for(match_id, finished, within=120)
    assert final["result"] is not None and final["result"]["winners"]
    assert len(final["result"]["ranks"]) == players
    assert all(seat["kind"] == "bot" and seat["state"] == "playing" for seat in final["seats"])
    events = http.events(match_id)
    assert events[-1]["version"] == final["version"]
    assert {e["version"] for e in events} == set(range(final["version"] + 1))  # every version made events


def test_the_referee_plays_a_long_bot_match_as_a_replay_would(http: Http) -> None:
    """Random bots draw from the match's seed alone, so the pure table predicts the whole match.

    It is longer than the 64 versions a request may play: the referee played the rest.
    """
    seats = [{"bot": "random"}] * 3
    expected = settle_pure(table_for("taiga", seats, seed=3), 0.0)
    assert expected.version > SETTLE_STEPS
    created = http.create({"game": "taiga", "players": 3, "seed": 3, "seats": seats})
    final = http.wait_for(created["match"]["match_id"], finished, within=120)
    assert final["version"] == expected.version
    assert final["result"] == expected.result()
    assert final["seed"] == 3


def test_forfeit_on_timeout_ends_the_match_with_nobody_reading(http: Http) -> None:
    created = http.create(
        {
            "game": "pipifax",
            "players": 2,
            "time_control": {"per_action": 0.2, "on_timeout": "forfeit", "first_decision": 0},
        }
    )
    match = created["match"]
    match_id = match["match_id"]
    first = match["to_act"][0]
    assert match["seats"][first]["deadline"] is not None
    final = http.wait_for(match_id, finished, within=60)
    assert final["version"] == 1
    assert final["seats"][first]["state"] == "timed_out"
    assert final["seats"][1 - first]["state"] == "playing"
    assert final["result"]["winners"] == [1 - first]
    assert final["result"]["ranks"][first] == 2 and final["result"]["ranks"][1 - first] == 1
    events = [e for e in http.events(match_id) if e["version"] == 1]
    assert [e["kind"] for e in events] == ["timeout", "ended"]
    assert events[0]["data"] == {"seat": first, "on_timeout": "forfeit"}


def test_bot_on_timeout_keeps_the_match_going_with_nobody_acting(http: Http) -> None:
    created = http.create(
        {"game": "pipifax", "players": 2, "time_control": {"per_action": 0.2, "on_timeout": "bot", "first_decision": 0}}
    )
    match_id = created["match"]["match_id"]
    moved = http.wait_for(match_id, lambda m: m["version"] >= 4 or m["status"] != "active", within=60)
    assert moved["status"] == "active", moved
    assert all(seat["state"] == "playing" for seat in moved["seats"])
    timeouts = [e for e in http.events(match_id) if e["kind"] == "timeout"]
    assert len(timeouts) >= 4
    assert [e["version"] for e in timeouts[:4]] == [1, 2, 3, 4]  # every version so far was a timeout
    assert all(e["data"]["on_timeout"] == "bot" for e in timeouts)
    assert {seat["deadline"] is not None for seat in moved["seats"] if seat["seat"] in moved["to_act"]} == {True}

    aborted = http.post(f"/matches/{match_id}/abort", headers=bearer(created["host_token"]))
    assert aborted.status_code == 200, aborted.text
    assert aborted.json()["status"] == "aborted"
    assert http.json(f"/matches/{match_id}")["status"] == "aborted"


# --- a move racing its own deadline ------------------------------------------------------------------

TRIALS = 16
#: Where, relative to the seat's deadline, each trial aims its move (seconds).
AIMS = [-0.04 + 0.08 * i / (TRIALS - 1) for i in range(TRIALS)]


def race_the_clock(url: str, aim: float) -> tuple[int, Json, Json, list[Json]]:
    """One trial: a 2-player match under a 0.3 s forfeit clock, the first seat moving ``aim`` s off its deadline.

    Returns the move's status and body, the finished match (with the racing ``seat``) and its events.
    """
    with Http(url) as http:
        created = http.create(
            {
                "game": "pipifax",
                "players": 2,
                "time_control": {"per_action": 0.3, "on_timeout": "forfeit", "first_decision": 0},
            }
        )
        match = created["match"]
        match_id = match["match_id"]
        seat = match["to_act"][0]
        token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
        pause = match["seats"][seat]["deadline"] + aim - time.time()
        if pause > 0:
            time.sleep(pause)  # aiming at the race window, not waiting for anything
        response = http.post(
            f"/matches/{match_id}/actions",
            json={"type": "pipifax.flip", "position": 0},
            headers={**bearer(token, 0), "Idempotency-Key": f"race-{match_id}"},
            safe=True,
        )
        body: Json = response.json()
        final = http.wait_for(match_id, finished, within=60)
        return response.status_code, body, {"seat": seat, **final}, http.events(match_id)


def test_a_move_racing_its_timeout_either_counts_or_is_refused_never_both(live_server: LiveServer) -> None:
    with ThreadPoolExecutor(4) as pool:
        trials = list(pool.map(lambda aim: race_the_clock(live_server.url, aim), AIMS))
    outcomes = {"moved": 0, "timed_out": 0}
    for status, body, final, events in trials:
        seat = final["seat"]
        first_version = [e for e in events if e["version"] == 1]
        if status == 200:
            outcomes["moved"] += 1
            assert body["version"] == 1 and body["seat"] == seat
            assert first_version, events
            assert "timeout" not in [e["kind"] for e in first_version], events
        else:
            outcomes["timed_out"] += 1
            assert (status, body["code"]) in {(409, "action/too_late"), (412, "match/stale_version")}, body
            assert [e["kind"] for e in first_version] == ["timeout", "ended"], events
            assert first_version[0]["data"] == {"seat": seat, "on_timeout": "forfeit"}
            assert final["version"] == 1
            assert final["seats"][seat]["state"] == "timed_out"
            assert final["result"]["winners"] == [1 - seat]
    assert sum(outcomes.values()) == TRIALS
