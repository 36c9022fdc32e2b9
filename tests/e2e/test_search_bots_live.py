"""A search bot on a live server: the referee process's thinker plays it, and a player's SDK waits for it."""

from __future__ import annotations

import random
from typing import Any

from arena_client.models import SeatView
from arena_sdk import Arena


def test_a_player_finishes_a_match_against_the_servers_search_bot(arena: Arena) -> None:
    created = arena.create_match("taiga", 2, seed=3, seats=[{"name": "me"}, {"bot": "search-1"}])
    me = arena.seat(created.match.match_id, created.seats[0].token)
    rng = random.Random(0)

    def choose(view: SeatView, actions: list[Any]) -> Any:
        return rng.choice(actions)

    final = me.play(choose)
    assert final.status.value == "finished" and final.result is not None
    events = arena.events(created.match.match_id, limit=1000)
    bot_moves = [entry for entry in events.actions if entry.seat == 1]
    assert bot_moves, "the search bot played its turns"


def test_a_match_of_search_bots_plays_itself_out(arena: Arena) -> None:
    created = arena.create_match("girafferaffe", 2, seed=5, seats=[{"bot": "search-1"}, {"bot": "search-2"}])
    match_id = created.match.match_id
    end = list(arena.stream(match_id, after=0))[-1]  # the public stream ends with the match
    assert end.type == "match_over" and end.data["status"] == "finished"
    match = arena.match(match_id)
    assert match.status.value == "finished" and match.result is not None
