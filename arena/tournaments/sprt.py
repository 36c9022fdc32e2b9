"""A sequential probability ratio test (SPRT) for a two-entrant, two-player gauntlet.

Entrant 0's results against entrant 1 (wins, draws, losses; a shared win is a draw) are tested for
H0: entrant 0 is ``elo0`` stronger against H1: it is ``elo1`` stronger, in the logistic Elo model,
where an Elo difference e gives the expected score ``s(e) = 1 / (1 + 10 ** (-e / 400))``. The
log-likelihood ratio is fishtest's generalized SPRT on the trinomial (its ``LLR_logistic``): with
the observed frequencies p of win, draw and loss (scores 1, 1/2, 0), each hypothesis takes the
distribution closest to p (maximum likelihood) whose mean score is s0 or s1, and

    LLR = N * sum_i p_i log(q1_i / q0_i)

over N games. (For large N this is close to the normal approximation
``N (s1 - s0) (2 x - s0 - s1) / (2 v)``, x the mean score and v its variance, kept as
``llr_normal``; that approximation overshoots badly on a handful of games, calling H1 after one
win.) As in fishtest, a count of zero is replaced by 0.001 first, so that a run of wins alone has a
finite LLR. The test stops with H1 once LLR >= log((1 - beta) / alpha), with H0 once
LLR <= log(beta / (1 - alpha)).

With duplicate deals the two matches of a deal are not independent, so fishtest's pentanomial form
counts whole deals instead: how many deals gave entrant 0 a total of 0, 1/2, 1, 3/2 or 2 over their
two matches (``llr_pairs``, ``verdict_pairs``, ``deal_totals``), with the same LLR on the deal's
mean score. Deals whose luck cancels then count as the smaller noise they are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from arena.tournaments.standings import Z975, Outcome

#: What a zero count becomes before the LLR is computed (fishtest's regularization).
REGULARIZED_ZERO = 1e-3
#: The score of a win, a draw and a loss.
OUTCOME_SCORES = (1.0, 0.5, 0.0)
#: The mean score of a deal whose two matches gave entrant 0 a total of 0, 1/2, 1, 3/2, 2.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def expected_score(elo: float) -> float:
    """The logistic Elo model's expected score of a player ``elo`` points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _check_counts(*counts: int) -> None:
    if min(counts) < 0:
        raise ValueError(f"counts cannot be negative: {list(counts)}")


def closest_distribution(
    frequencies: Sequence[float], score: float, values: Sequence[float] = OUTCOME_SCORES
) -> list[float]:
    """The distribution over ``values`` (win, draw, loss by default) with mean ``score`` that maximizes the
    likelihood of ``frequencies`` (all positive, summing to 1): ``q_i = p_i / (1 + x (a_i - score))``, x
    solving ``sum p_i (a_i - score) / (1 + x (a_i - score)) = 0`` (by bisection; the sum falls in x)."""
    gaps = [a - score for a in values]

    def slope(x: float) -> float:
        return sum(p * g / (1 + x * g) for p, g in zip(frequencies, gaps, strict=True))

    low, high = -1 / max(gaps), -1 / min(gaps)  # where every 1 + x * gap stays positive
    for _ in range(64):  # 64 halvings take any such interval below float precision
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2
    return [p / (1 + x * g) for p, g in zip(frequencies, gaps, strict=True)]


def _mean_and_variance(wins: float, draws: float, losses: float) -> tuple[float, float, float]:
    """N, the mean score and the per-game variance of the score."""
    n = wins + draws + losses
    mean = (wins + draws / 2) / n
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean**2) / n
    return n, mean, variance


