"""Private information over HTTP, for the games that have it: hands, secret commitments, timed looks."""

from __future__ import annotations

import time
from typing import Any

from flask.testing import FlaskClient

from engine.games.girafferaffe import readable_state
from engine.games.pili_pili import state_from_deal
from engine.games.pili_pili.missions import mission_card
from tests.api.helpers import (
    Created,
    Json,
    act,
    assert_error,
    auth,
    create_match,
    get_json,
    legal,
    public,
    rewrite_state,
    seat_view,
    stored_match,
)


def values_in(document: Any) -> set[Any]:
    """Every scalar anywhere in a JSON document."""
    if isinstance(document, dict):
        return set().union(*(values_in(v) for v in document.values())) if document else set()
    if isinstance(document, list):
        return set().union(*(values_in(v) for v in document)) if document else set()
    return {document}


def test_girafferaffe_hands_reach_only_their_owners(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 3, seed=17, options={"mode": "standard", "first_player": 0})
    truth = readable_state(stored_match(client, created.match_id).state)  # every card by name
    for seat in range(3):
        hands = seat_view(client, created, seat)["view"]["hands"]
        assert sorted(hands[seat]) == sorted(truth["hands"][seat])
        assert [h is None for h in hands] == [s != seat for s in range(3)]
        mine = get_json(client, f"{created.url}/seat-events", auth(created.tokens[seat]))["events"]
        dealt = [e for e in mine if e["kind"] == "hand_dealt"]
        assert [e["data"]["seat"] for e in dealt] == [seat]
    assert public(client, created)["view"]["hands"] == [None, None, None]
    public_log = get_json(client, f"{created.url}/events")["events"]
    assert all(e["kind"] != "hand_dealt" for e in public_log)
    listed = legal(client, created, 0, "?limit=1000")["actions"]
    played = {card for action in listed for card in action.get("cards", [])}
    assert played and played <= set(truth["hands"][0])  # legal actions name only the seat's own cards


def s9_table(client: FlaskClient) -> tuple[Created, list[list[int]]]:
    """A 3-player Pili Pili match whose stored state is a fixed S9 deal, betting done."""
    created = create_match(client, "pili-pili", 3, seed=5, options={"missions": "standard", "first_player": 0})
    hands = [[11, 42], [23, 7], [35, 50]]
    rewrite_state(client, created.match_id, state_from_deal(hands, mission=mission_card("S9", 2)))
    version = 0
    for seat, bet in ((0, 0), (1, 0), (2, 1)):
        version = act(client, created, seat, {"type": "pili-pili.bet", "tricks": bet}, version)["version"]
    return created, hands


def test_pili_pili_secret_commitments_stay_secret_until_everyone_has_committed(client: FlaskClient) -> None:
    created, hands = s9_table(client)
    assert public(client, created)["to_act"] == [0, 1, 2]
    after = act(client, created, 0, {"type": "pili-pili.play", "card": 42}, 3)
    assert after["view"]["my_choice"][0] == 42  # the seat sees its own commitment
    assert 42 not in values_in(after["events"])

    for seat in (1, 2):
        seen = seat_view(client, created, seat)
        assert seen["view"]["seats"][0]["committed"] is True
        assert seen["view"]["my_choice"] is None
        assert 42 not in values_in(seen["view"])
        assert 42 not in values_in(get_json(client, f"{created.url}/seat-events", auth(created.tokens[seat])))
    assert 42 not in values_in(public(client, created)["view"])
    assert 42 not in values_in(get_json(client, f"{created.url}/events"))

    version = act(client, created, 1, {"type": "pili-pili.play", "card": 7}, 4)["version"]
    last = act(client, created, 2, {"type": "pili-pili.play", "card": 50}, version)
    revealed = [e for e in get_json(client, f"{created.url}/events?after=4")["events"] if e["visible_to"] is None]
    assert {42, 7, 50} <= values_in(revealed)  # once all have committed, the trick is public
    assert last["version"] == 6 and hands[2][1] == 50


def test_pili_pili_three_second_look_follows_the_server_clock(client: FlaskClient) -> None:
    created = create_match(client, "pili-pili", 2, seed=9, options={"missions": "expert", "first_player": 0})
    e2 = mission_card("E2", 2)
    rewrite_state(client, created.match_id, state_from_deal([[4, 40], [9, 30]], mission=e2, dealt_at=time.time()))
    assert seat_view(client, created, 0)["view"]["seats"][0]["hand"] == [4, 40]  # within 3 s of the deal
    rewrite_state(client, created.match_id, state_from_deal([[4, 40], [9, 30]], mission=e2, dealt_at=time.time() - 10))
    assert seat_view(client, created, 0)["view"]["seats"][0]["hand"] == [None, None]  # looked away since
    assert seat_view(client, created, 1)["view"]["seats"][0]["hand"] == [None, None]  # never another's


def test_a_mission_deck_with_a_non_text_effect_is_a_422_not_a_500(client: FlaskClient) -> None:
    deck: list[Json] = [{"effect": ["S1"], "deal": 3}]
    request = {"game": "pili-pili", "players": 2, "options": {"missions": "standard", "mission_deck": deck}}
    body = assert_error(client.post("/matches", json=request), 422, "match/invalid_options")
    assert "unknown effect" in body["message"]


def test_what_one_seat_sees_is_marked_private_to_caches(client: FlaskClient) -> None:
    created = create_match(client, "girafferaffe", 2, seed=3, options={"mode": "standard", "first_player": 0})
    for path in ("view", "legal-actions", "seat-events"):
        response = client.get(f"{created.url}/{path}", headers=auth(created.tokens[0]))
        assert response.headers["Cache-Control"] == "private, no-store"
        assert "Authorization" in response.headers["Vary"]
    assert "Cache-Control" not in client.get(created.url).headers  # the public match may be cached
    created_response = client.post("/matches", json={"game": "pipifax", "players": 2})
    assert created_response.headers["Cache-Control"] == "private, no-store"  # it carries the seat tokens
