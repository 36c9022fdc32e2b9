"""The lobby through the Flask test client on the real Redis: seats, joining, listing, resigning, aborting.

Refused requests are checked twice: the one error shape, and nothing stored (no key under the
test's prefix changed).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from tests.api.helpers import (
    assert_error,
    auth,
    body_of,
    get_json,
    pipifax_miss,
    raw_log,
    stored_match,
    stored_values,
)
from tests.api.lobby_requests import (
    create,
    first_action,
    first_action_or_any,
    join,
    list_all,
    listing,
    match_of,
    resign,
)
from tests.clock import FakeClock

OPEN: dict[str, Any] = {"open": True}
GAMES = ["pipifax", "taiga", "girafferaffe", "pili-pili"]


@pytest.fixture
def keys(settings: Settings) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


# --- creating with seats ---------------------------------------------------------------------------


def test_seats_name_players_bots_and_open_seats_and_only_players_get_tokens(client: FlaskClient) -> None:
    created = create(
        client,
        {
            "game": "pipifax",
            "players": 4,
            "seed": 3,
            "seats": [{"name": "ada"}, {"bot": "greedy"}, {"open": True, "name": "guest"}, OPEN],
        },
    )
    match = created["match"]
    match_id = match["match_id"]
    assert [s["seat"] for s in created["seats"]] == [0]
    assert created["host_token"].startswith(f"{match_id}.host.")
    assert match["status"] == "waiting"
    assert match["to_act"] == []
    assert match["version"] == 0
    assert match["time_control"] is None
    assert [(s["seat"], s["kind"], s["name"], s["bot"], s["state"]) for s in match["seats"]] == [
        (0, "player", "ada", None, "playing"),
        (1, "bot", "greedy", "greedy", "playing"),
        (2, "open", "guest", None, "playing"),
        (3, "open", None, None, "playing"),
    ]
    assert all(s["deadline"] is None for s in match["seats"])
    view = get_json(client, f"/matches/{match_id}/view", auth(created["seats"][0]["token"]))
    assert view["seat"] == 0 and view["status"] == "waiting"


def test_without_seats_every_seat_is_a_player_with_a_token_and_the_match_starts(client: FlaskClient) -> None:
    created = create(client, {"game": "taiga", "players": 3})
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    assert created["match"]["status"] == "active"
    assert [s["kind"] for s in created["match"]["seats"]] == ["player"] * 3
    assert created["host_token"].startswith(f"{created['match']['match_id']}.host.")


def test_a_time_control_gives_the_first_seat_a_deadline(client: FlaskClient) -> None:
    created = create(client, {"game": "taiga", "players": 2, "time_control": {"per_action": 600, "on_timeout": "bot"}})
    match = created["match"]
    assert match["time_control"] == {"per_action": 600.0, "on_timeout": "bot", "first_decision": 30.0}
    seat = match["to_act"][0]
    deadline = match["seats"][seat]["deadline"]
    # Nobody has asked for the match yet: the seat's clock waits up to first_decision for its program.
    assert deadline is not None and 0 < deadline - match["created_at"] <= 30.0 + 600.0 + 1e-6
    assert match["seats"][1 - seat]["deadline"] is None
    defaulted = create(client, {"game": "taiga", "players": 2, "time_control": {"per_action": 60}})
    assert defaulted["match"]["time_control"] == {"per_action": 60.0, "on_timeout": "forfeit", "first_decision": 30.0}


# --- joining ---------------------------------------------------------------------------------------


def test_joining_takes_an_open_seat_whose_token_works(client: FlaskClient) -> None:
    created = create(client, {"game": "pipifax", "players": 2, "seed": 1, "seats": [{"name": "ada"}, OPEN]})
    match_id = created["match"]["match_id"]
    joined = join(client, match_id, name="bea")
    assert joined["seat"] == 1
    assert joined["token"].startswith(f"{match_id}.1.")
    view = get_json(client, f"/matches/{match_id}/view", auth(joined["token"]))
    assert view["seat"] == 1
    match = match_of(client, match_id)
    assert match["status"] == "active"
    assert match["seats"][1]["kind"] == "player" and match["seats"][1]["name"] == "bea"
    assert match["version"] == 1
    assert match["to_act"] == list(stored_match(client, match_id).to_act)

    response = client.post(f"/matches/{match_id}/join", json={})
    assert_error(response, 409, "match/full")


def test_the_match_waits_until_the_last_open_seat_is_taken(client: FlaskClient) -> None:
    created = create(
        client, {"game": "taiga", "players": 3, "seats": [OPEN, {"name": "ada"}, {"open": True, "name": "slot"}]}
    )
    match_id = created["match"]["match_id"]
    first = join(client, match_id)
    assert first["seat"] == 0
    assert match_of(client, match_id)["status"] == "waiting"
    assert match_of(client, match_id)["to_act"] == []
    response = submit_raw(client, match_id, created["seats"][0]["token"], 1)
    assert_error(response, 409, "match/waiting")

    second = join(client, match_id)
    assert second["seat"] == 2
    match = match_of(client, match_id)
    assert match["status"] == "active"
    assert match["version"] == 2
    assert match["seats"][2]["name"] == "slot"  # an open seat's label is the joiner's default name
    events = get_json(client, f"/matches/{match_id}/events?after=0")["events"]
    assert [(e["version"], e["kind"]) for e in events] == [(1, "joined"), (2, "joined"), (2, "started")]
    assert events[0]["data"] == {"seat": 0, "name": None}
    assert events[1]["data"] == {"seat": 2, "name": "slot"}


def submit_raw(client: FlaskClient, match_id: str, token: str, version: int) -> Any:
    """Submit an action shaped for the match's game (refusals come before legality is checked)."""
    game = match_of(client, match_id)["game"]
    return client.post(
        f"/matches/{match_id}/actions",
        json=first_action_or_any(game),
        headers={**auth(token), "If-Match": str(version)},
    )


