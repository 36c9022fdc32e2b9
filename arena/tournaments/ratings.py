"""An overall rating table from all of a tournament's matches, as Ordo and BayesElo give one.

Pure: computed from the recorded outcomes. The method:

- **Results.** Every two entrants that sat at one table meet once per match: the one that finished
  ahead scores 1, level 1/2, behind 0 (a forfeit ranks behind every seat still playing), as in the
  crosstable. A match of k seats gives k (k - 1) / 2 such results.
- **Model.** The logistic Elo model: a result of a against b has the expected score
  ``E = 1 / (1 + 10 ** (-(r_a - r_b) / 400))``, and a result of score s adds
  ``s log E + (1 - s) log(1 - E)`` to the log-likelihood: a draw counts as half a win and half a
  loss, as Ordo counts it.
- **Prior.** Each entrant also has :data:`PRIOR_DRAWS` virtual draws against an opponent rated 0, in
  the spirit of BayesElo's virtual draws. Without them an entrant that won (or lost) every result,
  or a group of entrants that never met the others, has no finite rating; with them every rating
  is finite and the table is unique. They weigh as much as two results, so they matter on few
  results (pulling ratings toward the middle) and fade as results come in.
- **Fit.** The ratings maximize the log-posterior (strictly concave): Newton's method from 0 with
  halved steps while a step would lower it, until no rating moves by more than 1e-9 Elo.
- **Anchor.** Ratings are shown relative to the mean of the entrants with results (``anchor``
  ``None``), or to a named entrant rated 0.
- **Intervals.** 95%: the rating +- 1.96 standard errors, from the inverse of the negative Hessian
  of the log-posterior at its maximum (the observed information, the normal approximation Ordo's
  and BayesElo's error bars share), taken for the rating relative to the anchor: ``r_i - mean(r)`` (that mean),
  or ``r_i - r_anchor`` (the anchor's own interval is then [0, 0]).
- **Caveat.** The results of one match of more than two seats, and the matches of one duplicate
  deal, are not independent; the intervals treat them as if they were, so there they are narrower
  than they should be.

With ``prior_draws=0`` the fit is plain maximum likelihood (Ordo's), defined only when every
entrant both scored and dropped points within one connected group; the API always uses the prior.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arena.tournaments.standings import Z975, Outcome, spreadsheet_text

if TYPE_CHECKING:  # numpy is imported where a table is computed: every API process imports this module
    import numpy as np
    from numpy.typing import NDArray

    Matrix = NDArray[np.float64]

#: Virtual draws each entrant has against an opponent rated 0 (the prior).
PRIOR_DRAWS = 2.0
#: Elo points per natural-log unit of the odds: ``E = 1 / (1 + exp(-SCALE * d))`` for a difference d.
SCALE = math.log(10) / 400
#: Newton steps at most, and halvings of one step at most.
MAX_STEPS = 200
MAX_HALVINGS = 60
#: The fit stops once no rating moves by more than this (Elo).
TOLERANCE = 1e-9

#: The rating table CSV's columns, in order.
RATING_COLUMNS = ("place", "entrant", "name", "elo", "elo_low", "elo_high", "games", "score")


@dataclass(frozen=True)
class RatingLine:
    """One entrant's rating with its 95% interval, over its pairwise results."""

    entrant: int
    name: str
    elo: float
    low: float
    high: float
    #: Pairwise results (one per opponent per match) and the points it scored in them.
    games: int
    score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "name": self.name,
            "elo": self.elo,
            "low": self.low,
            "high": self.high,
            "games": self.games,
            "score": self.score,
        }


@dataclass(frozen=True)
class RatingTable:
    """Every entrant's rating, best first."""

    lines: Sequence[RatingLine]
    anchor: int | None
    prior_draws: float

    def to_json(self) -> dict[str, Any]:
        return {
            "anchor": self.anchor,
            "prior_draws": self.prior_draws,
            "entrants": [line.to_json() for line in self.lines],
        }

    def to_csv(self) -> str:
        """One row per entrant, best first, under a header of :data:`RATING_COLUMNS`."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(RATING_COLUMNS)
        for place, line in enumerate(self.lines, start=1):
            row = (line.entrant, spreadsheet_text(line.name), line.elo, line.low, line.high, line.games, line.score)
            writer.writerow([place, *row])
        return buffer.getvalue()


def pairwise_results(outcomes: Sequence[Outcome], entrants: int) -> tuple[Matrix, Matrix]:
    """``games[a, b]``: results between a and b; ``points[a, b]``: what a scored in them (ahead 1, level 1/2)."""
    import numpy as np

    games = np.zeros((entrants, entrants))
    points = np.zeros((entrants, entrants))
    for outcome in outcomes:
        seats = outcome.entrants
        for i, a in enumerate(seats):
            for j in range(i + 1, len(seats)):
                b = seats[j]
                mine, theirs = outcome.ranks[i], outcome.ranks[j]
                score = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                games[a, b] += 1
                games[b, a] += 1
                points[a, b] += score
                points[b, a] += 1 - score
    return games, points


def _log_sigmoid(x: Matrix) -> Matrix:
    import numpy as np

    result: Matrix = -np.logaddexp(0.0, -x)
    return result


def log_posterior(ratings: Matrix, games: Matrix, points: Matrix, prior_draws: float) -> float:
    """The log-posterior of ``ratings`` (Elo), up to a constant: the results' log-likelihood plus the prior's."""
    import numpy as np

    gap = SCALE * (ratings[:, None] - ratings[None, :])
    results = float(np.sum(points * _log_sigmoid(gap)))  # every ordered pair: a's points against b
    prior = prior_draws * float(np.sum(0.5 * _log_sigmoid(SCALE * ratings) + 0.5 * _log_sigmoid(-SCALE * ratings)))
    return results + prior


def _gradient_and_information(
    ratings: Matrix, games: Matrix, points: Matrix, prior_draws: float
) -> tuple[Matrix, Matrix]:
    """The log-posterior's gradient and its negative Hessian (the observed information), per Elo."""
    import numpy as np

    expected = 1 / (1 + np.exp(-SCALE * (ratings[:, None] - ratings[None, :])))
    own = 1 / (1 + np.exp(-SCALE * ratings))
    gradient: Matrix = SCALE * ((points - games * expected).sum(axis=1) + prior_draws * (0.5 - own))
    weights = games * expected * (1 - expected)
    information: Matrix = SCALE**2 * (np.diag(weights.sum(axis=1) + prior_draws * own * (1 - own)) - weights)
    return gradient, information


