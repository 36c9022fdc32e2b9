"""Watching bots and a tidy lobby: ``pace_ms`` slows the server's bots; ``updated_within`` leaves out
abandoned matches.

The pace is pure table logic (when a bot is next due), checked without Redis; then through the API
and the referee on the real Redis: a paced bot-only match is not played within ``POST /matches``,
and its versions are at least ``pace_ms`` apart.
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.matches.table import Table
from tests.api.helpers import assert_error, body_of, context_of, get_json, raw_log, stored_keys
from tests.lobby_helpers import table_for

T0 = 1000.0
BOTS: list[dict[str, Any]] = [{"bot": "random"}, {"bot": "greedy"}]


# --- the pure table ---------------------------------------------------------------------------------


def test_a_paced_bot_waits_its_pace_after_the_last_version() -> None:
    table = table_for("taiga", BOTS, now=T0)
    paced = dataclasses.replace(table, pace_ms=800)
    assert paced.next_due() == pytest.approx(T0 + 0.8)
    assert paced.server_step(T0 + 0.79) is None  # not yet
    step = paced.server_step(T0 + 0.8)
    assert step is not None and step.table.version == 1
    after = step.table
    assert after.updated_at == T0 + 0.8
    assert after.next_due() == pytest.approx(T0 + 1.6)  # one version per pace, not more
    assert after.server_step(T0 + 1.0) is None


def test_without_a_pace_bots_are_due_at_once() -> None:
    table = table_for("taiga", BOTS, now=T0)
    assert table.pace_ms is None
    assert table.next_due() == T0
    step = table.server_step(T0)
    assert step is not None and step.table.next_due() == T0


def test_a_paced_table_keeps_its_pace_in_its_record() -> None:
    table = table_for("pipifax", BOTS, now=T0)
    paced = dataclasses.replace(table, pace_ms=250)
    again = Table.from_record(paced.match_id, paced.record())
    assert again.pace_ms == 250 and again.next_due() == paced.next_due()


# --- through the API ----------------------------------------------------------------------------------


def test_a_paced_bot_only_match_waits_for_the_referee_and_shows_its_pace(client: FlaskClient) -> None:
    response = client.post("/matches", json={"game": "taiga", "players": 2, "seats": BOTS, "pace_ms": 300})
    assert response.status_code == 201, response.get_data(as_text=True)
    created = body_of(response)
    assert created["match"]["pace_ms"] == 300
    match_id = created["match"]["match_id"]
    match = get_json(client, f"/matches/{match_id}")
    assert match["version"] == 0 and match["pace_ms"] == 300  # create did not play the bots at once
    ctx = context_of(client)
    referee = Referee(ctx, thinker=Thinker(0))
    for _ in range(3):  # the referee plays one version per pace, each when it is due
        table = load_table(ctx, match_id)
        due = table.next_due()
        assert due is not None and due == pytest.approx(table.updated_at + 0.3)
        referee.run_due(now=due - 0.01)
        assert load_table(ctx, match_id).version == table.version  # claimed nothing before it was due
        while time.time() < due:  # the settling step reads the clock itself
            time.sleep(due - time.time())
        referee.run_due(now=due)
        assert load_table(ctx, match_id).version == table.version + 1
    entries = raw_log(client, match_id)
    gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(entries)]
    assert len(gaps) == 3 and min(gaps) >= 0.3


def test_an_unpaced_match_says_so(client: FlaskClient) -> None:
    created = body_of(client.post("/matches", json={"game": "pipifax", "players": 2}))
    assert created["match"]["pace_ms"] is None


@pytest.mark.parametrize("pace", [-1, 5001, 2.5, "fast", True])
def test_a_bad_pace_is_422_and_stores_nothing(client: FlaskClient, pace: object) -> None:
    before = sorted(stored_keys(client))
    response = client.post("/matches", json={"game": "pipifax", "players": 2, "seats": BOTS, "pace_ms": pace})
    assert_error(response, 422, "request/invalid")
    assert sorted(stored_keys(client)) == before


def test_the_longest_pace_is_accepted(client: FlaskClient) -> None:
    response = client.post("/matches", json={"game": "pipifax", "players": 2, "seats": BOTS, "pace_ms": 5000})
    assert response.status_code == 201
    assert body_of(response)["match"]["pace_ms"] == 5000


# --- the lobby leaves out abandoned matches -------------------------------------------------------------


def test_updated_within_lists_only_matches_that_moved_lately(client: FlaskClient) -> None:
    ctx = context_of(client)
    ids = []
    for _ in range(5):
        created = body_of(client.post("/matches", json={"game": "taiga", "players": 2}))
        ids.append(created["match"]["match_id"])
    # Two of them were last played an hour ago: their last version was written then.
    abandoned = ids[1:3]
    for match_id in abandoned:
        table = load_table(ctx, match_id)
        seat = table.to_act[0]
        commit(ctx, table, table.act(seat, {"type": "taiga.flip", "disc": 0}, time.time() - 3600))
    every = get_json(client, "/matches?status=active&limit=100")["matches"]
    assert set(ids) <= {summary["match_id"] for summary in every}
    recent = get_json(client, "/matches?status=active&limit=100&updated_within=900")["matches"]
    listed = {summary["match_id"] for summary in recent}
    assert set(ids) - set(abandoned) <= listed and not listed & set(abandoned)
    # Paged two at a time, the idle ones are skipped and every recent one comes once.
    seen: list[str] = []
    cursor = None
    for _ in range(100):
        page = get_json(
            client, "/matches?status=active&limit=2&updated_within=900" + (f"&cursor={cursor}" if cursor else "")
        )
        assert len(page["matches"]) <= 2
        seen.extend(summary["match_id"] for summary in page["matches"])
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) and set(ids) - set(abandoned) <= set(seen)
    assert not set(seen) & set(abandoned)


@pytest.mark.parametrize("value", ["0", "-5", "soon", str(31 * 24 * 3600)])
def test_a_bad_updated_within_is_422(client: FlaskClient, value: str) -> None:
    assert_error(client.get(f"/matches?updated_within={value}"), 422, "request/invalid")
