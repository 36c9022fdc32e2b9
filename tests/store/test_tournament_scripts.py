"""The tournaments' scripts through :class:`TournamentScripts`: ``write_tournament.lua``,
``tournament_match_field.lua`` and ``renew_presence.lua``, every branch, on one server and on the
cluster (a tournament's keys share its ``{t:<id>}`` slot)."""

from __future__ import annotations

import pytest

from api.store.match_scripts import AlreadyExists, Missing, MovedOn, Written
from api.store.tournament_scripts import TournamentChanges, TournamentScripts
from tests.store.stored import AsJson, Case, Hash, K, List, State, Target, check, on_both

TTL = 3600
TOURNAMENT = K.tournament("t1")
ENTRANTS, ROUNDS, STANDINGS, H2H, OUTCOMES, SECRETS, PRESENCE, RECORDS = K.tournament_keys("t1")[1:]
CHANNEL, ENTRANT_0, ENTRANT_2 = K.notify("t:t1"), K.entrant_channel("t1", 0), K.entrant_channel("t1", 2)


def changes(**changed: object) -> AsJson:
    """A write's changes (as JSON): nothing beside the record, but what ``changed`` says."""
    nothing: TournamentChanges = {
        "entrants": {},
        "rounds": {},
        "standings": {},
        "h2h": {},
        "presence": {},
        "outcomes": [],
        "notify": [],
    }
    return AsJson({**nothing, **changed})


def tournament(version: int, ttl: float | None = TTL) -> Hash:
    return Hash({"version": str(version), "record": f"rec-{version}", "summary": f"sum-{version}"}, ttl)


# --- write_tournament.lua ------------------------------------------------------------------------------

CREATE = {
    "keys": K.tournament_keys("t1"),
    "expected": None,
    "version": 1,
    "record": b"rec-1",
    "summary": b"sum-1",
    "ttl": TTL,
    "changes": changes(notify=[CHANNEL]),
}
NEXT = {**CREATE, "expected": 3, "version": 4, "record": b"rec-4", "summary": b"sum-4"}
#: Tournament ``t1`` at version 3, its TTLs counted down a little, with an entrant, a standing, an outcome.
AT_3: State = {
    TOURNAMENT: tournament(3, ttl=100),
    ENTRANTS: Hash({"0": "e0"}, ttl=100),
    STANDINGS: Hash({"0": "s0-old"}, ttl=100),
    OUTCOMES: List(["o1"], ttl=100),
}
EVERYTHING = changes(
    entrants={"0": "e0", "1": "e1"},
    rounds={"1": "0,1"},
    standings={"0": "s0", "1": "s1"},
    h2h={"0:1": "1,0,0"},
    presence={"1": "0"},
    outcomes=["o1", "o2"],
    notify=[CHANNEL, ENTRANT_0],
)

WRITE_CASES = [
    Case(
        "creates a tournament with nothing beside its record and tells its channel",
        CREATE,
        Written(1),
        after={TOURNAMENT: tournament(1)},
        published=[(CHANNEL, "1")],
    ),
    Case(
        "creates a tournament with every change beside, each key with the ttl, telling every channel",
        {**CREATE, "changes": EVERYTHING},
        Written(1),
        after={
            TOURNAMENT: tournament(1),
            ENTRANTS: Hash({"0": "e0", "1": "e1"}, ttl=TTL),
            ROUNDS: Hash({"1": "0,1"}, ttl=TTL),
            STANDINGS: Hash({"0": "s0", "1": "s1"}, ttl=TTL),
            H2H: Hash({"0:1": "1,0,0"}, ttl=TTL),
            PRESENCE: Hash({"1": "0"}, ttl=TTL),
            OUTCOMES: List(["o1", "o2"], ttl=TTL),
        },
        published=[(CHANNEL, "1"), (ENTRANT_0, "1")],
    ),
    Case(
        "a compare-and-set adds fields, overwrites others, appends outcomes and renews every ttl",
        {
            **NEXT,
            "changes": changes(entrants={"1": "e1"}, standings={"0": "s0-new"}, outcomes=["o2"], notify=[CHANNEL]),
        },
        Written(4),
        before={**AT_3, SECRETS: Hash({"r1-0": "tokens"}, ttl=100), RECORDS: Hash({"r1-0": "rec"}, ttl=100)},
        after={
            TOURNAMENT: tournament(4),
            ENTRANTS: Hash({"0": "e0", "1": "e1"}, ttl=TTL),
            STANDINGS: Hash({"0": "s0-new"}, ttl=TTL),
            OUTCOMES: List(["o1", "o2"], ttl=TTL),
            SECRETS: Hash({"r1-0": "tokens"}, ttl=TTL),
            RECORDS: Hash({"r1-0": "rec"}, ttl=TTL),
        },
        published=[(CHANNEL, "4")],
    ),
    Case(
        "a write with no channel to tell tells nobody",
        {**NEXT, "changes": changes()},
        Written(4),
        before=AT_3,
        after={
            TOURNAMENT: tournament(4),
            ENTRANTS: Hash({"0": "e0"}, ttl=TTL),
            STANDINGS: Hash({"0": "s0-old"}, ttl=TTL),
            OUTCOMES: List(["o1"], ttl=TTL),
        },
    ),
    Case("a creation finds the tournament there", {**CREATE, "changes": EVERYTHING}, AlreadyExists(), before=AT_3),
    Case("a compare-and-set on a tournament that moved on", {**NEXT, "expected": 2}, MovedOn(3), before=AT_3),
    Case("a compare-and-set on a tournament that is gone", {**NEXT, "changes": EVERYTHING}, Missing()),
]


