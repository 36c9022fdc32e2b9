"""A tournament's match records on the real Redis: kept with the tournament, streamed as JSON lines once
it is over, replayed offline to the tournament's own outcomes; sealed while it runs.

The referee's work is done in the test's thread (``tests/tournaments/test_tournament_api.py``'s
``drive``), so each test plays a small tournament of server bots to its end without a live server.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from api.cli import main as arena_cli
from api.store.tournaments import TournamentStore
from arena.records.text import record_text
from arena.records.verify import RecordInvalid, verify_record
from tests.api.helpers import Json, assert_error, auth, get_json, store_of
from tests.tournaments.test_tournament_api import drive
from tests.tournaments.tournament_requests import BOTS, create, schedule, tournament

THREE_BOTS = [*BOTS, {"name": "random-2", "bot": "random"}]


def records(client: FlaskClient, tournament_id: str) -> list[Json]:
    """The tournament's records as its stream gives them, one per line."""
    response = client.get(f"/tournaments/{tournament_id}/records")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/x-ndjson"
    assert response.headers["Cache-Control"] == "public, max-age=3600"
    text = response.get_data(as_text=True)
    assert text.endswith("\n") and "\n\n" not in text, "one JSON value and a newline per line"
    return [json.loads(line) for line in text.splitlines()]


def finished_round_robin(client: FlaskClient) -> tuple[str, Json]:
    created = create(client, entrants=THREE_BOTS, seed=5)
    tournament_id = created["tournament"]["tournament_id"]
    assert_error(client.get(f"/tournaments/{tournament_id}/records"), 409, "record/sealed")
    return tournament_id, drive(client, tournament_id)


def test_a_finished_tournaments_records_replay_to_its_outcomes(client: FlaskClient) -> None:
    tournament_id, done = finished_round_robin(client)
    lines = records(client, tournament_id)
    rows = {row["index"]: row for row in schedule(client, tournament_id)}
    assert sorted(line["tournament"]["index"] for line in lines) == sorted(rows), "every match once"
    points = [0.0] * len(THREE_BOTS)
    for line in lines:
        row = rows[line["tournament"]["index"]]
        assert set(line["tournament"]) == {"tournament_id", "index", "entrants", "forfeits", "points"}
        assert line["text"].startswith('[Game "Girafferaffe"]\n')
        assert line["tournament"]["tournament_id"] == tournament_id
        assert line["match_id"] == row["match_id"] and line["seed"] == row["seed"]
        assert line["tournament"]["entrants"] == row["entrants"], "the entrants by seat"
        assert line["tournament"]["forfeits"] == row["forfeits"]
        verified = verify_record(line)  # the engine's replay, the commitment and the tournament's scoring
        assert verified.status == "finished" and verified.result is not None
        assert verified.result["ranks"] == row["ranks"], "the replayed result is the tournament's outcome"
        for seat, entrant in enumerate(line["tournament"]["entrants"]):
            points[entrant] += line["tournament"]["points"][seat]
    standings = {row["entrant"]: row["points"] for row in done["standings"]["entrants"]}
    assert standings == dict(enumerate(points)), "the lines' points add up to the standings"
    # A line is a record as the match serves it, with the tournament's part and the text added.
    first = lines[0]
    served = get_json(client, f"/matches/{first['match_id']}/record")
    assert {**served, "tournament": first["tournament"], "text": first["text"]} == first
    assert served["tournament"] == {"tournament_id": tournament_id, "index": first["tournament"]["index"]}


def test_each_line_carries_its_match_as_text_naming_the_entrants(client: FlaskClient) -> None:
    tournament_id, _ = finished_round_robin(client)
    for line in records(client, tournament_id):
        text = line.pop("text")
        assert text == record_text(line), "the line's record, told"
        scored = line["tournament"]
        assert f'[Tournament "{tournament_id}, match {scored["index"]}"]' in text
        for seat, entrant in enumerate(scored["entrants"]):
            name = THREE_BOTS[entrant]["name"]
            assert f"[Seat{seat} \"{name}: the server's {THREE_BOTS[entrant]['bot']} bot, entrant {entrant}, " in text
        versions = text.split("\n\n")[1].splitlines()
        assert [told.split(". ")[0] for told in versions] == [str(v) for v in range(len(line["steps"]))]
        own = client.get(f"/matches/{line['match_id']}/record?format=text").get_data(as_text=True)
        assert own.split("\n\n")[1] == text.split("\n\n")[1], "the same versions as the match's own text"


