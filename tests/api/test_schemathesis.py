"""Schemathesis against the app: every request the spec allows is answered as the spec says.

The WSGI app from ``create_app`` runs on the tests' real Redis (``tests/conftest.py``). Random
``match_id`` values would only ever reach 404, so hooks ground most requests in real matches:
the path's ``match_id`` becomes a fresh active match, a finished one, a waiting one or stays a
made-up id (404), the bearer token becomes a real seat's or the host's (or stays made up: 401),
and ``If-Match`` the match's current version (or a stale one, or ``*``). A ``tournament_id``
becomes a fresh tournament open for entries, a running one, a cancelled one or stays made up, with
an entrant's or the host's token. Which of these a request
gets follows from the generated values, so Hypothesis can shrink and replay a failure.

Every check is on, stateless and stateful, and the state machine follows the spec's links (create
a match, list its legal actions, submit the first, ...). The spec declares no catch-all `default`
answer, so ``status_code_conformance`` fails on any status an operation does not declare, and
``response_headers_are_documented`` (below) on any header an answer carries that its status does not
declare; ``response_headers_conformance`` checks each declared header's schema, and that a required
one is there. The app runs with ``ARENA_CORS_ORIGINS`` set, so that the CORS headers (and
``Vary: Origin``) are on every answer too. (Statuses that only a failing store or a rate limit brings
about are probed in tests/api/test_answered_statuses.py.) What is narrowed, each with its reason
where it is done:

- ``missing_required_header`` also accepts 428 (RFC 6585) for a missing If-Match;
- ``negative_data_rejection`` also accepts 413: a list just past its maximum can be a body past the
  size limit, refused before it is read;
- ``positive_data_acceptance`` accepts the refusals in ``WRONG_FOR_THE_MATCH``: schema-valid
  requests that are wrong for the match they name, each with its documented code;
- the event streams get finished matches (a stream of a match in play ends only with the match);
- a long poll's ``wait`` lasts at most 20 ms; rate limits are off;
- the seat socket (a WebSocket) is left to its own live tests;
- the state machine's ``createMatch`` names a game (generated bodies often name none, or a player
  count the game does not allow).
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.core.failures import Failure
from schemathesis.generation.meta import TestPhase
from schemathesis.openapi.checks import RejectedPositiveData

from api.http.app import create_app
from api.http.matches.schemas import WAIT_MAX
from api.settings import Settings
from api.spec import openapi_document

#: How many requests each operation gets (examples, coverage and fuzzing phases together).
MAX_EXAMPLES = 150
#: How many chains of linked requests the state machine runs (each up to 10 steps).
STATEFUL_EXAMPLES = 100

CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "deterministic": True},
        "checks": {
            # 428 Precondition Required (RFC 6585 section 3) is the status for a conditional request
            # that lacks its precondition: submitAction without If-Match.
            "missing_required_header": {"expected-statuses": ["400", "401", "403", "406", "415", "422", "428"]},
            # A list one item past its maximum (1,001 tournament entrants) can be past the body's size
            # limit too: 413 refuses it before it is read.
            "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "406", "413", "422", "428"]},
        },
    }
)


class World:
    """The real matches the requests of one test are grounded in."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.client = self.app.test_client()
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        """Start again from an empty store: each chain of the state machine must find the store
        the same whenever Hypothesis runs it again, or the chain would not replay."""
        store = redis.Redis.from_url(self.settings.redis_url)
        keys = list(store.scan_iter(match=f"{self.settings.key_prefix}:*", count=1000))
        if keys:
            store.delete(*keys)
        store.close()
        #: Tokens of every match created here: seat tokens by seat, and the host token under ``None``.
        self.tokens: dict[str, dict[int | None, str]] = {}
        #: The seat to act next in each match, as its latest answer said (for the state machine).
        self.to_act: dict[str, int] = {}
        self.finished = self.create(resign=True)
        self.waiting = self.create(seats=[{"name": "ada"}, {"open": True}])
        #: Tokens of every tournament created here: entrant tokens by entrant, the host's under ``None``.
        self.tournament_tokens: dict[str, dict[int | None, str]] = {}
        self.running = self.create_tournament(start=True)
        self.cancelled = self.create_tournament(start=True, cancel=True)

    def create_tournament(self, *, start: bool, cancel: bool = False) -> str:
        """A tournament of two named entrants and a server bot: entries open, or started (or cancelled)."""
        body = {
            "game": "girafferaffe",
            "players_per_match": 2,
            "format": "round-robin",
            "seed": 7,
            "entrants": [{"name": "ada"}, {"name": "bob"}, {"name": "random", "bot": "random"}],
            "start": start,
        }
        response = self.client.post("/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        tournament_id: str = created["tournament"]["tournament_id"]
        tokens = {e["entrant"]: e["token"] for e in created["entrants"]} | {None: created["host_token"]}
        self.tournament_tokens[tournament_id] = tokens
        if cancel:
            cancelled = self.client.post(
                f"/tournaments/{tournament_id}/cancel", headers={"Authorization": f"Bearer {tokens[None]}"}
            )
            assert cancelled.status_code == 200, cancelled.get_json()
        return tournament_id

    def ground_tournament(self, generated: str) -> str:
        """A real tournament for a request that named ``generated``: a fresh one with entries open, the
        running one, a cancelled one, or ``generated`` itself (404)."""
        kind = pick(generated, 4)
        with self.lock:
            if kind == 0:
                return self.create_tournament(start=False)
            if kind == 1:
                return self.running
            if kind == 2:
                return self.cancelled
        return generated

    def create(self, *, resign: bool = False, seats: list[dict[str, Any]] | None = None) -> str:
        body: dict[str, Any] = {"game": "pipifax", "players": 2, "seed": 7, "options": {"first_player": 0}}
        if seats is not None:
            body["seats"] = seats
        response = self.client.post("/matches", json=body)
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        match_id: str = created["match"]["match_id"]
        self.tokens[match_id] = {s["seat"]: s["token"] for s in created["seats"]} | {None: created["host_token"]}
        if resign:
            token = self.tokens[match_id][1]
            resigned = self.client.post(f"/matches/{match_id}/resign", headers={"Authorization": f"Bearer {token}"})
            assert resigned.status_code == 200, resigned.get_json()
        return match_id

    def ground(self, generated: str, operation: str | None) -> str:
        """A real match for a request that named ``generated`` (or ``generated`` itself: 404).

        The event streams only get finished matches: the stream of a match in play stays open until
        the match ends, which no single request brings about (in-process, each request would wait
        for the 15 s keep-alive).
        """
        kind = 0 if operation in STREAMS else pick(generated, 4)  # (a linked stream too: same reason)
        with self.lock:
            if kind == 0:
                return self.finished
            if kind == 1:
                return self.create()
            if kind == 2:
                return self.waiting
        return generated

    def version(self, match_id: str) -> int:
        response = self.client.get(f"/matches/{match_id}")
        return int(response.get_json()["version"]) if response.status_code == 200 else 0


WORLD: World | None = None


def world() -> World:
    assert WORLD is not None, "the arena_world fixture sets up the world"
    return WORLD


def pick(value: object, choices: int) -> int:
    """A stable choice among ``choices`` derived from a generated value (so a failure replays)."""
    return int(hashlib.sha256(repr(value).encode()).hexdigest(), 16) % choices


STREAMS = {"streamMatch", "streamSeat"}

#: The origin the app allows, and every request comes from.
CORS_ORIGIN = "https://app.example"
#: Headers of the transport rather than of the API, which no answer declares (``nosniff``, which every
#: answer carries for browsers' sake, is in docs/api.md).
TRANSPORT_HEADERS = frozenset(
    {"content-type", "content-length", "transfer-encoding", "date", "server", "connection", "x-content-type-options"}
)


@schemathesis.check
def response_headers_are_documented(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: Case
) -> None:
    """Every header of an answer is one its status declares (``response_headers_conformance`` checks
    the declared ones' schemas, but not that there are no others)."""
    if case.method.upper() != case.operation.method.upper():
        return  # a method the path does not take (unsupported_method checks its 405 and `Allow`)
    definition = case.operation.responses.find_by_status_code(response.status_code)
    if definition is None:
        return  # status_code_conformance reports the status
    declared = {name.lower() for name in definition.definition.get("headers", {})} | TRANSPORT_HEADERS
    undeclared = sorted(name for name in response.headers if name.lower() not in declared)
    if undeclared:
        raise AssertionError(f"{response.status_code} answer with undeclared headers: {', '.join(undeclared)}")


class CurrentApp:
    """The WSGI app of the running test: the schema is loaded once, at import, but each test builds
    its own app on the tests' Redis (with its own key prefix), so requests go through this proxy.

    (``schemathesis.pytest.from_fixture`` would load the schema from a fixture instead, but it sets
    a private pytest attribute that pytest 9 no longer has.)
    """

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        return world().app(environ, start_response)


#: A generated request (of any operation).
Case = schemathesis.Case[Any]

# The seat socket is a WebSocket: a plain request to it is answered 426, as the spec says, but no
# request schemathesis makes can open it. tests/e2e/test_seat_socket.py drives it through real sockets.
schema = schemathesis.openapi.from_dict(openapi_document(), config=CONFIG).exclude(operation_id="seatSocket")
schema.app = CurrentApp()


@pytest.fixture(autouse=True)
def arena_world(settings: Settings) -> Iterator[World]:
    global WORLD  # noqa: PLW0603 - the hooks run inside Hypothesis, outside any fixture
    # Rate limits off: one client sending thousands of requests a minute would get 429 after the
    # first few, which would hide every other answer (the limits have tests of their own). CORS on for
    # an origin, so that its headers are checked against the spec with every answer. The quota of live
    # tournaments out of reach (still counted) for the same reason: a chain may create many.
    unreached = dataclasses.replace(settings, rate_limits="off", max_live_tournaments=1_000_000)
    WORLD = World(dataclasses.replace(unreached, cors_origins=(CORS_ORIGIN,)))
    try:
        yield WORLD
    finally:
        WORLD = None


#: The bearer token the auth provider puts in a request, replaced by a real one just before it is sent.
ROLE = "role-"


class SeatAuth:
    """Marks most requests as carrying a real token: of seat 0 (who acts first), seat 1 or the host.

    The real token depends on the match the request is grounded in, which exists only once the test
    runs (cases of the coverage phase are built when the tests are collected), so ``get`` names a
    role and ``ground`` swaps in that role's token. A quarter keep the generated token: 401.
    """

    def get(self, case: Case, ctx: schemathesis.AuthContext) -> str | None:
        if case.meta is not None and case.meta.phase.name == TestPhase.STATEFUL:
            # A step of the state machine always gets a real token: its match id comes from an
            # answer (and is random), so a role drawn from it would change when the chain replays.
            return f"{ROLE}0"
        path = case.path_parameters or {}
        role = pick((path.get("match_id", path.get("tournament_id")), "role"), 4)
        return None if role == 3 else f"{ROLE}{role}"

    def set(self, case: Case, data: str, ctx: schemathesis.AuthContext) -> None:
        case.headers["Authorization"] = f"Bearer {data}"


def ground(case: Case, *, linked: bool = False) -> None:
    """Ground the request in real matches just before it is sent (see the module's docstring).

    A ``linked`` request (a step of the state machine) keeps the match and version its links gave
    it, and acts as the seat whose turn it is (or the host, to abort), so that chains of moves go on.
    """
    here = world()
    if case.headers is None:
        case.headers = {}
    case.headers["Origin"] = CORS_ORIGIN  # a page of the allowed origin: the answers carry the CORS headers
    path = case.path_parameters or {}
    operation = case.operation.definition.raw.get("operationId")
    if "match_id" in path and (path["match_id"] not in here.tokens or operation in STREAMS):
        path["match_id"] = here.ground(path["match_id"], operation)
    if "tournament_id" in path and path["tournament_id"] not in here.tournament_tokens:
        path["tournament_id"] = here.ground_tournament(path["tournament_id"])
        return _tournament_token(case, here.tournament_tokens.get(path["tournament_id"]))
    match_id = path.get("match_id")
    headers = case.headers
    if headers is None or match_id not in here.tokens:
        return _short_wait(case)
    authorization = str(headers.get("Authorization", ""))
    if authorization.startswith(f"Bearer {ROLE}"):
        role = int(authorization.removeprefix(f"Bearer {ROLE}"))
        tokens = here.tokens[match_id]
        who = role if role < 2 else None  # seat 0, seat 1 or the host
        if linked:  # the host's token for the host's operation, else the token of the seat to act
            who = None if operation == "abortMatch" else here.to_act.get(match_id, 0)
        headers["Authorization"] = f"Bearer {tokens.get(who) or tokens[None]}"
    if "If-Match" in headers and not linked:
        choice = pick(headers["If-Match"], 4)
        if choice < 2:
            headers["If-Match"] = f'"{here.version(match_id)}"'
        elif choice == 2:
            headers["If-Match"] = "*"
    return _short_wait(case)


def _tournament_token(case: Case, tokens: dict[int | None, str] | None) -> None:
    """Swap a role for a real token of the tournament: entrant 0's, entrant 1's or the host's."""
    headers = case.headers
    authorization = "" if headers is None else str(headers.get("Authorization", ""))
    if tokens is not None and headers is not None and authorization.startswith(f"Bearer {ROLE}"):
        role = int(authorization.removeprefix(f"Bearer {ROLE}"))
        headers["Authorization"] = f"Bearer {tokens[role if role < 2 else None]}"
    return _short_wait(case)


def _short_wait(case: Case) -> None:
    """A valid ``wait`` keeps its meaning but lasts at most 20 ms: a long poll that nothing wakes
    would otherwise hold each request for up to a minute."""
    query = case.query
    if query and isinstance(query.get("wait"), int | float) and 0 < query["wait"] <= WAIT_MAX:
        query["wait"] = min(query["wait"], 0.02)


#: Refusals of requests that the spec allows but that are wrong for the match they name: the spec
#: cannot tell them apart, as they depend on the match's game or state. Each has a documented code,
#: and only these (with these details) are accepted for schema-valid data.
WRONG_FOR_THE_MATCH: dict[tuple[int, str], Callable[[dict[str, Any]], bool]] = {
    # what is legal depends on the state (the body schema is every action of every game)
    (422, "action/illegal"): lambda details: True,
    # another game's action type: the error lists the match's own
    (422, "action/malformed"): lambda details: "allowed" in details,
    # options, or a player count, that this game does not allow (players is bounded over all games)
    (422, "match/invalid_options"): lambda details: True,
    # a bot this game does not have
    (422, "bot/unknown"): lambda details: True,
    # a seats list whose length is not `players`, a seat this match lacks, a filter key its game lacks;
    # a tournament's table size that its game does not allow, two entrants of one name, a ratings anchor
    # past the tournament's entrants
    (422, "request/invalid"): lambda details: (
        details.get("field") in {"seats", "seat", "filter", "players_per_match", "entrants", "anchor"}
    ),
    # a tournament of a game the catalogue lacks (the game id is a free string)
    (422, "game/unknown"): lambda details: details.get("field") == "game",
    # a schedule these entrants cannot play (too few of them, Swiss without rounds, too many matches)
    (422, "tournament/invalid"): lambda details: True,
    # the match moved past the If-Match version (a made-up version, or another request moved first)
    (412, "match/stale_version"): lambda details: True,
    # an Idempotency-Key that an earlier request (with another body) used: the spec cannot know it
    (422, "request/idempotency_mismatch"): lambda details: True,
    # a webhook URL of the published shape whose host does not resolve to public addresses now (or
    # whose port is out of range): the spec cannot know where a name resolves
    (422, "webhook/refused_url"): lambda details: details.get("field") == "webhook.url",
    # a record whose seed does not open its commitment, or whose moves do not replay: only the engine
    # can tell (the record schema says what a record holds, not whether it is a true one)
    (422, "record/invalid"): lambda details: "version" in details,
}


@schema.hook
def filter_failure(
    context: schemathesis.HookContext, failure: Failure, case: Case, response: schemathesis.Response
) -> bool:
    """Keep every failure but a schema-valid request refused as wrong for its match (see above)."""
    if not isinstance(failure, RejectedPositiveData):
        return True
    try:
        body = response.json()
    except ValueError:
        return True
    accepted = WRONG_FOR_THE_MATCH.get((response.status_code, body.get("code")))
    return accepted is None or not accepted(body.get("details") or {})


schema.auth(refresh_interval=None)(SeatAuth)


#: Hypothesis's timing and health checks are for pure functions: each example here is a request (a
#: few ms, more when it creates a match), and schemathesis itself discards the cases it cannot send.
QUIET = settings(deadline=None, suppress_health_check=list(HealthCheck))


@schema.parametrize()
@QUIET
def test_every_operation_answers_as_documented(case: Case) -> None:
    ground(case)
    case.call_and_validate()


#: Valid bodies for ``createMatch`` in the state machine, one per game.
NEW_MATCHES: list[dict[str, Any]] = [
    {"game": "pipifax", "players": 2},
    {"game": "taiga", "players": 3},
    {"game": "girafferaffe", "players": 1, "options": {"mode": "solo"}},
    {"game": "pili-pili", "players": 3},
]


class ArenaStateMachine(schema.as_state_machine()):  # type: ignore[misc]
    """Chains of requests along the spec's links: create a match, list its legal actions, submit
    the first, read it, join, resign, abort... with the tokens the answers hand out."""

    def setup(self) -> None:
        world().reset()

    def before_call(self, case: Case) -> None:
        operation = case.operation.definition.raw.get("operationId")
        if operation == "createMatch" and isinstance(case.body, dict):
            # The game is a free string in the spec (an enum would tie the SDK to today's
            # catalogue), so nearly every generated body names no game: 404, and no chain would
            # start. A create for a game that does not exist becomes one for a real game.
            game = case.body.get("game")  # any JSON value: a list or an object is no game either
            if not isinstance(game, str) or game not in {body["game"] for body in NEW_MATCHES}:
                case.body = {**NEW_MATCHES[pick(case.body, len(NEW_MATCHES))], "seed": pick(case.body, 1000)}
            # The key fixes the match id, so a chain that Hypothesis runs again meets the same ids.
            case.headers["Idempotency-Key"] = f"chain-{pick(case.body, 10**12)}"
        if case.headers and not isinstance(case.headers.get("If-Match", ""), str):
            # a link copies the version (an integer) into If-Match; a header is text
            case.headers["If-Match"] = str(case.headers["If-Match"])
        ground(case, linked=True)

    def after_call(self, response: schemathesis.Response, case: Case) -> None:
        """Remember the tokens a new match or a join hands out, and whose turn it is."""
        if response.status_code >= 300 or "json" not in str(response.headers.get("content-type")):
            return
        body = response.json()
        here = world()
        operation = case.operation.definition.raw.get("operationId")
        if operation == "createMatch":
            match_id = body["match"]["match_id"]
            here.tokens[match_id] = {s["seat"]: s["token"] for s in body["seats"]} | {None: body["host_token"]}
            body = body["match"]
        elif operation == "joinMatch":
            here.tokens.setdefault(case.path_parameters["match_id"], {})[body["seat"]] = body["token"]
        if isinstance(body, dict) and body.get("to_act"):
            here.to_act[body["match_id"]] = body["to_act"][0]


@pytest.mark.timeout(600)  # about 70 s on a quiet machine; up to three times that on a busy one
def test_chains_of_requests_along_the_links_answer_as_documented() -> None:
    # A fixed sequence of chains (derandomize), the same in every run: Hypothesis replays a prefix of
    # choices while it generates, and a chain whose answers differ from run to run (fresh random
    # tokens, timing) can make it report "inconsistent data generation" about itself, not the API.
    chains = settings(QUIET, max_examples=STATEFUL_EXAMPLES, stateful_step_count=10, derandomize=True, database=None)
    ArenaStateMachine.run(settings=chains)
