"""The SDK's turn loop against a live server: ``Seat.turns`` in every game, its events, and the typed failures.

Each seat of a match plays in a thread of its own with the plain loop a bot writer would write,
``for turn in seat.turns(): turn.act(...)``; nothing sets a version by hand.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from arena_client.models import SeatView
from arena_sdk import (
    Action,
    Arena,
    AsyncArena,
    AsyncTurn,
    ConnectionFailedError,
    IllegalActionError,
    StaleVersionError,
    Turn,
    WaitTimeoutError,
)

from api.store.redis_server import free_port
from tests.e2e.pipifax_players import remembering_pipifax_player
from tests.live_server import LiveServer

#: One configuration per game, with a mode that has several seats deciding at once (Pili Pili).
GAMES = [
    ("pipifax", 2, {}),
    ("taiga", 3, {}),
    ("girafferaffe", 2, {"mode": "standard"}),
    ("pili-pili", 3, {"missions": "expert"}),
]


def play_seat(arena: Arena, match_id: str, token: str, seed: int, game: str) -> dict[str, Any]:
    """The obvious loop: act on every turn with a seeded random legal action (in Pipifax, the remembering
    player's: random flips take thousands of moves, and the match's length is not the subject); what the
    seat saw."""
    seat = arena.seat(match_id, token)
    rng = random.Random(seed)
    choose = remembering_pipifax_player() if game == "pipifax" else lambda turn: rng.choice(turn.actions)
    turns: list[Turn] = []
    overtaken = 0
    for turn in seat.turns(legal_limit=50):
        assert turn.seat is seat and turn.version >= (turns[-1].version + 1 if turns else 0)
        assert turn.actions and len(turn.actions) <= 50 and turn.total >= len(turn.actions)
        assert turn.view.version == turn.version
        turns.append(turn)
        if turn.act(choose(turn)) is None:
            overtaken += 1
    return {"seat": seat, "turns": turns, "overtaken": overtaken}


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_seat_plays_a_whole_match_with_the_plain_turn_loop(
    arena: Arena, game: str, players: int, options: dict[str, Any]
) -> None:
    created = arena.create_match(game, players, options, seed=17)
    match_id = created.match.match_id
    with ThreadPoolExecutor(max_workers=players) as pool:
        futures = [pool.submit(play_seat, arena, match_id, s.token, s.seat, game) for s in created.seats]
        played = [future.result(timeout=600) for future in futures]
    final = arena.match(match_id)
    assert final.status.value == "finished"
    for seat_number, outcome in enumerate(played):
        turns: list[Turn] = outcome["turns"]
        seat = outcome["seat"]
        assert turns, f"seat {seat_number} never had a turn"
        # The events handed out with the turns are the seat's own log, in order, from the setup on,
        # up to its last turn: what a bot that remembers needs, and nothing it may not see.
        handed = [event.to_dict() for turn in turns for event in turn.events]
        log: list[dict[str, Any]] = []
        after = -1
        while True:
            page = seat.events(after=after, limit=1000)
            log.extend(event.to_dict() for event in page.events)
            if not page.has_more:
                break
            after = page.next_after
        assert handed == [event for event in log if event["version"] <= turns[-1].version]
        assert all(e["visible_to"] is None or seat_number in e["visible_to"] for e in handed)
        assert turns[0].events and turns[0].events[0].version == 0  # the setup's events come first


def test_a_loop_that_breaks_off_gets_its_pending_turn_again(arena: Arena) -> None:
    created = arena.create_match("taiga", 2, {"first_player": 0}, seed=4, seats=[{"name": "me"}, {"bot": "random"}])
    seat = arena.seat(created.match.match_id, created.seats[0].token)
    first = next(iter(seat.turns()))
    again = next(iter(seat.turns()))  # not acted on: the same turn comes back
    assert again.version == first.version and again.events == []
    assert again.act(again.actions[0]) is not None
    later = next(iter(seat.turns()))
    assert later.version > first.version
    assert any(event.kind == "disc_flipped" for event in later.events)  # the bot's moves in between


def test_play_takes_a_choose_of_the_turn_or_of_the_view_and_the_actions(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, seed=9, seats=[{"name": "a"}, {"name": "b"}])
    seen: list[int] = []
    remembering = remembering_pipifax_player()  # it ends the match in tens of moves, not thousands

    def by_turn(turn: Turn) -> Action:
        seen.append(len(turn.events))
        return remembering(turn)

    def by_view(view: SeatView, actions: list[Action]) -> Action:
        return actions[-1]

    choosers: list[Callable[..., Action]] = [by_turn, by_view]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [
            pool.submit(arena.seat(created.match.match_id, s.token).play, choosers[s.seat]) for s in created.seats
        ]
        finals = [future.result(timeout=600) for future in futures]
    assert all(final.status.value == "finished" for final in finals)
    assert seen and sum(seen) > 0


def test_an_illegal_choice_stops_play_with_the_rule_and_play_resumes(arena: Arena) -> None:
    created = arena.create_match("taiga", 2, {"first_player": 0}, seed=5, seats=[{"name": "a"}, {"bot": "random"}])
    seat = arena.seat(created.match.match_id, created.seats[0].token)
    wrong = {"type": "taiga.take", "from_seat": 1}  # only after a find, with the circle empty
    with pytest.raises(IllegalActionError) as refused:
        seat.play(lambda turn: wrong)
    assert refused.value.rule == "T4"
    assert any("may be called again" in note for note in refused.value.__notes__)
    final = seat.play(lambda turn: turn.actions[0])
    assert final.status.value == "finished"


def test_waiting_past_its_timeout_raises_the_sdks_own_timeout(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, {"first_player": 0}, seed=3)
    second = arena.seat(created.match.match_id, created.seats[1].token)
    with pytest.raises(WaitTimeoutError) as waited:
        second.wait_for_turn(timeout=0.5, wait=0.5)
    assert isinstance(waited.value, TimeoutError) and waited.value.code == "client/wait_timeout"


def test_wait_for_turn_at_version_0_sees_the_seat_to_act(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2, {"first_player": 1}, seed=3)
    assert arena.seat(created.match.match_id, created.seats[1].token).wait_for_turn(timeout=60) is True


def test_an_unreachable_server_fails_within_the_connect_timeout_not_the_retry_budget() -> None:
    # Nothing listens on the port: connecting is refused. With a retry budget far past the suite's
    # per-test timeout, only giving up after the connect timeout lets this test finish at all.
    arena = Arena(f"http://127.0.0.1:{free_port()}", retry_for=3600, connect_timeout=0.5)
    with pytest.raises(ConnectionFailedError):
        arena.games()
    seat = arena.seat("abc", "abc.0.secret")
    with pytest.raises(ConnectionFailedError):
        seat.view()


def test_a_server_that_answered_once_is_waited_for_through_a_drop(live_server: LiveServer) -> None:
    arena = Arena(live_server.url, connect_timeout=0.5)
    assert not arena.reached
    arena.games()
    assert arena.reached and arena.retry_for == 30.0


def test_the_async_turn_loop_plays_a_match_against_a_server_bot(live_server: LiveServer) -> None:
    async def play() -> tuple[list[AsyncTurn], str]:
        async with AsyncArena(live_server.url) as arena:
            created = await arena.create_match(
                "girafferaffe", 2, {"mode": "standard"}, seed=2, seats=[{"name": "me"}, {"bot": "greedy"}]
            )
            seat = arena.seat(created.match.match_id, created.seats[0].token)
            turns = []
            async for turn in seat.turns():
                turns.append(turn)
                result = await turn.act(turn.actions[0])
                assert result is not None and result.version == turn.version + 1
            return turns, (await arena.match(created.match.match_id)).status.value

    turns, status = asyncio.run(play())
    assert status == "finished" and turns
    assert any(e.kind == "hand_dealt" for e in turns[0].events)


def test_a_stale_version_never_reaches_the_plain_stream_loop(arena: Arena) -> None:
    """``Seat.stream`` keeps the version ``act`` acts at: acting on each turn event needs nothing else."""
    created = arena.create_match("taiga", 2, seed=6, seats=[{"name": "me"}, {"bot": "random"}])
    seat = arena.seat(created.match.match_id, created.seats[0].token)
    acted = 0
    for event in seat.stream(after=0):
        if event.type == "turn":
            try:
                seat.act(event.data["legal_actions"]["actions"][0])
            except StaleVersionError:
                pytest.fail("the stream loop acted at a stale version")
            acted += 1
    assert acted > 1


def test_wait_for_turn_reads_again_a_known_turn_that_the_match_has_left(arena: Arena) -> None:
    """A loop ``while seat.wait_for_turn(): ...`` must not act twice on a view the match moved past."""
    created = arena.create_match("pipifax", 2, {"first_player": 0}, seed=3)
    seat = arena.seat(created.match.match_id, created.seats[0].token)
    assert seat.wait_for_turn(timeout=60) is True  # the view it keeps says "act"
    arena.abort(created.match.match_id, created.host_token)
    assert seat.wait_for_turn(timeout=60) is False  # read again: the match is aborted
