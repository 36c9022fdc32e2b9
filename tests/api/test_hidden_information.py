"""Hidden information through the API: no view or public event shows what its reader may not see (G4).

Pipifax hides the animals of face-down cards; Taiga hides the down side of every disc and the
order of the draw pile. The seed stays secret until the match is over (G3). Two kinds of check:
the served documents leave the hidden fields empty, and rewriting the hidden parts of the stored
state changes nothing that is served.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import (
    Created,
    Json,
    act,
    all_events,
    body_of,
    create_match,
    legal,
    pipifax_hit,
    pipifax_miss,
    public,
    raw_log,
    rewrite_state,
    seat_view,
    stored_match,
    submit,
    walk,
    win_pipifax,
)


def every_view(client: FlaskClient, created: Created) -> list[Json]:
    """The public match and each seat's view."""
    return [public(client, created)] + [seat_view(client, created, s) for s in range(len(created.tokens))]


def everything_served(client: FlaskClient, created: Created) -> Json:
    """Every document a reader can get about the match now."""
    return {
        "views": every_view(client, created),
        "legal": [legal(client, created, s) for s in range(len(created.tokens))],
        "events": all_events(client, created.match_id),
        "seat_events": [all_events(client, created.match_id, t) for t in created.tokens],
    }


def check_pipifax_cards(client: FlaskClient, created: Created) -> None:
    truth = stored_match(client, created.match_id).state
    for body in every_view(client, created):
        view = body["view"]
        assert view["flipped"] == truth["flipped"]
        assert len(view["cards"]) == 24
        for position, card in enumerate(view["cards"]):
            assert set(card) == {"position", "colour", "face_up", "animal"}
            assert card["position"] == position
            assert card["colour"] == truth["colours"][position]  # back colours are public (P2)
            assert card["face_up"] == (position in truth["flipped"])
            assert card["animal"] == (truth["animals"][position] if card["face_up"] else None)
        assert not {key for key, _ in walk(without_seats(body))} & {"animals", "colours", "state", "seat_digests"}
        assert all("digest" not in seat for seat in body["seats"])


def test_pipifax_views_show_only_face_up_animals(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 3, seed=55, options={"first_player": 0})
    check_pipifax_cards(client, created)
    hit = pipifax_hit(stored_match(client, created.match_id))
    act(client, created, 0, {"type": "pipifax.flip", "position": hit}, 0)
    check_pipifax_cards(client, created)
    assert public(client, created)["view"]["cards"][hit]["animal"] is not None
    miss = pipifax_miss(stored_match(client, created.match_id))
    act(client, created, 0, {"type": "pipifax.flip", "position": miss}, 1)
    check_pipifax_cards(client, created)  # the miss turned both cards face down again (P3)
    assert public(client, created)["view"]["cards"][hit]["animal"] is None
    assert public(client, created)["view"]["cards"][miss]["animal"] is None


def test_pipifax_served_documents_do_not_depend_on_face_down_animals(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 3, seed=56, options={"first_player": 1})
    hit = pipifax_hit(stored_match(client, created.match_id))
    act(client, created, 1, {"type": "pipifax.flip", "position": hit}, 0)
    before = everything_served(client, created)
    state = stored_match(client, created.match_id).state
    down = [p for p in range(24) if p not in state["flipped"]]
    animals = list(state["animals"])
    shuffled = [animals[p] for p in down]
    random.Random(1).shuffle(shuffled)
    shuffled = shuffled[1:] + shuffled[:1]
    for position, animal in zip(down, shuffled, strict=True):
        animals[position] = animal
    assert animals != state["animals"]
    rewrite_state(client, created.match_id, {**state, "animals": animals})
    assert everything_served(client, created) == before


def without_seats(body: dict[str, Any]) -> dict[str, Any]:
    """A served match without its ``seats`` list, whose entries have a ``state`` of their own."""
    return {key: value for key, value in body.items() if key != "seats"}


def check_taiga_table(client: FlaskClient, created: Created) -> None:
    truth = stored_match(client, created.match_id).state
    for body in every_view(client, created):
        view = body["view"]
        assert [disc["up"] for disc in view["discs"]] == truth["up"]
        assert all(disc["down"] is None for disc in view["discs"])
        assert view["draw_pile"] is None
        assert view["cards_left"] == len(truth["pile"])
        assert not {key for key, _ in walk(without_seats(body))} & {"pile", "state", "seat_digests"}
        assert all("digest" not in seat for seat in body["seats"])
        served = json.dumps(body)
        assert json.dumps(truth["pile"]) not in served
        assert json.dumps(truth["down"]) not in served


def test_taiga_views_hide_down_sides_and_the_draw_pile(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=31, options={"first_player": 0})
    check_taiga_table(client, created)
    rng = random.Random(31)
    current = created.match
    for _ in range(15):
        seat = current["to_act"][0]
        listed = legal(client, created, seat)
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
        check_taiga_table(client, created)


