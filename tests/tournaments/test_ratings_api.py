"""The rating table and the SPRT's answers through HTTP on the real Redis."""

from __future__ import annotations

import csv
import io

import pytest
from flask.testing import FlaskClient

from arena.tournaments.ratings import rating_table
from arena.tournaments.sprt_tally import spare
from arena.tournaments.standings import Outcome
from tests.api.helpers import assert_error, get_json
from tests.tournaments.test_tournament_api import drive
from tests.tournaments.tournament_requests import BOTS, create, schedule

FIELD = [
    {"name": "greedy", "bot": "greedy"},
    {"name": "random", "bot": "random"},
    {"name": "random-2", "bot": "random"},
]


def test_the_rating_table_rates_every_recorded_match(client: FlaskClient) -> None:
    created = create(client, game="pili-pili", entrants=FIELD, games_per_pairing=4, seed=3)
    tournament_id = created["tournament"]["tournament_id"]
    done = drive(client, tournament_id)
    table = get_json(client, f"/tournaments/{tournament_id}/ratings")
    assert table["anchor"] is None and table["prior_draws"] == 2
    assert table["entrants"][0]["entrant"] == 0, "the greedy bot rates best"
    assert sum(line["games"] for line in table["entrants"]) == 2 * done["progress"]["done"]
    assert sum(line["elo"] for line in table["entrants"]) == pytest.approx(0, abs=1e-6)
    # The same table from the schedule's outcomes, computed here.
    rows = [row for row in schedule(client, tournament_id) if row["state"] == "done"]
    outcomes = [
        Outcome(row["index"], tuple(row["entrants"]), tuple(row["ranks"]), (), None, tuple(row["forfeits"]))
        for row in rows
    ]
    expected = rating_table([e["name"] for e in FIELD], outcomes).to_json()
    assert table["entrants"] == [
        {**line, **{key: pytest.approx(line[key], abs=1e-6) for key in ("elo", "low", "high")}}
        for line in expected["entrants"]
    ]
    anchored = get_json(client, f"/tournaments/{tournament_id}/ratings?anchor=1")
    by_entrant = {line["entrant"]: line for line in anchored["entrants"]}
    assert by_entrant[1]["elo"] == 0 and by_entrant[1]["low"] == by_entrant[1]["high"] == 0
    response = client.get(f"/tournaments/{tournament_id}/ratings?format=csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [line["name"] for line in lines] == [line["name"] for line in table["entrants"]]


def test_a_rating_table_before_any_match_rates_everyone_level(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, {"name": "bob"}], start=False)
    table = get_json(client, f"/tournaments/{created['tournament']['tournament_id']}/ratings")
    assert [line["elo"] for line in table["entrants"]] == [0, 0]


@pytest.mark.parametrize("query", ["anchor=2", "anchor=-1", "anchor=x", "anchor=1000", "format=xml"])
def test_a_bad_rating_query_is_refused_with_422(client: FlaskClient, query: str) -> None:
    created = create(client, entrants=BOTS, start=False)
    answer = client.get(f"/tournaments/{created['tournament']['tournament_id']}/ratings?{query}")
    error = assert_error(answer, 422, "request/invalid")
    assert query.split("=", maxsplit=1)[0] in str(error["details"])


def test_the_rating_table_of_no_tournament_is_404(client: FlaskClient) -> None:
    assert_error(client.get("/tournaments/nope/ratings"), 404, "tournament/not_found")


def test_an_sprt_at_its_default_concurrency_throws_few_matches_away_and_notes_its_bias(client: FlaskClient) -> None:
    created = create(
        client,
        game="pili-pili",
        format="gauntlet",
        entrants=BOTS,
        games_per_pairing=100,
        seed=11,
        sprt={"elo0": 0, "elo1": 150},
    )
    tournament_id = created["tournament"]["tournament_id"]
    first = created["tournament"]
    assert first["progress"]["playing"] < 32, "only matches within the window start, not 32"
    assert first["sprt"]["elo_note"] is None and first["sprt"]["waiting"] == 0
    done = drive(client, tournament_id)
    sprt, progress = done["sprt"], done["progress"]
    assert sprt["verdict"] == "H1"
    counted = sprt["wins"] + sprt["draws"] + sprt["losses"]
    assert progress["void"] + progress["done"] - counted <= spare(32), "at most the spare thrown away"
    assert sprt["waiting"] == progress["done"] - counted, "the results in after the verdict wait, never counted"
    assert "biased toward the verdict" in sprt["elo_note"] and "overstate" in sprt["elo_note"]
    curve = get_json(client, f"/tournaments/{tournament_id}/sprt")
    assert curve["elo_note"] == sprt["elo_note"]
    assert len(curve["points"]) == counted + 1
    assert curve["points"][-1]["llr"] == pytest.approx(sprt["llr"])
    done_indexes = sorted(row["index"] for row in schedule(client, tournament_id) if row["state"] == "done")
    assert done_indexes[:counted] == list(range(counted)), "the results counted are the schedule's first ones"
