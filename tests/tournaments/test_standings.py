"""Standings: points (forfeits 0, ties averaged), order with its tie-breaks, mean ranks, ratings, head to head, CSV."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math

import pytest
from openskill.models import PlackettLuce

from arena.tournaments.standings import (
    CSV_COLUMNS,
    FORFEIT_CAUSES,
    T975,
    Z975,
    Cell,
    Counts,
    EntrantStanding,
    Ledger,
    Outcome,
    pairs_at,
    points_for,
    rank_entrants,
    standings,
    t975,
)

NAMES = ["ada", "bob", "cy", "dee"]
#: Four matches between ada (0), bob (1) and cy (2); dee (3) never plays.
OUTCOMES = [
    Outcome(0, (0, 1), (1, 2), (0,), (10.0, 5.0), (None, None)),
    Outcome(1, (1, 2), (1, 1), (0, 1), (7.0, 7.0), (None, None)),  # a shared win: a draw
    Outcome(2, (2, 0), (1, 2), (0,), None, (None, "timeout")),  # no scores; ada timed out
    Outcome(3, (0, 1, 2), (2, 1, 3), (1,), (3.0, 9.0, 1.0), (None, None, "crash")),
]


def by_entrant(names: list[str], outcomes: list[Outcome], players: int = 3) -> dict[int, EntrantStanding]:
    return {line.entrant: line for line in standings(names, outcomes, players).entrants}


def outcome(index: int, entrants: tuple[int, ...], ranks: tuple[int, ...], forfeits: tuple[str | None, ...]) -> Outcome:
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(index, entrants, ranks, winners, None, forfeits)  # type: ignore[arg-type]


# --- points ---------------------------------------------------------------------------------------


def test_points_run_from_one_for_first_to_zero_for_last_and_ties_average_their_places() -> None:
    assert [points_for(rank, 3) for rank in (1, 2, 3)] == [1.0, 0.5, 0.0]
    assert [points_for(rank, 2) for rank in (1, 2)] == [1.0, 0.0]
    assert points_for(1, 2, tied=2) == 0.5  # a 2-player draw: 1/2 each
    assert points_for(1, 4, tied=3) == pytest.approx((1 + 2 / 3 + 1 / 3) / 3)
    assert points_for(2, 3, tied=2) == 0.25
    assert points_for(1, 1) == 1.0
    with pytest.raises(ValueError, match="outside"):
        points_for(3, 2)
    with pytest.raises(ValueError, match="outside"):
        points_for(2, 3, tied=3)


def test_a_draw_gives_half_a_point_each_and_a_round_robin_hands_out_one_point_per_match() -> None:
    draw = outcome(0, (0, 1), (1, 1), (None, None))
    assert [draw.seat_points(seat) for seat in (0, 1)] == [0.5, 0.5]
    matches = [outcome(i, (i % 3, (i + 1) % 3), ((1, 1), (1, 2), (2, 1))[i % 3], (None, None)) for i in range(30)]
    lines = standings(["a", "b", "c"], matches, 2).entrants
    assert sum(line.points for line in lines) == pytest.approx(30)


def test_a_forfeit_or_a_resignation_scores_nothing_however_the_seats_rank() -> None:
    # Three players, two out: they share rank 2, yet neither scores (not 1/4 each, as places 2 and 3 would).
    both_out = outcome(0, (0, 1, 2), (1, 2, 2), (None, "timeout", "crash"))
    assert [both_out.seat_points(seat) for seat in range(3)] == [1.0, 0.0, 0.0]
    resigned = outcome(1, (0, 1), (2, 1), ("resigned", None))
    assert resigned.seat_points(0) == 0.0 and resigned.seat_points(1) == 1.0
    # A bot that forfeits all its 3-player matches ends with no point.
    forfeiter = [outcome(i, (0, 1, 2), (3, 1, 2), ("crash", None, None)) for i in range(18)]
    lines = by_entrant(["out", "b", "c"], forfeiter)
    assert lines[0].points == 0.0
    assert (lines[1].points, lines[2].points) == (18.0, 9.0)


def test_counts_points_ranks_scores_and_forfeits_by_hand() -> None:
    lines = by_entrant(NAMES, OUTCOMES)
    ada, bob, cy, dee = (lines[i] for i in range(4))
    assert (ada.matches, ada.wins, ada.points) == (3, 1, 1.5)  # won, forfeited (0), second of three
    assert (bob.matches, bob.wins, bob.points) == (3, 2, 1.5)  # lost, drew (1/2), won the match of three
    assert (cy.matches, cy.wins, cy.points) == (3, 2, 1.5)  # drew (1/2), won, crashed (0)
    assert ada.mean_rank == pytest.approx(5 / 3)  # ranks 1, 2, 2
    assert bob.mean_rank == pytest.approx(4 / 3)  # ranks 2, 1, 1
    half = T975[1] * math.sqrt((1 / 3) / 3)  # sample variance 1/3 over 3 matches, t with 2 degrees of freedom
    assert ada.rank_interval == pytest.approx((max(1.0, 5 / 3 - half), min(3.0, 5 / 3 + half)))
    assert ada.mean_score == pytest.approx(6.5)  # 10 and 3; the match without scores does not count
    assert ada.forfeits == {"timeout": 1, "crash": 0, "illegal": 0, "resigned": 0}
    assert cy.forfeits == {"timeout": 0, "crash": 1, "illegal": 0, "resigned": 0}
    assert (dee.matches, dee.points, dee.mean_rank, dee.rank_interval, dee.mean_score) == (0, 0.0, None, None, None)
    assert dee.forfeits == dict.fromkeys(FORFEIT_CAUSES, 0)


def test_the_rank_interval_stays_within_the_possible_ranks() -> None:
    two = [outcome(i, (0, 1), (1, 2) if i % 2 else (2, 1), (None, None)) for i in range(3)]
    for line in standings(["a", "b"], two, 2).entrants:
        assert line.rank_interval is not None
        assert 1.0 <= line.rank_interval[0] <= line.rank_interval[1] <= 2.0
        assert line.rank_interval[0] == 1.0 and line.rank_interval[1] == 2.0  # wide: clipped on both sides


# --- order ----------------------------------------------------------------------------------------


def test_the_table_is_ordered_by_points_not_by_rating() -> None:
    # c beats everyone once early (a big rating jump); a then wins many: more points, lower rating is possible.
    matches = [outcome(0, (2, 0), (1, 2), (None, None)), outcome(1, (2, 1), (1, 2), (None, None))]
    matches += [outcome(2 + i, (0, 1), (1, 2), (None, None)) for i in range(3)]
    table = standings(["a", "b", "c"], matches, 2).entrants
    assert [line.name for line in table] == ["a", "c", "b"]  # 3 points, 2 points, 0 points
    assert [line.points for line in table] == [3.0, 2.0, 0.0]


def test_level_points_are_split_by_head_to_head_then_mean_rank_then_number() -> None:
    # a and b both have 1 point; b beat a head to head.
    matches = [outcome(0, (0, 1), (2, 1), (None, None)), outcome(1, (0, 2), (1, 2), (None, None))]
    table = standings(["a", "b", "c"], matches, 2).entrants
    assert [line.name for line in table] == ["b", "a", "c"]
    # Level on points, never met: the lower mean rank first; entrants who never played last, by number.
    matches = [outcome(0, (0, 2), (1, 1), (None, None)), outcome(1, (1, 3), (1, 2), (None, None))]
    matches += [outcome(2, (1, 3), (2, 1), (None, None)), outcome(3, (0, 2), (1, 1), (None, None))]
    table = standings(["a", "b", "c", "d", "e", "f"], matches, 2).entrants
    # a, b, c, d have 1 point each; a and c drew twice (share 1/2), b and d split (1/2): mean ranks a, c: 1; b, d: 1.5
    assert [line.name for line in table] == ["a", "c", "b", "d", "e", "f"]


def test_three_way_head_to_head_counts_only_meetings_among_the_tied() -> None:
    # a, b, c level on points; among themselves a beat b and c; a lost to d (outside the tie).
    matches = [
        outcome(0, (0, 1), (1, 2), (None, None)),
        outcome(1, (0, 2), (1, 2), (None, None)),
        outcome(2, (1, 3), (1, 2), (None, None)),
        outcome(3, (2, 3), (1, 2), (None, None)),
        outcome(4, (0, 3), (2, 1), (None, None)),
        outcome(5, (1, 3), (1, 2), (None, None)),
        outcome(6, (2, 3), (1, 2), (None, None)),
    ]
    table = standings(["a", "b", "c", "d"], matches, 2).entrants
    assert [line.points for line in table][:3] == [2.0, 2.0, 2.0]
    assert table[0].name == "a"


# --- ratings, head to head, storage -----------------------------------------------------------------


def test_ratings_follow_openskill_match_by_match_and_never_played_keeps_the_prior() -> None:
    model = PlackettLuce()
    lines = by_entrant(NAMES, OUTCOMES[:1])
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    ada, bob, dee = lines[0], lines[1], lines[3]
    assert (ada.mu, ada.sigma) == pytest.approx((winner.mu, winner.sigma))
    assert (bob.mu, bob.sigma) == pytest.approx((loser.mu, loser.sigma))
    assert (dee.mu, dee.sigma) == (model.mu, model.sigma)
    assert dee.ordinal == pytest.approx(model.mu - 3 * model.sigma)


def test_ratings_depend_on_the_order_matches_finished() -> None:
    forward = by_entrant(NAMES, OUTCOMES)
    backward = by_entrant(NAMES, OUTCOMES[::-1])
    assert forward[0].mu != pytest.approx(backward[0].mu)


def test_head_to_head_cells_count_each_pair_once() -> None:
    ledger = Ledger()
    for match in OUTCOMES:
        ledger.add(match)
    assert ledger.cells[(0, 1)] == Cell(1, 1, 0)  # ada ahead once, bob ahead once
    assert ledger.cells[(1, 2)] == Cell(1, 0, 1)
    assert ledger.cells[(0, 2)] == Cell(1, 1, 0)
    assert (0, 3) not in ledger.cells
    assert ledger.cells[(1, 2)].of(first=False) == (0, 1, 1)
    assert pairs_at((2, 0, 1)) == [(0, 2), (1, 2), (0, 1)]


def test_a_ledger_of_the_tables_rows_matches_a_recomputation() -> None:
    """Recording touches only the entrants and pairs at the table: rows read back from storage agree."""
    stored_rows: dict[int, Counts] = {}
    stored_cells: dict[tuple[int, int], Cell] = {}
    for match in OUTCOMES:
        ledger = Ledger(
            {
                e: Counts.from_json(json.loads(json.dumps(stored_rows[e].to_json())))
                for e in match.entrants
                if e in stored_rows
            },
            {p: Cell.from_text(stored_cells[p].to_text()) for p in pairs_at(match.entrants) if p in stored_cells},
        )
        ledger.add(match)
        assert ledger.changed_rows == set(match.entrants)
        assert ledger.changed_cells == set(pairs_at(match.entrants))
        stored_rows.update({e: ledger.rows[e] for e in ledger.changed_rows})
        stored_cells.update({p: ledger.cells[p] for p in ledger.changed_cells})
    assert rank_entrants(NAMES, stored_rows, stored_cells, 3) == standings(NAMES, OUTCOMES, 3)
    with pytest.raises(ValueError, match="loaded"):
        Ledger(stored_rows).points(4)
    assert Ledger(stored_rows, complete=True).points(4) == [by_entrant(NAMES, OUTCOMES)[i].points for i in range(4)]


def test_a_solo_match_scores_a_point_only_when_won() -> None:
    lost, won = Outcome(0, (0,), (1,), (), (2.0,), (None,)), Outcome(1, (0,), (1,), (0,), (8.0,), (None,))
    line = by_entrant(["solo"], [lost, won], 1)[0]
    assert (line.matches, line.wins, line.points, line.mean_score) == (2, 1, 1.0, 5.0)
    assert line.rank_interval == (1.0, 1.0)


def test_pages_and_csv_carry_every_entrant_in_order() -> None:
    table = standings(NAMES, OUTCOMES, 3)
    page = json.loads(json.dumps(table.page(1, 2)))
    assert page["total"] == 4 and page["offset"] == 1 and page["limit"] == 2
    assert [line["name"] for line in page["entrants"]] == [line.name for line in table.entrants[1:3]]
    rows = list(csv.reader(io.StringIO(table.to_csv())))
    assert rows[0] == list(CSV_COLUMNS)
    assert [row[2] for row in rows[1:]] == [line.name for line in table.entrants]
    dee = next(row for row in rows[1:] if row[2] == "dee")
    assert dee[CSV_COLUMNS.index("mean_rank")] == "" and dee[CSV_COLUMNS.index("rank_low")] == ""
    ada = next(row for row in rows[1:] if row[2] == "ada")
    assert ada[CSV_COLUMNS.index("forfeits_timeout")] == "1"


def test_outcomes_round_trip_and_refuse_inconsistent_seats() -> None:
    for match in OUTCOMES:
        assert Outcome.from_json(json.loads(json.dumps(match.to_json()))) == match
    with pytest.raises(ValueError, match="one value per seat"):
        Outcome(0, (0, 1), (1,), (0,), None, (None, None))
    with pytest.raises(ValueError, match="at most once"):
        Outcome(0, (1, 1), (1, 2), (0,), None, (None, None))
    with pytest.raises(ValueError, match="forfeit causes"):
        Outcome(0, (0, 1), (1, 2), (0,), None, (None, "asleep"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="outside"):
        standings(["only"], [Outcome(0, (0, 1), (1, 2), (0,), None, (None, None))], 2)


def test_the_t_quantile_falls_toward_the_normal_one() -> None:
    values = [t975(df) for df in range(1, 400)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[-1] > Z975
    assert abs(t975(31) - T975[-1]) < 0.005  # the expansion continues the table
    with pytest.raises(ValueError):
        t975(0)
