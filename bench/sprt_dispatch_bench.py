"""The work an SPRT throws away, and the time it takes, under several dispatch rules at ``concurrency``.

- **before**: counted in finishing order, as many matches in flight as ``concurrency`` allows (a tally
  stored before schedule order: ``SprtTally(in_order=False)``); at the verdict the matches in play are
  aborted. This is the baseline.
- **in order**: counted in schedule order, but no window: up to ``concurrency`` in flight; at the verdict
  the matches in play are aborted and results already in past the verdict are never counted. It
  separates what schedule order costs from what a window costs: no rule counting in schedule order
  reaches the verdict sooner.
- Windows counted from the first uncounted match, with ``m`` the fewest further results that could
  bring a verdict (all one way) and ``C`` the concurrency: **m** (nothing thrown away; the rule before
  this bench compared the others), **2m**, **3m**, **4m** (each at most ``C``), **m+C**; and **m playing**:
  at most ``m`` in play, the results finished but waiting not held against the window.
- Windows counted from ``E``, the earliest schedule index whose result could bring the verdict given the
  results already in (waiting ones at their places, the rest all one way): **E** (nothing thrown away),
  **E+4**, **E+16**, and **now**: ``E`` plus ``spare(C)``, a third of ``C - 1``
  (:mod:`arena.tournaments.sprt_tally`), the tournaments' behaviour today. A rule ``E + s`` throws at
  most ``s`` started matches away.

A simulation of the tournament's own record (``arena.tournaments.record``), no server: each match takes a
random time (log-normal, mean 1, spread ``--spread``) and the director starts what
``Tournament.launchable`` allows each time a match ends. Each schedule index has one fixed result (drawn
from its index), so every way sees the same results. Averaged over ``--runs`` seeds it prints per way:
the matches started, counted, aborted in play, finished but never counted, the time to the verdict in
mean match durations, and how many runs reached the verdict of one match at a time in schedule order;
then the ratios against *before* measured in the same run, and the time against *in order* (the
least time any rule counting in schedule order can take). Run:

    python -m bench.sprt_dispatch_bench [--runs 20] [--concurrency 32] [--spread 0.5]
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arena.tournaments.record import Entrant, Settings, Tournament
from arena.tournaments.sprt import Sprt
from arena.tournaments.sprt_tally import SprtTally
from arena.tournaments.standings import Ledger, Outcome

#: A window rule: from the tournament, its tally, the fewest results to a verdict ``m`` and the
#: concurrency ``C``, the first schedule index that may not start yet (``None``: no window).
WindowRule = Callable[[Tournament, SprtTally, int, int], int | None]

#: The ways compared, by name: ``None`` for *before* (finishing order), else the window rule.
RULES: dict[str, WindowRule | None] = {
    "before": None,
    "in order": lambda t, tally, m, cap: None,
    "m": lambda t, tally, m, cap: tally.counted + m,
    "2m": lambda t, tally, m, cap: tally.counted + min(2 * m, cap),
    "3m": lambda t, tally, m, cap: tally.counted + min(3 * m, cap),
    "4m": lambda t, tally, m, cap: tally.counted + min(4 * m, cap),
    "m+C": lambda t, tally, m, cap: tally.counted + m + cap,
    "m playing": lambda t, tally, m, cap: tally.counted + len(tally.waiting) + m,
    "E": lambda t, tally, m, cap: earliest(t, tally, cap) + 1,
    "E+4": lambda t, tally, m, cap: earliest(t, tally, cap) + 1 + 4,
    "now": lambda t, tally, m, cap: Tournament.sprt_window_end(t),  # E + 1 + spare(cap)
    "E+16": lambda t, tally, m, cap: earliest(t, tally, cap) + 1 + 16,
}
WAYS: tuple[str, ...] = tuple(RULES)


def earliest(t: Tournament, tally: SprtTally, cap: int) -> int:
    assert t.settings.sprt is not None
    return tally.earliest_verdict(t.pairings, t.settings.sprt, t.settings.duplicate, cap)


#: The cases: a name, the test, entrant 0's chance to win and to draw a match.
CASES: tuple[tuple[str, Sprt, float, float], ...] = (
    ("clear favourite (85% wins), elo 0..150", Sprt(0.0, 150.0), 0.85, 0.0),
    ("equal bots (45/10/45), elo 0..50", Sprt(0.0, 50.0), 0.45, 0.10),
    ("slight edge (52/10/38), elo 0..50", Sprt(0.0, 50.0), 0.52, 0.10),
)


def windowed(rule: WindowRule) -> type[Tournament]:
    """The tournament counting in schedule order with ``rule`` in place of its own window."""

    class Windowed(Tournament):
        def sprt_window_end(self) -> int | None:
            tally, sprt = self.sprt_tally, self.settings.sprt
            assert tally is not None and sprt is not None
            cap = self.settings.concurrency or 1
            return rule(self, tally, tally.window(sprt, self.settings.duplicate, cap), cap)

    return Windowed


@dataclass(frozen=True)
class Run:
    started: int
    counted: int
    aborted: int
    uncounted: int
    time: float
    verdict: str | None

    @property
    def thrown_away(self) -> int:
        return self.aborted + self.uncounted


def result_of(index: int, win: float, draw: float) -> int:
    """Entrant 0's result in the match at ``index``, in halves (2 win, 1 draw, 0 loss): fixed per index."""
    roll = random.Random(index).random()
    return 2 if roll < win else 1 if roll < win + draw else 0