def _inverse(information: Matrix, prior_draws: float) -> Matrix:
    """The covariance: the information's inverse (its pseudo-inverse without a prior: ratings are then
    defined up to a common shift, and the pseudo-inverse gives the covariance of the centred ones)."""
    import numpy as np

    inverse = np.linalg.inv(information) if prior_draws > 0 else np.linalg.pinv(information)
    return np.asarray(inverse, dtype=np.float64)


def fit(games: Matrix, points: Matrix, prior_draws: float = PRIOR_DRAWS) -> tuple[Matrix, Matrix]:
    """The ratings (Elo, before anchoring) that maximize the log-posterior, and their covariance (Elo²)."""
    import numpy as np

    ratings: Matrix = np.zeros(games.shape[0])
    if ratings.size == 0:
        return ratings, np.zeros((0, 0))
    current = log_posterior(ratings, games, points, prior_draws)
    for _ in range(MAX_STEPS):
        gradient, information = _gradient_and_information(ratings, games, points, prior_draws)
        step = _inverse(information, prior_draws) @ gradient
        for _ in range(MAX_HALVINGS):
            candidate = ratings + step
            value = log_posterior(candidate, games, points, prior_draws)
            if value >= current - 1e-12 * abs(current):
                break
            step = step / 2
        ratings, current = candidate, value
        if float(np.max(np.abs(step))) < TOLERANCE:
            break
    _, information = _gradient_and_information(ratings, games, points, prior_draws)
    return ratings, _inverse(information, prior_draws)


def anchored(
    ratings: Matrix, covariance: Matrix, anchor: int | None, played: NDArray[np.bool_] | None = None
) -> tuple[Matrix, Matrix]:
    """Each rating relative to the anchor (``None``: the mean of those ``played`` marks, else of all) and
    its standard error."""
    import numpy as np

    n = ratings.shape[0]
    if anchor is None:
        chosen = played if played is not None and played.any() else np.ones(n, dtype=bool)
        weights = chosen / chosen.sum()
        shifted = ratings - weights @ ratings
        variance = np.diag(covariance) - 2 * (covariance @ weights) + weights @ covariance @ weights
    else:
        shifted = ratings - ratings[anchor]
        variance = np.diag(covariance) + covariance[anchor, anchor] - 2 * covariance[:, anchor]
    errors: Matrix = np.sqrt(np.clip(variance, 0.0, None))
    if anchor is not None and 0 <= anchor < n:
        errors[anchor] = 0.0
    return shifted, errors


def rating_table(
    names: Sequence[str], outcomes: Sequence[Outcome], anchor: int | None = None, prior_draws: float = PRIOR_DRAWS
) -> RatingTable:
    """The rating table of entrants ``names`` from ``outcomes``, best first (ties by entrant number)."""
    if anchor is not None and not 0 <= anchor < len(names):
        raise ValueError(f"the anchor must be an entrant from 0 to {len(names) - 1}, not {anchor}")
    games, points = pairwise_results(outcomes, len(names))
    ratings, covariance = fit(games, points, prior_draws)
    shifted, errors = anchored(ratings, covariance, anchor, games.sum(axis=1) > 0)
    lines = [
        RatingLine(
            entrant=e,
            name=name,
            elo=float(shifted[e]),
            low=float(shifted[e] - Z975 * errors[e]),
            high=float(shifted[e] + Z975 * errors[e]),
            games=int(games[e].sum()),
            score=float(points[e].sum()),
        )
        for e, name in enumerate(names)
    ]
    lines.sort(key=lambda line: (-line.elo, line.entrant))
    return RatingTable(lines, anchor, prior_draws)
