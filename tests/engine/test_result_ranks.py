"""Ranks of a result: 1 is best, ties share a rank and the next rank skips (1, 1, 3)."""

from __future__ import annotations

from engine import Result


def test_winners_rank_first_and_the_rest_share_the_next_rank_without_scores() -> None:
    assert Result((2,)).ranks(None, range(4)) == {0: 2, 1: 2, 2: 1, 3: 2}
    assert Result((0, 3)).ranks(None, range(4)) == {0: 1, 1: 3, 2: 3, 3: 1}


def test_higher_scores_rank_better_and_ties_share_a_rank() -> None:
    result = Result((1, 3), (5, 9, 7, 9, 5))
    assert result.ranks("higher", range(5)) == {0: 4, 1: 1, 2: 3, 3: 1, 4: 4}


def test_lower_scores_rank_better() -> None:
    result = Result((2,), (6, 4, 1, 4))
    assert result.ranks("lower", range(4)) == {0: 4, 1: 2, 2: 1, 3: 2}


def test_ranks_among_some_seats_only() -> None:
    """The arena ranks the seats still playing among themselves, then puts those out below."""
    result = Result((0,), (10, 8, 8, 2))
    assert result.ranks("higher", [1, 2, 3]) == {1: 1, 2: 1, 3: 3}


def test_nobody_winning_leaves_every_seat_level() -> None:
    assert Result(()).ranks(None, range(1)) == {0: 1}
