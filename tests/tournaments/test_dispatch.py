"""Which matches start: several at once per entrant that says so, and never more than its host's capacity."""

from __future__ import annotations

import dataclasses
from collections import Counter

from arena.tournaments.dispatch import Capacity, Presence, lease_group, startable
from arena.tournaments.record import Entrant, Tournament
from tests.tournaments.test_record import finish, play_all, tournament


def with_concurrency(t: Tournament, **limits: int) -> Tournament:
    entrants = tuple(dataclasses.replace(e, concurrency=limits[e.name]) if e.name in limits else e for e in t.entrants)
    return dataclasses.replace(t, entrants=entrants)


def load(t: Tournament) -> Counter[int]:
    return Counter(e for index in t.indexes("playing") for e in t.pairings[index].entrants)


def test_an_entrant_with_concurrency_plays_that_many_matches_at_once() -> None:
    t = with_concurrency(tournament(["a", "b", "c", "d", "e"], games_per_pairing=2), a=3).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    playing = load(t)
    assert playing[0] == 3, "a says 3: three of its matches start"
    assert all(playing[e] <= 1 for e in range(1, 5)), "the others play one at a time"
    assert t.playing_for(0) == [i for i in t.indexes("playing") if 0 in t.pairings[i].entrants]
    assert t.next_for(0) == t.playing_for(0)[0]
    first = t.playing_for(0)[0]
    t = finish(t, first, (1, 2))
    started = t.launchable()
    assert started and any(0 in t.pairings[i].entrants for i in started), "a's freed place is filled"
    assert play_all(t).status == "finished"


def test_a_server_bot_that_says_a_concurrency_is_held_to_it() -> None:
    names = ["x", "y", "z"]
    t = with_concurrency(tournament(names, bots=dict.fromkeys(names, "random"), games_per_pairing=3), x=2).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    assert load(t)[0] == 2 and load(t)[1] > 2, "the bot without a limit plays any number"


def test_entrants_default_limits_and_their_stored_form() -> None:
    assert Entrant("p").limit == 1 and Entrant("b", bot="random").limit is None
    assert Entrant("p", concurrency=4).limit == 4
    four = Entrant("p", digest="d", concurrency=4)
    assert Entrant.from_json(four.to_json()) == four
    assert "concurrency" not in Entrant("p").to_json(), "a default entrant is stored as before"


def test_a_capacity_caps_the_matches_of_its_leased_entrants() -> None:
    t = with_concurrency(tournament(["a", "b", "c", "d", "e", "f"], games_per_pairing=3), a=5, b=5, c=5).start(1.0)
    group = Capacity(2, frozenset({0, 1, 2}))
    t = t.launch(t.launchable(capacities=[group]), 1.0)
    with_group = [i for i in t.indexes("playing") if group.entrants.intersection(t.pairings[i].entrants)]
    assert len(with_group) == 2, "a match with any of the lease's entrants counts once"
    assert len(t.indexes("playing")) == 3, "d, e and f are not the lease's: one more match of theirs starts"
    assert t.launchable(capacities=[group]) == []
    t = finish(t, with_group[0], (1, 2))
    assert len(t.launchable(capacities=[group])) == 1
    assert t.launchable(capacities=[Capacity(0, frozenset({0, 1, 2, 3, 4, 5}))]) == [], "no live worker: none"


def test_startable_walks_the_schedule_in_order_and_passes_over_what_cannot_start() -> None:
    seats = {0: (0, 1), 1: (0, 2), 2: (3, 4), 3: (1, 2), 4: (3, 5)}
    limits = [1, 1, 1, 1, 1, 1]
    assert startable([0, 1, 2, 3, 4], [], lambda i: seats[i], limits, room=10) == [0, 2]
    assert startable([1, 2, 3, 4], [0], lambda i: seats[i], limits, room=10) == [2]
    assert startable([0, 1, 2, 3, 4], [], lambda i: seats[i], limits, room=1) == [0]
    assert startable([0, 1, 2, 3, 4], [], lambda i: seats[i], limits, room=10, away={0}) == [2, 3]
    assert startable([0, 1, 2, 3, 4], [], lambda i: seats[i], limits, room=10, below=2) == [0]
    two = [Capacity(1, frozenset({3})), Capacity(1, frozenset({5}))]
    assert startable([0, 1, 2, 3, 4], [], lambda i: seats[i], [None] * 6, room=10, capacities=two) == [0, 1, 2, 3]


def test_presence_says_who_is_away_and_groups_are_named_by_their_entrants() -> None:
    presence = Presence({0: 5.0, 1: 20.0})
    assert presence.away(10.0) == {0}
    assert lease_group([2, 0, 1]) == lease_group([0, 1, 2, 2]) != lease_group([0, 1])
