"""Tournaments whose results can be trusted, through HTTP on the real Redis: draws scored 1/2, pause and
resume, presence leases, paged resources at 1,000 entrants, the crosstable and the SPRT's curve, wakes
for one entrant only, and bad input refused with nothing stored.

The referee's work is done in the test's thread by the referee's own functions (as in
``test_tournament_api``).
"""

from __future__ import annotations

import csv
import io
import threading
import time
from typing import Any

import orjson
import pytest
import redis
from flask.testing import FlaskClient

from api.store.tournaments import TournamentStore
from api.usecases.tournaments.director import sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from tests.api.helpers import Json, assert_error, auth, body_of, context_of, get_json, stored_keys
from tests.tournaments.test_tournament_api import drive
from tests.tournaments.tournament_requests import BOTS, create, next_match, schedule, tournament

RANDOMS = [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}]
#: A seed whose Pili Pili round robin of two random bots has a draw (its second match): found offline.
DRAWN_SEED = 6


def points_by_hand(rows: list[Json], entrants: int) -> list[float]:
    """Each entrant's points from the schedule's ranks and forfeits, by the documented rule for 2 players."""
    points = [0.0] * entrants
    for row in rows:
        if row["state"] != "done":
            continue
        for seat, entrant in enumerate(row["entrants"]):
            mine, theirs = row["ranks"][seat], row["ranks"][1 - seat]
            if row["forfeits"][seat] is None:
                points[entrant] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return points


def standings_points(client: FlaskClient, tournament_id: str) -> list[float]:
    rows = get_json(client, f"/tournaments/{tournament_id}/standings?limit=200")["entrants"]
    return [line["points"] for line in sorted(rows, key=lambda line: line["entrant"])]


def test_a_draw_gives_each_seat_half_a_point(client: FlaskClient) -> None:
    created = create(client, game="pili-pili", entrants=RANDOMS, seed=DRAWN_SEED)
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    rows = schedule(client, tournament_id)
    assert any(row["ranks"] == [1, 1] for row in rows), "the seed was chosen for a draw"
    assert standings_points(client, tournament_id) == points_by_hand(rows, 2)
    assert sum(standings_points(client, tournament_id)) == len(rows), "one point per 2-player match, no more"


def test_pause_holds_new_matches_and_resume_starts_them(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]], games_per_pairing=2)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    token = created["entrants"][0]["token"]
    first = next_match(client, tournament_id, token)
    assert_error(client.post(f"/tournaments/{tournament_id}/pause", headers=auth(token)), 403, "auth/not_host")
    paused = client.post(f"/tournaments/{tournament_id}/pause", headers=auth(host))
    assert paused.status_code == 200, paused.get_json()
    assert body_of(paused)["status"] == "paused"
    assert {line["held"] for line in body_of(paused)["standings"]["entrants"]} == {"paused"}
    assert_error(client.post(f"/tournaments/{tournament_id}/pause", headers=auth(host)), 409, "tournament/not_running")
    # The match playing finishes and is recorded; nothing else starts.
    resigned = client.post(f"/matches/{first['match_id']}/resign", headers=auth(first["token"]))
    assert resigned.status_code == 200, resigned.get_json()
    sweep(context_of(client))
    found = tournament(client, tournament_id)
    assert found["status"] == "paused"
    assert found["progress"]["done"] == 1 and found["progress"]["playing"] == 0
    assert next_match(client, tournament_id, token, wait=0.2) is None, "no match starts while paused"
    resumed = client.post(f"/tournaments/{tournament_id}/resume", headers=auth(host))
    assert resumed.status_code == 200, resumed.get_json()
    assert body_of(resumed)["status"] == "running"
    assert_error(client.post(f"/tournaments/{tournament_id}/resume", headers=auth(host)), 409, "tournament/not_paused")
    second = next_match(client, tournament_id, token, wait=5)
    assert second is not None and second["match_id"] != first["match_id"]


def wait_past(moment: float) -> None:
    """Let the wall clock pass ``moment`` (the condition is the clock itself)."""
    while time.time() <= moment + 0.01:
        time.sleep(0.02)


