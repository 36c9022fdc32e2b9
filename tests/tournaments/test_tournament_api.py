"""Tournaments through HTTP on the real Redis: schedules played out, next matches, SPRT, refusals (forfeits and
voids: ``test_forfeits_api.py``).

The referee's work (bots' turns, the sweep of running tournaments) is done in the test's thread by
the referee's own functions, so a test drives a tournament to its end without a live server.
"""

from __future__ import annotations

import hashlib
import random
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.store.tournaments import TournamentStore
from api.usecases.tournaments.director import advance, sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from arena.commitment import seed_commitment
from tests.api.helpers import (
    Json,
    assert_error,
    auth,
    body_of,
    context_of,
    get_json,
    stored_keys,
)
from tests.tournaments.tournament_requests import BOTS, create, next_match, schedule, tournament


def drive(client: FlaskClient, tournament_id: str, rounds: int = 20_000) -> Json:
    """Do the referee's work until the tournament is over."""
    ctx = context_of(client)
    store = ctx.store
    referee, _tournaments = Referee(ctx, thinker=Thinker(0)), TournamentStore(store)
    for _ in range(rounds):
        if not referee.run_due(now=float("inf")):
            sweep(ctx)
            found = tournament(client, tournament_id)
            if found["status"] in ("finished", "cancelled"):
                return found
    raise AssertionError("the tournament did not finish")


def act_at_random(client: FlaskClient, match_id: str, seat: int, seat_token: str, rng: random.Random) -> bool:
    """Take one of the seat's legal actions (drawn by ``rng``) if it is to act now; whether it did."""
    match = get_json(client, f"/matches/{match_id}")
    if match["status"] != "active" or seat not in match["to_act"]:
        return False
    legal = get_json(client, f"/matches/{match_id}/legal-actions", auth(seat_token))
    response = client.post(
        f"/matches/{match_id}/actions",
        json=rng.choice(legal["actions"]),
        headers={**auth(seat_token), "If-Match": str(legal["version"])},
    )
    assert response.status_code in (200, 412), response.get_json()
    return True


def test_a_round_robin_of_server_bots_plays_to_the_end(client: FlaskClient) -> None:
    created = create(client, entrants=[*BOTS, {"name": "random-2", "bot": "random"}])
    assert created["entrants"] == [], "server bots get no tokens"
    tournament_id = created["tournament"]["tournament_id"]
    assert created["tournament"]["seed"] is None, "the seed stays secret while the tournament runs"
    assert created["tournament"]["salt"] is None and len(created["tournament"]["seed_commitment"]) == 64
    done = drive(client, tournament_id)
    assert done["status"] == "finished"
    assert done["progress"] == {
        "scheduled": 6,
        "finished": 6,
        "pending": 0,
        "playing": 0,
        "done": 6,
        "void": 0,
        "skipped": 0,
        "replayed": 0,
    }
    assert isinstance(done["seed"], int)
    assert seed_commitment(done["seed"], done["salt"]) == created["tournament"]["seed_commitment"]
    rows = done["standings"]["entrants"]
    assert sorted(row["matches"] for row in rows) == [4, 4, 4]
    assert all(row["sigma"] < 25 / 3 for row in rows), "every rating was updated"
    for row in schedule(client, tournament_id):
        match = get_json(client, f"/matches/{row['match_id']}")
        assert match["status"] == "finished"
        assert match["tournament"] == {"tournament_id": tournament_id, "index": row["index"]}
        assert [seat["name"] for seat in match["seats"]] == [
            created["tournament"]["entrants"][e]["name"] for e in row["entrants"]
        ]
        assert isinstance(row["seed"], int), "the schedule reveals it once the tournament is over"
        assert match["seed"] == row["seed"], "so does the match (the tournament is over)"
        assert seed_commitment(match["seed"], match["salt"]) == match["seed_commitment"]
        assert get_json(client, f"/matches/{row['match_id']}/record")["seed"] == row["seed"]
        assert match["result"]["ranks"] == row["ranks"]


