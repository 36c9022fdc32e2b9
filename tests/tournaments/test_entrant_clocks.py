"""A tournament's clocks and adjudication through HTTP on the real Redis: an entrant's own time control over
the tournament's for its seats, ``adjudicate_after`` passed to every match, their records verified, and
bad input refused with nothing stored.

The referee's work is done in the test's thread by the referee's own functions (as in
``test_tournament_api``).
"""

from __future__ import annotations

import random
from typing import Any

import arena_sdk
import pytest
from flask.testing import FlaskClient

from api.usecases.tournaments.director import sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.records.verify import verify_record
from tests.api.helpers import Json, assert_error, context_of, get_json, stored_keys
from tests.tournaments.test_records import records
from tests.tournaments.test_tournament_api import act_at_random
from tests.tournaments.tournament_requests import create, next_match, tournament

FISCHER = {"base": 120, "increment": 5, "margin": 2}
FISCHER_SHOWN = {"base": 120.0, "increment": 5.0, "margin": 2.0, "on_timeout": "forfeit", "first_decision": 30.0}
PER_ACTION_SHOWN = {"per_action": 300.0, "on_timeout": "forfeit", "first_decision": 30.0}


def test_an_entrants_own_clock_times_its_seats_and_every_match_is_adjudicated(client: FlaskClient) -> None:
    created = create(
        client,
        game="taiga",
        entrants=[{"name": "ada", "time_control": FISCHER}, {"name": "bo"}],
        time_control={"per_action": 300},
        adjudicate_after=6,
    )
    tournament_id = created["tournament"]["tournament_id"]
    shown = tournament(client, tournament_id)
    assert shown["adjudicate_after"] == 6 and shown["time_control"] == PER_ACTION_SHOWN
    assert [e["time_control"] for e in shown["entrants"]] == [FISCHER_SHOWN, None]
    tokens = {entrant["name"]: entrant["token"] for entrant in created["entrants"]}
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(200):
        if tournament(client, tournament_id)["status"] == "finished":
            break
        for token in tokens.values():
            found = next_match(client, tournament_id, token)
            if found is None or found.get("done"):
                continue
            match = get_json(client, f"/matches/{found['match_id']}")
            if found["match_id"] not in seen:
                seen.add(found["match_id"])
                by_name = {seat["name"]: seat for seat in match["seats"]}
                assert by_name["ada"]["time_control"] == FISCHER_SHOWN and by_name["ada"]["remaining"] is not None
                assert by_name["bo"]["time_control"] == PER_ACTION_SHOWN and by_name["bo"]["remaining"] is None
                assert match["adjudicate_after"] == 6
            act_at_random(client, found["match_id"], found["seat"], found["token"], rng)
        referee_pass(client)
    assert len(seen) == 2
    lines = records(client, tournament_id)
    assert len(lines) == 2
    for line in lines:
        ending = line["steps"][-1][2]
        assert [event["kind"] for event in ending] == ["adjudicated", "ended"], "6 versions never end a Taiga match"
        assert line["adjudicate_after"] == 6
        verify_record(line)
        arena_sdk.verify(line)


def referee_pass(client: FlaskClient) -> None:
    """The referee's work that is due now (an adjudication is due at once), and the director's sweep."""
    ctx = context_of(client)
    Referee(ctx, thinker=Thinker(0)).run_due()
    sweep(ctx)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"entrants": [{"name": "a", "bot": "random", "time_control": {"per_action": 5}}, {"name": "b"}]}, "entrants"),
        ({"entrants": [{"name": "a", "time_control": {"base": 5, "per_action": 5}}, {"name": "b"}]}, "entrants"),
        ({"entrants": [{"name": "a", "time_control": {"per_action": 5, "margin": 1}}, {"name": "b"}]}, "margin"),
        ({"time_control": {"base": 60, "increment": -1}}, "increment"),
        ({"adjudicate_after": 0}, "adjudicate_after"),
    ],
)
def test_bad_clocks_and_adjudication_are_refused_with_422_and_store_nothing(
    client: FlaskClient, change: Json, field: str
) -> None:
    body: dict[str, Any] = {"game": "taiga", "players_per_match": 2, "format": "round-robin"}
    body |= {"entrants": [{"name": "a"}, {"name": "b"}], **change}
    error = assert_error(client.post("/tournaments", json=body), 422, "request/invalid")
    assert field in str(error["details"]), error
    assert stored_keys(client) == []
