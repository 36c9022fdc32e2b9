"""What bot writers get over HTTP: uniform samples, labels, actions in the log as each reader may
see them, refused filter values, ranks and integer scores."""

from __future__ import annotations

import itertools
import random
from typing import Any

from flask.testing import FlaskClient

import engine
from engine.games.pili_pili import mission_card
from tests.api.helpers import (
    Created,
    Json,
    act,
    all_events,
    assert_error,
    auth,
    create_match,
    get_json,
    legal,
    play_random,
    stored_match,
)
from tests.e2e.sse_client import SseEvent, SseParser


def events_page(client: FlaskClient, created: Created, token: str | None = None) -> Json:
    path = "seat-events" if token else "events"
    return get_json(client, f"{created.url}/{path}?after=-1&limit=1000", auth(token) if token else {})


def test_a_sample_is_distinct_legal_and_drawn_again_by_its_seed(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 3, seed=4, options={"first_player": 0})
    truth = stored_match(client, created.match_id)
    total = engine.count_legal_actions(truth, 0)
    assert total > 1000  # a space the old pages could not show whole
    body = legal(client, created, 0, "?sample=50&sample_seed=7")
    assert body["total"] == total
    assert body["sample_seed"] == 7
    assert len(body["actions"]) == 50
    assert len({repr(sorted(a.items())) for a in body["actions"]}) == 50
    for action, text in zip(body["actions"], body["labels"], strict=True):
        engine.validate_action(truth, 0, action)
        assert text == engine.label(truth, action)
    assert legal(client, created, 0, "?sample=50&sample_seed=7") == body
    assert legal(client, created, 0, "?sample=50&sample_seed=8")["actions"] != body["actions"]


def test_a_sample_without_a_seed_names_the_seed_that_draws_it_again(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 2, seed=5, options={"first_player": 0})
    drawn = legal(client, created, 0, "?sample=5")
    assert isinstance(drawn["sample_seed"], int)
    assert legal(client, created, 0, f"?sample=5&sample_seed={drawn['sample_seed']}") == drawn


def test_a_sample_larger_than_the_space_is_the_whole_space(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=3, options={"first_player": 0})
    body = legal(client, created, 0, "?sample=100&sample_seed=1")
    assert body["total"] == 24
    assert sorted(a["position"] for a in body["actions"]) == list(range(24))
    assert legal(client, created, 1, "?sample=10&sample_seed=1")["actions"] == []  # seat 1 may not act


def test_bad_samples_are_refused(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=3, options={"first_player": 0})
    for query in ("?sample=0", "?sample=1001", "?sample=x", "?sample=3&sample_seed=-1"):
        response = client.get(f"{created.url}/legal-actions{query}", headers=created.auth(0))
        assert_error(response, 422, "request/invalid")


def test_an_unknown_filter_value_is_refused_naming_the_allowed_ones(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 2, seed=5, options={"first_player": 0})
    response = client.get(f"{created.url}/legal-actions?filter=tree=bogus", headers=created.auth(0))
    body = assert_error(response, 422, "request/invalid")
    trees = stored_match(client, created.match_id).state["trees"]
    assert body["details"]["allowed"] == trees
    assert legal(client, created, 0, f"?filter=tree={trees[0]}")["total"] > 0


def test_the_log_records_every_action_with_its_label(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=8, options={"first_player": 0})
    played, _ = play_random(client, created, random.Random(2))
    records = events_page(client, created)["actions"]
    assert [(r["version"], r["seat"], r["action"]) for r in records] == [
        (version, step.seat, dict(step.action)) for version, step in enumerate(played, start=1)
    ]
    assert all(isinstance(r["label"], str) and r["label"] for r in records)


def test_a_secret_pass_is_hidden_in_the_log_until_its_receiver_may_know_it(client: FlaskClient) -> None:
    deck = [mission_card("S1", 4, count=1, direction="left")]
    options = {"missions": "standard", "mission_deck": deck, "first_player": 0}
    created = create_match(client, "pili-pili", 3, seed=2, options=options)
    for seat in range(3):
        version = stored_match(client, created.match_id).version
        act(client, created, seat, {"type": "pili-pili.bet", "tricks": 0 if seat < 2 else 1}, version)
    passes = {seat: legal(client, created, seat, "?limit=1")["actions"][0] for seat in range(3)}
    hidden = {"type": "pili-pili.pass", "hidden": True}

    def seen_by(token: str | None) -> Any:
        return [r for r in events_page(client, created, token)["actions"] if r["action"]["type"] == "pili-pili.pass"]

    act(client, created, 0, passes[0], stored_match(client, created.match_id).version)
    assert [r["action"] for r in seen_by(created.tokens[0])] == [passes[0]]  # its own pass
    for reader in (None, created.tokens[1], created.tokens[2]):
        (record,) = seen_by(reader)
        assert record["action"] == hidden
        assert record["label"] is None  # a label would give the cards away
    for seat in (1, 2):
        act(client, created, seat, passes[seat], stored_match(client, created.match_id).version)
    assert seen_by(created.tokens[1])[0]["action"] == passes[0]  # seat 0 passed to its left: seat 1
    assert seen_by(created.tokens[2])[0]["action"] == hidden
    assert seen_by(None)[0]["action"] == hidden
    assert all(e["kind"] != "pili-pili.pass" for e in all_events(client, created.match_id))


def test_results_have_ranks_and_integer_scores(client: FlaskClient) -> None:
    created = create_match(client, "pili-pili", 3, seed=6, options={"first_player": 0})
    _, final = play_random(client, created, random.Random(6))
    result = final["result"]
    assert all(isinstance(score, int) for score in result["scores"])
    fewest = min(result["scores"])
    assert result["winners"] == [s for s, score in enumerate(result["scores"]) if score == fewest]
    for seat, rank in enumerate(result["ranks"]):
        assert rank == 1 + sum(1 for other in result["scores"] if other < result["scores"][seat])
    games = {g["id"]: g["score_order"] for g in get_json(client, "/games")["games"]}
    assert games == {"pipifax": None, "taiga": "higher", "girafferaffe": None, "pili-pili": "lower"}


def test_a_turn_with_more_actions_than_asked_for_carries_a_uniform_sample(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 3, seed=4, options={"first_player": 0})
    truth = stored_match(client, created.match_id)
    response = client.get(f"{created.url}/seat-stream?legal_limit=40", headers=created.auth(0), buffered=False)
    try:
        parser, events = SseParser(), list[SseEvent]()
        chunks = response.iter_encoded()
        while not events:
            events = parser.feed(next(chunks))
    finally:
        response.close()
    legal_now = events[0].json()["legal_actions"]
    assert legal_now["total"] == engine.count_legal_actions(truth, 0) > 40
    assert len(legal_now["actions"]) == 40
    assert len({repr(sorted(a.items())) for a in legal_now["actions"]}) == 40
    for action in legal_now["actions"]:
        engine.validate_action(truth, 0, action)
    first = [a.to_json() for a in itertools.islice(engine.legal_actions(truth, 0), 40)]
    assert legal_now["actions"] != first  # not the first 40, which all play on one tree
