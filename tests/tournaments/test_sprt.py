"""The SPRT: known values by hand, early stops on a clearly stronger bot, H0 for equal ones, Elo estimates."""

from __future__ import annotations

import math
import random

import pytest

from arena.tournaments.schedule import plan
from arena.tournaments.sprt import Sprt, deal_totals, elo_estimate, expected_score, results_for
from arena.tournaments.standings import Outcome
from engine import apply_action, new_match
from engine.bots import choose_action, everyone_recalls, everyone_remembers


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
    """Girafferaffe, greedy (entrant 0) against random (entrant 1), seats and seeds from a duplicate gauntlet;
    both forms of the test (by match and by whole deal) accept H1 early."""
    test = Sprt(0, 100)
    pairings = plan("gauntlet", 2, 2, games_per_pairing=100, duplicate=True, seed=11)
    deal_of = {p.index: (p.table, p.deal) for p in pairings}
    outcomes: list[Outcome] = []
    stops: dict[str, tuple[str, int]] = {}
    for pairing in pairings:
        match, events = new_match("girafferaffe", 2, {"mode": "standard"}, seed=pairing.seed)
        seen = everyone_recalls("girafferaffe", 2, events)
        while match.to_act:
            seat = match.to_act[0]
            bot = "greedy" if pairing.entrants[seat] == 0 else "random"
            match, events = apply_action(match, seat, choose_action(match, seat, bot, memory=seen[seat]), 0.0)
            seen = everyone_remembers("girafferaffe", seen, events)
        result = match.result
        assert result is not None
        ranks = tuple(1 if s in result.winners else 2 for s in range(2))
        outcomes.append(Outcome(pairing.index, pairing.entrants, ranks, result.winners, None, (None, None)))
        verdicts = {
            "matches": test.verdict(*results_for(outcomes)),
            "deals": test.verdict_pairs(deal_totals(outcomes, deal_of)),
        }
        for form, verdict in verdicts.items():
            if verdict is not None and form not in stops:
                stops[form] = (verdict, len(outcomes))
        if len(stops) == len(verdicts):
            break
    assert {verdict for verdict, _ in stops.values()} == {"H1"}
    assert all(played < len(pairings) // 4 for _, played in stops.values())


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


def test_deal_pairs_that_always_agree_give_the_binomial_llr_on_deals() -> None:
    test = Sprt(0, 10)
    s0, s1 = 0.5, 1 / (1 + 10 ** (-10 / 400))
    binomial = 60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0))
    assert test.llr_pairs([40, 0, 0, 0, 60]) == pytest.approx(binomial, rel=1e-3)
    assert test.llr_pairs([0] * 5) == 0.0
    with pytest.raises(ValueError, match="5 counts"):
        test.llr_pairs([1, 2, 3])


def lucky_deals(seed: int, deals: int) -> list[tuple[float, float]]:
    """Entrant 0's scores in both rotations of duplicate deals where the deal favours one seat: the lucky
    seat wins 70% of matches, and otherwise entrant 0 (the better bot) wins."""
    rng = random.Random(seed)
    played = []
    for _ in range(deals):
        lucky_seat = rng.randrange(2)
        scores = []
        for seat in (0, 1):  # entrant 0's seat in rotation 0 and rotation 1
            wins = seat == lucky_seat if rng.random() < 0.7 else True
            scores.append(1.0 if wins else 0.0)
        played.append((scores[0], scores[1]))
    return played


def test_counting_whole_deals_stops_sooner_when_the_deal_luck_cancels() -> None:
    test = Sprt(0, 50)
    by_match: list[int] = []  # deals played until each verdict
    by_deal: list[int] = []
    for seed in range(20):
        deals = lucky_deals(seed, 2000)
        for pairs in (False, True):
            wdl, totals = [0, 0, 0], [0] * 5
            for played, (first, second) in enumerate(deals, start=1):
                for score in (first, second):
                    wdl[0 if score == 1 else 2] += 1
                totals[round(2 * (first + second))] += 1  # the deal's total, in halves
                verdict = test.verdict_pairs(totals) if pairs else test.verdict(*wdl)
                if verdict is not None:
                    assert verdict == "H1"
                    (by_deal if pairs else by_match).append(played)
                    break
    assert len(by_match) == len(by_deal) == 20
    assert sum(by_deal) < 0.8 * sum(by_match)


def test_deal_totals_count_complete_deals_from_either_seat() -> None:
    pairings = plan("gauntlet", 2, 2, games_per_pairing=3, duplicate=True, seed=0)
    assert [p.entrants for p in pairings[:4]] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    deal_of = {p.index: (p.table, p.deal) for p in pairings}
    # deal 0: entrant 0 wins, then loses (total 1); deal 1: a draw, then a win from seat 1 (total 3/2);
    # deal 2: a loss, its second match not played yet
    ranks = [(1, 2), (1, 2), (1, 1), (2, 1), (2, 1)]
    outcomes = [Outcome(p.index, p.entrants, r, (), None, (None, None)) for p, r in zip(pairings, ranks, strict=False)]
    assert deal_totals(outcomes, deal_of) == [0, 0, 1, 1, 0]
    assert deal_totals(outcomes, deal_of, entrant=1) == [0, 1, 1, 0, 0]
