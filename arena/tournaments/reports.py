"""What hosts read after (or during) a tournament: the crosstable with pairwise Elo, and the SPRT's curve.

Pure: computed from the recorded outcomes, in the order matches finished.

- **Crosstable.** For every two entrants a < b that sat at the same table: how many matches they
  shared, how often a finished ahead of b, level, or behind, and each one's score against the other
  (ahead 1, level 1/2, behind 0; a forfeit ranks behind every seat still playing).
- **Pairwise Elo** (2-player tables only), as fastchess and fishtest give it: the Elo difference of
  a over b whose expected score is a's mean score, ``-400 log10(1/x - 1)``, with a 95% interval
  from the normal approximation of the mean score (``x +- 1.96 s``, ``s`` the standard error, each
  end turned into Elo), and the likelihood of superiority ``LOS = Phi((x - 1/2) / s)``, the
  probability that a is the stronger. Under duplicate deals the two matches of a deal share its
  luck, so, as fishtest does with game pairs, the unit is the deal: the *pentanomial* counts of
  deals by a's total over their two matches (0, 1/2, 1, 3/2, 2), and ``s`` comes from the spread of
  deal scores. Otherwise each match counts (*trinomial*: wins, draws, losses). An interval end or
  estimate beyond a score of 0 or 1 is unbounded (``None``).
- **SPRT curve.** The log-likelihood ratio after each counted match, against its two bounds
  (see :mod:`arena.tournaments.sprt`): in schedule order, up to the results the test has counted
  (:mod:`arena.tournaments.sprt_tally`); a tournament whose tally predates that, in finishing order.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Literal

from arena.tournaments.schedule import Pairing
from arena.tournaments.sprt import OUTCOME_SCORES, PAIR_SCORES, Sprt, elo_of_score, stopped_estimate_note
from arena.tournaments.sprt_tally import SprtTally
from arena.tournaments.standings import Z975, Outcome, Pair, pair_of, spreadsheet_text

Form = Literal["trinomial", "pentanomial"]
NORMAL = NormalDist()

#: The crosstable CSV's columns, in order.
CROSSTABLE_COLUMNS = (
    "a",
    "a_name",
    "b",
    "b_name",
    "matches",
    "a_ahead",
    "level",
    "b_ahead",
    "a_score",
    "b_score",
    "elo",
    "elo_low",
    "elo_high",
    "los",
)


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval (``None``: unbounded) and the likelihood of superiority."""

    elo: float | None
    low: float | None
    high: float | None
    los: float

    def to_json(self) -> dict[str, Any]:
        return {"elo": self.elo, "low": self.low, "high": self.high, "los": self.los}


def _bounded(value: float) -> float | None:
    return value if math.isfinite(value) else None


def elo_from_counts(counts: Sequence[int], values: Sequence[float]) -> EloEstimate | None:
    """The Elo estimate from ``counts[i]`` results of score ``values[i]`` (trinomial: win, draw, loss
    with 1, 1/2, 0; pentanomial: deals with a mean score of 0, 1/4, 1/2, 3/4, 1); ``None`` without any."""
    n = sum(counts)
    if n == 0:
        return None
    mean = sum(c * v for c, v in zip(counts, values, strict=True)) / n
    variance = sum(c * (v - mean) ** 2 for c, v in zip(counts, values, strict=True)) / n
    error = math.sqrt(variance / n)
    # With every result the same there is no spread: the likelihood is certain either way, or even.
    los = NORMAL.cdf((mean - 0.5) / error) if error > 0 else 1.0 if mean > 0.5 else 0.0 if mean < 0.5 else 0.5
    return EloEstimate(
        elo=_bounded(elo_of_score(mean)),
        low=_bounded(elo_of_score(mean - Z975 * error)),
        high=_bounded(elo_of_score(mean + Z975 * error)),
        los=los,
    )


@dataclass
class PairRecord:
    """Two entrants a < b over the matches they shared."""

    a: int
    b: int
    a_ahead: int = 0
    level: int = 0
    b_ahead: int = 0
    #: Deals (duplicate, 2-player) by a's total over their two matches, in halves: 0 .. 4.
    deals: list[int] = field(default_factory=lambda: [0] * len(PAIR_SCORES))

    @property
    def matches(self) -> int:
        return self.a_ahead + self.level + self.b_ahead

    @property
    def a_score(self) -> float:
        return self.a_ahead + self.level / 2

    @property
    def b_score(self) -> float:
        return self.b_ahead + self.level / 2

    def elo(self, form: Form | None) -> EloEstimate | None:
        if form == "pentanomial":
            return elo_from_counts(self.deals, PAIR_SCORES)
        if form == "trinomial":
            return elo_from_counts((self.a_ahead, self.level, self.b_ahead), OUTCOME_SCORES)
        return None