def test_a_lapsed_presence_lease_holds_its_entrants_matches_and_says_why(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, {"name": "bob"}, BOTS[1]], games_per_pairing=1)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    tokens = {e["name"]: e["token"] for e in created["entrants"]}
    held = client.post(
        f"/tournaments/{tournament_id}/presence", json={"entrants": [0], "seconds": 1}, headers=auth(host)
    )
    assert held.status_code == 200, held.get_json()
    until = body_of(held)["until"]
    assert body_of(held)["entrants"] == [0]
    entrants = get_json(client, f"/tournaments/{tournament_id}/entrants")["entrants"]
    assert entrants[0]["lease_until"] == pytest.approx(until) and entrants[1]["lease_until"] is None
    wait_past(until)
    # Ada's match now ends; her next one must wait for her host, bob's go on.
    first = next_match(client, tournament_id, tokens["ada"])
    client.post(f"/matches/{first['match_id']}/resign", headers=auth(first["token"]))
    sweep(context_of(client))
    rows = schedule(client, tournament_id)
    assert not [row for row in rows if row["state"] == "playing" and 0 in row["entrants"]]
    lines = {line["name"]: line for line in tournament(client, tournament_id)["standings"]["entrants"]}
    assert lines["ada"]["held"] == "away" and lines["bob"]["held"] is None
    assert next_match(client, tournament_id, tokens["ada"], wait=0.2) is None
    renewed = client.post(f"/tournaments/{tournament_id}/presence", json={"seconds": 60}, headers=auth(host))
    assert body_of(renewed)["entrants"] == [0, 1], "null: every named entrant"
    assert next_match(client, tournament_id, tokens["ada"], wait=5) is not None, "the renewal let her match start"


def test_a_thousand_entrants_fit_in_a_small_resource_with_pages(client: FlaskClient) -> None:
    names = [f"{i:04d}-" + "x" * 59 for i in range(1000)]  # the longest names there are
    # So many names are past a request body's limit: they join one by one, as entrants may.
    created = create(client, format="swiss", rounds=2, entrants=[], concurrency=4, start=False)
    tournament_id = created["tournament"]["tournament_id"]
    for name in names:
        assert client.post(f"/tournaments/{tournament_id}/entrants", json={"name": name}).status_code == 201
    full = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "one-too-many"})
    assert_error(full, 409, "tournament/full")
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(created["host_token"])).status_code == 200
    response = client.get(f"/tournaments/{tournament_id}")
    assert response.status_code == 200
    assert len(response.get_data()) < 50_000, len(response.get_data())
    body = body_of(response)
    assert body["entrant_count"] == 1000 and len(body["entrants"]) == 50
    assert body["standings"]["total"] == 1000 and len(body["standings"]["entrants"]) == 50
    page = get_json(client, f"/tournaments/{tournament_id}/entrants?offset=990&limit=200")
    assert [e["name"] for e in page["entrants"]] == names[990:]
    standings = get_json(client, f"/tournaments/{tournament_id}/standings?offset=100&limit=200")
    assert len(standings["entrants"]) == 200 and standings["offset"] == 100
    csv_rows = client.get(f"/tournaments/{tournament_id}/standings?format=csv").get_data(as_text=True).splitlines()
    assert len(csv_rows) == 1001
    playing = get_json(client, f"/tournaments/{tournament_id}/matches?state=playing")["matches"]
    assert len(playing) == 4 and {row["state"] for row in playing} == {"playing"}


@pytest.mark.parametrize(
    ("query", "field"),
    [("limit=0", "limit"), ("limit=201", "limit"), ("offset=-1", "offset"), ("limit=x", "limit")],
)
def test_bad_pages_are_refused(client: FlaskClient, query: str, field: str) -> None:
    tournament_id = create(client, entrants=BOTS, start=False)["tournament"]["tournament_id"]
    for path in ("", "/standings", "/entrants"):
        error = assert_error(client.get(f"/tournaments/{tournament_id}{path}?{query}"), 422, "request/invalid")
        assert field in str(error["details"])
    assert_error(client.get(f"/tournaments/{tournament_id}/matches?state=lost"), 422, "request/invalid")