def test_a_finished_tournament_and_everything_it_keeps_expire_together_after_its_ttl(client: FlaskClient) -> None:
    created = create(client, entrants=BOTS)
    tournament_id = created["tournament"]["tournament_id"]
    ctx = context_of(client)
    store = ctx.store
    tournaments = TournamentStore(store)
    keys = tournaments.keys.tournament_keys(tournament_id)
    record, secrets = tournaments.tournament_key(tournament_id), tournaments.key(tournament_id, "secrets")
    started = False
    for _ in range(20_000):
        if store.client.exists(secrets) and not started:  # under way: both live for the idle TTL
            started = True
            assert store.settings.finished_ttl < store.client.ttl(secrets) <= store.client.ttl(record)
        if not Referee(ctx, thinker=Thinker(0)).run_due(now=float("inf")):
            sweep(ctx)
            if tournament(client, tournament_id)["status"] == "finished":
                break
    assert started and tournament(client, tournament_id)["status"] == "finished"
    ttl = store.settings.tournament_ttl
    assert ttl == 30 * 24 * 3600, "ARENA_TOURNAMENT_TTL defaults to 30 days"
    for key in keys:
        if store.client.exists(key):  # presence and rounds are never written here
            left = store.client.pttl(key)
            assert ttl * 1000 - 60_000 < left <= ttl * 1000, key
    assert {key for key in keys if store.client.exists(key)} >= {
        record,
        secrets,
        tournaments.key(tournament_id, "standings"),
        tournaments.key(tournament_id, "h2h"),
        tournaments.key(tournament_id, "outcomes"),
        tournaments.key(tournament_id, "entrants"),
    }


def test_duplicate_deals_replay_one_seed_with_the_seats_swapped(client: FlaskClient) -> None:
    created = create(client, game="pili-pili", entrants=BOTS, duplicate=True, games_per_pairing=2)
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    rows = schedule(client, tournament_id)
    assert len(rows) == 4
    by_deal: dict[int, list[Json]] = {}
    for row in rows:
        by_deal.setdefault(row["deal"], []).append(row)
    for deal in by_deal.values():
        seeds = {row["seed"] for row in deal}
        assert len(seeds) == 1, "the rotations of a deal were dealt differently"
        assert sorted(tuple(row["entrants"]) for row in deal) == [(0, 1), (1, 0)]
    assert by_deal[0][0]["seed"] != by_deal[1][0]["seed"]


def test_named_entrants_play_their_matches_through_next(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, {"name": "bob"}, BOTS[1]])
    tournament_id = created["tournament"]["tournament_id"]
    tokens = {e["name"]: e["token"] for e in created["entrants"]}
    assert set(tokens) == {"ada", "bob"}
    ctx = context_of(client)
    store = ctx.store
    referee, _tournaments = Referee(ctx, thinker=Thinker(0)), TournamentStore(store)
    given: dict[str, set[str]] = {name: set() for name in tokens}
    rng = random.Random(5)
    for _ in range(20_000):
        answers = {name: next_match(client, tournament_id, token) for name, token in tokens.items()}
        if all(answer == {"done": True} for answer in answers.values()):
            break
        acted = False
        for name, found in answers.items():
            if found is None or found.get("done"):
                continue
            given[name].add(found["match_id"])
            acted |= act_at_random(client, found["match_id"], found["seat"], found["token"], rng)
        if not acted:
            referee.run_due(now=float("inf"))
            sweep(ctx)
    done = tournament(client, tournament_id)
    assert done["status"] == "finished"
    assert done["progress"]["done"] == 6
    assert sorted(row["matches"] for row in done["standings"]["entrants"]) == [4, 4, 4]
    for entrant, name in enumerate(["ada", "bob"]):
        theirs = {row["match_id"] for row in schedule(client, tournament_id) if entrant in row["entrants"]}
        assert given[name] == theirs, "next gave an entrant exactly its own matches"


def test_next_waits_for_the_start_and_answers_as_soon_as_it_comes(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]], start=False)
    tournament_id = created["tournament"]["tournament_id"]
    assert created["tournament"]["status"] == "open"
    token = created["entrants"][0]["token"]
    assert next_match(client, tournament_id, token, wait=0.2) is None  # 304: nothing yet
    answers: list[Any] = []
    waiter = threading.Thread(
        target=lambda: answers.append(next_match(client.application.test_client(), tournament_id, token, wait=30))
    )
    waiter.start()
    started = client.post(f"/tournaments/{tournament_id}/start", headers=auth(created["host_token"]))
    assert started.status_code == 200, started.get_json()
    waiter.join(timeout=60)
    assert answers and answers[0] is not None and "match_id" in answers[0], answers


def test_entries_close_at_the_start(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}], start=False)
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    too_few = client.post(f"/tournaments/{tournament_id}/start", headers=auth(host))
    assert_error(too_few, 422, "tournament/invalid")
    joined = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "bob"})
    assert joined.status_code == 201
    assert body_of(joined)["entrant"] == 1
    same_name = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "bob"})
    assert_error(same_name, 422, "request/invalid")
    by_entrant = client.post(f"/tournaments/{tournament_id}/start", headers=auth(body_of(joined)["token"]))
    assert_error(by_entrant, 403, "auth/not_host")
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
    late = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "cy"})
    assert_error(late, 409, "tournament/started")
    again = client.post(f"/tournaments/{tournament_id}/start", headers=auth(host))
    assert_error(again, 409, "tournament/started")