def test_joining_a_named_or_taken_seat_is_refused(client: FlaskClient, keys: redis.Redis, settings: Settings) -> None:
    created = create(client, {"game": "pipifax", "players": 3, "seats": [{"name": "ada"}, OPEN, OPEN]})
    match_id = created["match"]["match_id"]
    before = stored_values(keys, settings.key_prefix)
    assert_error(client.post(f"/matches/{match_id}/join", json={"seat": 0}), 409, "match/full")
    assert_error(client.post(f"/matches/{match_id}/join", json={"seat": 3}), 422, "request/invalid")
    assert stored_values(keys, settings.key_prefix) == before

    assert join(client, match_id, seat=2)["seat"] == 2
    assert_error(client.post(f"/matches/{match_id}/join", json={"seat": 2}), 409, "match/full")
    assert join(client, match_id)["seat"] == 1
    assert_error(client.post(f"/matches/{match_id}/join", json={}), 409, "match/full")
    assert_error(client.post(f"/matches/{match_id}/join", json={"seat": 1}), 409, "match/full")


def test_joining_an_aborted_match_is_refused_with_match_over(client: FlaskClient) -> None:
    created = create(client, {"game": "pipifax", "players": 2, "seats": [{"name": "ada"}, OPEN]})
    match_id = created["match"]["match_id"]
    response = client.post(f"/matches/{match_id}/abort", headers=auth(created["host_token"]))
    assert response.status_code == 200
    assert_error(client.post(f"/matches/{match_id}/join", json={}), 409, "match/over")
    assert_error(client.post("/matches/nope/join", json={}), 404, "match/not_found")


# --- listing ---------------------------------------------------------------------------------------


