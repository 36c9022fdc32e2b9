"""Hidden information through the API: no view or event shows what its reader may not see (G4).

Pipifax hides the animals of face-down cards; Taiga hides the down side of every disc and the
order of the draw pile; Pili Pili deals each seat a hand that only its owner may see, as private
events. The seed stays secret until the match is over (G3). Three kinds of check: the served
documents leave the hidden fields empty; rewriting the hidden parts of the stored state changes
nothing derived from it (views and legal actions; events come from the log, not the state); and
every way of reading events (pages, long-polls, streams) hides the private events of other seats,
with a proof that each of those checks fails when the filter it guards lets everything through.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import engine
from api.http.extensions import NOTIFIER_KEY
from api.store.notifier import Notifier
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
    play_random,
    public,
    raw_log,
    rewrite_state,
    seat_view,
    stored_match,
    submit,
    walk,
    win_pipifax,
)
from tests.e2e.sse_client import SseEvent, SseParser


def every_view(client: FlaskClient, created: Created) -> list[Json]:
    """The public match and each seat's view."""
    return [public(client, created)] + [seat_view(client, created, s) for s in range(len(created.tokens))]


def everything_served(client: FlaskClient, created: Created) -> Json:
    """Every document a reader can get about the match now."""
    return {
        **derived_from_state(client, created),
        "events": all_events(client, created.match_id),
        "seat_events": [all_events(client, created.match_id, t) for t in created.tokens],
    }


