"""The director holds a match whose leased program timed out, on the real Redis and a fake clock: scored once
its runner renews the lease after the timeout, void ``runner_lost`` (and played again once the runner is
back) when the lease lapses first or another session of the runner renews it (a runner restarted within its
lease), void ``worker_lost`` when a renewal reports it lost. The rule itself:
``tests/tournaments/test_holds.py``."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.http.app import create_app
from api.settings import Settings
from api.usecases.tournaments.director import sweep
from api.workers.referee.runner import Referee
from api.workers.referee.thinker import Thinker
from tests.api.helpers import Json, assert_error, auth, body_of, context_of, get_json
from tests.clock import FakeClock
from tests.tournaments.test_dispatch_api import presence
from tests.tournaments.tournament_requests import next_match, schedule

T0 = 1_700_000_000.0
LEASE = 15.0
PER_ACTION = 5.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def clocked(settings: Settings, clock: FakeClock) -> FlaskClient:
    return create_app(settings, clock=clock).test_client()


def started(client: FlaskClient, session: str | None = None) -> tuple[str, str, list[str]]:
    """A timed round robin of two named programs held by their host's lease (renewed by ``session``): its id,
    the host token and each entrant's token."""
    body = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "ada"}, {"name": "bob"}],
        "time_control": {"per_action": PER_ACTION, "on_timeout": "forfeit", "first_decision": PER_ACTION},
        "start": False,
    }
    created = body_of(client.post("/tournaments", json=body))
    tournament_id, host = created["tournament"]["tournament_id"], created["host_token"]
    assert presence(client, tournament_id, host, seconds=LEASE, session=session).status_code == 200
    assert client.post(f"/tournaments/{tournament_id}/start", headers=auth(host)).status_code == 200
    return tournament_id, host, [entrant["token"] for entrant in created["entrants"]]


def ask(client: FlaskClient, tournament_id: str, tokens: list[str]) -> str:
    """Both programs ask for their match; its id."""
    given = [next_match(client, tournament_id, token) for token in tokens]
    match_id: str = given[0]["match_id"]
    for offer in given:
        assert offer["match_id"] == match_id
        view = client.get(f"/matches/{match_id}/view", headers=auth(offer["token"]))
        assert view.status_code == 200, view.get_json()
    return match_id


def time_out_after_asking(client: FlaskClient, clock: FakeClock, tournament_id: str, tokens: list[str]) -> Json:
    """Both programs ask for their match, then the one to act lets its clock run out; the match as it ended."""
    return time_out(client, clock, ask(client, tournament_id, tokens))


def time_out(client: FlaskClient, clock: FakeClock, match_id: str) -> Json:
    """The seat to act lets its clock run out; the match as it ended."""
    clock.advance(PER_ACTION + 1)
    Referee(context_of(client), thinker=Thinker(0)).run_due(now=clock.now())
    match: Json = get_json(client, f"/matches/{match_id}")
    assert match["status"] == "finished" and "timed_out" in [seat["state"] for seat in match["seats"]]
    return match


def row_of(client: FlaskClient, tournament_id: str, host: str) -> Json:
    row: Json = schedule(client, tournament_id, host)[0]
    return row


def test_a_timeout_is_held_until_the_runner_renews_then_scored(clocked: FlaskClient, clock: FakeClock) -> None:
    tournament_id, host, tokens = started(clocked)
    match = time_out_after_asking(clocked, clock, tournament_id, tokens)
    sweep(context_of(clocked))
    row = row_of(clocked, tournament_id, host)
    assert row["state"] == "playing" and row["forfeits"] is None, "held: its runner may be gone"
    assert next_match(clocked, tournament_id, tokens[0]) is None, "a held match is not handed out again"
    clock.advance(1)
    assert presence(clocked, tournament_id, host, seconds=LEASE).status_code == 200  # the runner lives on
    row = row_of(clocked, tournament_id, host)
    assert row["state"] == "done" and "timeout" in row["forfeits"] and row["voided"] == []
    assert row["match_id"] == match["match_id"]


