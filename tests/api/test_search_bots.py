"""The search bots through the API: a request never plays one, the referee's thinker does, and every
level plays whole matches of every game and mode.

The referee runs in the test's process (its settling and its thinker, a real worker process), as
``arena referee`` runs them, so that a test waits on it without sleeping.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine
from api.settings import Settings, available_cores
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker, Thought, decide
from arena.errors import ArenaError
from arena.matches.table import Table
from engine.bots import choose_action, recall
from tests.api.helpers import Json, auth, body_of, context_of, get_json
from tests.lobby_helpers import table_for

#: How long a test waits for the referee to finish a match (a loaded machine is slow; nothing sleeps).
PATIENCE = 600.0


@pytest.fixture(scope="module")
def thinker() -> Iterator[Thinker]:
    """One thinker process for the module's tests (starting one costs an interpreter's start), at the
    tests' own priority: at a lower one, a busy machine (the other test worker) would starve it."""
    made = Thinker(1, niceness=0)
    yield made
    made.close()


def create(client: FlaskClient, body: dict[str, Any]) -> Json:
    response = client.post("/matches", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    return body_of(response)


def referee_plays(client: FlaskClient, match_id: str, referee: Referee, until: Any) -> Json:
    """The match once ``until(match)`` holds, the referee settling and thinking meanwhile."""
    deadline = time.monotonic() + PATIENCE
    while True:
        current = get_json(client, f"/matches/{match_id}")
        if until(current):
            return current
        assert time.monotonic() < deadline, f"the referee did not get there: {current['status']} {current['to_act']}"
        referee.run_due(now=time.time())
        referee.thinker.wait(1.0)
        referee.write_thoughts()


def test_only_a_search_bot_s_turn_is_left_to_the_referee() -> None:
    now = 1000.0
    searching = table_for("pipifax", [{"bot": "search-2"}, {"name": "ada"}], options={"first_player": 0})
    assert searching.slow_bot_turn(now) == 0
    assert searching.next_due() == searching.updated_at, "due at once, for the referee"
    greedy = table_for("pipifax", [{"bot": "greedy"}, {"name": "ada"}], options={"first_player": 0})
    assert greedy.slow_bot_turn(now) is None, "a greedy bot is played in the request"
    waiting = table_for("pipifax", [{"bot": "search-1"}, {"name": "ada"}], options={"first_player": 1})
    assert waiting.slow_bot_turn(now) is None, "not the bot's turn"
    with pytest.raises(ArenaError) as refused:
        waiting.bot_step(0, {"type": "pipifax.flip", "position": 0}, now)
    assert refused.value.code == "match/moved_on"
    decided = choose_action(searching.match, 0, "search-2", memory=searching.memories[0])
    step = searching.bot_step(0, decided, now)
    assert step.entry["seat"] == 0 and step.entry["action"] == decided.to_json()
    assert step.table.version == 1
    resigned = table_for("taiga", [{"name": "ada"}, {"name": "bob"}, {"name": "cy"}], options={"first_player": 0})
    stand_in = resigned.resign(0, now).table
    assert stand_in.slow_bot_turn(now) is None, "the stand-in for a seat that left is the random bot"


def test_a_request_leaves_a_search_bot_s_turn_to_the_referee(client: FlaskClient, thinker: Thinker) -> None:
    seats = [{"bot": "search-1"}, {"name": "ada"}]
    created = create(
        client, {"game": "pipifax", "players": 2, "seed": 3, "options": {"first_player": 0}, "seats": seats}
    )
    match = created["match"]
    assert match["version"] == 0 and match["to_act"] == [0], "the request played the search bot's turn"
    match_id = match["match_id"]
    ctx = context_of(client)
    store = ctx.store
    stored = Table.from_record(match_id, store.load(match_id))
    assert stored.slow_bot_turn(time.time()) == 0
    assert stored.next_due() is not None, "the match is due for the referee"
    referee = Referee(ctx, thinker=thinker)
    after = referee_plays(client, match_id, referee, lambda m: m["to_act"] != [0] or m["status"] != "active")
    # The bot's decision is the one search-1 makes from the match and its memory, as any bot's is.
    truth = engine.new_match("pipifax", 2, {"first_player": 0}, seed=3)
    expected = choose_action(truth[0], 0, "search-1", memory=recall("pipifax", 0, truth[1]))
    log = get_json(client, f"/matches/{match_id}/events?after=0")
    assert log["actions"][0]["seat"] == 0
    assert log["actions"][0]["action"] == expected.to_json()
    assert after["version"] >= 1


def test_a_player_s_move_leaves_the_search_bot_s_reply_to_the_referee(client: FlaskClient, thinker: Thinker) -> None:
    seats = [{"name": "ada"}, {"bot": "search-1"}]
    created = create(client, {"game": "taiga", "players": 2, "seed": 5, "options": {"first_player": 0}, "seats": seats})
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    legal = get_json(client, f"/matches/{match_id}/legal-actions", auth(token))
    moved = client.post(
        f"/matches/{match_id}/actions",
        json=legal["actions"][0],
        headers={**auth(token), "If-Match": str(created["match"]["version"])},
    )
    assert moved.status_code == 200, moved.get_data(as_text=True)[:500]
    while (current := get_json(client, f"/matches/{match_id}"))["to_act"] == [0]:  # a find: Ada flips again
        legal = get_json(client, f"/matches/{match_id}/legal-actions", auth(token))
        pass_or_flip = legal["actions"][-1]
        headers = {**auth(token), "If-Match": str(current["version"])}
        assert client.post(f"/matches/{match_id}/actions", json=pass_or_flip, headers=headers).status_code == 200
    current = get_json(client, f"/matches/{match_id}")
    if current["status"] == "active":
        assert current["to_act"] == [1]
        version = current["version"]
        referee = Referee(context_of(client), thinker=thinker)
        after = referee_plays(client, match_id, referee, lambda m: m["version"] > version)
        assert after["version"] > version


#: Every game and mode; each is played by search-1 against greedy, and one mode per game by the higher levels.
GAME_MODES = [
    ("pipifax", {}),
    ("pipifax", {"variant": "wild"}),
    ("taiga", {}),
    ("girafferaffe", {"mode": "standard"}),
    ("girafferaffe", {"mode": "rounds"}),
    ("girafferaffe", {"mode": "solo"}),
    ("pili-pili", {"missions": "none"}),
    ("pili-pili", {"missions": "standard"}),
    ("pili-pili", {"missions": "expert"}),
]
LEVEL_CASES = [
    *(("search-1", game, options) for game, options in GAME_MODES),
    *(("search-2", game, {}) for game in ("pipifax", "taiga", "girafferaffe", "pili-pili")),
    *(("search-3", game, {}) for game in ("pipifax", "taiga", "girafferaffe", "pili-pili")),
]


@pytest.mark.timeout(600)  # search-3's longest match (Pili Pili) costs about 5 s of CPU; a busy machine is slow
@pytest.mark.parametrize(("level", "game", "options"), LEVEL_CASES, ids=str)
def test_every_search_level_plays_whole_matches_of_every_game_and_mode(
    client: FlaskClient, thinker: Thinker, level: str, game: str, options: dict[str, Any]
) -> None:
    solo = options.get("mode") == "solo"
    seats = [{"bot": level}] if solo else [{"bot": level}, {"bot": "greedy"}]
    created = create(client, {"game": game, "players": len(seats), "seed": 11, "options": options, "seats": seats})
    match_id = created["match"]["match_id"]
    referee = Referee(context_of(client), thinker=thinker)
    final = referee_plays(client, match_id, referee, lambda m: m["status"] != "active")
    assert final["status"] == "finished"
    assert final["result"] is not None
    actions = get_json(client, f"/matches/{match_id}/events?after=0&limit=1000")["actions"]
    assert any(entry["seat"] == 0 for entry in actions), "the search bot played"


def test_the_thinker_starts_afresh_when_a_thinker_process_dies() -> None:
    table = table_for("pipifax", [{"bot": "search-1"}, {"name": "ada"}], options={"first_player": 0})
    expected = choose_action(table.match, 0, "search-1", memory=table.memories[0]).to_json()
    thinker = Thinker(1, niceness=0)
    try:
        before = {process.pid for process in multiprocessing.active_children()}
        thinker.submit(table, 0)
        started = [process.pid for process in multiprocessing.active_children() if process.pid not in before]
        assert started, "the thinker started a process"
        for pid in started:
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
        lost = thoughts_of(thinker)
        assert lost.action is None and isinstance(lost.error, BrokenProcessPool)
        thinker.submit(table, 0)
        assert thoughts_of(thinker).action == expected
    finally:
        thinker.close()


def thoughts_of(thinker: Thinker) -> Thought:
    """The one decision under way, once it is done."""
    deadline = time.monotonic() + PATIENCE
    while thinker.busy:
        assert time.monotonic() < deadline, "the thinker never answered"
        thinker.wait(1.0)
        if found := thinker.done():
            assert isinstance(found[0], Thought)
            return found[0]
    raise AssertionError("no decision was under way")


def test_the_thinker_s_decision_is_the_bot_s_own() -> None:
    match, events = engine.new_match("pili-pili", 3, {"missions": "expert"}, seed=8)
    seat = match.to_act[0]
    memory = recall("pili-pili", seat, events)
    expected = choose_action(match, seat, "search-1", memory=memory).to_json()
    assert decide(match.to_json(), seat, "search-1", dict(memory)) == expected


def test_there_is_a_thinker_per_core_unless_arena_thinkers_says_otherwise() -> None:
    assert Thinker().processes == available_cores() == max(1, len(os.sched_getaffinity(0)))
    assert Settings.from_environment({}).thinkers == available_cores()
    assert Settings.from_environment({"ARENA_THINKERS": ""}).thinkers == available_cores()
    assert Settings.from_environment({"ARENA_THINKERS": "3"}).thinkers == 3
