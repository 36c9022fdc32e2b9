"""Tournament matches' forfeits and voids through HTTP on the real Redis: illegal and malformed actions
counted toward disqualification, and a program's crash reported by its host, before and after it asked.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from api.store.tournaments import TournamentStore
from api.usecases import records
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from tests.api.helpers import (
    Json,
    assert_error,
    auth,
    context_of,
    get_json,
    pipifax_hit,
    stored_match,
)
from tests.tournaments.tournament_requests import BOTS, create, next_match, schedule, tournament


def at_the_seats_turn(client: FlaskClient, match_id: str, seat: int) -> Json:
    """The match once ``seat`` is to act: the referee plays the server bot's turns first (it moves first in some
    deals)."""
    for _ in range(200):
        match: Json = get_json(client, f"/matches/{match_id}")
        if seat in match["to_act"]:
            return match
        Referee(context_of(client), thinker=Thinker(0)).run_due(now=float("inf"))
    raise AssertionError(f"seat {seat} of match {match_id} was never to act")


def test_a_stream_of_illegal_actions_forfeits_the_match(client: FlaskClient) -> None:
    created = create(client, game="pipifax", entrants=[{"name": "ada"}, BOTS[0]], max_illegal=3)
    tournament_id = created["tournament"]["tournament_id"]
    found = next_match(client, tournament_id, created["entrants"][0]["token"])
    match_id, token, seat = found["match_id"], found["token"], found["seat"]
    refused = 0
    for _ in range(200):
        match = get_json(client, f"/matches/{match_id}")
        if match["status"] != "active":
            break
        if seat not in match["to_act"]:
            Referee(context_of(client), thinker=Thinker(0)).run_due(now=float("inf"))
            continue
        legal = get_json(client, f"/matches/{match_id}/legal-actions", auth(token))
        positions = {action["position"] for action in legal["actions"]}
        illegal = sorted(set(range(24)) - positions)
        # A hit (read from the stored truth) keeps the turn and makes the flipped colour illegal.
        position = illegal[0] if illegal else pipifax_hit(stored_match(client, match_id))
        action = {**legal["actions"][0], "position": position}
        response = client.post(
            f"/matches/{match_id}/actions", json=action, headers={**auth(token), "If-Match": str(legal["version"])}
        )
        if illegal:
            assert_error(response, 422, "action/illegal")
            refused += 1
    assert refused == 4, "max_illegal refusals are allowed, the next one disqualifies"
    match = get_json(client, f"/matches/{match_id}")
    assert match["seats"][seat]["state"] == "disqualified"
    assert match["status"] == "finished"
    assert match["result"]["ranks"][seat] == 2
    row = next(r for r in schedule(client, tournament_id) if r["match_id"] == match_id)
    assert row["state"] == "done", "the match's last write recorded it in the tournament"
    assert row["forfeits"][seat] == "illegal"
    standing = next(e for e in tournament(client, tournament_id)["standings"]["entrants"] if e["name"] == "ada")
    assert standing["forfeits"]["illegal"] == 1


#: Bodies that are no action of the game: an out-of-range value, a wrong type, an unknown type, an extra field.
MALFORMED = [
    {"type": "pipifax.flip", "position": 99},
    {"type": "pipifax.flip", "position": "x"},
    {"type": "chess.move", "from": "e2"},
    {"type": "pipifax.flip", "position": 0, "extra": 1},
]


def test_malformed_actions_on_the_seats_turn_count_toward_disqualification(client: FlaskClient) -> None:
    created = create(client, game="pipifax", entrants=[{"name": "ada"}, BOTS[0]], max_illegal=3)
    tournament_id = created["tournament"]["tournament_id"]
    found = next_match(client, tournament_id, created["entrants"][0]["token"])
    match_id, token, seat = found["match_id"], found["token"], found["seat"]
    match = at_the_seats_turn(client, match_id, seat)
    headers = {**auth(token), "If-Match": str(match["version"])}
    url = f"/matches/{match_id}/actions"
    not_json = client.post(url, data="{", headers={**headers, "Content-Type": "application/json"})
    assert_error(not_json, 400, "request/bad_request")  # not an action at all: not counted
    for body in MALFORMED[:3]:
        assert_error(client.post(url, json=body, headers=headers), 422, "action/malformed")
    assert get_json(client, f"/matches/{match_id}")["seats"][seat]["state"] == "playing"
    assert_error(client.post(url, json=MALFORMED[3], headers=headers), 422, "action/malformed")
    match = get_json(client, f"/matches/{match_id}")
    assert match["seats"][seat]["state"] == "disqualified", "the fourth refused body disqualified the seat"
    row = next(r for r in schedule(client, tournament_id) if r["match_id"] == match_id)
    assert row["forfeits"][seat] == "illegal"


def test_a_program_whose_only_requests_were_refused_actions_is_disqualified_not_absent(client: FlaskClient) -> None:
    """A refused action is the program's request: the match it is disqualified from is scored, not void."""
    created = create(client, game="pipifax", entrants=[{"name": "ada"}, BOTS[0]], max_illegal=1)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    row = next(r for r in schedule(client, tournament_id, host) if r["state"] == "playing")
    match_id, seat = row["match_id"], row["entrants"].index(0)
    token = row["tokens"][str(seat)]  # as a runner hands it to its program: no request of the seat's yet
    match = at_the_seats_turn(client, match_id, seat)
    headers = {**auth(token), "If-Match": str(match["version"])}
    for body in MALFORMED[:2]:
        assert_error(client.post(f"/matches/{match_id}/actions", json=body, headers=headers), 422, "action/malformed")
    assert get_json(client, f"/matches/{match_id}")["seats"][seat]["state"] == "disqualified"
    recorded = next(r for r in schedule(client, tournament_id) if r["index"] == row["index"])
    assert recorded["voided"] == [] and recorded["state"] == "done", recorded
    assert recorded["forfeits"][seat] == "illegal"