def derived_from_state(client: FlaskClient, created: Created) -> Json:
    """What the server computes from the stored state: views and legal actions (events come from the log).

    Each seat has read its view first: a seat's first read notes that its program asked (``asked``).
    """
    every_view(client, created)
    return {
        "views": every_view(client, created),
        "legal": [legal(client, created, s) for s in range(len(created.tokens))],
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
    before = derived_from_state(client, created)
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
    assert derived_from_state(client, created) == before


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
    before = derived_from_state(client, created)
    state = stored_match(client, created.match_id).state
    down = state["down"][1:] + state["down"][:1]
    pile = list(reversed(state["pile"]))
    assert down != state["down"] and pile != state["pile"]
    rewrite_state(client, created.match_id, {**state, "down": down, "pile": pile})
    assert derived_from_state(client, created) == before


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
    assert events[0] == {  # the log opens with the seed's commitment, then the setup
        "version": 0,
        "kind": "seed_committed",
        "data": {"seed_commitment": created.match["seed_commitment"]},
        "visible_to": None,
    }
    assert events[1] == {
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


# --- Pili Pili: private events on every way of reading events ----------------------------------------

#: A long-poll that is not answered at once waits this long; the tests never reach it.
LONG_WAIT = 30
#: How long a test waits for a long-poll's thread (never reached when all is well).
THREAD_TIMEOUT = 90.0

Reader = int | None
#: One way of reading a match's events: ``(client, match, reader) -> (events, after)``, where the
#: events are those served after version ``after`` (``-1``: all of them).
Surface = Callable[[FlaskClient, Created, Reader], tuple[list[Json], int]]


def check_reader_sees_only_its_events(served: list[Json], reader: Reader, log: list[Json], after: int = -1) -> None:
    """``served`` (events after ``after``, as ``reader`` got them) holds no event hidden from ``reader``.

    ``reader`` is a seat or ``None`` (the public). What is hidden comes from the stored log, not from
    anything served, so a server that drops or rewrites ``visible_to`` is caught too. The served
    events must also be all the reader may see, so an empty answer does not pass.
    """
    entries = [entry for entry in log if entry["version"] > after]
    hidden = [
        (entry["version"], event["kind"], event["data"])
        for entry in entries
        for event in entry["events"]
        if event["visible_to"] is not None and reader not in event["visible_to"]
    ]
    assert hidden, "nothing after this version is hidden from this reader: the check would prove nothing"
    for event in served:
        assert (event["version"], event["kind"], event["data"]) not in hidden, f"leaked to {reader}: {event}"
        assert event["visible_to"] is None or reader in event["visible_to"], f"leaked to {reader}: {event}"
    visible = [
        {"version": entry["version"], **event}
        for entry in entries
        for event in entry["events"]
        if event["visible_to"] is None or reader in event["visible_to"]
    ]
    assert served == visible


def token_of(created: Created, reader: Reader) -> str | None:
    return None if reader is None else created.tokens[reader]


def events_pages(client: FlaskClient, created: Created, reader: Reader) -> tuple[list[Json], int]:
    """``/events`` (the public) or ``/seat-events`` (a seat), page by page."""
    return all_events(client, created.match_id, token_of(created, reader), limit=7), -1


def long_poll_answers(client: FlaskClient, created: Created, reader: Reader) -> tuple[list[Json], int]:
    """The same pages read as long-polls (``wait``): each answers at once, as events after ``after`` exist."""
    path = "events" if reader is None else "seat-events"
    headers = {} if reader is None else created.auth(reader)
    final = public(client, created)["version"]
    events: list[Json] = []
    after = -1
    while after < final:
        response = client.get(f"{created.url}/{path}?after={after}&limit=5&wait={LONG_WAIT}", headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        page = body_of(response)
        events.extend(page["events"])
        assert page["next_after"] > after
        after = page["next_after"]
    return events, -1


def read_stream(client: FlaskClient, url: str, headers: Mapping[str, str]) -> list[SseEvent]:
    """Every item of a finished match's stream, up to and including ``match_over``."""
    response = client.get(url, headers=dict(headers), buffered=False)
    try:
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        parser = SseParser()
        items: list[SseEvent] = []
        chunks = response.iter_encoded()
        while not items or items[-1].type != "match_over":
            items.extend(parser.feed(next(chunks)))
        return items
    finally:
        response.close()


def stream_events(client: FlaskClient, created: Created, reader: Reader) -> tuple[list[Json], int]:
    """The ``event`` items of ``/stream`` (the public) or ``/seat-stream`` (a seat) from the first move on."""
    if reader is None:
        items = read_stream(client, f"{created.url}/stream?after=0", {})
    else:
        items = read_stream(client, f"{created.url}/seat-stream?after=0", created.auth(reader))
    return [item.json() for item in items if item.type == "event"], 0


SURFACES: dict[str, Surface] = {"pages": events_pages, "long-polls": long_poll_answers, "streams": stream_events}
READERS: list[Reader] = [None, 0, 1, 2]


@pytest.fixture
def dealt_thrice(client: FlaskClient) -> Created:
    """A finished 3-player Pili Pili match: several rounds, each dealing every seat a private hand."""
    created = create_match(client, "pili-pili", 3, seed=21)
    play_random(client, created, random.Random(21))
    log = raw_log(client, created.match_id)
    assert sum(e["kind"] == "hand_dealt" for entry in log[1:] for e in entry["events"]) >= 3
    return created


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("reader", READERS, ids=["public", "seat0", "seat1", "seat2"])
def test_pili_pili_hands_reach_only_their_owners_on_every_event_surface(
    client: FlaskClient, dealt_thrice: Created, surface: str, reader: Reader
) -> None:
    served, after = SURFACES[surface](client, dealt_thrice, reader)
    check_reader_sees_only_its_events(served, reader, raw_log(client, dealt_thrice.match_id), after)
    if reader is not None:
        own = [e for e in served if e["kind"] == "hand_dealt"]
        assert own and all(e["data"]["seat"] == reader for e in own)  # the owner does get its hand


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("reader", READERS, ids=["public", "seat0", "seat1", "seat2"])
def test_each_event_check_fails_when_the_visibility_filter_lets_everything_through(
    client: FlaskClient, dealt_thrice: Created, surface: str, reader: Reader, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks above are not vacuous: with the filter removed, the same check finds the leak."""
    monkeypatch.setattr(engine.Event, "is_visible_to", lambda self, seat: True)
    served, after = SURFACES[surface](client, dealt_thrice, reader)
    with pytest.raises(AssertionError, match="leaked"):
        check_reader_sees_only_its_events(served, reader, raw_log(client, dealt_thrice.match_id), after)


def get_in_thread(app: Flask, url: str, headers: dict[str, str]) -> TestResponse:
    """``GET url`` on a test client of its own (a thread must not share one)."""
    return app.test_client().get(url, headers=headers)


def woken_long_polls(app: Flask, client: FlaskClient) -> tuple[Created, list[tuple[Reader, Json]], list[Json]]:
    """Long-polls of the public and every seat, waiting just before a deal, woken by the dealing move.

    Replays a rehearsal match up to the move that deals the second round; returns the match, each
    reader's answer, and the stored log.
    """
    rehearsal = create_match(client, "pili-pili", 3, seed=22)
    play_random(client, rehearsal, random.Random(22))
    log = raw_log(client, rehearsal.match_id)
    dealing = next(e for e in log[1:] if any(event["kind"] == "hand_dealt" for event in e["events"]))
    created = create_match(client, "pili-pili", 3, seed=22)
    for version, entry in enumerate(log[1 : dealing["version"]]):
        act(client, created, entry["seat"], entry["action"], version)
    before = dealing["version"] - 1
    notifier: Notifier = app.extensions[NOTIFIER_KEY]
    with ThreadPoolExecutor(max_workers=len(READERS)) as pool:
        waits: list[tuple[Reader, Future[TestResponse]]] = []
        for reader in READERS:
            path = "events" if reader is None else "seat-events"
            url = f"{created.url}/{path}?after={before}&wait={LONG_WAIT}"
            headers = {} if reader is None else created.auth(reader)
            waits.append((reader, pool.submit(get_in_thread, app, url, headers)))
            deadline = time.monotonic() + THREAD_TIMEOUT
            while notifier.waiting() < len(waits):  # every long-poll waits before the move is made
                assert not waits[-1][1].done(), waits[-1][1].result().get_data(as_text=True)[:500]
                assert time.monotonic() < deadline, "the long-poll never started waiting"
                time.sleep(0.005)
        act(client, created, dealing["seat"], dealing["action"], before)
        answers = []
        for reader, waiting in waits:
            response = waiting.result(timeout=THREAD_TIMEOUT)
            assert response.status_code == 200, response.get_data(as_text=True)[:500]
            answers.append((reader, body_of(response)))
    return created, answers, raw_log(client, created.match_id)


def test_pili_pili_long_polls_woken_by_a_deal_carry_only_the_readers_hand(app: Flask, client: FlaskClient) -> None:
    created, answers, log = woken_long_polls(app, client)
    for reader, page in answers:
        check_reader_sees_only_its_events(page["events"], reader, log, log[-1]["version"] - 1)
        assert {e["version"] for e in page["events"]} == {log[-1]["version"]}
    assert public(client, created)["version"] == log[-1]["version"]


def test_the_woken_long_poll_check_fails_when_the_visibility_filter_lets_everything_through(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine.Event, "is_visible_to", lambda self, seat: True)
    _, answers, log = woken_long_polls(app, client)
    for reader, page in answers:
        with pytest.raises(AssertionError, match="leaked"):
            check_reader_sees_only_its_events(page["events"], reader, log, log[-1]["version"] - 1)