def gauntlet(sprt: Sprt, concurrency: int, way: str) -> Tournament:
    """A two-entrant gauntlet of server bots (never busy: only the tournament's limits hold matches back)."""
    settings = Settings(
        game="pili-pili",
        options={},
        players_per_match=2,
        format="gauntlet",
        rounds=None,
        games_per_pairing=2000,
        duplicate=False,
        seed=1,
        concurrency=concurrency,
        sprt=sprt,
    )
    entrants = (Entrant("candidate", bot="greedy"), Entrant("base", bot="random"))
    rule = RULES[way]
    kind = Tournament if rule is None else windowed(rule)
    t = kind("bench", settings, entrants, host_digest="h", created_at=0.0, updated_at=0.0).start(0.0)
    return dataclasses.replace(t, sprt_tally=SprtTally(in_order=False)) if way == "before" else t


def outcome_at(t: Tournament, index: int, halves: int) -> Outcome:
    entrants = t.pairings[index].entrants
    mine = 1 if halves >= 1 else 2
    theirs = 1 if halves <= 1 else 2
    ranks = (mine, theirs) if entrants[0] == 0 else (theirs, mine)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(index, entrants, ranks, winners, None, (None, None))


def simulate(
    sprt: Sprt, win: float, draw: float, *, concurrency: int, way: str, rng: random.Random, spread: float
) -> Run:
    t = gauntlet(sprt, concurrency, way)
    ledger = Ledger(complete=True)
    clock = 0.0
    ends: list[tuple[float, int]] = []
    started = 0
    mu = -(spread**2) / 2  # a log-normal of mean 1
    while not t.is_over:
        launch = t.launchable()
        t = t.launch(launch, clock)
        started += len(launch)
        for index in launch:
            heapq.heappush(ends, (clock + rng.lognormvariate(mu, spread), index))
        clock, index = heapq.heappop(ends)
        t = t.record(index, outcome_at(t, index, result_of(index, win, draw)), clock, ledger)
    counted = sum(t.sprt_counts())
    aborted = t.progress()["void"]
    return Run(started, counted, aborted, t.recorded - counted, clock, t.verdict)


def sequential_verdict(sprt: Sprt, win: float, draw: float) -> str | None:
    """The verdict of the same results played one at a time in schedule order."""
    wins = draws = losses = 0
    for index in range(4000):
        halves = result_of(index, win, draw)
        wins, draws, losses = wins + (halves == 2), draws + (halves == 1), losses + (halves == 0)
        verdict = sprt.decide(sprt.llr(wins, draws, losses))
        if verdict is not None:
            return verdict
    return None


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else math.nan


def ratio(now: float, before: float) -> str:
    return f"{now / before:.2f}" if before else "-"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--spread", type=float, default=0.5, help="sigma of the log-normal match duration")
    args = parser.parse_args(argv)
    print(f"SPRT dispatch, concurrency {args.concurrency}, {args.runs} runs per case, match time spread {args.spread}")
    header = f"{'':>9} {'started':>8} {'counted':>8} {'aborted':>8} {'uncounted':>9} {'time':>7} {'same':>6}"
    for name, sprt, win, draw in CASES:
        print(f"\n{name}")
        print(header)
        expected = sequential_verdict(sprt, win, draw)
        thrown: dict[str, float] = {}
        times: dict[str, float] = {}
        for way in WAYS:
            runs = [
                simulate(
                    sprt,
                    win,
                    draw,
                    concurrency=args.concurrency,
                    way=way,
                    rng=random.Random(seed),
                    spread=args.spread,
                )
                for seed in range(args.runs)
            ]
            same = sum(run.verdict == expected for run in runs)
            thrown[way] = mean([run.thrown_away for run in runs])
            times[way] = mean([run.time for run in runs])
            print(
                f"{way:>9} {mean([r.started for r in runs]):8.1f} {mean([r.counted for r in runs]):8.1f} "
                f"{mean([r.aborted for r in runs]):8.1f} {mean([r.uncounted for r in runs]):9.1f} "
                f"{times[way]:7.2f} {same:>3}/{len(runs)}"
            )
        for way in WAYS[1:]:
            print(
                f"{way:>9} / before: thrown away {ratio(thrown[way], thrown['before'])}, "
                f"time {ratio(times[way], times['before'])} (/ in order {ratio(times[way], times['in order'])})"
            )


if __name__ == "__main__":
    main()