@pytest.mark.parametrize(
    "body",
    [
        {"seconds": 0},
        {"seconds": 3601},
        {"seconds": "soon"},
        {},
        {"seconds": 5, "entrants": [-1]},
        {"seconds": 5, "entrants": [1]},  # a server bot: nobody to be present for it
        {"seconds": 5, "entrants": [7]},  # no such entrant
        {"seconds": 5, "extra": True},
    ],
)
def test_a_bad_presence_lease_is_refused_and_stores_nothing(client: FlaskClient, body: Json) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]], start=False)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    before = sorted(stored_keys(client))
    response = client.post(f"/tournaments/{tournament_id}/presence", json=body, headers=auth(host))
    assert_error(response, 422, "request/invalid")
    assert sorted(stored_keys(client)) == before


def test_the_crosstable_gives_pairwise_scores_and_elo(client: FlaskClient) -> None:
    entrants = [*BOTS, {"name": "random-2", "bot": "random"}]
    created = create(client, game="pili-pili", entrants=entrants, games_per_pairing=3, duplicate=True, seed=4)
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    table = get_json(client, f"/tournaments/{tournament_id}/crosstable")
    assert table["form"] == "pentanomial" and [e["name"] for e in table["entrants"]] == ["greedy", "random", "random-2"]
    assert [(pair["a"], pair["b"]) for pair in table["pairs"]] == [(0, 1), (0, 2), (1, 2)]
    rows = schedule(client, tournament_id)
    for pair in table["pairs"]:
        shared = [row for row in rows if {pair["a"], pair["b"]} == set(row["entrants"])]
        assert pair["matches"] == len(shared) == 6
        ahead = sum(row["ranks"][row["entrants"].index(pair["a"])] == 1 for row in shared)
        level = sum(row["ranks"] == [1, 1] for row in shared)
        assert (pair["a_ahead"] + pair["level"], pair["level"]) == (ahead, level)
        assert pair["a_score"] + pair["b_score"] == 6
        assert sum(pair["pentanomial"]) == 3, "three duplicate deals"
        elo = pair["elo"]
        assert 0 <= elo["los"] <= 1
        if elo["elo"] is not None and elo["low"] is not None and elo["high"] is not None:
            assert elo["low"] <= elo["elo"] <= elo["high"]
    greedy_vs_random = table["pairs"][0]
    assert greedy_vs_random["a_score"] > 3 and greedy_vs_random["elo"]["los"] > 0.5
    text = client.get(f"/tournaments/{tournament_id}/crosstable?format=csv")
    assert text.mimetype == "text/csv"
    lines = list(csv.DictReader(io.StringIO(text.get_data(as_text=True))))
    assert [(line["a_name"], line["b_name"]) for line in lines] == [
        ("greedy", "random"),
        ("greedy", "random-2"),
        ("random", "random-2"),
    ]
    assert_error(client.get(f"/tournaments/{tournament_id}/sprt"), 404, "tournament/no_sprt")


def test_the_sprt_curve_ends_at_the_verdict(client: FlaskClient) -> None:
    created = create(
        client,
        game="pili-pili",
        format="gauntlet",
        entrants=BOTS,
        games_per_pairing=100,
        concurrency=4,
        seed=11,
        sprt={"elo0": 0, "elo1": 150},
    )
    tournament_id = created["tournament"]["tournament_id"]
    done = drive(client, tournament_id)
    curve = get_json(client, f"/tournaments/{tournament_id}/sprt")
    assert curve["verdict"] == done["sprt"]["verdict"] == "H1"
    points = curve["points"]
    assert points[0] == {"matches": 0, "llr": 0.0}
    assert len(points) == done["progress"]["done"] + 1
    assert points[-1]["llr"] == pytest.approx(done["sprt"]["llr"]) and points[-1]["llr"] >= curve["upper_bound"]
    assert all(point["llr"] < curve["upper_bound"] for point in points[:-1]), "it stopped at the first crossing"
    assert curve["unit"] == "match" and curve["lower_bound"] < 0 < curve["upper_bound"]


