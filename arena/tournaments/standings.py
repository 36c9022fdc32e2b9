"""A tournament's standings: per entrant counts, points, ranks, scores, forfeits and ratings; head to head.

- Points: a seat that forfeits (timeout under ``forfeit``, crash, disqualification) or resigns scores
  0. The others score by rank: finishing at place p of k is worth ``(k - p) / (k - 1)`` (1 for
  first, 0 for last), and seats tied at a rank share the places they cover, each getting their
  average: a 2-player draw gives each 1/2, a three-way tie for first of 4 gives each
  ``(1 + 2/3 + 1/3) / 3 = 2/3``. In a solo match (k = 1) the seat gets 1 point if it won (is among
  the result's winners) and 0 otherwise.
- Mean rank and its 95% interval: Student's t interval, ``mean +- t(0.975, n - 1) * sd / sqrt(n)``
  over the entrant's matches, for n >= 2 (None below; a zero-width interval when every rank was the
  same), clipped to the possible ranks [1, k]. The t quantile comes from the standard table for up
  to 30 degrees of freedom and above from the asymptotic expansion of Abramowitz and Stegun 26.7.5,
  which at 30 already agrees with the table to 1e-4.
- Mean score: over the entrant's matches whose result has scores; None when none had.
- Ratings: openskill's Plackett-Luce model with its default parameters (mu 25, sigma 25/3,
  beta 25/6, kappa 0.0001, tau 25/300, no sigma limit), one-player teams ranked by the match's
  ranks, updated after every match in the order matches finished; ``ordinal = mu - 3 sigma``. Solo
  matches leave ratings unchanged; entrants who never played keep the initial rating.
- Head to head: for two entrants a < b, how often they sat at the same table and a ranked ahead of
  b, b ahead of a, or level.
- Order: most points first; entrants level on points are ordered by their head-to-head share among
  themselves (over the matches where two of them met: a finish ahead counts 1, level 1/2; 1/2 when
  none of them met), then by mean rank (lower first; never played last), then by entrant number.
  The rating stands beside, as an estimate of strength, never as the order.

Storage: each entrant's counts (:class:`Counts`) and each pair's head to head (:class:`Cell`) live in
keys of their own, so recording a match reads and writes only its table's entrants and pairs
(:class:`Ledger`). ``standings(names, outcomes, players)`` recomputes from scratch.
"""

from __future__ import annotations

import csv
import functools
import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

ForfeitCause = Literal["timeout", "crash", "illegal", "resigned"]
FORFEIT_CAUSES: tuple[str, ...] = get_args(ForfeitCause)
#: Why an entrant's matches do not start now: its host's presence lease lapsed, or the tournament is paused.
Held = Literal["away", "paused"]

#: A new entrant's rating: openskill's Plackett-Luce defaults (``PlackettLuce().mu`` and ``.sigma``).
MU = 25.0
SIGMA = MU / 3