def test_malformed_actions_out_of_turn_do_not_count(client: FlaskClient) -> None:
    created = create(client, game="taiga", entrants=[{"name": "ada"}, {"name": "bob"}], max_illegal=1)
    tournament_id = created["tournament"]["tournament_id"]
    found = next_match(client, tournament_id, created["entrants"][0]["token"])
    match_id, token, seat = found["match_id"], found["token"], found["seat"]
    match = get_json(client, f"/matches/{match_id}")
    if seat in match["to_act"]:  # let the other entrant's seat be the one to act
        found = next_match(client, tournament_id, created["entrants"][1]["token"])
        token, seat = found["token"], found["seat"]
    assert seat not in match["to_act"]
    headers = {**auth(token), "If-Match": str(match["version"])}
    for body in MALFORMED * 2:
        assert_error(client.post(f"/matches/{match_id}/actions", json=body, headers=headers), 422, "action/malformed")
    assert get_json(client, f"/matches/{match_id}")["seats"][seat]["state"] == "playing"


def test_the_host_reports_a_crash_and_the_seat_forfeits(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, {"name": "bob"}, BOTS[1]])
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    playing = [row for row in schedule(client, tournament_id, host) if row["state"] == "playing"]
    assert playing
    for row in playing:  # a token for each named entrant's seat, none for the server bot's (entrant 2)
        assert sorted(int(seat) for seat in row["tokens"]) == [s for s, e in enumerate(row["entrants"]) if e != 2]
    assert all(row["tokens"] is None for row in schedule(client, tournament_id)), "tokens are for the host only"
    row = next(r for r in playing if 0 in r["entrants"])
    seat = row["entrants"].index(0)
    for token in row["tokens"].values():  # every program asked for the match: it started
        get_json(client, f"/matches/{row['match_id']}/view", auth(token))
    reported = client.post(
        f"/tournaments/{tournament_id}/forfeits", json={"index": row["index"], "seat": seat}, headers=auth(host)
    )
    assert reported.status_code == 200, reported.get_json()
    match = get_json(client, f"/matches/{row['match_id']}")
    assert match["seats"][seat]["state"] == "resigned"
    assert match["result"]["ranks"][seat] == 2
    recorded = next(r for r in schedule(client, tournament_id) if r["index"] == row["index"])
    assert recorded["state"] == "done"
    assert recorded["forfeits"][seat] == "crash"
    twice = client.post(
        f"/tournaments/{tournament_id}/forfeits", json={"index": row["index"], "seat": seat}, headers=auth(host)
    )
    assert_error(twice, 409, "match/over")
    missing = client.post(f"/tournaments/{tournament_id}/forfeits", json={"index": 999, "seat": 0}, headers=auth(host))
    assert_error(missing, 404, "tournament/no_such_match")


def test_a_crash_before_the_program_asked_voids_the_match_and_it_is_played_again(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]])
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    row = next(r for r in schedule(client, tournament_id, host) if r["state"] == "playing")
    seat = row["entrants"].index(0)
    reported = client.post(
        f"/tournaments/{tournament_id}/forfeits", json={"index": row["index"], "seat": seat}, headers=auth(host)
    )
    assert reported.status_code == 200, reported.get_json()
    again = next(r for r in schedule(client, tournament_id, host) if r["index"] == row["index"])
    assert again["voided"] == [{"match_id": row["match_id"], "reason": "absent"}]
    assert again["state"] == "playing" and again["match_id"] != row["match_id"], "played again, as a new match"
    replay = get_json(client, f"/matches/{again['match_id']}")
    first = get_json(client, f"/matches/{row['match_id']}")
    assert replay["tournament"] == first["tournament"]
    standings = tournament(client, tournament_id)["standings"]["entrants"]
    assert all(line["matches"] == 0 for line in standings), "a void match is not scored"
    assert tournament(client, tournament_id)["progress"]["replayed"] == 1
    assert stored_match(client, again["match_id"]).seed == stored_match(client, row["match_id"]).seed, "the same deal"
    ctx = context_of(client)  # the void match is over: its record is kept under its own attempt, not the replay's
    store = ctx.store
    assert records.keep(ctx, row["match_id"])
    index = row["index"]
    kept = TournamentStore(store).records(tournament_id, [str(index), f"{index}/1"])
    assert kept == [store.record(row["match_id"]), None]