def test_tokens_are_checked(client: FlaskClient) -> None:
    one = create(client, entrants=[{"name": "ada"}, BOTS[1]])
    other = create(client, entrants=[{"name": "bob"}, BOTS[1]])
    tournament_id = one["tournament"]["tournament_id"]
    url = f"/tournaments/{tournament_id}/next"
    assert_error(client.get(url), 401, "auth/missing_token")
    assert_error(client.get(url, headers=auth("nonsense")), 401, "auth/invalid_token")
    assert_error(client.get(url, headers=auth(other["entrants"][0]["token"])), 403, "auth/wrong_tournament")
    assert_error(client.get(url, headers=auth(one["host_token"])), 403, "auth/not_an_entrant")
    forged = one["entrants"][0]["token"][:-4] + "AAAA"
    assert_error(client.get(url, headers=auth(forged)), 401, "auth/invalid_token")
    cancel = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(other["host_token"]))
    assert_error(cancel, 403, "auth/wrong_tournament")
    assert_error(client.get("/tournaments/nope"), 404, "tournament/not_found")


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"game": "chess"}, "game/unknown", "game"),
        ({"entrants": [{"name": "ada"}]}, "tournament/invalid", "entrants"),
        ({"format": "knockout"}, "request/invalid", "format"),
        ({"players_per_match": 7}, "request/invalid", "players_per_match"),
        ({"players_per_match": 0}, "request/invalid", "players_per_match"),
        ({"entrants": [{"name": "a", "bot": "oracle"}, {"name": "b"}]}, "bot/unknown", None),
        ({"entrants": [{"name": "a"}, {"name": "a"}]}, "request/invalid", "entrants"),
        ({"format": "swiss"}, "tournament/invalid", "rounds"),
        ({"sprt": {"elo0": 0, "elo1": 50}}, "tournament/invalid", "sprt"),
        ({"sprt": {"elo0": 50, "elo1": 0}, "format": "gauntlet"}, "tournament/invalid", "sprt"),
        ({"options": {"nonsense": 1}}, "match/invalid_options", None),
        ({"games_per_pairing": 0}, "request/invalid", "games_per_pairing"),
    ],
)
def test_bad_input_is_refused_with_422_and_stores_nothing(
    client: FlaskClient, change: Json, code: str, field: str | None
) -> None:
    body = {"game": "pipifax", "players_per_match": 2, "format": "round-robin", "entrants": BOTS, **change}
    error = assert_error(client.post("/tournaments", json=body), 422, code)
    if field is not None and code != "request/invalid":
        assert error["details"]["field"] == field, error
    if code == "request/invalid" and field is not None:
        assert field in str(error["details"]), error
    assert stored_keys(client) == []


def test_racing_directors_create_every_match_once(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": f"bot-{i}", "bot": "random"} for i in range(5)], start=False)
    tournament_id = created["tournament"]["tournament_id"]
    ctx = context_of(client)
    store = ctx.store
    TournamentStore(store)
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(created["host_token"])).status_code == 200
    barrier = threading.Barrier(4)

    def direct() -> None:
        barrier.wait()
        for _ in range(5):
            advance(ctx, tournament_id)

    threads = [threading.Thread(target=direct) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    prefix = store.settings.key_prefix
    matches = [key for key in store.client.scan_iter(match=f"{prefix}:{{*}}:match") if b"{t:" not in key]
    rows = schedule(client, tournament_id)
    assert len(matches) == len(rows) == 20, "server bots play every match at once, each created once"
    for key in matches:
        assert int(store.client.hget(key, "version") or -1) == 0, "a match was written twice at its creation"


def test_cancelling_aborts_the_matches_playing(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, {"name": "bob"}])
    tournament_id = created["tournament"]["tournament_id"]
    cancelled = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(created["host_token"]))
    assert cancelled.status_code == 200
    assert body_of(cancelled)["status"] == "cancelled"
    assert {row["state"] for row in schedule(client, tournament_id)} == {"void", "skipped"}
    aborted = [
        get_json(client, f"/matches/{row['match_id']}")
        for row in schedule(client, tournament_id)
        if row["match_id"] is not None
    ]
    assert aborted and all(match["status"] == "aborted" for match in aborted)
    assert next_match(client, tournament_id, created["entrants"][0]["token"]) == {"done": True}
    again = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(created["host_token"]))
    assert_error(again, 409, "tournament/over")