@functools.cache
def rating_model() -> PlackettLuce:
    """The rating model: openskill's Plackett-Luce with default parameters. Imported when a match is rated,
    not by every process that imports the standings (openskill and the ``statistics`` module it imports
    cost 0.015 s of CPU)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    assert (model.mu, model.sigma) == (MU, SIGMA), "openskill's defaults changed: MU and SIGMA must follow"
    return model


#: Two-sided 95% Student's t quantiles t(0.975, df) for df = 1 .. 30 (the standard table).
T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip
#: The normal quantile of a two-sided 95% interval.
Z975 = 1.959963984540054
#: Points are compared after rounding to this many decimals (sums of thirds differ in the last bits).
POINT_DIGITS = 9

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


def points_for(rank: int, players: int, tied: int = 1) -> float:
    """The points of a seat at ``rank`` (1 best) among ``players``, with ``tied`` seats (itself included)
    sharing that rank: the average of ``(k - p) / (k - 1)`` over the places p = rank .. rank + tied - 1.

    With one player this gives 1; :meth:`Outcome.seat_points` looks at the winners instead.
    """
    if not 1 <= rank <= players or not 1 <= tied <= players - rank + 1:
        raise ValueError(f"rank {rank} shared by {tied} is outside 1..{players}")
    if players == 1:
        return 1.0
    last = rank + tied - 1
    return (players - (rank + last) / 2) / (players - 1)


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
        if self.forfeits[seat] is not None:
            return 0.0
        if len(self.entrants) == 1:
            return 1.0 if seat in self.winners else 0.0
        rank, players = self.ranks[seat], len(self.entrants)
        # Ranks come as competition ranks (1, 1, 3); a tie that claims places past the last shares what is left.
        return points_for(rank, players, min(self.ranks.count(rank), players - rank + 1))

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


# --- what is stored per entrant and per pair -------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """What the standings keep per entrant (one field of the tournament's standings hash)."""

    matches: int = 0
    wins: int = 0
    points: float = 0.0
    ranks: Mapping[int, int] = field(default_factory=dict)  # rank -> how often
    score_sum: float = 0.0
    scored: int = 0
    forfeits: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEIT_CAUSES, 0))
    mu: float = MU
    sigma: float = SIGMA

    def to_json(self) -> dict[str, Any]:
        return {
            "m": self.matches,
            "w": self.wins,
            "p": self.points,
            "r": {str(r): c for r, c in self.ranks.items()},
            "s": self.score_sum,
            "n": self.scored,
            "f": [self.forfeits[cause] for cause in FORFEIT_CAUSES],
            "mu": self.mu,
            "sg": self.sigma,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Counts:
        return cls(
            int(data["m"]),
            int(data["w"]),
            float(data["p"]),
            {int(r): int(c) for r, c in data["r"].items()},
            float(data["s"]),
            int(data["n"]),
            dict(zip(FORFEIT_CAUSES, (int(c) for c in data["f"]), strict=True)),
            float(data["mu"]),
            float(data["sg"]),
        )


@dataclass(frozen=True)
class Cell:
    """Head to head of entrants a < b: how often a finished ahead of b, b ahead of a, and level."""

    first_ahead: int = 0
    second_ahead: int = 0
    level: int = 0

    @property
    def meetings(self) -> int:
        return self.first_ahead + self.second_ahead + self.level

    def of(self, first: bool) -> tuple[int, int, int]:
        """``(ahead, behind, level)`` as the first (a) or the second (b) entrant sees it."""
        if first:
            return self.first_ahead, self.second_ahead, self.level
        return self.second_ahead, self.first_ahead, self.level

    def to_text(self) -> str:
        return f"{self.first_ahead},{self.second_ahead},{self.level}"

    @classmethod
    def from_text(cls, text: str) -> Cell:
        first, second, level = (int(part) for part in text.split(","))
        return cls(first, second, level)


Pair = tuple[int, int]


def pair_of(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def pairs_at(entrants: Sequence[int]) -> list[Pair]:
    """Every pair of entrants of a table (a < b)."""
    return [pair_of(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1 :]]


@dataclass(frozen=True)
class EntrantStanding:
    """One entrant's line of the standings."""

    entrant: int
    name: str
    matches: int
    wins: int
    points: float
    mean_rank: float | None
    rank_interval: tuple[float, float] | None  # 95% interval of the mean rank, within [1, k]
    mean_score: float | None
    forfeits: dict[str, int]  # cause -> count (every cause present, zeros included)
    mu: float
    sigma: float
    ordinal: float  # openskill Plackett-Luce, updated after every match in order
    #: Why its matches do not start now, if they do not: ``away`` (the host's presence lease lapsed)
    #: or ``paused`` (the tournament is).
    held: Held | None = None

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
            "held": self.held,
        }


@dataclass(frozen=True)
class Placed:
    """An entrant's place in the table, with what its line is made of (built only when shown)."""

    entrant: int
    name: str
    counts: Counts
    held: Held | None

    def line(self, players: int) -> EntrantStanding:
        return line_of(self.entrant, self.name, self.counts, players, self.held)


@dataclass(frozen=True)
class Standings:
    """The table: every entrant, best first."""

    order: Sequence[Placed]
    players: int

    @property
    def entrants(self) -> list[EntrantStanding]:
        """Every line, best first."""
        return [placed.line(self.players) for placed in self.order]

    def page(self, offset: int, limit: int) -> dict[str, Any]:
        """A page of the table as JSON, with where it starts and how many entrants there are."""
        rows = self.order[offset : offset + limit]
        return {
            "entrants": [placed.line(self.players).to_json() for placed in rows],
            "offset": offset,
            "limit": limit,
            "total": len(self.order),
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
                    spreadsheet_text(e.name),
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


def spreadsheet_text(name: str) -> str:
    """``name`` as a CSV cell a spreadsheet shows as text (never runs as a formula)."""
    return "'" + name if name[:1] in FORMULA_STARTS else name


# --- counting outcomes -----------------------------------------------------------------------------


class Ledger:
    """The counts and head-to-head cells a transition reads and changes: those of the entrants and pairs
    loaded for it (a missing one has never been stored: it starts at zero), and what changed.

    Recording a match needs the rows of its table's entrants and the cells of their pairs;
    :meth:`points` needs every row (``complete``).
    """

    def __init__(
        self, rows: Mapping[int, Counts] | None = None, cells: Mapping[Pair, Cell] | None = None, complete: bool = False
    ) -> None:
        self.rows: dict[int, Counts] = dict(rows or {})
        self.cells: dict[Pair, Cell] = dict(cells or {})
        self.complete = complete
        self.changed_rows: set[int] = set()
        self.changed_cells: set[Pair] = set()

    def row(self, entrant: int) -> Counts:
        return self.rows.get(entrant) or Counts()

    def cell(self, pair: Pair) -> Cell:
        return self.cells.get(pair) or Cell()

    def take_in(self, rows: Mapping[int, Counts], cells: Mapping[Pair, Cell] = {}) -> None:
        """Rows and cells read later, for entrants and pairs this ledger has not changed."""
        self.rows.update({e: row for e, row in rows.items() if e not in self.changed_rows})
        self.cells.update({p: cell for p, cell in cells.items() if p not in self.changed_cells})

    def add(self, outcome: Outcome) -> None:
        """Count one finished match, the next in the order matches finished."""
        rows = {entrant: self.row(entrant) for entrant in outcome.entrants}
        for seat, entrant in enumerate(outcome.entrants):
            counts = rows[entrant]
            rank = outcome.ranks[seat]
            forfeits = dict(counts.forfeits)
            cause = outcome.forfeits[seat]
            if cause is not None:
                forfeits[cause] += 1
            scored = outcome.scores is not None
            rows[entrant] = replace(
                counts,
                matches=counts.matches + 1,
                wins=counts.wins + (seat in outcome.winners),
                points=counts.points + outcome.seat_points(seat),
                ranks={**counts.ranks, rank: counts.ranks.get(rank, 0) + 1},
                score_sum=counts.score_sum + (outcome.scores[seat] if outcome.scores is not None else 0.0),
                scored=counts.scored + scored,
                forfeits=forfeits,
            )
        for a_seat, a in enumerate(outcome.entrants):
            for b_seat in range(a_seat + 1, len(outcome.entrants)):
                b = outcome.entrants[b_seat]
                pair = pair_of(a, b)
                ra, rb = outcome.ranks[a_seat], outcome.ranks[b_seat]
                first, second = (ra, rb) if pair[0] == a else (rb, ra)
                cell = self.cell(pair)
                self.cells[pair] = Cell(
                    cell.first_ahead + (first < second), cell.second_ahead + (second < first), cell.level + (ra == rb)
                )
                self.changed_cells.add(pair)
        if len(outcome.entrants) >= 2:
            from openskill.models import PlackettLuceRating

            teams = [[PlackettLuceRating(rows[e].mu, rows[e].sigma)] for e in outcome.entrants]
            rated = rating_model().rate(teams, ranks=[float(r) for r in outcome.ranks])
            for entrant, (rating,) in zip(outcome.entrants, rated, strict=True):
                rows[entrant] = replace(rows[entrant], mu=rating.mu, sigma=rating.sigma)
        self.rows.update(rows)
        self.changed_rows.update(rows)

    def points(self, entrants: int) -> list[float]:
        """Each entrant's points, by entrant index (what ``schedule.swiss_round`` takes)."""
        if not self.complete:
            raise ValueError("every entrant's row must be loaded for the points of all")
        return [self.row(entrant).points for entrant in range(entrants)]


def _rank_summary(ranks: Mapping[int, int], players: int) -> tuple[float | None, tuple[float, float] | None]:
    """The mean rank and its 95% Student's t interval (within [1, players]) from a rank histogram."""
    n = sum(ranks.values())
    if n == 0:
        return None, None
    mean = sum(r * c for r, c in ranks.items()) / n
    if n < 2:
        return mean, None
    variance = sum(c * (r - mean) ** 2 for r, c in ranks.items()) / (n - 1)
    half = t975(n - 1) * math.sqrt(variance / n)
    return mean, (max(1.0, mean - half), min(float(players), mean + half))


def line_of(entrant: int, name: str, counts: Counts, players: int, held: Held | None = None) -> EntrantStanding:
    mean_rank, interval = _rank_summary(counts.ranks, players)
    return EntrantStanding(
        entrant=entrant,
        name=name,
        matches=counts.matches,
        wins=counts.wins,
        points=counts.points,
        mean_rank=mean_rank,
        rank_interval=interval,
        mean_score=counts.score_sum / counts.scored if counts.scored else None,
        forfeits=dict(counts.forfeits),
        mu=counts.mu,
        sigma=counts.sigma,
        ordinal=counts.mu - 3 * counts.sigma,
        held=held,
    )


def head_to_head_shares(groups: Iterable[Sequence[int]], cells: Mapping[Pair, Cell]) -> dict[int, float]:
    """Each entrant's head-to-head share among the others of its group (see the module docstring)."""
    group_of = {entrant: number for number, group in enumerate(groups) if len(group) > 1 for entrant in group}
    won: dict[int, float] = {}
    met: dict[int, int] = {}
    for (a, b), cell in cells.items():
        if a in group_of and group_of.get(b) == group_of[a]:
            for entrant, first in ((a, True), (b, False)):
                ahead, _, level = cell.of(first)
                won[entrant] = won.get(entrant, 0.0) + ahead + level / 2
                met[entrant] = met.get(entrant, 0) + cell.meetings
    return {entrant: won[entrant] / met[entrant] for entrant in met if met[entrant]}


def rank_entrants(
    names: Sequence[str],
    rows: Mapping[int, Counts],
    cells: Mapping[Pair, Cell],
    players: int,
    held: Mapping[int, Held] | None = None,
) -> Standings:
    """The standings of entrants ``names`` from their stored rows and cells, best first (the documented order)."""
    fresh = Counts()
    placed = [Placed(e, name, rows.get(e) or fresh, (held or {}).get(e)) for e, name in enumerate(names)]
    by_points: dict[float, list[int]] = {}
    for entry in placed:
        by_points.setdefault(round(entry.counts.points, POINT_DIGITS), []).append(entry.entrant)
    shares = head_to_head_shares(by_points.values(), cells)

    def mean_rank(counts: Counts) -> float:
        played = sum(counts.ranks.values())
        return sum(r * c for r, c in counts.ranks.items()) / played if played else math.inf

    placed.sort(
        key=lambda entry: (
            -round(entry.counts.points, POINT_DIGITS),
            -shares.get(entry.entrant, 0.5),
            mean_rank(entry.counts),
            entry.entrant,
        )
    )
    return Standings(placed, players)


def standings(names: Sequence[str], outcomes: Sequence[Outcome], players: int) -> Standings:
    """The standings of entrants ``names`` after ``outcomes`` (in the order matches finished)."""
    ledger = Ledger()
    for outcome in outcomes:
        if any(not 0 <= e < len(names) for e in outcome.entrants):
            raise ValueError(f"outcome {outcome.index} names an entrant outside 0..{len(names) - 1}")
        ledger.add(outcome)
    return rank_entrants(names, ledger.rows, ledger.cells, players)