@dataclass(frozen=True)
class Crosstable:
    """Every pair of entrants that met, by entrant numbers; pairwise Elo on 2-player tables."""

    names: Sequence[str]
    players: int
    form: Form | None
    pairs: Sequence[PairRecord]

    def to_json(self) -> dict[str, Any]:
        rows = []
        for pair in self.pairs:
            estimate = pair.elo(self.form)
            rows.append(
                {
                    "a": pair.a,
                    "b": pair.b,
                    "matches": pair.matches,
                    "a_ahead": pair.a_ahead,
                    "level": pair.level,
                    "b_ahead": pair.b_ahead,
                    "a_score": pair.a_score,
                    "b_score": pair.b_score,
                    "pentanomial": list(pair.deals) if self.form == "pentanomial" else None,
                    "elo": None if estimate is None else estimate.to_json(),
                }
            )
        return {
            "entrants": [{"entrant": i, "name": name} for i, name in enumerate(self.names)],
            "players_per_match": self.players,
            "form": self.form,
            "pairs": rows,
        }

    def to_csv(self) -> str:
        """One row per pair, under a header of :data:`CROSSTABLE_COLUMNS`; empty cells where there is no Elo."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CROSSTABLE_COLUMNS)
        for pair in self.pairs:
            estimate = pair.elo(self.form)
            elo = ("", "", "", "") if estimate is None else (estimate.elo, estimate.low, estimate.high, estimate.los)
            writer.writerow(
                [
                    pair.a,
                    spreadsheet_text(self.names[pair.a]),
                    pair.b,
                    spreadsheet_text(self.names[pair.b]),
                    pair.matches,
                    pair.a_ahead,
                    pair.level,
                    pair.b_ahead,
                    pair.a_score,
                    pair.b_score,
                    *("" if value is None else value for value in elo),
                ]
            )
        return buffer.getvalue()


def crosstable(
    names: Sequence[str], outcomes: Sequence[Outcome], pairings: Sequence[Pairing], players: int, duplicate: bool
) -> Crosstable:
    """The crosstable of ``outcomes`` (``pairings``: the schedule, to find each match's deal)."""
    records: dict[Pair, PairRecord] = {}
    halves: dict[tuple[Pair, int, int], list[int]] = {}
    for outcome in outcomes:
        for i, a in enumerate(outcome.entrants):
            for j in range(i + 1, len(outcome.entrants)):
                b = outcome.entrants[j]
                pair = pair_of(a, b)
                first, second = (i, j) if pair[0] == a else (j, i)
                record = records.setdefault(pair, PairRecord(*pair))
                mine, theirs = outcome.ranks[first], outcome.ranks[second]
                record.a_ahead += mine < theirs
                record.level += mine == theirs
                record.b_ahead += mine > theirs
                if duplicate and players == 2:
                    pairing = pairings[outcome.index]
                    score = 2 if mine < theirs else 1 if mine == theirs else 0
                    deal = halves.setdefault((pair, pairing.table, pairing.deal), [])
                    deal.append(score)
                    if len(deal) == 2:
                        record.deals[sum(deal)] += 1
    form: Form | None = None if players != 2 else "pentanomial" if duplicate else "trinomial"
    return Crosstable(names, players, form, [records[pair] for pair in sorted(records)])


def llr_curve(
    sprt: Sprt, outcomes: Sequence[Outcome], pairings: Sequence[Pairing], duplicate: bool, counted: int | None = None
) -> list[tuple[int, float]]:
    """The SPRT's log-likelihood ratio after each counted match: ``(matches counted, llr)``, from ``(0, 0)``.

    ``counted``: the schedule positions the test has counted (the outcomes before it, in schedule
    order); ``None``: every outcome, in the order given (finishing order, a tally from before).
    """
    if counted is not None:
        outcomes = sorted((o for o in outcomes if o.index < counted), key=lambda o: o.index)
    tally = SprtTally()
    points = [(0, 0.0)]
    for count, outcome in enumerate(outcomes, start=1):
        tally = tally.add(outcome, pairings[outcome.index])
        points.append((count, tally.llr(sprt, duplicate)))
    return points


def sprt_report(
    sprt: Sprt,
    outcomes: Sequence[Outcome],
    pairings: Sequence[Pairing],
    duplicate: bool,
    verdict: str | None,
    *,
    counted: int | None = None,
) -> dict[str, Any]:
    """The SPRT's curve with its bounds and verdict, as JSON (``counted``: see :func:`llr_curve`)."""
    lower, upper = sprt.bounds()
    return {
        "elo0": sprt.elo0,
        "elo1": sprt.elo1,
        "alpha": sprt.alpha,
        "beta": sprt.beta,
        "lower_bound": lower,
        "upper_bound": upper,
        "verdict": verdict,
        "elo_note": stopped_estimate_note(verdict),
        "unit": "deal" if duplicate else "match",
        "points": [
            {"matches": matches, "llr": llr} for matches, llr in llr_curve(sprt, outcomes, pairings, duplicate, counted)
        ],
    }
