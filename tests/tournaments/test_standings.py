"""Standings: counts, points, mean ranks with intervals, scores, forfeits, ratings, head to head and CSV."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math

import pytest
from openskill.models import PlackettLuce

from api.tournaments.standings import (
    CSV_COLUMNS,
    FORFEIT_CAUSES,
    T975,
    Z975,
    EntrantStanding,
    Outcome,
    Tally,
    points_for,
    standings,
    t975,
)

NAMES = ["ada", "bob", "cy", "dee"]
#: Four matches between ada (0), bob (1) and cy (2); dee (3) never plays.
OUTCOMES = [
    Outcome(0, (0, 1), (1, 2), (0,), (10.0, 5.0), (None, None)),
    Outcome(1, (1, 2), (1, 1), (0, 1), (7.0, 7.0), (None, None)),  # a shared win
    Outcome(2, (2, 0), (1, 2), (0,), None, (None, "timeout")),  # no scores
    Outcome(3, (0, 1, 2), (2, 1, 3), (1,), (3.0, 9.0, 1.0), (None, None, "crash")),
]


def by_entrant(names: list[str], outcomes: list[Outcome]) -> dict[int, EntrantStanding]:
    return {line.entrant: line for line in standings(names, outcomes).entrants}


def test_points_run_from_one_for_first_to_zero_for_last() -> None:
    assert [points_for(rank, 3) for rank in (1, 2, 3)] == [1.0, 0.5, 0.0]
    assert [points_for(rank, 2) for rank in (1, 2)] == [1.0, 0.0]
    assert points_for(1, 1) == 1.0
    with pytest.raises(ValueError, match="outside"):
        points_for(3, 2)


def test_counts_points_ranks_scores_and_forfeits_by_hand() -> None:
    lines = by_entrant(NAMES, OUTCOMES)
    ada, bob, cy, dee = (lines[i] for i in range(4))
    assert (ada.matches, ada.wins, ada.points) == (3, 1, 1.5)
    assert (bob.matches, bob.wins, bob.points) == (3, 2, 2.0)
    assert (cy.matches, cy.wins, cy.points) == (3, 2, 2.0)
    assert ada.mean_rank == pytest.approx(5 / 3)  # ranks 1, 2, 2
    assert bob.mean_rank == pytest.approx(4 / 3)  # ranks 2, 1, 1
    assert cy.mean_rank == pytest.approx(5 / 3)  # ranks 1, 1, 3
    half = T975[1] * math.sqrt((1 / 3) / 3)  # sample variance 1/3 over 3 matches, t with 2 degrees of freedom
    assert ada.rank_interval == pytest.approx((5 / 3 - half, 5 / 3 + half))
    assert ada.mean_score == pytest.approx(6.5)  # 10 and 3; the match without scores does not count
    assert bob.mean_score == pytest.approx(7.0)
    assert cy.mean_score == pytest.approx(4.0)
    assert ada.forfeits == {"timeout": 1, "crash": 0, "illegal": 0, "resigned": 0}
    assert cy.forfeits == {"timeout": 0, "crash": 1, "illegal": 0, "resigned": 0}
    assert (dee.matches, dee.wins, dee.points, dee.mean_rank, dee.rank_interval, dee.mean_score) == (
        0,
        0,
        0.0,
        None,
        None,
        None,
    )
    assert dee.forfeits == dict.fromkeys(FORFEIT_CAUSES, 0)


def test_head_to_head_counts_ahead_behind_and_level_at_the_same_table() -> None:
    h2h = standings(NAMES, OUTCOMES).head_to_head
    assert h2h[0][1] == {"ahead": 1, "behind": 1, "level": 0}
    assert h2h[0][2] == {"ahead": 1, "behind": 1, "level": 0}
    assert h2h[1][2] == {"ahead": 1, "behind": 0, "level": 1}
    assert h2h[2][1] == {"ahead": 0, "behind": 1, "level": 1}
    assert h2h[3] == [{"ahead": 0, "behind": 0, "level": 0}] * 4
    assert all(h2h[i][i] == {"ahead": 0, "behind": 0, "level": 0} for i in range(4))


def test_ratings_follow_openskill_match_by_match_and_never_played_keeps_the_prior() -> None:
    model = PlackettLuce()
    lines = by_entrant(NAMES, OUTCOMES[:1])
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    ada, bob, dee = lines[0], lines[1], lines[3]
    assert (ada.mu, ada.sigma) == pytest.approx((winner.mu, winner.sigma))
    assert (bob.mu, bob.sigma) == pytest.approx((loser.mu, loser.sigma))
    assert ada.mu > model.mu > bob.mu
    assert (dee.mu, dee.sigma) == (model.mu, model.sigma)
    assert dee.ordinal == pytest.approx(model.mu - 3 * model.sigma)


def test_ratings_depend_on_the_order_matches_finished() -> None:
    forward = by_entrant(NAMES, OUTCOMES)
    backward = by_entrant(NAMES, OUTCOMES[::-1])
    assert forward[0].mu != pytest.approx(backward[0].mu)


def test_a_steady_winner_rises_to_the_top() -> None:
    outcomes = [Outcome(i, (i % 3, 3), (2, 1), (1,), None, (None, None)) for i in range(12)]
    table = standings(NAMES, outcomes)
    assert table.entrants[0].name == "dee"
    assert table.entrants[0].ordinal > max(line.ordinal for line in table.entrants[1:])


def test_order_is_by_ordinal_then_points_then_name() -> None:
    names = ["zed", "amy", "kit"]
    solo = [Outcome(0, (2,), (1,), (0,), (4.0,), (None,))]  # a solo win: a point, no rating change
    table = standings(names, solo)
    assert [line.name for line in table.entrants] == ["kit", "amy", "zed"]
    assert {line.ordinal for line in table.entrants} == {table.entrants[0].ordinal}


def test_a_solo_match_scores_a_point_only_when_won() -> None:
    lost, won = Outcome(0, (0,), (1,), (), (2.0,), (None,)), Outcome(1, (0,), (1,), (0,), (8.0,), (None,))
    line = by_entrant(["solo"], [lost, won])[0]
    assert (line.matches, line.wins, line.points, line.mean_score) == (2, 1, 1.0, 5.0)
    assert line.rank_interval == (1.0, 1.0)


def test_the_incremental_tally_survives_json_and_matches_a_recomputation() -> None:
    tally = Tally(NAMES)
    for outcome in OUTCOMES[:2]:
        tally.add(outcome)
    stored = Tally.from_json(json.loads(json.dumps(tally.to_json())))
    for outcome in OUTCOMES[2:]:
        stored.add(outcome)
    assert stored.standings() == standings(NAMES, OUTCOMES)
    assert stored.points() == [by_entrant(NAMES, OUTCOMES)[i].points for i in range(4)]


def test_json_and_csv_carry_every_entrant_in_order() -> None:
    table = standings(NAMES, OUTCOMES)
    data = json.loads(json.dumps(table.to_json()))
    assert [line["name"] for line in data["entrants"]] == [line.name for line in table.entrants]
    rows = list(csv.reader(io.StringIO(table.to_csv())))
    assert rows[0] == list(CSV_COLUMNS)
    assert rows[0][:6] == ["place", "entrant", "name", "matches", "wins", "points"]
    assert [row[2] for row in rows[1:]] == [line.name for line in table.entrants]
    dee = next(row for row in rows[1:] if row[2] == "dee")
    assert dee[CSV_COLUMNS.index("mean_rank")] == "" and dee[CSV_COLUMNS.index("rank_low")] == ""
    ada = next(row for row in rows[1:] if row[2] == "ada")
    assert ada[CSV_COLUMNS.index("forfeits_timeout")] == "1"


def test_outcomes_round_trip_and_refuse_inconsistent_seats() -> None:
    for outcome in OUTCOMES:
        assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    with pytest.raises(ValueError, match="one value per seat"):
        Outcome(0, (0, 1), (1,), (0,), None, (None, None))
    with pytest.raises(ValueError, match="at most once"):
        Outcome(0, (1, 1), (1, 2), (0,), None, (None, None))
    with pytest.raises(ValueError, match="forfeit causes"):
        Outcome(0, (0, 1), (1, 2), (0,), None, (None, "asleep"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="outside"):
        standings(["only"], [Outcome(0, (0, 1), (1, 2), (0,), None, (None, None))])


def test_the_t_quantile_falls_toward_the_normal_one() -> None:
    values = [t975(df) for df in range(1, 400)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[-1] > Z975
    assert abs(t975(31) - T975[-1]) < 0.005  # the expansion continues the table
    with pytest.raises(ValueError):
        t975(0)
