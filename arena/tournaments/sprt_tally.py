"""What an SPRT tournament has counted so far, in schedule order, and how far ahead its matches may start.

- **Schedule order.** A result is counted only once every match before it in the schedule is settled:
  recorded (and counted), or void for good. Results that come in early wait (``waiting``) until the
  ones before them are in. The test therefore sees its results in the order the schedule lists
  them, whatever order the matches finished in, and stops at the result that brings its verdict
  (results in after it are never counted): the verdict, and the match it came at, are those of the
  same results played one after another.
- **Bounded work thrown away.** A match starts only if its index is at most ``E + spare``, where ``E``
  is the earliest schedule index whose result could bring the verdict, from what is known: the
  counted results, the waiting ones at their places, and every result not yet in taken all one way
  (wins, to H1; losses, to H0; under duplicate deals, counted by whole deals). ``E`` only moves
  later as results come in, and the verdict never comes before it (as long as results all one way
  are the quickest way to a verdict, which holds wherever we checked:
  ``tests/tournaments/test_sprt_order.py``), so at most ``spare`` started matches are past the
  verdict: aborted in play, or in and never counted. :func:`spare` is a third of what counting in
  finishing order throws away at ``concurrency`` (its ``concurrency - 1`` matches in play): the
  price of ``spare = 0`` is time, since near a bound only a match or two plays while a slow one
  holds up the count (``bench/sprt_dispatch_bench.py``).

Tournaments whose tally was stored before this counting (no ``in_order``) go on counting in the
order matches finished, with no bound beyond ``concurrency``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any

from arena.tournaments.schedule import Pairing
from arena.tournaments.sprt import PAIR_SCORES, Sprt
from arena.tournaments.standings import Outcome


def spare(concurrency: int) -> int:
    """How many matches may start past the earliest result that could bring the verdict, so at most how
    many are thrown away at it: a third of the ``concurrency - 1`` that finishing order throws away."""
    return max(0, concurrency - 1) // 3


#: In ``waiting``: a recorded result that gives the test nothing to count (entrant 0 did not play it).
NOTHING = -1


def halves_of(outcome: Outcome) -> int | None:
    """Entrant 0's score against entrant 1 in ``outcome``, in halves (2 win, 1 draw, 0 loss); ``None``
    when it is not a two-player match of entrant 0."""
    if 0 not in outcome.entrants or len(outcome.entrants) != 2:
        return None
    seat = outcome.entrants.index(0)
    mine, theirs = outcome.ranks[seat], outcome.ranks[1 - seat]
    return 2 if mine < theirs else 1 if mine == theirs else 0


@dataclasses.dataclass(frozen=True)
class SprtTally:
    """Entrant 0's results against entrant 1 so far, as the SPRT counts them."""

    #: Wins, draws and losses.
    results: tuple[int, int, int] = (0, 0, 0)
    #: Whole deals by entrant 0's total over their two matches (0, 1/2, 1, 3/2, 2), under duplicate deals.
    deals: tuple[int, ...] = (0,) * len(PAIR_SCORES)
    #: Deals with one match counted: ``"<table>:<deal>"`` -> entrant 0's score in it, in halves.
    open_deals: Mapping[str, int] = dataclasses.field(default_factory=dict)
    #: Counted in schedule order (``False``: a tally stored before, counted in finishing order).
    in_order: bool = True
    #: Schedule positions counted: every match before this index is counted, or void for good.
    counted: int = 0
    #: Results recorded past ``counted``, waiting for the ones before: index -> halves (:data:`NOTHING`).
    waiting: Mapping[int, int] = dataclasses.field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(self.results)

    def add(self, outcome: Outcome, pairing: Pairing) -> SprtTally:
        """``outcome`` counted now (whatever came before it)."""
        halves = halves_of(outcome)
        return self if halves is None else self._count(halves, pairing)

    def _count(self, halves: int, pairing: Pairing) -> SprtTally:
        wins, draws, losses = self.results
        results = (wins + (halves == 2), draws + (halves == 1), losses + (halves == 0))
        deal = f"{pairing.table}:{pairing.deal}"
        if deal not in self.open_deals:
            return dataclasses.replace(self, results=results, open_deals={**self.open_deals, deal: halves})
        deals = list(self.deals)
        deals[self.open_deals[deal] + halves] += 1
        open_deals = {k: v for k, v in self.open_deals.items() if k != deal}
        return dataclasses.replace(self, results=results, deals=tuple(deals), open_deals=open_deals)

    def take(self, outcome: Outcome, pairing: Pairing) -> SprtTally:
        """``outcome`` recorded: counted now (finishing order), or put aside until the ones before it are in."""
        if not self.in_order:
            return self.add(outcome, pairing)
        halves = halves_of(outcome)
        return dataclasses.replace(self, waiting={**self.waiting, pairing.index: NOTHING if halves is None else halves})

    def advance(
        self, pairings: tuple[Pairing, ...], void_for_good: Callable[[int], bool], sprt: Sprt, duplicate: bool
    ) -> SprtTally:
        """Count every waiting result whose matches before are all settled, in schedule order, stepping
        over the matches ``void_for_good`` (they have no result and are not played again), and stopping
        at the result that brings a verdict (those after it are never counted)."""
        if not self.in_order:
            return self
        tally, waiting = self, dict(self.waiting)
        index = self.counted
        while index < len(pairings):
            if index in waiting:
                halves = waiting.pop(index)
                if halves != NOTHING:
                    tally = tally._count(halves, pairings[index])
                    if sprt.decide(tally.llr(sprt, duplicate)) is not None:
                        index += 1
                        break
            elif not void_for_good(index):
                break
            index += 1
        return dataclasses.replace(tally, counted=index, waiting=waiting)

    def llr(self, sprt: Sprt, duplicate: bool) -> float:
        """The log-likelihood ratio of what is counted: per match, or per whole deal under duplicate deals."""
        return sprt.llr_pairs(self.deals) if duplicate else sprt.llr(*self.results)

    def window(self, sprt: Sprt, duplicate: bool, cap: int) -> int:
        """The fewest further results that could bring a verdict, all one way (from 1 to ``cap``): no
        fewer than this many past the counted ones reach it, whatever they are."""
        if not duplicate:
            return _window(sprt, self.results, cap)
        return _deal_window(sprt, tuple(self.deals), bool(self.open_deals), cap)

    def window_end(self, pairings: tuple[Pairing, ...], sprt: Sprt, duplicate: bool, concurrency: int) -> int:
        """The first schedule index that may not start yet: :meth:`earliest_verdict` plus :func:`spare`
        (see the module docstring)."""
        return self.earliest_verdict(pairings, sprt, duplicate, concurrency) + 1 + spare(concurrency)

    def earliest_verdict(self, pairings: tuple[Pairing, ...], sprt: Sprt, duplicate: bool, cap: int) -> int:
        """The earliest schedule index whose result could bring the verdict, from what is known: the
        counted results, those waiting (each at its place in the schedule), and every other result all
        one way (wins, or losses); past the results in, at most ``cap`` more are looked at."""
        if not self.in_order:
            return self.counted
        return min(self._earliest_one_way(pairings, sprt, duplicate, cap, halves) for halves in (2, 0))

    def _earliest_one_way(
        self, pairings: tuple[Pairing, ...], sprt: Sprt, duplicate: bool, cap: int, halves: int
    ) -> int:
        """:meth:`earliest_verdict` with every result not yet in taken as ``halves`` (2 wins, 0 losses)."""
        tally = self
        last = max(self.waiting, default=self.counted - 1)
        for index in range(self.counted, last + 1):
            known = self.waiting.get(index, halves)
            if known == NOTHING:
                continue
            tally = tally._count(known, pairings[index])
            if _decided(sprt, duplicate, tally.deals if duplicate else tally.results):
                return index
        return last + tally.window(sprt, duplicate, cap)

    def to_json(self) -> dict[str, Any]:
        return {
            "results": list(self.results),
            "deals": list(self.deals),
            "open_deals": dict(self.open_deals),
            "in_order": self.in_order,
            "counted": self.counted,
            "waiting": {str(index): halves for index, halves in self.waiting.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SprtTally:
        results = tuple(int(n) for n in data["results"])
        assert len(results) == 3
        return cls(
            (results[0], results[1], results[2]),
            tuple(int(n) for n in data["deals"]),
            dict(data["open_deals"]),
            in_order=bool(data.get("in_order", False)),
            counted=int(data.get("counted", 0)),
            waiting={int(index): int(halves) for index, halves in data.get("waiting", {}).items()},
        )


@functools.lru_cache(maxsize=4096)
def _decided(sprt: Sprt, duplicate: bool, counts: tuple[int, ...]) -> bool:
    """Whether the test has a verdict on ``counts``: wins, draws and losses, or deals by total."""
    return sprt.decide(sprt.llr_pairs(counts) if duplicate else sprt.llr(*counts)) is not None


@functools.lru_cache(maxsize=1024)
def _window(sprt: Sprt, results: tuple[int, int, int], cap: int) -> int:
    """:meth:`SprtTally.window` on wins, draws and losses (computed once per process for each count)."""
    wins, draws, losses = results
    lower, upper = sprt.bounds()
    upward = _fewest(lambda n: sprt.llr(wins + n, draws, losses) >= upper, cap)
    downward = _fewest(lambda n: sprt.llr(wins, draws, losses + n) <= lower, cap)
    return max(1, min(upward, downward, cap))


@functools.lru_cache(maxsize=1024)
def _deal_window(sprt: Sprt, deals: tuple[int, ...], open_match: bool, cap: int) -> int:
    """:meth:`SprtTally.window` on whole deals (a deal half played counts its missing match)."""
    lower, upper = sprt.bounds()
    deal_cap = (cap + open_match + 1) // 2

    def after(total: int, n: int) -> list[int]:
        more = list(deals)
        more[total] += n
        return more

    upward = _fewest(lambda n: sprt.llr_pairs(after(len(PAIR_SCORES) - 1, n)) >= upper, deal_cap)
    downward = _fewest(lambda n: sprt.llr_pairs(after(0, n)) <= lower, deal_cap)
    return max(1, min(2 * min(upward, downward) - open_match, cap))


def _fewest(reaches: Callable[[int], bool], cap: int) -> int:
    """The fewest ``n`` in 1..cap with ``reaches(n)`` (by bisection: ``reaches`` holds from some n on), or
    ``cap`` when even ``cap`` does not reach."""
    if cap < 1 or not reaches(cap):
        return max(cap, 1)
    low, high = 0, cap  # reaches(high) holds; reaches(low) does not (no result reaches nothing)
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high