def test_the_records_outlive_the_matches_and_expire_with_the_tournament(client: FlaskClient) -> None:
    tournament_id, _ = finished_round_robin(client)
    before = records(client, tournament_id)
    store = store_of(client)
    tournaments = TournamentStore(store)
    kept = tournaments.key(tournament_id, "records")
    assert kept in tournaments.keys.tournament_keys(tournament_id)
    ttl = store.settings.tournament_ttl * 1000
    assert ttl - 60_000 < store.client.pttl(kept) <= ttl, "the records live as long as the tournament"
    assert store.client.hlen(kept) == len(before)
    for line in before:  # the matches and their own records expire (ARENA_FINISHED_TTL, ARENA_RECORD_TTL)
        match_id = line["match_id"]
        store.client.delete(store.keys.match(match_id), store.keys.log(match_id), store.keys.record(match_id))
        assert client.get(f"/matches/{match_id}/record").status_code == 404
    assert records(client, tournament_id) == before, "the tournament keeps its own copy of every record"
    for key in tournaments.keys.tournament_keys(tournament_id):
        store.client.delete(key)
    assert_error(client.get(f"/tournaments/{tournament_id}/records"), 404, "tournament/not_found")


def test_records_are_sealed_until_the_tournament_is_over_and_an_unknown_one_is_404(client: FlaskClient) -> None:
    opened = create(client, entrants=BOTS, start=False)["tournament"]
    sealed = assert_error(client.get(f"/tournaments/{opened['tournament_id']}/records"), 409, "record/sealed")
    assert sealed["details"] == {"tournament_id": opened["tournament_id"], "tournament_status": "open"}
    assert_error(client.get("/tournaments/no-such-tournament/records"), 404, "tournament/not_found")


def test_a_cancelled_tournament_gives_the_records_of_the_matches_it_scored(client: FlaskClient) -> None:
    """A crash the host reports scores the seat 0 points; the line says so, and the replay agrees."""
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]])
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    row = next(r for r in schedule(client, tournament_id, host) if r["state"] == "playing")
    seat = row["entrants"].index(0)
    get_json(client, f"/matches/{row['match_id']}/view", auth(row["tokens"][str(seat)]))  # the program asked
    reported = client.post(
        f"/tournaments/{tournament_id}/forfeits", json={"index": row["index"], "seat": seat}, headers=auth(host)
    )
    assert reported.status_code == 200, reported.get_json()
    assert_error(client.get(f"/tournaments/{tournament_id}/records"), 409, "record/sealed")
    assert client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(host)).status_code == 200
    assert tournament(client, tournament_id)["status"] == "cancelled"
    lines = records(client, tournament_id)
    assert [line["match_id"] for line in lines] == [row["match_id"]], "only the match it scored"
    scored = lines[0]["tournament"]
    assert scored["forfeits"][seat] == "crash" and scored["points"][seat] == 0.0
    assert scored["points"][1 - seat] == 1.0
    assert lines[0]["seats"][seat]["state"] == "resigned"
    verify_record(lines[0])


def edits(line: Json) -> dict[str, Json]:
    """The line edited in each way the replay must catch."""
    found: dict[str, Json] = {}
    scored = line["tournament"]
    loser = scored["points"].index(min(scored["points"]))
    for name, key, value in (
        ("points", "points", [1.0 - p for p in scored["points"]]),
        (
            "a forfeit it did not make",
            "forfeits",
            ["timeout" if s == loser else f for s, f in enumerate(scored["forfeits"])],
        ),
        ("a seat too few", "entrants", scored["entrants"][:-1]),
        ("one entrant twice", "entrants", [scored["entrants"][0]] * len(scored["entrants"])),
        ("a cause that is none", "forfeits", ["bored", *scored["forfeits"][1:]]),
    ):
        edited = copy.deepcopy(line)
        edited["tournament"][key] = value
        found[name] = edited
    return found


def test_a_line_whose_scoring_differs_from_the_replay_fails(client: FlaskClient) -> None:
    tournament_id, _ = finished_round_robin(client)
    line = next(line for line in records(client, tournament_id) if len(set(line["tournament"]["points"])) > 1)
    for name, edited in edits(line).items():
        with pytest.raises(RecordInvalid):
            verify_record(edited)
            pytest.fail(f"{name} was not caught")


def test_arena_replay_replays_a_file_of_the_records_and_names_a_line_that_fails(
    client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id, _ = finished_round_robin(client)
    lines = records(client, tournament_id)
    file = tmp_path / "records.jsonl"
    file.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    assert arena_cli(["replay", str(file)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(lines) and all(text.startswith("ok   ") for text in printed)
    assert f"tournament {tournament_id} match {lines[0]['tournament']['index']}" in printed[0]
    assert arena_cli(["verify", str(file)]) == 0
    capsys.readouterr()

    edited: list[dict[str, Any]] = copy.deepcopy(lines)
    edited[1]["tournament"]["points"] = [p + 1 for p in edited[1]["tournament"]["points"]]
    file.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in edited))
    assert arena_cli(["replay", str(file)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {edited[1]['match_id']}: the replayed result gives the seats" in out
    assert out.count("ok   ") == len(lines) - 1