def test_the_list_is_newest_first_filters_and_pages_through_every_match_once(client: FlaskClient) -> None:
    ids: list[str] = []
    plan = [
        ("pipifax", [{"name": "a"}, OPEN]),
        ("taiga", None),
        ("pipifax", None),
        ("taiga", [OPEN, {"bot": "random"}]),
        ("girafferaffe", None),
        ("pipifax", [OPEN, OPEN]),
        ("taiga", None),
    ]
    for game, seats in plan:
        body: dict[str, Any] = {"game": game, "players": 2}
        if seats is not None:
            body["seats"] = seats
        ids.append(create(client, body)["match"]["match_id"])
    newest_first = list(reversed(ids))

    everything = listing(client)
    assert [m["match_id"] for m in everything["matches"]] == newest_first
    assert everything["next_cursor"] is None
    created_at = [m["created_at"] for m in everything["matches"]]
    assert created_at == sorted(created_at, reverse=True)
    first = everything["matches"][1]
    assert first["match_id"] == ids[5]
    assert set(first) == {
        "match_id",
        "game",
        "players",
        "status",
        "version",
        "seats",
        "open_seats",
        "created_at",
        "updated_at",
    }
    assert first["open_seats"] == [0, 1] and first["status"] == "waiting"
    assert first["game"] == "pipifax" and first["players"] == 2 and first["version"] == 0
    assert [seat["kind"] for seat in first["seats"]] == ["open", "open"]
    assert everything["matches"][0]["open_seats"] == [] and everything["matches"][0]["status"] == "active"

    def ids_of(query: str) -> list[str]:
        return [m["match_id"] for m in listing(client, query)["matches"]]

    waiting = [newest_first[i] for i in (1, 3, 6)]  # the three created with open seats
    assert ids_of("?game=pipifax") == [i for i, (g, _) in zip(ids, plan, strict=True) if g == "pipifax"][::-1]
    assert ids_of("?status=waiting") == waiting
    assert ids_of("?open=true") == waiting
    assert ids_of("?open=true&game=taiga") == [ids[3]]
    assert ids_of("?status=active&game=taiga") == [ids[6], ids[1]]
    assert ids_of("?status=finished") == []
    assert ids_of("?open=true&status=active") == []

    for limit in (1, 2, 3, 7, 100):
        paged = list_all(client, "", limit)
        assert [m["match_id"] for m in paged] == newest_first, limit
    assert [m["match_id"] for m in list_all(client, "game=taiga", 2)] == [ids[6], ids[3], ids[1]]

    # a match that starts moves from the waiting list to the active one, at its place by creation
    join(client, ids[3])
    assert ids_of("?open=true") == [ids[5], ids[0]]
    assert ids_of("?status=active&game=taiga") == [ids[6], ids[3], ids[1]]


def test_matches_created_at_the_same_instant_are_each_listed_once(settings: Settings) -> None:
    client = create_app(settings, clock=FakeClock(1_700_000_000.25)).test_client()  # stopped: one instant
    ids = {create(client, {"game": "taiga", "players": 2})["match"]["match_id"] for _ in range(9)}
    assert len(ids) == 9
    whole = [m["match_id"] for m in listing(client, "?limit=100")["matches"]]
    assert set(whole) == ids
    for limit in (1, 2, 4, 8, 9):
        paged = [m["match_id"] for m in list_all(client, "", limit)]
        assert paged == whole, limit  # the same order, every match once, however it is paged


@pytest.mark.parametrize(
    "query",
    ["?limit=0", "?limit=101", "?status=paused", "?cursor=nonsense", "?open=maybe", "?limit=x"],
)
def test_a_bad_list_query_is_422(client: FlaskClient, query: str) -> None:
    assert_error(client.get(f"/matches{query}"), 422, "request/invalid")


# --- deadlines without a referee ---------------------------------------------------------------------


def wait_past(deadline: float) -> None:
    """Let the wall clock pass ``deadline`` (the condition is the clock itself)."""
    while time.time() <= deadline + 0.01:
        time.sleep(0.01)


def test_an_action_after_the_deadline_is_too_late_and_the_forfeit_is_applied(client: FlaskClient) -> None:
    created = create(
        client,
        {
            "game": "pipifax",
            "players": 2,
            "time_control": {"per_action": 0.1, "on_timeout": "forfeit", "first_decision": 0},
        },
    )
    match = created["match"]
    match_id = match["match_id"]
    seat = match["to_act"][0]
    deadline = match["seats"][seat]["deadline"]
    wait_past(deadline)
    response = client.post(
        f"/matches/{match_id}/actions",
        json={"type": "pipifax.flip", "position": 0},
        headers={**auth(created["seats"][seat]["token"]), "If-Match": "0"},
    )
    body = assert_error(response, 409, "action/too_late")
    assert body["details"]["deadline"] == deadline
    after = match_of(client, match_id)  # the refusal applied the timeout (no referee runs here)
    assert after["status"] == "finished"
    assert after["version"] == 1
    assert after["seats"][seat]["state"] == "timed_out"
    assert after["result"]["winners"] == [1 - seat]
    events = get_json(client, f"/matches/{match_id}/events?after=0")["events"]
    assert [e["kind"] for e in events] == ["timeout", "ended"]
    assert events[0]["data"] == {"seat": seat, "on_timeout": "forfeit"}


