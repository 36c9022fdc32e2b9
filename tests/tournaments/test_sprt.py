"""The SPRT: known values by hand, early stops on a clearly stronger bot, H0 for equal ones, Elo estimates."""

from __future__ import annotations

import math
import random

import pytest

from api.tournaments.schedule import plan
from api.tournaments.sprt import Sprt, elo_estimate, expected_score, results_for
from api.tournaments.standings import Outcome
from engine import Event, apply_action, new_match
from engine.bots import choose_action


def test_bounds_and_llr_match_a_hand_computation() -> None:
    test = Sprt(0, 10, alpha=0.05, beta=0.05)
    assert test.bounds() == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    s0, s1 = 0.5, 1 / (1 + 10 ** (-10 / 400))
    # 60 wins, 20 draws, 20 losses: mean 0.7; variance (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = 0.16
    assert test.llr_normal(60, 20, 20) == pytest.approx(100 * (s1 - s0) * (2 * 0.7 - s0 - s1) / (2 * 0.16))
    # Without draws (a count of 0 becomes 0.001) the LLR is the binomial one: w log(s1/s0) + l log((1-s1)/(1-s0))
    binomial = 60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0))
    assert test.llr(60, 0, 40) == pytest.approx(binomial, rel=1e-3)
    # Near the hypotheses the exact LLR and its normal approximation agree
    assert test.llr(3100, 4000, 2900) == pytest.approx(test.llr_normal(3100, 4000, 2900), rel=0.02)
    assert test.llr(0, 0, 0) == 0.0
    assert test.llr(20, 20, 60) < 0 < test.llr(60, 20, 20)


def test_wins_alone_give_a_finite_llr_and_a_verdict() -> None:
    test = Sprt(0, 50)
    assert math.isfinite(test.llr(5, 0, 0))
    assert test.verdict(1, 0, 0) is None  # one win proves nothing (the normal approximation would say H1)
    assert test.llr_normal(1, 0, 0) > test.bounds()[1]
    assert test.verdict(40, 0, 0) == "H1"
    assert test.verdict(0, 0, 40) == "H0"


def simulate(test: Sprt, elo: float, seed: int, limit: int = 20_000) -> tuple[str | None, int]:
    """Games of a bot ``elo`` stronger (a third of them drawn) until the test decides."""
    rng = random.Random(seed)
    score = expected_score(elo)
    draw = 1 / 3
    win = score - draw / 2  # so that win + draw / 2 == score
    counts = [0, 0, 0]
    for games in range(1, limit + 1):
        roll = rng.random()
        counts[0 if roll < win else 1 if roll < win + draw else 2] += 1
        verdict = test.verdict(*counts)
        if verdict is not None:
            return verdict, games
    return None, limit


def test_a_clearly_stronger_bot_is_accepted_early() -> None:
    test = Sprt(0, 50)
    for seed in range(10):
        verdict, games = simulate(test, 300, seed)
        assert verdict == "H1"
        assert games < 60


def test_equal_bots_tend_to_h0() -> None:
    test = Sprt(0, 50)
    verdicts = [simulate(test, 0, seed)[0] for seed in range(20)]
    assert verdicts.count("H0") >= 17


def test_greedy_stops_random_early_in_real_matches() -> None:
    """Girafferaffe, greedy (entrant 0) against random (entrant 1), seats and seeds from a duplicate gauntlet."""
    test = Sprt(0, 100)
    pairings = plan("gauntlet", 2, 2, games_per_pairing=100, duplicate=True, seed=11)
    outcomes: list[Outcome] = []
    verdict = None
    for pairing in pairings:
        match, events = new_match("girafferaffe", 2, {"mode": "standard"}, seed=pairing.seed)
        seen: list[list[Event]] = [[e for e in events if e.is_visible_to(s)] for s in range(2)]
        while match.to_act:
            seat = match.to_act[0]
            bot = "greedy" if pairing.entrants[seat] == 0 else "random"
            match, events = apply_action(match, seat, choose_action(match, seat, bot, seen=seen[seat]), 0.0)
            for viewer in range(2):
                seen[viewer].extend(e for e in events if e.is_visible_to(viewer))
        result = match.result
        assert result is not None
        ranks = tuple(1 if s in result.winners else 2 for s in range(2))
        outcomes.append(Outcome(pairing.index, pairing.entrants, ranks, result.winners, None, (None, None)))
        verdict = test.verdict(*results_for(outcomes))
        if verdict is not None:
            break
    assert verdict == "H1"
    assert len(outcomes) < len(pairings) // 4


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"elo0": 0, "elo1": 10, "alpha": 0.0}, "alpha"),
        ({"elo0": 0, "elo1": 10, "alpha": 1.0}, "alpha"),
        ({"elo0": 0, "elo1": 10, "beta": 1.5}, "beta"),
        ({"elo0": 10, "elo1": 10}, "less than"),
        ({"elo0": 0, "elo1": math.nan}, "finite"),
        ({"elo0": True, "elo1": 10}, "finite"),
    ],
)
def test_bad_settings_are_refused(settings: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Sprt(**settings)


def test_settings_round_trip_and_counts_must_not_be_negative() -> None:
    test = Sprt(-5, 5, alpha=0.1, beta=0.2)
    assert Sprt.from_json(test.to_json()) == test
    with pytest.raises(ValueError, match="negative"):
        test.llr(-1, 0, 0)


def test_elo_estimate() -> None:
    assert elo_estimate(0, 0, 0) is None
    even = elo_estimate(10, 0, 10)
    assert even is not None
    elo, low, high = even
    assert elo == pytest.approx(0) and low == pytest.approx(-high) and low < 0
    better = elo_estimate(75, 0, 25)  # score 0.75: 400 log10(3) Elo
    assert better is not None and better[0] == pytest.approx(400 * math.log10(3))
    assert better[1] < better[0] < better[2]
    only_wins = elo_estimate(5, 0, 0)
    assert only_wins is not None and only_wins[0] == math.inf


def test_results_count_level_ranks_as_draws_from_either_seat() -> None:
    outcomes = [
        Outcome(0, (0, 1), (1, 2), (0,), None, (None, None)),
        Outcome(1, (1, 0), (1, 2), (0,), None, (None, None)),
        Outcome(2, (1, 0), (1, 1), (0, 1), None, (None, None)),
        Outcome(3, (0, 1), (1, 2), (0,), None, (None, None)),
    ]
    assert results_for(outcomes) == (2, 1, 1)
    assert results_for(outcomes, entrant=1) == (1, 1, 2)
