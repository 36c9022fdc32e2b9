"""Two-player Pipifax's best response to greedy (``search-3``): its table of the greedy bot's turns is the
exact recursion's fixed point, and the bot plays it from what the seat may know.

How much it scores is measured in ``bench/ladder_bench.py``; the table comes from
``python -m bench.pipifax_ceiling_bench --write-table``.
"""

from __future__ import annotations

import math
import random

from bench.pipifax_ceiling_bench import Process
from engine import Match, apply_action, new_match, view
from engine.bots import Memory, choose_action, everyone_recalls, everyone_remembers
from engine.bots.search import pipifax_exact
from engine.bots.search.pipifax_exact import ALL_USED, A, best_flip, canonical, opponent_values, unpacked
from engine.games.pipifax import Flip
from tests.engine.test_bots import HiddenStateCheck, bot


class TableChecked(Process):
    """The ceiling bench's recursion for the greedy bot's turns, with the seat's turns valued as the bot
    values them (its own turn recursed, then the table): one step of the exact recursion."""

    def __init__(self) -> None:
        super().__init__(best=True)

    def mine(self, key: int) -> float:
        knowledge, used = unpacked(key)
        return pipifax_exact.my_turn(knowledge, used)


def test_the_table_is_the_exact_recursion_s_fixed_point() -> None:
    """Each value of a greedy bot's turn, recomputed from the seat's turns that follow it (valued from the
    table in turn), is the table's own: from the empty table, and from a sample of those with at least
    half the cards seen (the recursion from fewer takes seconds each)."""
    values = opponent_values()
    known = [key for key in sorted(values) if sum(column.bit_count() for column in unpacked(key)[0]) >= 12]
    recursion = TableChecked()
    for key in [0, *random.Random(3).sample(known, 10)]:
        assert math.isclose(recursion._theirs(key), values[key], abs_tol=1e-12), f"key {key}"


def test_a_seat_that_knows_every_card_wins_on_its_roll() -> None:
    everything = (ALL_USED,) * A
    assert opponent_values()[canonical(everything, 0)] == 0.0
    assert pipifax_exact.my_turn(everything, 0) == 1.0


def test_the_best_response_beats_greedy_from_an_empty_table() -> None:
    """From an empty table the best response wins more than half its matches against greedy, whether it
    starts or answers (greedy against itself: half)."""
    empty = (0,) * A
    opening = pipifax_exact.my_turn(empty, 0)
    answering = opponent_values()[canonical(empty, 0)]
    assert 0.5 < opening < 1.0 and 0.5 < answering < 1.0


def two_player_decisions(seed: int, players: int = 2) -> list[tuple[Match, int, Memory]]:
    match, events = new_match("pipifax", players, {}, seed=seed)
    seen = everyone_recalls("pipifax", players, events)
    found = []
    while match.to_act:
        seat = match.to_act[0]
        found.append((match, seat, seen[seat]))
        action = choose_action(match, seat, "greedy", memory=seen[seat])
        match, events = apply_action(match, seat, action, 0.0)
        seen = everyone_remembers("pipifax", seen, events)
    return found


def test_search_3_plays_the_best_response_with_two_players_only() -> None:
    for match, seat, seen in two_player_decisions(seed=2)[::3]:
        flip = best_flip(view(match, seat), seen)
        assert flip is not None and choose_action(match, seat, "search-3", memory=seen) == flip
    for match, seat, seen in two_player_decisions(seed=2, players=3)[:5]:
        assert best_flip(view(match, seat), seen) is None


def test_a_seat_keeps_a_sure_find_when_every_card_is_known() -> None:
    match, seat, _ = two_player_decisions(seed=4)[0]
    every_card: Memory = {"animals": list(match.state["animals"])}
    flip = best_flip(view(match, seat), every_card)
    assert isinstance(flip, Flip)
    assert match.state["animals"][flip.position] == match.state["die"]


def test_the_best_response_reads_nothing_hidden() -> None:
    check = HiddenStateCheck(bot("search-3"))
    for match, seat, seen in two_player_decisions(seed=5)[::6][:6]:
        check(match, seat, seen, math.inf)
    assert check.checked == 6
