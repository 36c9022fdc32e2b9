"""The overall rating table against hand computations: ratings by another algorithm, intervals by hand."""

from __future__ import annotations

import math

import pytest

from arena.tournaments.ratings import PRIOR_DRAWS, pairwise_results, rating_table
from arena.tournaments.standings import Z975, Outcome

#: Elo points per natural-log unit of the odds.
C = math.log(10) / 400


def two_player(index: int, first: int, second: int, score: float) -> Outcome:
    """A match of ``first`` against ``second`` where ``first`` scored ``score`` (1, 1/2 or 0)."""
    ranks = (1, 2) if score == 1 else (1, 1) if score == 0.5 else (2, 1)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(index, (first, second), ranks, winners, None, (None, None))


def results(plan: list[tuple[int, int, list[float]]]) -> list[Outcome]:
    """Outcomes from ``(a, b, a's scores)``, alternating the seats as a schedule would."""
    outcomes: list[Outcome] = []
    for a, b, scores in plan:
        for score in scores:
            index = len(outcomes)
            outcomes.append(two_player(index, a, b, score) if index % 2 else two_player(index, b, a, 1 - score))
    return outcomes


def zermelo(games: dict[tuple[int, int], int], points: dict[tuple[int, int], float], n: int) -> list[float]:
    """Maximum-likelihood Elo by Zermelo's fixed point (Hunter's MM algorithm), centred: another way there."""
    strength = [1.0] * n
    for _ in range(20_000):
        strength = [
            sum(points.get((i, j), 0.0) for j in range(n))
            / sum(games.get((i, j), 0) / (strength[i] + strength[j]) for j in range(n) if j != i)
            for i in range(n)
        ]
        scale = math.prod(strength) ** (1 / n)
        strength = [s / scale for s in strength]
    return [400 * math.log10(s) for s in strength]


#: Three entrants: a beats b 3-1, b beats c 3-1, a and c level 2-2 (one win each and two draws).
PLAN: list[tuple[int, int, list[float]]] = [(0, 1, [1, 1, 1, 0]), (1, 2, [1, 1, 0, 1]), (0, 2, [1, 0.5, 0.5, 0])]


def test_three_entrants_match_maximum_likelihood_by_another_algorithm_and_intervals_by_hand() -> None:
    outcomes = results(PLAN)
    games = {(a, b): len(s) for a, b, s in PLAN} | {(b, a): len(s) for a, b, s in PLAN}
    points = {(a, b): sum(s) for a, b, s in PLAN} | {(b, a): len(s) - sum(s) for a, b, s in PLAN}
    expected = zermelo(games, points, 3)
    table = rating_table(["a", "b", "c"], outcomes, anchor=None, prior_draws=0)
    got = {line.entrant: line for line in table.lines}
    for entrant in range(3):
        assert got[entrant].elo == pytest.approx(expected[entrant], abs=1e-6)
        assert got[entrant].games == 8
    assert [line.entrant for line in table.lines] == sorted(range(3), key=lambda e: -expected[e])
    assert got[0].score == 3 + 2 and got[1].score == 1 + 3 and got[2].score == 1 + 2

    # The information matrix by hand, per Elo: I_ab = -C^2 n p (1 - p), I_aa = -sum of its row.
    def weight(a: int, b: int) -> float:
        p = 1 / (1 + 10 ** (-(expected[a] - expected[b]) / 400))
        return C**2 * games[(a, b)] * p * (1 - p)

    # Anchored at c (rating 0): the information of a and b alone, inverted by hand (2 x 2).
    i_aa, i_bb, i_ab = weight(0, 1) + weight(0, 2), weight(0, 1) + weight(1, 2), -weight(0, 1)
    det = i_aa * i_bb - i_ab**2
    cov = [[i_bb / det, -i_ab / det], [-i_ab / det, i_aa / det]]
    anchored = {line.entrant: line for line in rating_table(["a", "b", "c"], outcomes, anchor=2, prior_draws=0).lines}
    assert anchored[2].elo == 0 and anchored[2].low == anchored[2].high == 0
    for entrant in (0, 1):
        assert anchored[entrant].elo == pytest.approx(expected[entrant] - expected[2], abs=1e-6)
        half = Z975 * math.sqrt(cov[entrant][entrant])
        assert anchored[entrant].low == pytest.approx(anchored[entrant].elo - half, abs=1e-6)
        assert anchored[entrant].high == pytest.approx(anchored[entrant].elo + half, abs=1e-6)
    # Anchored at the mean: r_i - (r_a + r_b + r_c) / 3 with r_c = 0 is a combination of r_a and r_b.
    for entrant in range(3):
        v = [(1.0 if entrant == k else 0.0) - 1 / 3 for k in (0, 1)]
        variance = sum(v[i] * cov[i][j] * v[j] for i in range(2) for j in range(2))
        assert got[entrant].high - got[entrant].elo == pytest.approx(Z975 * math.sqrt(variance), abs=1e-6)