def test_a_next_waiter_is_woken_for_its_own_entrant_only(client: FlaskClient) -> None:
    """Beside the tournament's own channel (every write, for its webhook), a tournament publishes to a
    named entrant's channel only when that entrant's next match may have changed: its match started,
    ended, or the tournament is over."""
    ctx = context_of(client)
    store = ctx.store
    entrants = [{"name": "ada"}, {"name": "bob"}, *BOTS, {"name": "random-2", "bot": "random"}]
    created = create(client, entrants=entrants, start=False)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    tokens = [e["token"] for e in created["entrants"]]
    listener = redis.Redis.from_url(store.settings.node_url).pubsub(ignore_subscribe_messages=True)
    listener.psubscribe(f"{store.settings.key_prefix}:{{t:{tournament_id}*")
    heard: list[str] = []
    stop = threading.Event()

    def listen() -> None:
        while not stop.is_set():
            message = listener.get_message(timeout=0.1)
            if message is not None:
                heard.append(message["channel"].decode())

    thread = threading.Thread(target=listen)
    thread.start()
    try:
        assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
        referee, _tstore = Referee(ctx, thinker=Thinker(0)), TournamentStore(store)
        for _ in range(2000):
            answers = [next_match(client, tournament_id, token) for token in tokens]
            if all(answer == {"done": True} for answer in answers):
                break
            for answer in answers:
                if answer and "match_id" in answer:
                    client.post(f"/matches/{answer['match_id']}/resign", headers=auth(answer["token"]))
            referee.run_due(now=float("inf"))
            sweep(ctx)
        time.sleep(0.3)  # the listener's last reads (the publications were all made above)
    finally:
        stop.set()
        thread.join(timeout=10)
        listener.close()
    channels = {f"{store.settings.key_prefix}:{{t:{tournament_id}:e{e}}}:notify": e for e in (0, 1)}
    own = f"{store.settings.key_prefix}:{{t:{tournament_id}}}:notify"
    assert own in heard, "the tournament's own channel is published at its writes"
    heard = [channel for channel in heard if channel != own]
    assert heard and set(heard) <= set(channels), "a publication went beyond the named entrants' channels"
    rows = schedule(client, tournament_id)
    for channel, entrant in channels.items():
        theirs = sum(entrant in row["entrants"] for row in rows) + sum(
            len(row["voided"]) for row in rows if entrant in row["entrants"]
        )
        # Per match: its tokens, and its end; then the tournament's end.
        assert heard.count(channel) <= 2 * theirs + 1, (heard.count(channel), theirs)


def test_next_answers_count_as_the_programs_first_request(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]], time_control={"per_action": 5})
    found = next_match(client, created["tournament"]["tournament_id"], created["entrants"][0]["token"])
    match = get_json(client, f"/matches/{found['match_id']}")
    assert match["seats"][found["seat"]]["asked"] is True
    assert match["time_control"]["first_decision"] == 30.0


def test_outcomes_are_stored_once_per_match_in_the_order_they_finished(client: FlaskClient) -> None:
    created = create(client, entrants=[*BOTS, {"name": "random-2", "bot": "random"}])
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    ctx = context_of(client)
    store = ctx.store
    key = TournamentStore(store).key(tournament_id, "outcomes")
    stored: list[dict[str, Any]] = [orjson.loads(item) for item in store.client.lrange(key, 0, -1)]
    assert sorted(item["index"] for item in stored) == list(range(6))


def test_a_match_whose_program_never_asked_waits_for_its_host_to_come_back(client: FlaskClient) -> None:
    """Under a presence lease, a void match is not started again at once (to be voided again while its host is
    away): the entrant's lease ends, and the match is played again once the host renews it."""
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]])
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    client.post(f"/tournaments/{tournament_id}/presence", json={"seconds": 600}, headers=auth(host))
    row = next(r for r in schedule(client, tournament_id, host) if r["state"] == "playing")
    seat = row["entrants"].index(0)
    reported = client.post(
        f"/tournaments/{tournament_id}/forfeits", json={"index": row["index"], "seat": seat}, headers=auth(host)
    )
    assert reported.status_code == 200, reported.get_json()
    after = next(r for r in schedule(client, tournament_id) if r["index"] == row["index"])
    assert after["state"] == "pending" and after["voided"] == [{"match_id": row["match_id"], "reason": "absent"}]
    assert get_json(client, f"/tournaments/{tournament_id}/entrants")["entrants"][0]["lease_until"] == 0.0
    lines = tournament(client, tournament_id)["standings"]["entrants"]
    assert next(line for line in lines if line["name"] == "ada")["held"] == "away"
    client.post(f"/tournaments/{tournament_id}/presence", json={"seconds": 600}, headers=auth(host))
    again = next(r for r in schedule(client, tournament_id) if r["index"] == row["index"])
    assert again["state"] == "playing" and again["match_id"] != row["match_id"]
