"""``GET /matches/{id}/record?format=text`` on a real Redis: the record as text a player reads, under the
JSON record's rules (409 before the end, 404 once gone), and 409 ``record/unavailable`` for a record
that no longer replays."""

from __future__ import annotations

import zlib

import orjson
from flask.testing import FlaskClient

from arena.records.codec import decode_record
from arena.records.text import record_text
from tests.api.helpers import assert_error, context_of, create_match, get_json
from tests.api.test_records import finished_with_every_kind_of_step, move, resign


def text_of(client: FlaskClient, match_id: str) -> str:
    answer = client.get(f"/matches/{match_id}/record?format=text")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert answer.headers["Cache-Control"] == "public, max-age=3600"
    return answer.get_data(as_text=True)


def test_a_finished_match_is_told_a_line_per_version(client: FlaskClient) -> None:
    match_id, _ = finished_with_every_kind_of_step(client)
    record = get_json(client, f"/matches/{match_id}/record")
    assert get_json(client, f"/matches/{match_id}/record?format=json") == record, "JSON stays the default"
    text = text_of(client, match_id)
    assert text == record_text(record) and text_of(client, match_id) == text
    header, versions = text[:-1].split("\n\n")
    assert header.splitlines()[:2] == ['[Game "Taiga"]', f'[Match "{match_id}"]']
    assert '[Seat1 "bob: a player, resigned"]' in header and '[Seat2 "random: the server\'s random bot"]' in header
    assert '[TimeControl "per action 3600 s, on timeout bot, first decision 30 s"]' in header, header
    assert (
        '[Result "random wins; ranks: ann 2, bob 2, random 1"]' in header
        and '[Ending "bob resigned, leaving random the only seat playing"]' in header
    )
    lines = versions.splitlines()
    assert [line.split(". ")[0] for line in lines] == [str(version) for version in range(len(record["steps"]))]
    assert lines[1] == "1. bob takes seat 1; every seat is taken: the match starts."
    timed_out = [line for line in lines if "'s time runs out; " in line]
    assert len(timed_out) == 1
    assert lines[-2].endswith("ann resigns; from now on ann's stand-in, the server's random bot, plays for ann.")
    assert lines[-1].endswith("bob resigns; random is the only seat left playing and wins.")


def test_the_text_follows_the_records_rules(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2)
    move(client, created, 2)
    refused = assert_error(client.get(f"{created.url}/record?format=text"), 409, "match/not_over")
    assert refused["details"]["match_status"] == "active"
    assert_error(client.get(f"{created.url}/record?format=pgn"), 422, "request/invalid")
    resign(client, created, 1)
    assert text_of(client, created.match_id).startswith('[Game "Pipifax"]\n')
    assert_error(client.get("/matches/no-such-match/record?format=text"), 404, "match/not_found")


def test_a_kept_record_that_no_longer_replays_is_409_unavailable(client: FlaskClient) -> None:
    """A record kept under other rules (here: a move edited to one the rules refuse) has no text; its JSON is served."""
    match_id, _ = finished_with_every_kind_of_step(client)
    store = context_of(client).store
    record = decode_record(store.record(match_id) or b"")
    action = next(version for version, step in enumerate(record["steps"]) if version and len(step) == 4)
    record["steps"][action][2] = {"type": "taiga.take", "from_seat": 0}
    store.client.set(store.keys.record(match_id), zlib.compress(orjson.dumps(record)))
    assert get_json(client, f"/matches/{match_id}/record")["steps"] == record["steps"]
    assert_error(client.get(f"/matches/{match_id}/record?format=text"), 409, "record/unavailable")