def test_two_entrants_without_a_prior_give_the_elo_of_the_score() -> None:
    outcomes = results([(0, 1, [1.0] * 7 + [0.0] * 3)])
    table = rating_table(["a", "b"], outcomes, anchor=1, prior_draws=0)
    a = next(line for line in table.lines if line.entrant == 0)
    assert a.elo == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    # var(r_a - r_b) = 1 / (C^2 n p (1 - p)) at p = 0.7
    assert a.high - a.elo == pytest.approx(Z975 / math.sqrt(C**2 * 10 * 0.7 * 0.3), abs=1e-6)


def test_the_prior_keeps_an_unbeaten_entrant_finite_as_a_hand_solved_equation_says() -> None:
    outcomes = results([(0, 1, [1.0, 1.0, 1.0])])
    table = rating_table(["a", "b"], outcomes)
    a = next(line for line in table.lines if line.entrant == 0)

    # By symmetry r_a = x = -r_b, where a's points plus its virtual draws' meet their expectation:
    # 3 + PRIOR/2 = 3 E(2x) + PRIOR E(x), E(d) = 1 / (1 + 10^(-d/400)); solved by bisection.
    def expected(d: float) -> float:
        return 1 / (1 + 10 ** (-d / 400))

    def excess(x: float) -> float:
        return 3 + PRIOR_DRAWS / 2 - 3 * expected(2 * x) - PRIOR_DRAWS * expected(x)

    low, high = 0.0, 2000.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if excess(middle) > 0 else (low, middle)
    assert a.elo == pytest.approx(low, abs=1e-6)
    assert math.isfinite(a.low) and a.low < a.elo < a.high


def test_tables_of_more_seats_count_every_pair_and_level_ranks_as_draws() -> None:
    outcome = Outcome(0, (2, 0, 1), (1, 1, 3), (0, 1), None, (None, None, "timeout"))
    games, points = pairwise_results([outcome], 3)
    assert games[0, 2] == games[0, 1] == games[1, 2] == 1
    assert points[2, 0] == points[0, 2] == 0.5, "level ranks are a draw"
    assert points[0, 1] == 1 and points[1, 0] == 0 and points[2, 1] == 1


def test_entrants_who_never_played_sit_at_the_middle_and_leave_the_mean_alone() -> None:
    outcomes = results([(0, 1, [1, 0, 1, 1])])
    with_idle = {line.entrant: line for line in rating_table(["a", "b", "idle"], outcomes).lines}
    without = {line.entrant: line for line in rating_table(["a", "b"], outcomes).lines}
    assert with_idle[2].games == 0 and with_idle[2].elo == pytest.approx(0, abs=1e-9)
    for entrant in (0, 1):
        assert with_idle[entrant].elo == pytest.approx(without[entrant].elo, abs=1e-6)
        assert with_idle[entrant].low == pytest.approx(without[entrant].low, abs=1e-6)
    assert rating_table(["a", "b"], []).lines[0].elo == 0


def test_the_anchor_must_be_an_entrant_and_the_csv_lists_everyone_best_first() -> None:
    with pytest.raises(ValueError, match="anchor"):
        rating_table(["a", "b"], [], anchor=2)
    csv = rating_table(["=a", "b"], results([(0, 1, [0, 0, 1])])).to_csv().splitlines()
    assert csv[0] == "place,entrant,name,elo,elo_low,elo_high,games,score"
    assert csv[1].startswith("1,1,b,") and csv[2].startswith("2,0,'=a,")
