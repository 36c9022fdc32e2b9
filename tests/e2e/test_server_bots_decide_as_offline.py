"""The server's bots are the engine's: a live server's bot takes, at every version of a match, the action
the same bot takes offline for the same match, seat, memory and seed, also while the referee's
thinkers are busy with other matches' searches.

Each match is created with bots in every seat and a seed the server draws; once it is over its record
gives the seed and every action, and the match is replayed with the engine, each seat's action
compared with what ``engine.bots.choose_action`` chooses there from that seat's memory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from arena_sdk import Arena
from arena_sdk.errors import MatchOverError

from api.settings import available_cores
from engine import apply_action, new_match
from engine.bots import choose_action, everyone_recalls, everyone_remembers

#: Bot-only matches whose searches keep the thinkers busy (Pili Pili's are long): twice as many as there are
#: thinkers on this machine (one per core), and one more, so that some outlast the match under test (with one
#: more than the thinkers, all had ended before it in one run of the suite).
BUSY_MATCHES = 2 * available_cores() + 1


def played_out(arena: Arena, game: str, bots: Sequence[str]) -> dict[str, Any]:
    """The record of a match of ``bots`` the server plays out from a seed it draws."""
    created = arena.create_match(game, len(bots), seats=[{"bot": bot} for bot in bots])
    match_id = created.match.match_id
    end = list(arena.stream(match_id, after=0))[-1]  # the public stream ends with the match
    assert end.type == "match_over" and end.data["status"] == "finished"
    return arena.record(match_id)


def offline_differences(record: dict[str, Any], bots: Sequence[str]) -> Iterator[str]:
    """Each version at which the record's action is not the one the offline bot takes there."""
    game, players = record["game"], record["players"]
    match, events = new_match(game, players, record["options"], seed=record["seed"])
    seen = everyone_recalls(game, players, events)
    for version, step in enumerate(record["steps"][1:], start=1):
        seat, at, action = step[0], step[1], step[2]
        expected = choose_action(match, seat, bots[seat], memory=seen[seat])
        if expected.to_json() != action:
            yield f"version {version}, seat {seat} ({bots[seat]}): server {action}, offline {expected.to_json()}"
            return
        match, events = apply_action(match, seat, expected, at)
        seen = everyone_remembers(game, seen, events)
    assert match.is_over, "the record ends with the match"


@pytest.fixture
def busy_matches(arena: Arena) -> Iterator[list[str]]:
    """Bot-only search-1 matches playing while the test runs (their ids), aborted after it."""
    made = [
        arena.create_match("pili-pili", 2, seats=[{"bot": "search-1"}, {"bot": "search-1"}])
        for _ in range(BUSY_MATCHES)
    ]
    yield [created.match.match_id for created in made]
    for created in made:
        with contextlib.suppress(MatchOverError):  # it may end on its own up to the abort's arrival
            arena.abort(created.match.match_id, created.host_token)


@pytest.mark.timeout(300)  # a Taiga match of search-3 is a hundred decisions, on a shared machine
@pytest.mark.parametrize(
    ("game", "bots"), [("taiga", ("search-3", "greedy")), ("girafferaffe", ("greedy", "search-1"))]
)
def test_the_server_s_bots_decide_as_the_offline_bots(arena: Arena, game: str, bots: tuple[str, str]) -> None:
    record = played_out(arena, game, bots)
    assert [seat["bot"] for seat in record["seats"]] == list(bots)
    assert list(offline_differences(record, bots)) == []


@pytest.mark.timeout(300)  # the thinkers share this machine's cores with the busy matches
@pytest.mark.parametrize(("game", "bots"), [("taiga", ("greedy", "search-1")), ("pipifax", ("search-3", "greedy"))])
def test_they_decide_alike_while_the_thinkers_are_busy(
    arena: Arena, busy_matches: list[str], game: str, bots: tuple[str, str]
) -> None:
    before = {match_id: arena.match(match_id).version for match_id in busy_matches}
    record = played_out(arena, game, bots)
    ended = record["steps"][-1][1]  # when the match's last version was written
    after = {match_id: arena.match(match_id) for match_id in busy_matches}
    assert all(match.version > before[match_id] for match_id, match in after.items()), "the thinkers were busy"
    assert any(m.status.value == "active" or m.updated_at > ended for m in after.values()), "and still were at its end"
    assert list(offline_differences(record, bots)) == []
