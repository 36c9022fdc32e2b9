"""Everything shows at the end, however a match ends, in every game: against a live server, through the SDK.

Each game's match ends in each way the arena knows: by its rules (server bots play it out), by a
resignation, by a forfeit on time, by a disqualification (a tournament's match, after an illegal
action) and by the host's abort. Each is played a few moves in first (Pili Pili until the public
log hides a secret choice), and checked to hide something then. At the end: the public view and
every seat's view show everything (every card, disc, hand and deck; no turn), the public and seat
logs show every action with its label, the seed and salt open the commitment published at
creation (a tournament's match once its tournament is over; before that its record is sealed),
and the record checks out with the SDK's ``verify`` and the engine's replay.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from arena_sdk import Arena, ArenaError, Seat, seed_commitment, verify
from arena_sdk.tournaments import Entrant, Host, create_tournament_from

import engine
from arena.records.verify import verify_record
from arena.tournaments.schedule import plan
from tests.live_server import LiveServer

Json = dict[str, Any]

#: Per game: the options of a 2-player match.
OPTIONS: dict[str, Json] = {
    "pipifax": {},
    "taiga": {},
    "girafferaffe": {"mode": "standard"},
    "pili-pili": {"missions": "standard"},
}
#: Moves played before a match is ended (Pili Pili: until a secret choice is hidden, see below).
MOVES = 3
#: Seconds per decision in the match that ends on time (the prefix's moves take milliseconds).
PER_ACTION = 4.0
#: How long a test waits for a tournament's match to be given to its entrants.
PATIENCE = 120.0


# --- what "everything shows" means for each game's view -----------------------------------------


def hides_nothing(game: str, view: Json) -> bool:
    """Whether ``view`` shows every hidden part of its game, and no turn."""
    if game == "pipifax":
        return all(card["animal"] is not None for card in view["cards"])
    if game == "taiga":
        downs = all(disc["down"] is not None for disc in view["discs"])
        return downs and view["draw_pile"] is not None and view["phase"] == "over" and view["turn"] is None
    if game == "girafferaffe":
        decks = view["redraw_deck"] is not None and view["out_of_play"] is not None
        return decks and all(hand is not None for hand in view["hands"])
    hands = all(None not in seat["hand"] for seat in view["seats"])
    return hands and view["undealt"] is not None and view["phase"] == "over" and view["to_act"] == []


# --- playing a prefix -----------------------------------------------------------------------------


@functools.cache
def secret_prefix(seed: int) -> int | None:
    """How many moves of the first-legal-action policy leave a 2-player Pili Pili match (from ``seed``)
    with a secret choice the public log still hides, and not over; ``None`` if none within 80."""
    match, _ = engine.new_match("pili-pili", 2, OPTIONS["pili-pili"], seed)
    secrets: list[tuple[int, Json, engine.Secret]] = []
    for moves in range(1, 80):
        seat = match.to_act[0]
        action = next(engine.legal_actions(match, seat))
        secret = engine.action_secret(match, seat, action)
        match, _ = engine.apply_action(match, seat, action)
        if match.is_over:
            return None
        if secret is not None:
            secrets.append((seat, action.to_json(), secret))
        if any(engine.action_seen_by(match, s, a, x, None).get("hidden") for s, a, x in secrets):
            return moves
    return None


def seed_and_moves(game: str) -> tuple[int, int]:
    """The seed and the prefix of a 2-player match of ``game`` (Pili Pili's hides a secret choice then)."""
    if game != "pili-pili":
        return 11, MOVES
    return next((seed, moves) for seed in range(1, 400) if (moves := secret_prefix(seed)) is not None)


def play_prefix(arena: Arena, match_id: str, seats: dict[int, Seat], moves: int) -> None:
    """``moves`` moves, each the first legal action of the first seat to act (as :func:`secret_prefix`)."""
    for _ in range(moves):
        match = arena.match(match_id)
        assert match.status.value == "active", match.status
        seat = seats[match.to_act[0]]
        seat.act(seat.legal_actions(limit=1)[0], version=match.version)


def check_hidden_before_the_end(arena: Arena, match_id: str, game: str) -> None:
    """The precondition that makes the test mean something: the public sees less than everything."""
    match = arena.match(match_id).to_dict()
    assert not hides_nothing(game, match["view"]), "nothing was hidden before the end"
    assert match["seed"] is None and match["salt"] is None
    if game == "pili-pili":
        actions = [a["action"] for a in arena.events(match_id, -1, 1000).to_dict()["actions"]]
        assert any(action.get("hidden") for action in actions), "no secret choice was hidden before the end"
    with pytest.raises(ArenaError) as refused:
        arena.record(match_id)
    assert refused.value.status == 409 and refused.value.code == "match/not_over"


# --- checking the end -----------------------------------------------------------------------------


def check_everything_shows(
    arena: Arena, match_id: str, game: str, tokens: dict[int, str], *, committed: str, status: str
) -> Json:
    """The end as every reader sees it; the match resource."""
    match = arena.match(match_id).to_dict()
    assert match["status"] == status, match["status"]
    assert hides_nothing(game, match["view"]), match["view"]
    for seat, token in tokens.items():
        seen = arena.seat(match_id, token).view().to_dict()
        assert hides_nothing(game, seen["view"]), (seat, seen["view"])
        log = arena.seat(match_id, token).events(-1, 1000).to_dict()
        assert all(not a["action"].get("hidden") and a["label"] for a in log["actions"]), log["actions"]
    public = arena.events(match_id, -1, 1000).to_dict()
    assert not public["has_more"]
    assert all(not a["action"].get("hidden") and a["label"] for a in public["actions"]), public["actions"]
    assert public["events"][0] == {
        "version": 0,
        "kind": "seed_committed",
        "data": {"seed_commitment": committed},
        "visible_to": None,
    }
    last = arena.match_version(match_id, match["version"]).to_dict()
    assert last["view"] == match["view"]
    return match


def check_record(arena: Arena, match: Json, committed: str) -> None:
    """The seed and salt open the commitment seen at creation, and the record checks out."""
    assert match["seed_commitment"] == committed
    assert seed_commitment(match["seed"], match["salt"]) == committed
    record = arena.record(match["match_id"])
    assert (record["seed"], record["salt"], record["seed_commitment"]) == (match["seed"], match["salt"], committed)
    assert (record["status"], record["result"]) == (match["status"], match["result"])
    checked = verify(record, committed)
    assert checked.last_version == match["version"]
    verified = verify_record(record, committed)
    assert verified.committed and verified.result == match["result"]


def wait_for_end(arena: Arena, match_id: str) -> None:
    """Until the match is over: its public stream, from a version at which it was still active, ends
    with ``match_over`` (from a version read after the end, the stream has nothing to send: 204)."""
    match = arena.match(match_id)
    if match.status.value != "active":
        return
    streamed = list(arena.stream(match_id, after=match.version))
    assert streamed and streamed[-1].type == "match_over", streamed


# --- the ways a match ends ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Played:
    """A match of two player seats played some moves in: its id, tokens, seats, host token and commitment."""

    match_id: str
    tokens: dict[int, str]
    seats: dict[int, Seat]
    host_token: str
    committed: str


def played_in(arena: Arena, game: str, **extra: Any) -> Played:
    """A 2-player match played in up to where it hides something (:func:`check_hidden_before_the_end`)."""
    seed, moves = seed_and_moves(game)
    created = arena.create_match(game, 2, OPTIONS[game], seed, seats=[{"name": "ann"}, {"name": "bob"}], **extra)
    match_id = created.match.match_id
    tokens = {s.seat: s.token for s in created.seats}
    seats = {seat: arena.seat(match_id, token) for seat, token in tokens.items()}
    played = Played(match_id, tokens, seats, created.host_token, created.match.to_dict()["seed_commitment"])
    play_prefix(arena, match_id, seats, moves)
    check_hidden_before_the_end(arena, match_id, game)
    return played


def end_by_resignation(arena: Arena, game: str) -> None:
    played = played_in(arena, game)
    played.seats[0].resign()
    match = check_everything_shows(
        arena, played.match_id, game, played.tokens, committed=played.committed, status="finished"
    )
    assert match["result"]["winners"] == [1] and match["seats"][0]["state"] == "resigned"
    check_record(arena, match, played.committed)


def end_on_time(arena: Arena, game: str) -> None:
    # first_decision 0: the clock of a seat whose program never asks starts at once (30 s by default)
    time_control = {"per_action": PER_ACTION, "on_timeout": "forfeit", "first_decision": 0}
    played = played_in(arena, game, time_control=time_control)
    wait_for_end(arena, played.match_id)  # nobody moves: the referee takes the seat out of time out
    match = check_everything_shows(
        arena, played.match_id, game, played.tokens, committed=played.committed, status="finished"
    )
    assert sorted(seat["state"] for seat in match["seats"]) == ["playing", "timed_out"]
    check_record(arena, match, played.committed)


def end_by_abort(arena: Arena, game: str) -> None:
    played = played_in(arena, game)
    arena.abort(played.match_id, played.host_token)
    match = check_everything_shows(
        arena, played.match_id, game, played.tokens, committed=played.committed, status="aborted"
    )
    assert match["result"] is None
    check_record(arena, match, played.committed)


def end_by_play(arena: Arena, game: str) -> None:
    created = arena.create_match(game, 2, OPTIONS[game], 5, seats=[{"bot": "greedy"}, {"bot": "random"}])
    match_id, committed = created.match.match_id, created.match.to_dict()["seed_commitment"]
    wait_for_end(arena, match_id)
    match = check_everything_shows(arena, match_id, game, {}, committed=committed, status="finished")
    assert all(seat["state"] == "playing" for seat in match["seats"])
    check_record(arena, match, committed)


def end_by_disqualification(arena: Arena, live_server: LiveServer, game: str) -> None:
    """A tournament's match whose seat sends illegal actions past ``max_illegal`` (1): out, and the
    other seat wins. Its seed and record stay sealed until the tournament is over (cancelled here)."""
    tournament_seed = tournament_seed_for(game)
    body = {
        "game": game,
        "players_per_match": 2,
        "options": OPTIONS[game],
        "format": "gauntlet",
        "games_per_pairing": 1,
        "seed": tournament_seed,
        "max_illegal": 1,
        "entrants": [{"name": "ann"}, {"name": "bob"}],
    }
    created = create_tournament_from(arena, body)
    tournament_id = created.tournament.tournament_id
    tournament_committed = created.tournament.to_dict()["seed_commitment"]
    host = Host(arena, tournament_id, created.host_token)
    assignments = [Entrant(arena, tournament_id, entrant.token).next(timeout=PATIENCE) for entrant in created.entrants]
    assert all(a is not None and a.index == 0 for a in assignments), assignments  # both play match 0 first
    match_id = str(assignments[0].match_id) if assignments[0] is not None else ""
    tokens = {a.seat: a.token for a in assignments if a is not None}
    seats = {seat: arena.seat(match_id, token) for seat, token in tokens.items()}
    committed = arena.match(match_id).to_dict()["seed_commitment"]
    play_prefix(arena, match_id, seats, seed_and_moves(game)[1])
    check_hidden_before_the_end(arena, match_id, game)
    offender = arena.match(match_id).to_act[0]
    # another game's action: well formed, so the server reads it, and malformed for this match
    foreign = {"type": "taiga.flip", "disc": 0} if game == "pipifax" else {"type": "pipifax.flip", "position": 0}
    for _ in range(2):  # max_illegal 1: the first is refused, the second disqualifies
        illegal = httpx.post(
            f"{live_server.url}/matches/{match_id}/actions",
            json=foreign,
            headers={"Authorization": f"Bearer {tokens[offender]}", "If-Match": "*"},
            timeout=30,
        )
        assert illegal.status_code == 422 and illegal.json()["code"] == "action/malformed", illegal.text
    match = check_everything_shows(arena, match_id, game, tokens, committed=committed, status="finished")
    assert match["seats"][offender]["state"] == "disqualified"
    assert match["result"]["winners"] == [1 - offender]
    assert match["seed"] is None and match["salt"] is None  # its tournament runs on: sealed
    with pytest.raises(ArenaError) as sealed:
        arena.record(match_id)
    assert sealed.value.status == 409 and sealed.value.code == "record/sealed"
    over = host.cancel().to_dict()
    assert over["status"] == "cancelled"
    assert seed_commitment(over["seed"], over["salt"]) == tournament_committed
    match = arena.match(match_id).to_dict()
    pairing = plan("gauntlet", 2, 2, games_per_pairing=1, duplicate=False, seed=over["seed"])[0]
    assert match["seed"] == pairing.seed  # every match seed derives from the tournament's, as documented
    check_record(arena, match, committed)


@functools.cache
def tournament_seed_for(game: str) -> int:
    """A tournament seed whose first match (Pili Pili) hides a secret choice after a short prefix."""
    for seed in range(1, 400):
        pairing = plan("gauntlet", 2, 2, games_per_pairing=1, duplicate=False, seed=seed)[0]
        if game != "pili-pili" or secret_prefix(pairing.seed) is not None:
            return seed
    raise AssertionError("no tournament seed of 400 gives a secret early")


WAYS: dict[str, Callable[..., None]] = {
    "play": end_by_play,
    "resignation": end_by_resignation,
    "timeout": end_on_time,
    "abort": end_by_abort,
}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("game", list(OPTIONS))
def test_everything_shows_at_the_end(arena: Arena, game: str, way: str) -> None:
    WAYS[way](arena, game)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(OPTIONS))
def test_everything_shows_after_a_disqualification(arena: Arena, live_server: LiveServer, game: str) -> None:
    end_by_disqualification(arena, live_server, game)
