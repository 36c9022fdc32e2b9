"""A tournament's standings: per entrant counts, points, ranks, scores, forfeits and ratings; head to head.

- Points: a match gives each seat ``points_for(rank, k)`` = ``(k - rank) / (k - 1)``: 1 for first,
  0 for last, tied seats share a rank and so their points. In a solo match (k = 1) every seat has
  rank 1, so there the seat gets 1 point if it won (is among the result's winners) and 0 otherwise.
- Mean rank and its 95% interval: Student's t interval, ``mean +- t(0.975, n - 1) * sd / sqrt(n)``
  over the entrant's matches, for n >= 2 (None below; a zero-width interval when every rank was the
  same). The t quantile comes from the standard table for up to 30 degrees of freedom and above
  from the asymptotic expansion of Abramowitz and Stegun 26.7.5, which at 30 already agrees with
  the table to 1e-4 (no statistics dependency needed).
- Mean score: over the entrant's matches whose result has scores; None when none had.
- Ratings: openskill's Plackett-Luce model with its default parameters (mu 25, sigma 25/3,
  beta 25/6, kappa 0.0001, tau 25/300, no sigma limit), one-player teams ranked by the match's
  ranks, updated after every match in the order matches finished; ``ordinal = mu - 3 sigma``. Solo
  matches leave ratings unchanged (there is nobody to be ranked against); entrants who never played
  keep the initial rating.
- Head to head: ``[a][b]`` counts the matches where a and b sat at the same table and a ranked ahead
  of, behind or level with b.
- Order: best first by ordinal, then points, then name.

``standings(names, outcomes)`` recomputes from scratch; ``Tally`` is the incremental form (``add`` one
outcome, ``standings()`` at any time, JSON round trip for storing it between results).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from openskill.models import PlackettLuce, PlackettLuceRating

ForfeitCause = Literal["timeout", "crash", "illegal", "resigned"]
FORFEIT_CAUSES: tuple[str, ...] = get_args(ForfeitCause)

#: The rating model: openskill's Plackett-Luce with default parameters.
MODEL = PlackettLuce()

#: Two-sided 95% Student's t quantiles t(0.975, df) for df = 1 .. 30 (the standard table).
T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip
#: The normal quantile of a two-sided 95% interval.
Z975 = 1.959963984540054

#: First characters that make a spreadsheet read a CSV cell as a formula.
FORMULA_STARTS = frozenset("=+-@\t\r")

#: The CSV's columns, in order.
CSV_COLUMNS = (
    "place",
    "entrant",
    "name",
    "matches",
    "wins",
    "points",
    "mean_rank",
    "rank_low",
    "rank_high",
    "mean_score",
    *(f"forfeits_{cause}" for cause in FORFEIT_CAUSES),
    "mu",
    "sigma",
    "ordinal",
)


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (the 95% two-sided critical value)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(T975):
        return T975[df - 1]
    z = Z975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def points_for(rank: int, players: int) -> float:
    """A seat's points for finishing at ``rank`` (1 best) among ``players``: 1 for first, 0 for last.

    With one player the rank is always 1 and this gives 1; ``seat_points`` looks at the winners instead.
    """
    if not 1 <= rank <= players:
        raise ValueError(f"rank {rank} is outside 1..{players}")
    if players == 1:
        return 1.0
    return (players - rank) / (players - 1)


@dataclass(frozen=True)
class Outcome:
    """How one finished match of the tournament went, in the order matches finished."""

    index: int  # the pairing's index
    entrants: tuple[int, ...]  # entrant per seat
    ranks: tuple[int, ...]  # rank per seat, 1 best, ties share a rank (the match result's `ranks`)
    winners: tuple[int, ...]  # the winning seats (the match result's `winners`)
    scores: tuple[float, ...] | None  # score per seat, or None when the game has no scores
    forfeits: tuple[ForfeitCause | None, ...]  # per seat: why the seat forfeited, or None

    def __post_init__(self) -> None:
        k = len(self.entrants)
        if len(set(self.entrants)) != k:
            raise ValueError(f"an entrant sits at most once at a table: {self.entrants}")
        if len(self.ranks) != k or len(self.forfeits) != k or (self.scores is not None and len(self.scores) != k):
            raise ValueError("ranks, scores and forfeits need one value per seat")
        if any(not 1 <= r <= k for r in self.ranks) or any(not 0 <= w < k for w in self.winners):
            raise ValueError(f"ranks must lie in 1..{k} and winners be seats 0..{k - 1}")
        if any(cause is not None and cause not in FORFEIT_CAUSES for cause in self.forfeits):
            raise ValueError(f"forfeit causes are {', '.join(FORFEIT_CAUSES)}: {self.forfeits}")

    def seat_points(self, seat: int) -> float:
        """The points ``seat`` earned (see the module docstring)."""
        if len(self.entrants) == 1:
            return 1.0 if seat in self.winners else 0.0
        return points_for(self.ranks[seat], len(self.entrants))

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "entrants": list(self.entrants),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "forfeits": list(self.forfeits),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        scores = data["scores"]
        return cls(
            int(data["index"]),
            tuple(int(e) for e in data["entrants"]),
            tuple(int(r) for r in data["ranks"]),
            tuple(int(w) for w in data["winners"]),
            None if scores is None else tuple(float(s) for s in scores),
            tuple(data["forfeits"]),
        )


@dataclass(frozen=True)
class EntrantStanding:
    """One entrant's line of the standings."""

    entrant: int
    name: str
    matches: int
    wins: int
    points: float
    mean_rank: float | None
    rank_interval: tuple[float, float] | None  # 95% interval of the mean rank
    mean_score: float | None
    forfeits: dict[str, int]  # cause -> count (every cause present, zeros included)
    mu: float
    sigma: float
    ordinal: float  # openskill Plackett-Luce, updated after every match in order

    def to_json(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "name": self.name,
            "matches": self.matches,
            "wins": self.wins,
            "points": self.points,
            "mean_rank": self.mean_rank,
            "rank_interval": None if self.rank_interval is None else list(self.rank_interval),
            "mean_score": self.mean_score,
            "forfeits": dict(self.forfeits),
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
        }