def test_a_timeout_whose_runner_is_gone_is_void_runner_lost_and_played_again(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    tournament_id, host, tokens = started(clocked)
    match = time_out_after_asking(clocked, clock, tournament_id, tokens)
    ctx = context_of(clocked)
    clock.set(T0 + LEASE - 0.5)
    sweep(ctx)
    assert row_of(clocked, tournament_id, host)["state"] == "playing", "held while the lease runs"
    clock.set(T0 + LEASE + 0.5)
    sweep(ctx)
    row = row_of(clocked, tournament_id, host)
    assert row["voided"] == [{"match_id": match["match_id"], "reason": "runner_lost"}]
    assert row["state"] == "pending", "it waits for its runner to come back"
    standings = get_json(clocked, f"/tournaments/{tournament_id}")["standings"]["entrants"]
    assert all(line["matches"] == 0 for line in standings), "a void match is not scored"
    assert presence(clocked, tournament_id, host, seconds=LEASE).status_code == 200  # the runner is back
    again = row_of(clocked, tournament_id, host)
    assert again["state"] == "playing" and again["match_id"] != match["match_id"], "played again, as a new match"


def test_a_timeout_renewed_after_by_the_same_session_is_scored(clocked: FlaskClient, clock: FakeClock) -> None:
    tournament_id, host, tokens = started(clocked, session="run-a")
    clock.advance(1)
    held = presence(clocked, tournament_id, host, seconds=LEASE, session="run-a")
    assert body_of(held)["session"] == "run-a"
    renewal = context_of(clocked).tournaments.presence(tournament_id).renewals[0]
    assert (renewal.session, renewal.since, renewal.at) == ("run-a", T0, T0 + 1), "renewing since its first"
    match = time_out_after_asking(clocked, clock, tournament_id, tokens)
    assert row_of(clocked, tournament_id, host)["state"] == "playing", "held"
    clock.advance(1)
    assert presence(clocked, tournament_id, host, seconds=LEASE, session="run-a").status_code == 200
    row = row_of(clocked, tournament_id, host)
    assert row["state"] == "done" and "timeout" in row["forfeits"] and row["voided"] == []
    assert row["match_id"] == match["match_id"]


def test_a_runner_restarted_within_its_lease_has_the_timeout_void_runner_lost_and_played_again(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    tournament_id, host, tokens = started(clocked, session="run-a")
    match = time_out_after_asking(clocked, clock, tournament_id, tokens)
    assert row_of(clocked, tournament_id, host)["state"] == "playing", "held"
    clock.advance(1)
    assert clock.now() < T0 + LEASE, "the first runner's lease still runs"
    assert presence(clocked, tournament_id, host, seconds=LEASE, session="run-b").status_code == 200  # restarted
    row = row_of(clocked, tournament_id, host)
    assert row["voided"] == [{"match_id": match["match_id"], "reason": "runner_lost"}], "not scored, though renewed"
    assert row["state"] == "playing" and row["match_id"] != match["match_id"], "its runner is back: played again"
    standings = get_json(clocked, f"/tournaments/{tournament_id}")["standings"]["entrants"]
    assert all(line["matches"] == 0 for line in standings), "a void match is not scored"


def test_a_runner_restarted_before_its_programs_timeout_has_the_match_void_runner_lost(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    tournament_id, host, tokens = started(clocked, session="run-a")
    match_id = ask(clocked, tournament_id, tokens)
    clock.advance(1)
    assert presence(clocked, tournament_id, host, seconds=LEASE, session="run-b").status_code == 200  # restarted
    assert row_of(clocked, tournament_id, host)["match_id"] == match_id, "nothing to void yet"
    time_out(clocked, clock, match_id)  # the dead program's clock runs out
    sweep(context_of(clocked))
    row = row_of(clocked, tournament_id, host)
    assert row["voided"] == [{"match_id": match_id, "reason": "runner_lost"}], "void at once, not held"
    assert row["state"] == "playing" and row["match_id"] != match_id, "its runner is there: played again"


def test_a_renewal_without_a_session_after_one_with_scores_as_before(clocked: FlaskClient, clock: FakeClock) -> None:
    tournament_id, host, tokens = started(clocked, session="run-a")
    time_out_after_asking(clocked, clock, tournament_id, tokens)
    clock.advance(1)
    assert presence(clocked, tournament_id, host, seconds=LEASE).status_code == 200  # an older client
    row = row_of(clocked, tournament_id, host)
    assert row["state"] == "done" and "timeout" in row["forfeits"] and row["voided"] == []


def test_a_timeout_in_a_match_reported_lost_is_void_worker_lost_and_played_again_at_once(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    tournament_id, host, tokens = started(clocked)
    match = time_out_after_asking(clocked, clock, tournament_id, tokens)
    assert row_of(clocked, tournament_id, host)["state"] == "playing", "held"
    reported = presence(clocked, tournament_id, host, seconds=LEASE, lost=[match["match_id"], "not-one-of-its"])
    assert body_of(reported)["lost"] == [match["match_id"]], "only this tournament's matches playing are taken"
    row = row_of(clocked, tournament_id, host)
    assert row["voided"] == [{"match_id": match["match_id"], "reason": "worker_lost"}], "not scored, though renewed"
    assert row["state"] == "playing" and row["match_id"] != match["match_id"], "its runner is there: played again"
    assert context_of(clocked).tournaments.presence(tournament_id).lost == {match["match_id"]}, "nor stored"


def test_a_match_reported_lost_before_its_timeout_is_void_when_it_times_out(
    clocked: FlaskClient, clock: FakeClock
) -> None:
    tournament_id, host, tokens = started(clocked)
    match_id = ask(clocked, tournament_id, tokens)
    assert body_of(presence(clocked, tournament_id, host, seconds=LEASE, lost=[match_id]))["lost"] == [match_id]
    assert context_of(clocked).tournaments.presence(tournament_id).lost == {match_id}
    time_out(clocked, clock, match_id)
    row = row_of(clocked, tournament_id, host)
    assert row["voided"] == [{"match_id": match_id, "reason": "worker_lost"}]


@pytest.mark.parametrize(
    "lost",
    [
        "abc",  # not a list
        [1],  # not a string
        [""],  # empty
        ["a b"],  # not a match id's characters
        ["x" * 65],  # too long
        ["a"] * 1001,  # too many
        None,  # null: leave it out instead
    ],
)
def test_a_bad_lost_is_refused_with_422_and_stores_nothing(clocked: FlaskClient, clock: FakeClock, lost: Any) -> None:
    tournament_id, host, tokens = started(clocked)
    match_id = ask(clocked, tournament_id, tokens)
    ctx = context_of(clocked)
    before = ctx.tournaments.presence(tournament_id)
    clock.advance(1)
    refused = presence(clocked, tournament_id, host, seconds=LEASE, lost=lost)
    error = assert_error(refused, 422, "request/invalid")
    assert "lost" in str(error["details"])
    assert ctx.tournaments.presence(tournament_id) == before, "neither the renewal nor a report is stored"
    assert row_of(clocked, tournament_id, host)["match_id"] == match_id


@pytest.mark.parametrize(
    "session",
    [
        7,  # not a string
        "",  # empty
        "a b",  # not a session's characters
        "x" * 65,  # too long
        ["a"],  # a list
    ],
)
def test_a_bad_session_is_refused_with_422_and_stores_nothing(
    clocked: FlaskClient, clock: FakeClock, session: Any
) -> None:
    tournament_id, host, _ = started(clocked, session="run-a")
    ctx = context_of(clocked)
    before = ctx.tournaments.presence(tournament_id)
    clock.advance(1)
    refused = presence(clocked, tournament_id, host, seconds=LEASE, session=session)
    error = assert_error(refused, 422, "request/invalid")
    assert "session" in str(error["details"])
    assert ctx.tournaments.presence(tournament_id) == before, "the renewal is not stored"