def test_taiga_served_documents_do_not_depend_on_down_sides_or_pile_order(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 4, seed=32, options={"first_player": 2})
    act(client, created, 2, {"type": "taiga.flip", "disc": 5}, 0)
    before = everything_served(client, created)
    state = stored_match(client, created.match_id).state
    down = state["down"][1:] + state["down"][:1]
    pile = list(reversed(state["pile"]))
    assert down != state["down"] and pile != state["pile"]
    rewrite_state(client, created.match_id, {**state, "down": down, "pile": pile})
    assert everything_served(client, created) == before


def test_public_events_show_only_what_the_table_saw(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=57, options={"first_player": 0})
    setup = stored_match(client, created.match_id).state
    rng = random.Random(57)
    current = created.match
    for _ in range(12):
        seat = current["to_act"][0]
        listed = legal(client, created, seat)
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
    events = all_events(client, created.match_id)
    assert all(e["visible_to"] is None for e in events)
    assert events[0] == {
        "version": 0,
        "kind": "die_rolled",
        "data": {"seat": 0, "animal": setup["die"]},
        "visible_to": None,
    }
    flipped_by_action = {(e["version"], e["action"]["position"]) for e in raw_log(client, created.match_id)[1:]}
    revealed = {
        (e["version"], e["data"]["position"]) for e in events if "animal" in e["data"] and "position" in e["data"]
    }
    assert revealed == flipped_by_action  # an animal is only ever told for the card just flipped
    for event in events:
        if event["kind"] == "card_flipped":
            assert event["data"]["animal"] == setup["animals"][event["data"]["position"]]


def test_taiga_public_events_never_tell_a_down_side_or_the_pile(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=33, options={"first_player": 0})
    rng = random.Random(33)
    current = created.match
    for _ in range(20):
        seat = current["to_act"][0]
        listed = legal(client, created, seat)
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
        truth = stored_match(client, created.match_id).state
        events = all_events(client, created.match_id)
        assert all(e["visible_to"] is None for e in events)
        served = json.dumps(events)
        assert json.dumps(truth["pile"]) not in served
        assert json.dumps(truth["down"]) not in served
        for event in events:
            assert not {key for key, _ in walk(event["data"])} & {"down", "pile", "draw_pile"}
            if event["kind"] == "discs_placed":
                assert set(event["data"]) == {"up"}
            if event["kind"] == "round_started":
                assert set(event["data"]) == {"seat", "animal", "cards_left"}


@pytest.mark.parametrize("game", ["pipifax", "taiga"])
def test_seed_is_secret_until_the_match_is_over_then_revealed(client: FlaskClient, game: str) -> None:
    seed = 8_675_309_123_457
    created = create_match(client, game, 2, seed=seed, options={"first_player": 0})
    texts = [json.dumps(created.body)]
    rng = random.Random(14)
    current = created.match
    while current["status"] == "active":
        assert current["seed"] is None
        if current["version"] % 20 == 0 or game == "pipifax":
            served = everything_served(client, created)
            for body in served["views"]:
                assert body["seed"] is None
            texts.append(json.dumps(served))
        seat = current["to_act"][0]
        if game == "pipifax":
            match = stored_match(client, created.match_id)
            action: dict[str, Any] = {"type": "pipifax.flip", "position": pipifax_hit(match)}
        else:
            action = rng.choice(legal(client, created, seat)["actions"])
        response = submit(client, created, seat, action, str(current["version"]))
        current = body_of(response)
        if current["status"] == "active":
            texts.append(response.get_data(as_text=True))
    assert all(str(seed) not in text for text in texts)
    assert current["seed"] == seed
    assert public(client, created)["seed"] == seed
    for s in range(2):
        assert seat_view(client, created, s)["seed"] == seed


def test_finished_pipifax_reveals_every_card(client: FlaskClient) -> None:
    created = create_match(client, "pipifax", 2, seed=58, options={"first_player": 1})
    win_pipifax(client, created)
    truth = stored_match(client, created.match_id).state
    for body in every_view(client, created):
        assert [card["animal"] for card in body["view"]["cards"]] == truth["animals"]


def test_finished_taiga_reveals_down_sides_and_the_pile(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 2, seed=31, options={"first_player": 0})
    rng = random.Random(31)
    current = created.match
    while current["status"] == "active":
        seat = current["to_act"][0]
        listed = legal(client, created, seat)
        current = act(client, created, seat, rng.choice(listed["actions"]), listed["version"])
    truth = stored_match(client, created.match_id).state
    for body in every_view(client, created):
        assert [disc["down"] for disc in body["view"]["discs"]] == truth["down"]
        assert body["view"]["draw_pile"] == truth["pile"]


def test_no_response_carries_a_seat_token_or_its_digest(client: FlaskClient) -> None:
    created = create_match(client, "taiga", 3, seed=35, options={"first_player": 0})
    act(client, created, 0, {"type": "taiga.flip", "disc": 1}, 0)
    secrets = created.tokens + [hashlib.sha256(t.encode()).hexdigest() for t in created.tokens]
    served = everything_served(client, created)
    text = json.dumps(served)
    assert all(secret not in text for secret in secrets)
    # A seat's own documents do not carry another seat's token either.
    for seat in range(3):
        mine = json.dumps([seat_view(client, created, seat), legal(client, created, seat)])
        assert all(t not in mine for t in created.tokens)