@dataclass(frozen=True)
class Standings:
    """The table: entrants best first, and head to head between every two entrants."""

    entrants: list[EntrantStanding]  # sorted best first: by ordinal, then points, then name
    head_to_head: list[list[dict[str, int]]]  # [a][b] = {"ahead": .., "behind": .., "level": ..} at one table

    def to_json(self) -> dict[str, Any]:
        return {
            "entrants": [e.to_json() for e in self.entrants],
            "head_to_head": [[dict(cell) for cell in row] for row in self.head_to_head],
        }

    def to_csv(self) -> str:
        """One row per entrant, best first, under a header of ``CSV_COLUMNS``; empty cells for unknowns.

        ``place`` is the row's position (1 best), ``rank_low``/``rank_high`` the 95% interval of the
        mean rank, ``forfeits_<cause>`` the forfeits by cause. A name that a spreadsheet would take
        for a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is
        written after a ``'``, as OWASP advises against CSV injection.
        """
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for place, e in enumerate(self.entrants, start=1):
            low, high = e.rank_interval if e.rank_interval is not None else ("", "")
            writer.writerow(
                [
                    place,
                    e.entrant,
                    "'" + e.name if e.name[:1] in FORMULA_STARTS else e.name,
                    e.matches,
                    e.wins,
                    e.points,
                    "" if e.mean_rank is None else e.mean_rank,
                    low,
                    high,
                    "" if e.mean_score is None else e.mean_score,
                    *(e.forfeits[cause] for cause in FORFEIT_CAUSES),
                    e.mu,
                    e.sigma,
                    e.ordinal,
                ]
            )
        return buffer.getvalue()


@dataclass
class _Counts:
    """What the tally keeps per entrant."""

    matches: int = 0
    wins: int = 0
    points: float = 0.0
    ranks: dict[int, int] = field(default_factory=dict)  # rank -> how often
    score_sum: float = 0.0
    scored: int = 0
    forfeits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEIT_CAUSES, 0))
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "wins": self.wins,
            "points": self.points,
            "ranks": {str(r): c for r, c in self.ranks.items()},
            "score_sum": self.score_sum,
            "scored": self.scored,
            "forfeits": dict(self.forfeits),
            "mu": self.mu,
            "sigma": self.sigma,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> _Counts:
        return cls(
            int(data["matches"]),
            int(data["wins"]),
            float(data["points"]),
            {int(r): int(c) for r, c in data["ranks"].items()},
            float(data["score_sum"]),
            int(data["scored"]),
            {cause: int(data["forfeits"].get(cause, 0)) for cause in FORFEIT_CAUSES},
            float(data["mu"]),
            float(data["sigma"]),
        )


