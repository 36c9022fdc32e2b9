"""Taiga's solved endgame: when it applies, that the search plays it, that it reads nothing hidden, and
that its values are those of every line of play against the greedy bot.

Its strength is measured in ``bench/ladder_bench.py`` and its cost in ``bench/search_cost_bench.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from engine import Match, apply_action, legal_actions, new_match, view
from engine.bots import Memory, choose_action, everyone_recalls, everyone_remembers
from engine.bots import taiga as greedy
from engine.bots.search.taiga_endgame import best_endgame_move, full_pairs, outcome
from engine.games.taiga import DISC_PAIRS, Pass, make_state
from tests.engine.test_bots import HiddenStateCheck, bot


def endgame_decisions(seed: int, players: int = 2) -> Iterator[tuple[Match, int, Memory]]:
    """The decisions of a match the greedy bot plays in every seat (seed ``seed``) where the seat to act
    knows every disc: the match, the seat and its memory."""
    match, events = new_match("taiga", players, {}, seed=seed)
    seen = everyone_recalls("taiga", players, events)
    while match.to_act:
        seat = match.to_act[0]
        if full_pairs(seen[seat]) is not None:
            yield match, seat, seen[seat]
        action = choose_action(match, seat, "greedy", memory=seen[seat])
        match, events = apply_action(match, seat, action, 0.0)
        seen = everyone_remembers("taiga", seen, events)


def test_nine_pairs_seen_name_the_tenth() -> None:
    pairs: list[list[str] | None] = [sorted(pair) for pair in DISC_PAIRS]
    pairs[3] = None
    found = full_pairs({"pairs": pairs})
    assert found is not None and found[3] == tuple(sorted(DISC_PAIRS[3]))
    pairs[5] = None
    assert full_pairs({"pairs": pairs}) is None


def test_the_endgame_applies_with_two_players_who_know_every_disc() -> None:
    two = list(endgame_decisions(seed=4))
    assert two, "a match of greedy bots comes to know every disc"
    assert all(
        best_endgame_move(view(match, seat), seat, seen) is not None
        for match, seat, seen in two
        if match.state["phase"] != "take"
    )
    four = list(endgame_decisions(seed=4, players=4))
    assert four and all(best_endgame_move(view(match, seat), seat, seen) is None for match, seat, seen in four)
    match, events = new_match("taiga", 2, {}, seed=4)
    assert best_endgame_move(view(match, 0), 0, everyone_recalls("taiga", 2, events)[0]) is None


def test_search_3_plays_the_solved_move() -> None:
    played = 0
    for match, seat, seen in list(endgame_decisions(seed=5))[::4]:
        found = best_endgame_move(view(match, seat), seat, seen)
        if found is not None:
            assert choose_action(match, seat, "search-3", memory=seen) == found.action
            played += 1
    assert played >= 5


def test_the_solved_move_reads_nothing_hidden() -> None:
    check = HiddenStateCheck(bot("search-3"))
    for match, seat, seen in list(endgame_decisions(seed=6))[::5]:
        check(match, seat, seen, math.inf)
    assert check.checked >= 3


def test_it_passes_before_the_last_find_to_start_a_rich_last_round() -> None:
    """The fox family lacks one find; the last card, the caribou, lacks three once the fox round is
    over. Finishing wins the fox card but lets the opponent start the caribou round and take two tokens
    and the card from it (4 points behind); passing gives the fox card away and the caribou round to
    the seat (4 ahead)."""
    up = ["red_fox", "red_fox", "red_fox", "caribou", "porcupine"]
    up += ["porcupine", "caribou", "beaver", "beaver", "snowy_owl"]
    down = [next(a for a in pair if a != shown) for pair, shown in zip(DISC_PAIRS, up, strict=True)]
    won = [["red_fox", "porcupine", "beaver", "snowy_owl"], ["porcupine", "beaver", "snowy_owl", "caribou"]]
    state = make_state(2, up, down, ["caribou"], card="red_fox", phase="continue", won=won)
    memory = {"pairs": [sorted(pair) for pair in DISC_PAIRS], "tail": [], "pile": 1}
    match = Match("taiga", 2, {"first_player": 0}, 1, 10, state)
    found = best_endgame_move(view(match, 0), 0, memory)
    assert found is not None and found.action == Pass() and found.value == outcome(4)
    finishing = apply_action(match, 0, greedy.FLIPS[3], 0.0)[0]
    assert best_line(finishing, [memory, memory], 0) == outcome(-4)


def best_line(match: Match, memories: list[Memory], me: int) -> float:
    """The value to ``me`` of its best line of play, trying every legal action, against the greedy bot
    (exhaustive: only for a match whose pile holds no card of unknown place)."""
    if match.is_over:
        result = match.result
        assert result is not None and result.scores is not None
        return outcome(int(result.scores[me] - result.scores[1 - me]))
    seat = match.to_act[0]
    if seat == me:
        choices = list(legal_actions(match, seat))
    else:
        choices = [greedy.greedy_from_state(match.state, seat, random.Random(0), memories[seat])]
    values = []
    for action in choices:
        after, events = apply_action(match, seat, action, 0.0)
        values.append(best_line(after, everyone_remembers("taiga", memories, events), me))
    return max(values)


def test_the_solved_value_is_the_best_of_every_line_against_greedy() -> None:
    """On the last rounds of greedy matches (at most one card left, whose place is then known), the
    solver's value is that of an exhaustive search over every legal action of the seat (misses in the
    middle of a turn included) against the greedy bot."""
    compared = []
    for seed in (8, 11):
        late = [
            (match, seat, seen)
            for match, seat, seen in endgame_decisions(seed)
            if view(match, seat)["cards_left"] <= 1 and match.state["phase"] != "take"
        ]
        for match, seat, seen in late[:: max(1, len(late) // 3)][:3]:
            found = best_endgame_move(view(match, seat), seat, seen)
            assert found is not None
            # Every flip is public, so both seats remember the same.
            assert found.value == pytest.approx(best_line(match, [seen, seen], seat), abs=1e-12)
            compared.append(found.value)
    assert len(compared) == 6
