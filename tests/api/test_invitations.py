"""Seats for friends only: an open seat created with ``"invitation": true`` is taken only with its
invitation, and the public lobby does not list a match whose open seats are all such."""

from __future__ import annotations

import threading
from urllib.parse import parse_qs, urlsplit

import orjson
from flask.testing import FlaskClient

from arena.tokens import digest
from tests.api.helpers import Json, assert_error, auth, body_of, context_of, get_json, stored_keys
from tests.api.lobby_requests import create, join, listing, match_of

FRIEND = {"open": True, "invitation": True}


def created_with_friend(client: FlaskClient, *seats: Json) -> Json:
    return create(client, {"game": "taiga", "players": 1 + len(seats), "seats": [{"name": "ann"}, *seats]})


def test_a_seat_for_a_friend_comes_with_its_invitation_and_a_link_that_holds_it_in_its_fragment(
    client: FlaskClient,
) -> None:
    created = created_with_friend(client, FRIEND)
    match_id = created["match"]["match_id"]
    [invited] = created["invitations"]
    assert invited["seat"] == 1 and len(invited["invitation"]) >= 32
    link = urlsplit(invited["link"])
    assert link.path == "/play/join.html"
    assert parse_qs(link.query) == {"match": [match_id], "seat": ["1"]}
    assert parse_qs(link.fragment) == {"invitation": [invited["invitation"]]}  # a fragment: never sent to a server
    seats = match_of(client, match_id)["seats"]
    assert [(s["kind"], s["invitation"]) for s in seats] == [("player", False), ("open", True)]
    stored = orjson.dumps(context_of(client).store.load(match_id))
    assert invited["invitation"].encode() not in stored, "only the invitation's digest is kept"
    assert digest(invited["invitation"]).encode() in stored


def test_an_open_seat_for_anyone_has_no_invitation(client: FlaskClient) -> None:
    created = created_with_friend(client, {"open": True})
    assert created["invitations"] == []
    assert match_of(client, created["match"]["match_id"])["seats"][1]["invitation"] is False


def test_the_public_lobby_lists_a_match_only_while_a_seat_is_open_to_anyone(client: FlaskClient) -> None:
    friends_only = created_with_friend(client, FRIEND)["match"]["match_id"]
    mixed = created_with_friend(client, FRIEND, {"open": True})["match"]["match_id"]
    public = [m["match_id"] for m in listing(client, "?open=true")["matches"]]
    assert mixed in public and friends_only not in public
    waiting = [m["match_id"] for m in listing(client, "?status=waiting")["matches"]]
    assert {mixed, friends_only} <= set(waiting), "nothing else about open seats changes"
    summary = next(m for m in listing(client, "?status=waiting")["matches"] if m["match_id"] == friends_only)
    assert summary["seats"][1]["invitation"] is True


def test_joining_without_the_invitation_or_with_another_is_403_and_stores_nothing(client: FlaskClient) -> None:
    created = created_with_friend(client, FRIEND)
    match_id = created["match"]["match_id"]
    other = created_with_friend(client, FRIEND)["invitations"][0]["invitation"]
    before = sorted(stored_keys(client))
    version = match_of(client, match_id)["version"]
    for body in [{}, {"seat": 1}, {"invitation": other}, {"seat": 1, "invitation": other}, {"name": "eve"}]:
        refused = assert_error(client.post(f"/matches/{match_id}/join", json=body), 403, "auth/invalid_invitation")
        assert "invit" in refused["message"]
    assert match_of(client, match_id)["version"] == version
    assert sorted(stored_keys(client)) == before


def test_the_invitation_takes_its_seat_named_or_not(client: FlaskClient) -> None:
    for named in (True, False):
        created = created_with_friend(client, FRIEND)
        match_id, invited = created["match"]["match_id"], created["invitations"][0]
        body: Json = {"name": "bea", "invitation": invited["invitation"]}
        if named:
            body["seat"] = 1
        joined = join(client, match_id, **body)
        assert joined["seat"] == 1
        match = match_of(client, match_id)
        assert match["status"] == "active"
        assert match["seats"][1]["name"] == "bea" and match["seats"][1]["invitation"] is False
        view = get_json(client, f"/matches/{match_id}/view", headers=auth(joined["token"]))
        assert view["seat"] == 1
        # the seat is taken: the same invitation again finds no seat
        again = client.post(f"/matches/{match_id}/join", json={"invitation": invited["invitation"]})
        assert_error(again, 409, "match/over" if match["status"] != "active" else "match/full")


def test_a_join_without_an_invitation_takes_the_seat_open_to_anyone(client: FlaskClient) -> None:
    created = created_with_friend(client, FRIEND, {"open": True})
    match_id = created["match"]["match_id"]
    assert join(client, match_id, name="cy")["seat"] == 2
    assert_error(client.post(f"/matches/{match_id}/join", json={"name": "eve"}), 403, "auth/invalid_invitation")
    assert join(client, match_id, invitation=created["invitations"][0]["invitation"])["seat"] == 1


def test_an_invitation_on_a_seat_that_is_not_open_is_422_and_stores_nothing(client: FlaskClient) -> None:
    before = sorted(stored_keys(client))
    for seat in [{"name": "bea", "invitation": True}, {"bot": "greedy", "invitation": True}, {"invitation": True}]:
        body = {"game": "taiga", "players": 2, "seats": [{"name": "ann"}, seat]}
        refused = assert_error(client.post("/matches", json=body), 422, "request/invalid")
        assert "invitation" in orjson.dumps(refused["details"]).decode()
    assert sorted(stored_keys(client)) == before


def test_racing_joins_with_the_one_invitation_take_the_seat_once(client: FlaskClient) -> None:
    created = created_with_friend(client, FRIEND)
    match_id, invitation = created["match"]["match_id"], created["invitations"][0]["invitation"]
    statuses: list[int] = []
    start = threading.Barrier(4)

    def race() -> None:
        start.wait()
        statuses.append(client.post(f"/matches/{match_id}/join", json={"invitation": invitation}).status_code)

    threads = [threading.Thread(target=race) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409, 409, 409]
    assert body_of(client.get(f"/matches/{match_id}"))["seats"][1]["kind"] == "player"