def test_an_sprt_stops_as_soon_as_the_stronger_bot_is_clear(client: FlaskClient) -> None:
    created = create(
        client,
        game="pili-pili",
        format="gauntlet",
        entrants=BOTS,
        games_per_pairing=100,
        concurrency=4,  # server bots are never busy: without a cap all 200 matches would start at once
        seed=11,
        sprt={"elo0": 0, "elo1": 150},
    )
    done = drive(client, created["tournament"]["tournament_id"])
    sprt = done["sprt"]
    assert sprt["verdict"] == "H1", sprt
    assert sprt["llr"] >= sprt["upper_bound"]
    played = done["progress"]["done"]
    assert played < 60, f"{played} matches before a verdict on a 99% favourite"
    assert done["progress"]["skipped"] > 100, "the verdict spared the matches not yet started"
    assert sprt["wins"] + sprt["draws"] + sprt["losses"] == played
    assert sprt["wins"] > 10 * sprt["losses"]
    # An unbeaten score has no finite Elo estimate; otherwise the estimate favours the greedy bot.
    assert (sprt["elo"] is None) == (sprt["losses"] == 0 and sprt["draws"] == 0)
    assert sprt["elo"] is None or sprt["elo"]["elo"] > 0


def test_standings_as_csv_and_the_list(client: FlaskClient) -> None:
    created = create(client, entrants=BOTS)
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    csv = client.get(f"/tournaments/{tournament_id}/standings?format=csv")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    lines = csv.get_data(as_text=True).strip().splitlines()
    assert lines[0].split(",")[:3] == ["place", "entrant", "name"]
    assert len(lines) == 3
    as_json = get_json(client, f"/tournaments/{tournament_id}/standings")
    assert [row["name"] for row in as_json["entrants"]] == [line.split(",")[2] for line in lines[1:]]
    second = create(client, entrants=BOTS)["tournament"]["tournament_id"]
    page = get_json(client, "/tournaments?limit=1")
    assert [t["tournament_id"] for t in page["tournaments"]] == [second]
    rest = get_json(client, f"/tournaments?limit=1&cursor={page['next_cursor']}")
    assert [t["tournament_id"] for t in rest["tournaments"]] == [tournament_id]
    assert rest["next_cursor"] is None


def test_nobody_can_create_a_tournaments_match_first(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}, BOTS[1]], start=False, seed=3)
    tournament_id = created["tournament"]["tournament_id"]
    body = {"game": "girafferaffe", "players": 2, "seats": [{"name": "ada"}, {"name": "random", "bot": "random"}]}
    squatted = {
        client.post(
            "/matches", json=body, headers={"Idempotency-Key": f"tournament/{tournament_id}/{index}"}
        ).get_json()["match"]["match_id"]
        for index in range(2)
    }
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(created["host_token"])).status_code == 200
    ids = {row["match_id"] for row in schedule(client, tournament_id) if row["match_id"]}
    assert ids and not ids & squatted, "a client's key reached a tournament's match id"


def test_the_default_seed_is_secret_and_random(client: FlaskClient) -> None:
    seeds = set()
    for _ in range(2):
        created = create(client, entrants=BOTS, start=False)
        tournament_id = created["tournament"]["tournament_id"]
        cancelled = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(created["host_token"]))
        assert cancelled.status_code == 200, "an open tournament can be called off"
        seed = body_of(cancelled)["seed"]
        derived = int.from_bytes(hashlib.sha256(tournament_id.encode()).digest()[:8], "big") >> 1
        assert isinstance(seed, int) and seed != derived
        seeds.add(seed)
    assert len(seeds) == 2


def test_an_open_tournament_that_cannot_be_played_can_still_be_cancelled(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "ada"}], start=False)
    tournament_id = created["tournament"]["tournament_id"]
    cancelled = client.post(f"/tournaments/{tournament_id}/cancel", headers=auth(created["host_token"]))
    assert cancelled.status_code == 200, cancelled.get_json()
    assert body_of(cancelled)["progress"]["scheduled"] == 0


def test_an_entry_that_would_make_the_tournament_unplayable_is_refused(client: FlaskClient) -> None:
    created = create(client, format="gauntlet", entrants=BOTS, start=False, sprt={"elo0": 0, "elo1": 50})
    tournament_id = created["tournament"]["tournament_id"]
    before = stored_keys(client)
    third = client.post(f"/tournaments/{tournament_id}/entrants", json={"name": "cy"})
    assert_error(third, 422, "tournament/invalid")
    assert sorted(stored_keys(client)) == sorted(before)
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(created["host_token"])).status_code == 200


def test_a_name_a_spreadsheet_would_run_is_written_as_text_in_the_csv(client: FlaskClient) -> None:
    created = create(client, entrants=[{"name": "=cmd|' /C calc'!A0", "bot": "random"}, BOTS[0]])
    tournament_id = created["tournament"]["tournament_id"]
    drive(client, tournament_id)
    csv = client.get(f"/tournaments/{tournament_id}/standings?format=csv").get_data(as_text=True)
    assert "'=cmd" in csv
    assert ",=cmd" not in csv and '"=cmd' not in csv