def _rank_summary(ranks: Mapping[int, int]) -> tuple[float | None, tuple[float, float] | None]:
    """The mean rank and its 95% Student's t interval from a rank histogram."""
    n = sum(ranks.values())
    if n == 0:
        return None, None
    mean = sum(r * c for r, c in ranks.items()) / n
    if n < 2:
        return mean, None
    variance = sum(c * (r - mean) ** 2 for r, c in ranks.items()) / (n - 1)
    half = t975(n - 1) * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


class Tally:
    """The standings built one outcome at a time: ``add`` costs one rating update; ``standings()`` is O(n^2)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.counts = [_Counts() for _ in self.names]
        n = len(self.names)
        self.head_to_head = [[{"ahead": 0, "behind": 0, "level": 0} for _ in range(n)] for _ in range(n)]

    def add(self, outcome: Outcome) -> None:
        """Count one finished match, the next in the order matches finished."""
        n = len(self.names)
        if any(not 0 <= e < n for e in outcome.entrants):
            raise ValueError(f"outcome {outcome.index} names an entrant outside 0..{n - 1}: {outcome.entrants}")
        for seat, entrant in enumerate(outcome.entrants):
            counts = self.counts[entrant]
            counts.matches += 1
            counts.wins += seat in outcome.winners
            counts.points += outcome.seat_points(seat)
            rank = outcome.ranks[seat]
            counts.ranks[rank] = counts.ranks.get(rank, 0) + 1
            if outcome.scores is not None:
                counts.score_sum += outcome.scores[seat]
                counts.scored += 1
            cause = outcome.forfeits[seat]
            if cause is not None:
                counts.forfeits[cause] += 1
        for a_seat, a in enumerate(outcome.entrants):
            for b_seat, b in enumerate(outcome.entrants):
                if a_seat != b_seat:
                    ra, rb = outcome.ranks[a_seat], outcome.ranks[b_seat]
                    self.head_to_head[a][b]["ahead" if ra < rb else "behind" if ra > rb else "level"] += 1
        if len(outcome.entrants) >= 2:
            teams = [[PlackettLuceRating(self.counts[e].mu, self.counts[e].sigma)] for e in outcome.entrants]
            rated = MODEL.rate(teams, ranks=[float(r) for r in outcome.ranks])
            for entrant, (rating,) in zip(outcome.entrants, rated, strict=True):
                self.counts[entrant].mu, self.counts[entrant].sigma = rating.mu, rating.sigma

    def standings(self) -> Standings:
        """The standings as of the outcomes added so far."""
        lines = []
        for entrant, (name, c) in enumerate(zip(self.names, self.counts, strict=True)):
            mean_rank, interval = _rank_summary(c.ranks)
            lines.append(
                EntrantStanding(
                    entrant=entrant,
                    name=name,
                    matches=c.matches,
                    wins=c.wins,
                    points=c.points,
                    mean_rank=mean_rank,
                    rank_interval=interval,
                    mean_score=c.score_sum / c.scored if c.scored else None,
                    forfeits=dict(c.forfeits),
                    mu=c.mu,
                    sigma=c.sigma,
                    ordinal=c.mu - 3 * c.sigma,
                )
            )
        lines.sort(key=lambda e: (-e.ordinal, -e.points, e.name))
        return Standings(lines, [[dict(cell) for cell in row] for row in self.head_to_head])

    def points(self) -> list[float]:
        """Each entrant's points, by entrant index (what ``schedule.swiss_round`` takes)."""
        return [c.points for c in self.counts]

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "counts": [c.to_json() for c in self.counts],
            "head_to_head": [[dict(cell) for cell in row] for row in self.head_to_head],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        tally = cls(data["names"])
        tally.counts = [_Counts.from_json(c) for c in data["counts"]]
        rows = data["head_to_head"]
        tally.head_to_head = [[{key: int(v) for key, v in cell.items()} for cell in row] for row in rows]
        return tally


def standings(names: Sequence[str], outcomes: Sequence[Outcome]) -> Standings:
    """The standings of entrants ``names`` after ``outcomes`` (in the order matches finished)."""
    tally = Tally(names)
    for outcome in outcomes:
        tally.add(outcome)
    return tally.standings()
