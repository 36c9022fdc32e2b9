"""The SDK's lobby, streams and whole-match play against a live server (gunicorn + referee), as a user would."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from arena_client import AuthenticatedClient
from arena_client.api.matches import submit_action
from arena_client.models import MoveResult, PipifaxFlip, PipifaxFlipType, SeatView
from arena_sdk import (
    Arena,
    AsyncArena,
    MatchFullError,
    MatchOverError,
    MatchWaitingError,
    NotHostError,
    Seat,
    SeatOutError,
)
from arena_sdk.actions import request_model

from tests.e2e.pipifax_players import remembering_pipifax_player
from tests.live_server import LiveServer

#: How long a whole match may take on a busy machine: far more than it needs.
MATCH_TIMEOUT = 240.0

Choose = Callable[[SeatView, list[Any]], Any]


def random_player(seed: int) -> Choose:
    rng = random.Random(seed)
    return lambda view, actions: rng.choice(actions)


def play_all(seats: list[Seat], *, remembering: bool = False) -> list[SeatView]:
    """Each seat plays with ``Seat.play`` in its own thread (random flips, or Pipifax's remembering
    player when the match's length is not the subject); returns their final views."""
    with ThreadPoolExecutor(len(seats)) as pool:
        futures = [
            pool.submit(seat.play, remembering_pipifax_player() if remembering else random_player(seat.seat))
            for seat in seats
        ]
        return [future.result(timeout=MATCH_TIMEOUT) for future in futures]


@pytest.mark.parametrize(("game", "players"), [("pipifax", 2), ("pili-pili", 3)])
def test_play_bots_in_threads_finish_a_match(arena: Arena, game: str, players: int) -> None:
    created = arena.create_match(game, players, seed=7)
    seats = [arena.seat(created.match.match_id, s.token) for s in created.seats]
    finals = play_all(seats, remembering=game == "pipifax")
    match = arena.match(created.match.match_id)
    assert match.status.value == "finished" and match.result is not None
    for seat, final in zip(seats, finals, strict=True):
        assert final.seat == seat.seat
        assert final.status.value == "finished"
        assert final.version == match.version
        assert final.result is not None and final.result.winners == match.result.winners


def test_a_player_finishes_a_match_against_the_servers_greedy_bot(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seats=[{"name": "me"}, {"bot": "greedy"}])
    assert [s.seat for s in created.seats] == [0]
    me = arena.seat(created.match.match_id, created.seats[0].token)
    final = me.play(random_player(0))
    assert final.status.value == "finished" and final.result is not None
    assert final.version == arena.match(created.match.match_id).version
    bot_seat = arena.match(created.match.match_id).seats[1]
    assert (bot_seat.kind.value, bot_seat.bot) == ("bot", "greedy")


def test_play_shows_a_uniform_sample_and_the_total_when_there_are_more_actions(arena: Arena) -> None:
    created = arena.create_match("girafferaffe", 2, seats=[{"name": "me"}, {"bot": "random"}], seed=4)
    me = arena.seat(created.match.match_id, created.seats[0].token)
    shown: list[tuple[int, int, bool]] = []

    def choose(view: SeatView, actions: list[Any]) -> Any:
        drawn = [a.to_dict() for a in actions]
        listed_first = [a.to_dict() for a in me.legal_actions(limit=len(actions))]
        shown.append((len({repr(sorted(a.items())) for a in drawn}), me.actions_total, drawn != listed_first))
        return actions[0]

    final = me.play(choose, max_actions=20)
    assert final.status.value == "finished"
    assert all(distinct <= 20 for distinct, _, _ in shown)
    big = [(distinct, sampled) for distinct, total, sampled in shown if total > 20]
    assert big, shown  # the opening hands offer far more than 20 plays
    assert all(distinct == 20 for distinct, _ in big)
    assert all(sampled for _, sampled in big)  # a sample, not the first plays listed


def test_joining_the_open_seat_starts_the_match(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seats=[{"name": "ada"}, {"open": True}])
    match_id = created.match.match_id
    assert arena.match(match_id).status.value == "waiting"
    ada = arena.seat(match_id, created.seats[0].token)
    with pytest.raises(MatchWaitingError):
        ada.resign()

    open_ids = {m.match_id for m in arena.list_matches(game="pipifax", open=True, limit=100).matches}
    assert match_id in open_ids
    bob = arena.join(match_id, name="bob")
    assert bob.seat == 1
    match = arena.match(match_id)
    assert match.status.value == "active"
    assert [s.name for s in match.seats] == ["ada", "bob"]
    kinds = [e.kind for e in arena.events(match_id, after=-1, limit=100).events]
    assert kinds[-2:] == ["joined", "started"]
    with pytest.raises(MatchFullError):
        arena.join(match_id)

    finals = play_all([ada, bob], remembering=True)
    assert all(f.status.value == "finished" for f in finals)


def test_list_matches_pages_newest_first_without_repeats(arena: Arena) -> None:
    mine = [arena.create_match("taiga", 3).match.match_id for _ in range(3)]
    seen: list[str] = []
    created_at: list[float] = []
    cursor: str | None = None
    while True:
        page = arena.list_matches(game="taiga", limit=2, cursor=cursor)
        assert len(page.matches) <= 2
        seen += [m.match_id for m in page.matches]
        created_at += [m.created_at for m in page.matches]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert len(seen) == len(set(seen))
    assert created_at == sorted(created_at, reverse=True)
    assert set(mine) <= set(seen)
    assert [i for i in seen if i in mine] == mine[::-1]


def test_resigning_hands_a_two_player_match_to_the_other_seat(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seed=3)
    first, second = (arena.seat(created.match.match_id, s.token) for s in created.seats)
    view = second.resign()
    assert view.status.value == "finished"
    assert view.result is not None and view.result.winners == [0]
    assert [s.state.value for s in view.seats] == ["playing", "resigned"]
    with pytest.raises(MatchOverError):
        second.resign()
    assert first.play(random_player(1)).result == view.result  # nothing left to play
    assert first.wait_for_turn(timeout=MATCH_TIMEOUT) is False


def test_a_resigned_seat_of_three_is_played_by_the_server(arena: Arena) -> None:
    created = arena.create_match("taiga", 3, seed=3)
    seats = [arena.seat(created.match.match_id, s.token) for s in created.seats]
    view = seats[2].resign()
    assert view.status.value == "active"
    assert [s.state.value for s in view.seats] == ["playing", "playing", "resigned"]
    with pytest.raises(SeatOutError):
        seats[2].resign()
    assert seats[2].wait_for_turn(timeout=MATCH_TIMEOUT) is False
    finals = play_all(seats[:2])
    assert all(f.status.value == "finished" for f in finals)


def test_the_host_aborts_a_match(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2)
    match_id = created.match.match_id
    seat = arena.seat(match_id, created.seats[0].token)
    with pytest.raises(NotHostError):
        arena.abort(match_id, created.seats[0].token)
    aborted = arena.abort(match_id, created.host_token)
    assert aborted.status.value == "aborted" and aborted.result is None
    with pytest.raises(MatchOverError):
        arena.abort(match_id, created.host_token)
    with pytest.raises(MatchOverError):
        seat.act(PipifaxFlip(type_=PipifaxFlipType.PIPIFAX_FLIP, position=0))
    events = list(arena.stream(match_id))
    assert [(e.type, e.data["status"]) for e in events] == [("match_over", "aborted")]


def test_the_public_stream_follows_a_match_to_its_end(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seed=11)
    match_id = created.match.match_id
    seats = [arena.seat(match_id, s.token) for s in created.seats]
    with ThreadPoolExecutor(1) as pool:
        players = pool.submit(play_all, seats, remembering=True)
        streamed = list(arena.stream(match_id, after=0))
        players.result(timeout=MATCH_TIMEOUT)
    *events, end = streamed
    assert end.type == "match_over" and end.data["status"] == "finished"
    assert end.version == arena.match(match_id).version
    assert {e.type for e in events} == {"event"}
    assert all(e.data["visible_to"] is None for e in events)
    log = []
    after = 0
    while page := arena.events(match_id, after=after, limit=1000).events:
        log += [(e.version, e.kind) for e in page]
        after = page[-1].version
    assert [(e.version, e.data["kind"]) for e in events] == log
    ids = [e.id for e in streamed]
    assert len(set(ids)) == len(ids)
    assert {i for i in ids if "." not in i} == {str(e.version) for e in streamed}  # each version's last item
    assert list(arena.stream(match_id, after=end.version)) == [], "resuming after the end ends (204), at once"


def test_a_resent_action_applies_once(arena: Arena, live_server: LiveServer) -> None:
    created = arena.create_match("pipifax", 2, {"first_player": 0}, seed=5)
    match_id, token = created.match.match_id, created.seats[0].token
    action = arena.seat(match_id, token).legal_actions(limit=1)[0]

    with AuthenticatedClient(base_url=live_server.url, token=token) as client:
        key = str(uuid.uuid4())
        answers = [
            submit_action.sync_detailed(
                match_id, client=client, body=request_model(action), if_match="0", idempotency_key=key
            )
            for _ in range(2)
        ]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[1].headers.get("Idempotent-Replayed") == "true"
    assert answers[0].content == answers[1].content
    assert arena.match(match_id).version == 1


class CutFirstAnswer(httpx.BaseTransport):
    """Sends every request, but loses the answer to the first action as a cut connection would."""

    def __init__(self) -> None:
        self.inner = httpx.HTTPTransport()
        self.actions_sent = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if request.method == "POST" and request.url.path.endswith("/actions"):
            self.actions_sent += 1
            if self.actions_sent == 1:
                response.read()
                response.close()
                raise httpx.ReadError("connection cut", request=request)
        return response

    def close(self) -> None:
        self.inner.close()


def test_seat_act_resends_with_the_same_key_after_a_cut_connection(arena: Arena, live_server: LiveServer) -> None:
    created = arena.create_match("pipifax", 2, {"first_player": 0}, seed=5)
    match_id, token = created.match.match_id, created.seats[0].token
    seat = arena.seat(match_id, token)
    transport = CutFirstAnswer()
    seat.client = AuthenticatedClient(base_url=live_server.url, token=token, httpx_args={"transport": transport})
    action = seat.legal_actions(limit=1)[0]

    result = seat.act(action)
    assert isinstance(result, MoveResult) and result.version == 1
    assert transport.actions_sent == 2
    assert arena.match(match_id).version == 1
    assert {e.version for e in arena.events(match_id, after=0).events} == {1}


class CutStreams(httpx.BaseTransport):
    """Cuts each of the first ``cuts`` seat streams after ``after_bytes`` bytes, as a dropped connection would."""

    def __init__(self, cuts: int, after_bytes: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.cuts, self.after_bytes = cuts, after_bytes
        self.resumed_from: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if not request.url.path.endswith("/seat-stream"):
            return response
        self.resumed_from.append(request.headers.get("Last-Event-ID"))
        if self.cuts == 0:
            return response
        self.cuts -= 1
        return httpx.Response(
            response.status_code, headers=response.headers, stream=CutStream(response, self.after_bytes)
        )

    def close(self) -> None:
        self.inner.close()


class CutStream(httpx.SyncByteStream):
    def __init__(self, response: httpx.Response, after_bytes: int) -> None:
        self.response, self.after_bytes = response, after_bytes

    def __iter__(self) -> Iterator[bytes]:
        sent = 0
        for chunk in self.response.iter_raw():
            yield chunk[: self.after_bytes - sent]
            sent += len(chunk)
            if sent >= self.after_bytes:
                raise httpx.ReadError("connection cut")

    def close(self) -> None:
        self.response.close()


def test_play_resumes_its_stream_after_dropped_connections(arena: Arena, live_server: LiveServer) -> None:
    created = arena.create_match("pipifax", 2, seed=13)
    match_id = created.match.match_id
    seats = [arena.seat(match_id, s.token) for s in created.seats]
    transport = CutStreams(cuts=3, after_bytes=5000)  # all three cut early in the match, as in a long one
    token = created.seats[0].token
    seats[0].client = AuthenticatedClient(base_url=live_server.url, token=token, httpx_args={"transport": transport})
    finals = play_all(seats, remembering=True)
    assert [f.version for f in finals] == [arena.match(match_id).version] * 2
    first, *resumed = transport.resumed_from
    assert first is None and len(resumed) >= 3 and all(resumed[:3])  # each resumption names the last event


def test_create_match_takes_pace_ms_in_both_faces(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seats=[{"bot": "random"}, {"bot": "random"}], pace_ms=250)
    assert created.match.pace_ms == 250

    async def created_async() -> int | None:
        async with AsyncArena(arena.base_url) as other:
            made = await other.create_match("taiga", 2, pace_ms=400)
            pace = made.match.pace_ms
            return pace if isinstance(pace, int) else None

    assert asyncio.run(created_async()) == 400