@dataclass(frozen=True)
class Sprt:
    """The test's settings: the two hypotheses in Elo and the error rates, checked on construction."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1", "alpha", "beta"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise ValueError(f"sprt {name} must be a finite number, not {value!r}")
        if not 0 < self.alpha < 1:
            raise ValueError(f"sprt alpha must lie strictly between 0 and 1, not {self.alpha}")
        if not 0 < self.beta < 1:
            raise ValueError(f"sprt beta must lie strictly between 0 and 1, not {self.beta}")
        if not self.elo0 < self.elo1:
            raise ValueError(f"sprt elo0 ({self.elo0}) must be less than elo1 ({self.elo1})")

    def bounds(self) -> tuple[float, float]:
        """The LLR's lower (accept H0) and upper (accept H1) bounds."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, draws: int, losses: int) -> float:
        """The log-likelihood ratio of H1 against H0 after these results (0 before any game)."""
        _check_counts(wins, draws, losses)
        return self._generalized_llr((wins, draws, losses), OUTCOME_SCORES)

    def llr_pairs(self, totals: Sequence[int]) -> float:
        """The LLR from duplicate deals: ``totals[j]`` deals gave entrant 0 a total of j/2 over their two matches."""
        if len(totals) != len(PAIR_SCORES):
            raise ValueError(
                f"deal totals need {len(PAIR_SCORES)} counts (totals 0, 1/2, 1, 3/2, 2), not {len(totals)}"
            )
        _check_counts(*totals)
        return self._generalized_llr(totals, PAIR_SCORES)

    def _generalized_llr(self, counts: Sequence[int], values: Sequence[float]) -> float:
        if sum(counts) == 0:
            return 0.0
        regularized = [count if count else REGULARIZED_ZERO for count in counts]
        n = sum(regularized)
        frequencies = [count / n for count in regularized]
        q0 = closest_distribution(frequencies, expected_score(self.elo0), values)
        q1 = closest_distribution(frequencies, expected_score(self.elo1), values)
        return n * sum(p * math.log(b / a) for p, a, b in zip(frequencies, q0, q1, strict=True))

    def llr_normal(self, wins: int, draws: int, losses: int) -> float:
        """The normal approximation of the LLR, ``N (s1 - s0) (2 x - s0 - s1) / (2 v)`` (for comparison)."""
        _check_counts(wins, draws, losses)
        if wins + draws + losses == 0:
            return 0.0
        regularized = [count if count else REGULARIZED_ZERO for count in (wins, draws, losses)]
        n, mean, variance = _mean_and_variance(*regularized)
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self, wins: int, draws: int, losses: int) -> Literal["H0", "H1"] | None:
        """The verdict: "H1" once the LLR reaches the upper bound, "H0" once it reaches the lower one, else None."""
        return self.decide(self.llr(wins, draws, losses))

    def verdict_pairs(self, totals: Sequence[int]) -> Literal["H0", "H1"] | None:
        """The verdict from duplicate deals (see ``llr_pairs``)."""
        return self.decide(self.llr_pairs(totals))

    def decide(self, llr: float) -> Literal["H0", "H1"] | None:
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def to_json(self) -> dict[str, Any]:
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Sprt:
        return cls(data["elo0"], data["elo1"], data.get("alpha", 0.05), data.get("beta", 0.05))


def stopped_estimate_note(verdict: str | None) -> str | None:
    """What to know of an Elo estimate taken when the test stopped at ``verdict`` (``None`` before one).

    A sequential test stops at the moment its results have drifted far enough toward a bound, so the
    results it stops on lean that way more than the truth does: the estimate is biased toward the
    verdict, and its interval, computed as for a fixed number of matches, covers the truth less often
    than it says.
    """
    if verdict is None:
        return None
    side = "overstate entrant 0's advantage (H1)" if verdict == "H1" else "understate it (H0)"
    return (
        "The test stopped as soon as its results crossed a bound, so this estimate is biased toward the "
        f"verdict: it tends to {side}, the more so the fewer matches it took; for two equal entrants an H0 "
        "verdict tends to report a negative Elo rather than 0. Its interval is a fixed-sample one and covers "
        "the truth less often than 95%. For an unbiased estimate, play a fixed number of matches without an SPRT."
    )


def elo_estimate(wins: int, draws: int, losses: int) -> tuple[float, float, float] | None:
    """Entrant 0's Elo advantage and its 95% interval (normal approximation on the mean score), or None
    without games. Bounds beyond a score of 0 or 1 are infinite, as is the estimate for a score of 0 or 1."""
    _check_counts(wins, draws, losses)
    if wins + draws + losses == 0:
        return None
    n, mean, variance = _mean_and_variance(wins, draws, losses)
    half = Z975 * math.sqrt(variance / n)
    return elo_of_score(mean), elo_of_score(mean - half), elo_of_score(mean + half)


def results_for(outcomes: Sequence[Outcome], entrant: int = 0) -> tuple[int, int, int]:
    """Wins, draws and losses of ``entrant`` in two-player ``outcomes`` (level ranks are a draw)."""
    wins = draws = losses = 0
    for outcome in outcomes:
        if entrant not in outcome.entrants or len(outcome.entrants) != 2:
            continue
        seat = outcome.entrants.index(entrant)
        mine, theirs = outcome.ranks[seat], outcome.ranks[1 - seat]
        wins += mine < theirs
        draws += mine == theirs
        losses += mine > theirs
    return wins, draws, losses


def deal_totals(outcomes: Sequence[Outcome], deal_of: Mapping[int, tuple[int, int]], entrant: int = 0) -> list[int]:
    """How many complete deals gave ``entrant`` a total of 0, 1/2, 1, 3/2, 2 (for ``llr_pairs``).

    ``deal_of`` maps a pairing's index to its deal, ``(pairing.table, pairing.deal)``; a deal counts
    once both of its matches are among ``outcomes``.
    """
    halves: dict[tuple[int, int], list[int]] = {}
    for outcome in outcomes:
        if entrant not in outcome.entrants or len(outcome.entrants) != 2:
            continue
        seat = outcome.entrants.index(entrant)
        mine, theirs = outcome.ranks[seat], outcome.ranks[1 - seat]
        halves.setdefault(deal_of[outcome.index], []).append(2 if mine < theirs else 1 if mine == theirs else 0)
    totals = [0] * len(PAIR_SCORES)
    for scores in halves.values():
        if len(scores) == 2:
            totals[sum(scores)] += 1
    return totals