@pytest.mark.parametrize(("target", "case"), on_both(WRITE_CASES), indirect=["target"])
def test_write_tournament(target: Target, case: Case) -> None:
    scripts = TournamentScripts(target.client)
    check(target, scripts.write_tournament, case, near=TOURNAMENT, channels=[CHANNEL, ENTRANT_0])


# --- tournament_match_field.lua ------------------------------------------------------------------------

SAVE_TOKENS = {
    "field_hash": SECRETS,
    "tournament_hash": TOURNAMENT,
    "field": "r1-0",
    "value": b"tokens",
    "ttl": 500,
    "notify": [ENTRANT_0, ENTRANT_2],
}
RUNNING: State = {TOURNAMENT: tournament(2)}

FIELD_CASES = [
    Case(
        "keeps a match's tokens as long as the tournament and tells its named entrants",
        SAVE_TOKENS,
        None,
        before=RUNNING,
        after={**RUNNING, SECRETS: Hash({"r1-0": "tokens"}, ttl=TTL)},
        published=[(ENTRANT_0, "tokens:r1-0"), (ENTRANT_2, "tokens:r1-0")],
    ),
    Case(
        "keeps a match's record, telling nobody",
        {**SAVE_TOKENS, "field_hash": RECORDS, "value": b"rec", "notify": []},
        None,
        before=RUNNING,
        after={**RUNNING, RECORDS: Hash({"r1-0": "rec"}, ttl=TTL)},
    ),
    Case(
        "the same field again is overwritten, the others stay",
        SAVE_TOKENS,
        None,
        before={**RUNNING, SECRETS: Hash({"r1-0": "old", "r1-1": "other"}, ttl=100)},
        after={**RUNNING, SECRETS: Hash({"r1-0": "tokens", "r1-1": "other"}, ttl=TTL)},
        published=[(ENTRANT_0, "tokens:r1-0"), (ENTRANT_2, "tokens:r1-0")],
    ),
    Case(
        "a tournament without a ttl: the hash gets the ttl given",
        SAVE_TOKENS,
        None,
        before={TOURNAMENT: tournament(2, ttl=None)},
        after={TOURNAMENT: tournament(2, ttl=None), SECRETS: Hash({"r1-0": "tokens"}, ttl=500)},
        published=[(ENTRANT_0, "tokens:r1-0"), (ENTRANT_2, "tokens:r1-0")],
    ),
    Case(
        "a tournament that is gone: the field is written all the same, with the ttl given",
        SAVE_TOKENS,
        None,
        after={SECRETS: Hash({"r1-0": "tokens"}, ttl=500)},
        published=[(ENTRANT_0, "tokens:r1-0"), (ENTRANT_2, "tokens:r1-0")],
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(FIELD_CASES), indirect=["target"])
def test_tournament_match_field(target: Target, case: Case) -> None:
    scripts = TournamentScripts(target.client)
    check(target, scripts.set_match_field, case, near=TOURNAMENT, channels=[ENTRANT_0, ENTRANT_2])


# --- renew_presence.lua --------------------------------------------------------------------------------

RENEW = {
    "presence_hash": PRESENCE,
    "tournament_hash": TOURNAMENT,
    "until": 99.5,
    "entrants": [0, 2],
    "renewed_at": 84.5,
}
#: What a renewal of RENEW keeps beside each entrant's lease: when it came, and its own end.
RENEWED = "84.5 99.5"

PRESENCE_CASES = [
    Case(
        "holds the entrants' leases until then, for as long as the tournament",
        RENEW,
        True,
        before=RUNNING,
        after={
            **RUNNING,
            PRESENCE: Hash({"0": "99.5", "2": "99.5", "renewal:0": RENEWED, "renewal:2": RENEWED}, ttl=TTL),
        },
    ),
    Case(
        "renews those named and leaves the others",
        RENEW,
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "50.0", "1": "60.0"}, ttl=100)},
        after={
            **RUNNING,
            PRESENCE: Hash(
                {"0": "99.5", "1": "60.0", "2": "99.5", "renewal:0": RENEWED, "renewal:2": RENEWED}, ttl=TTL
            ),
        },
    ),
    Case(
        "a lease the director ended (0) is renewed, and the renewal's own end kept beside it",
        {**RENEW, "entrants": [0]},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "0", "renewal:0": "10.0 25.0"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": RENEWED}, ttl=TTL)},
    ),
    Case(
        "matches reported lost are noted with the renewal, beside the leases",
        {**RENEW, "entrants": [1], "lost": ["m-1", "m2"]},
        True,
        before=RUNNING,
        after={
            **RUNNING,
            PRESENCE: Hash({"1": "99.5", "renewal:1": RENEWED, "lost:m-1": "84.5", "lost:m2": "84.5"}, ttl=TTL),
        },
    ),
    Case(
        "a match reported lost with no entrant renewed is still noted",
        {**RENEW, "entrants": [], "lost": ["m3"]},
        True,
        before=RUNNING,
        after={**RUNNING, PRESENCE: Hash({"lost:m3": "84.5"}, ttl=TTL)},
    ),
    Case(
        "no entrant: only the ttl follows the tournament's",
        {**RENEW, "entrants": []},
        True,
        before={**RUNNING, PRESENCE: Hash({"1": "60.0"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"1": "60.0"}, ttl=TTL)},
    ),
    Case("no entrant and no lease yet: nothing written", {**RENEW, "entrants": []}, True, before=RUNNING),
    Case(
        "a capacity is kept per entrant with the lease's group",
        {**RENEW, "capacity": 3, "group": "g1"},
        True,
        before=RUNNING,
        after={
            **RUNNING,
            PRESENCE: Hash(
                {
                    "0": "99.5",
                    "2": "99.5",
                    "cap:0": "3 g1",
                    "cap:2": "3 g1",
                    "renewal:0": RENEWED,
                    "renewal:2": RENEWED,
                },
                ttl=TTL,
            ),
        },
    ),
    Case(
        "a capacity of 0 is a capacity",
        {**RENEW, "entrants": [1], "capacity": 0, "group": "g2"},
        True,
        before=RUNNING,
        after={**RUNNING, PRESENCE: Hash({"1": "99.5", "cap:1": "0 g2", "renewal:1": RENEWED}, ttl=TTL)},
    ),
    Case(
        "a renewal without a capacity lifts that of its entrants only",
        RENEW,
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "50.0", "cap:0": "3 g1", "1": "50.0", "cap:1": "3 g1"}, ttl=100)},
        after={
            **RUNNING,
            PRESENCE: Hash(
                {"0": "99.5", "1": "50.0", "cap:1": "3 g1", "2": "99.5", "renewal:0": RENEWED, "renewal:2": RENEWED},
                ttl=TTL,
            ),
        },
    ),
    Case(
        "a session's first renewal: it renews since now",
        {**RENEW, "entrants": [0], "session": "s1"},
        True,
        before=RUNNING,
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": "84.5 99.5 84.5 s1"}, ttl=TTL)},
    ),
    Case(
        "the same session renews again: since when it renews is kept",
        {**RENEW, "entrants": [0], "session": "s1"},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "80.0", "renewal:0": "65.0 80.0 20.5 s1"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": "84.5 99.5 20.5 s1"}, ttl=TTL)},
    ),
    Case(
        "another session renews (a runner started again): it renews since now",
        {**RENEW, "entrants": [0], "session": "s2"},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "80.0", "renewal:0": "65.0 80.0 20.5 s1"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": "84.5 99.5 84.5 s2"}, ttl=TTL)},
    ),
    Case(
        "a session after renewals without one renews since now",
        {**RENEW, "entrants": [0], "session": "s1"},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "80.0", "renewal:0": "65.0 80.0"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": "84.5 99.5 84.5 s1"}, ttl=TTL)},
    ),
    Case(
        "a renewal without a session drops the session kept",
        {**RENEW, "entrants": [0]},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "80.0", "renewal:0": "65.0 80.0 20.5 s1"}, ttl=100)},
        after={**RUNNING, PRESENCE: Hash({"0": "99.5", "renewal:0": RENEWED}, ttl=TTL)},
    ),
    Case(
        "each entrant keeps its own session's since",
        {**RENEW, "session": "s1"},
        True,
        before={**RUNNING, PRESENCE: Hash({"0": "80.0", "renewal:0": "65.0 80.0 20.5 s1"}, ttl=100)},
        after={
            **RUNNING,
            PRESENCE: Hash(
                {"0": "99.5", "2": "99.5", "renewal:0": "84.5 99.5 20.5 s1", "renewal:2": "84.5 99.5 84.5 s1"},
                ttl=TTL,
            ),
        },
    ),
    Case("a session to a tournament that is gone: nothing written", {**RENEW, "session": "s1"}, False),
    Case("a tournament that is gone: nothing written", RENEW, False),
    Case(
        "a tournament without a ttl counts as gone (every write gives it one)",
        RENEW,
        False,
        before={TOURNAMENT: tournament(2, ttl=None)},
    ),
]


@pytest.mark.parametrize(("target", "case"), on_both(PRESENCE_CASES), indirect=["target"])
def test_renew_presence(target: Target, case: Case) -> None:
    check(target, TournamentScripts(target.client).renew_presence, case, near=TOURNAMENT)