def test_an_action_after_the_deadline_under_bot_lets_the_stand_in_decide(client: FlaskClient) -> None:
    control = {"per_action": 0.1, "on_timeout": "bot", "first_decision": 0}
    created = create(client, {"game": "taiga", "players": 2, "time_control": control})
    match = created["match"]
    match_id = match["match_id"]
    seat = match["to_act"][0]
    wait_past(match["seats"][seat]["deadline"])
    action = first_action(client, match_id, created["seats"][seat]["token"])
    response = client.post(
        f"/matches/{match_id}/actions",
        json=action,
        headers={**auth(created["seats"][seat]["token"]), "If-Match": "0"},
    )
    assert_error(response, 409, "action/too_late")
    after = match_of(client, match_id)
    assert after["version"] >= 1
    assert after["seats"][seat]["state"] == "playing"
    first = raw_log(client, match_id)[1]
    assert first["seat"] == seat and first["action"] is not None
    assert first["events"][0]["kind"] == "timeout"
    assert first["events"][0]["data"] == {"seat": seat, "on_timeout": "bot"}


# --- server bots -----------------------------------------------------------------------------------


def test_the_bot_has_replied_when_the_players_move_is_answered(client: FlaskClient) -> None:
    created = create(
        client, {"game": "pipifax", "players": 2, "seed": 21, "seats": [{"name": "ada"}, {"bot": "greedy"}]}
    )
    match_id = created["match"]["match_id"]
    token = created["seats"][0]["token"]
    assert [s["seat"] for s in created["seats"]] == [0]
    for _ in range(10):
        current = match_of(client, match_id)
        if current["status"] != "active":
            break
        assert current["to_act"] == [0]  # every answer came after the bot's whole turn
        match = stored_match(client, match_id)
        response = client.post(
            f"/matches/{match_id}/actions",
            json={"type": "pipifax.flip", "position": pipifax_miss(match)},
            headers={**auth(token), "If-Match": str(current["version"])},
        )
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        moved = body_of(response)
        assert moved["version"] == current["version"] + 1
        assert moved["to_act"] == [1]  # the miss passed the turn to the bot ...
        after = match_of(client, match_id)
        assert after["version"] > moved["version"]  # ... which had played before the answer came
        assert after["to_act"] == [0] or after["status"] == "finished"
        bot_entries = raw_log(client, match_id)[moved["version"] + 1 :]
        assert bot_entries and all(entry["seat"] == 1 for entry in bot_entries)
    assert match_of(client, match_id)["seats"][1]["kind"] == "bot"


def test_a_bot_only_match_is_played_to_its_end_within_create(client: FlaskClient) -> None:
    created = create(
        client,
        {"game": "girafferaffe", "players": 2, "seed": 1, "seats": [{"bot": "random"}, {"bot": "greedy"}]},
    )
    assert created["seats"] == []
    match_id = created["match"]["match_id"]
    match = match_of(client, match_id)
    assert match["status"] in ("active", "finished")
    assert match["version"] > 0  # the server began playing before it answered


# --- refused requests store nothing ------------------------------------------------------------------


def base(**extra: Any) -> dict[str, Any]:
    return {"game": "pipifax", "players": 2, **extra}


BAD_CREATES = {
    "unknown bot": (base(seats=[{"name": "ada"}, {"bot": "clever"}]), "bot/unknown"),
    "too few seats": (base(seats=[{"name": "ada"}]), "request/invalid"),
    "too many seats": (base(seats=[{"name": "ada"}, OPEN, OPEN]), "request/invalid"),
    "name of 65": (base(seats=[{"name": "a" * 65}, OPEN]), "request/invalid"),
    "empty name": (base(seats=[{"name": ""}, OPEN]), "request/invalid"),
    "control char": (base(seats=[{"name": "ada\x07"}, OPEN]), "request/invalid"),
    "newline in label": (base(seats=[{"name": "ada"}, {"open": True, "name": "a\nb"}]), "request/invalid"),
    "bot and open": (base(seats=[{"name": "ada"}, {"bot": "random", "open": True}]), "request/invalid"),
    "unknown seat field": (base(seats=[{"name": "ada"}, {"token": "x"}]), "request/invalid"),
    "per_action too small": (base(time_control={"per_action": 0.05}), "request/invalid"),
    "per_action too big": (base(time_control={"per_action": 86401}), "request/invalid"),
    "per_action missing": (base(time_control={"on_timeout": "bot"}), "request/invalid"),
    "on_timeout unknown": (base(time_control={"per_action": 5, "on_timeout": "explode"}), "request/invalid"),
    "per_action and base": (base(time_control={"per_action": 5, "base": 60}), "request/invalid"),
    "increment without base": (base(time_control={"per_action": 5, "increment": 1}), "request/invalid"),
    "margin without base": (base(time_control={"per_action": 5, "margin": 1}), "request/invalid"),
    "base too small": (base(time_control={"base": 0.05}), "request/invalid"),
    "base too big": (base(time_control={"base": 86401}), "request/invalid"),
    "increment negative": (base(time_control={"base": 60, "increment": -1}), "request/invalid"),
    "margin negative": (base(time_control={"base": 60, "margin": -0.5}), "request/invalid"),
    "a seat's clock bad": (base(seats=[{"name": "ada", "time_control": {"base": 0}}, OPEN]), "request/invalid"),
    "a bot's seat timed": (
        base(seats=[{"name": "ada"}, {"bot": "random", "time_control": {"per_action": 5}}]),
        "request/invalid",
    ),
    "adjudicate_after 0": (base(adjudicate_after=0), "request/invalid"),
    "adjudicate_after a fraction": (base(adjudicate_after=2.5), "request/invalid"),
    "adjudicate_after too big": (base(adjudicate_after=1_000_001), "request/invalid"),
}


@pytest.mark.parametrize("name", list(BAD_CREATES))
def test_a_bad_create_is_422_and_stores_nothing(
    client: FlaskClient, keys: redis.Redis, settings: Settings, name: str
) -> None:
    existing = create(client, {"game": "taiga", "players": 2})["match"]["match_id"]
    body, code = BAD_CREATES[name]
    before = stored_values(keys, settings.key_prefix)
    listed = listing(client)
    body = assert_error(client.post("/matches", json=body), 422, code)
    if code == "bot/unknown":
        assert body["details"]["allowed"] == ["random", "greedy", "search-1", "search-2", "search-3"]
    assert stored_values(keys, settings.key_prefix) == before
    assert listing(client) == listed
    assert [m["match_id"] for m in listed["matches"]] == [existing]


def test_a_name_of_64_characters_is_fine(client: FlaskClient) -> None:
    created = create(client, base(seats=[{"name": "é" * 64}, {"open": True, "name": "b" * 64}]))
    match_id = created["match"]["match_id"]
    assert created["match"]["seats"][0]["name"] == "é" * 64
    assert join(client, match_id, name="c" * 64)["seat"] == 1
    assert match_of(client, match_id)["seats"][1]["name"] == "c" * 64


@pytest.mark.parametrize(
    "body",
    [{"name": "x" * 65}, {"name": ""}, {"name": "tab\there"}, {"seat": "1"}, {"seat": 1.5}, {"colour": "red"}],
    ids=["65 chars", "empty", "control char", "seat as text", "seat as float", "unknown field"],
)
def test_a_bad_join_is_422_and_stores_nothing(
    client: FlaskClient, keys: redis.Redis, settings: Settings, body: dict[str, Any]
) -> None:
    created = create(client, base(seats=[{"name": "ada"}, OPEN]))
    match_id = created["match"]["match_id"]
    before = stored_values(keys, settings.key_prefix)
    assert_error(client.post(f"/matches/{match_id}/join", json=body), 422, "request/invalid")
    assert stored_values(keys, settings.key_prefix) == before
    assert match_of(client, match_id)["status"] == "waiting"


def test_a_move_by_a_seat_that_left_is_refused_with_seat_out(client: FlaskClient) -> None:
    created = create(client, {"game": "pipifax", "players": 3, "seed": 9})
    match_id = created["match"]["match_id"]
    tokens = [s["token"] for s in created["seats"]]
    leaver = (created["match"]["to_act"][0] + 1) % 3  # not the seat to act
    resign(client, match_id, tokens[leaver])
    current = match_of(client, match_id)
    response = client.post(
        f"/matches/{match_id}/actions",
        json={"type": "pipifax.flip", "position": 0},
        headers={**auth(tokens[leaver]), "If-Match": str(current["version"])},
    )
    assert_error(response, 409, "seat/out")
