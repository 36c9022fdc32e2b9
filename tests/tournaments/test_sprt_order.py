"""An SPRT counts its results in schedule order and throws at most ``spare(concurrency)`` started matches away."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable

import pytest

from arena.tournaments.record import Tournament
from arena.tournaments.sprt import Sprt
from arena.tournaments.sprt_tally import SprtTally, spare
from arena.tournaments.standings import Ledger, Outcome
from tests.tournaments.test_record import finish, tournament


def gauntlet(sprt: Sprt, duplicate: bool = False, concurrency: int | None = 32, deals: int = 200) -> Tournament:
    return tournament(
        ["candidate", "base"],
        bots={"candidate": "greedy", "base": "random"},  # server bots: never busy, so only the limits hold them
        format="gauntlet",
        games_per_pairing=deals,
        duplicate=duplicate,
        concurrency=concurrency,
        sprt=sprt,
    )


def tally_of(t: Tournament) -> SprtTally:
    assert t.sprt_tally is not None
    return t.sprt_tally


def candidate_wins(index: int, strength: float) -> bool:
    """Whether entrant 0 wins the match at ``index``: a fixed draw per index, so every order plays the same."""
    return random.Random(index).random() < strength


#: Which of the matches in play finishes next.
FinishOrder = Callable[[list[int]], int]


def shuffled(seed: int) -> FinishOrder:
    return random.Random(seed).choice


def latest_first(playing: list[int]) -> int:
    """The last match started finishes first: the first uncounted one holds the count up as long as it can."""
    return playing[-1]


def run(
    sprt: Sprt, strength: float, finish_order: FinishOrder | None, duplicate: bool = False, concurrency: int = 32
) -> Tournament:
    """Play an SPRT gauntlet, finishing the matches in play in ``finish_order`` (``None``: one at a time in
    schedule order), checking at every start that no match past the window starts; the tournament over."""
    t = gauntlet(sprt, duplicate, concurrency).start(1.0)
    for _ in range(100_000):
        if t.is_over:
            return t
        end = t.sprt_window_end()
        launch = t.launchable()
        assert end is not None and all(index < end for index in launch)
        t = t.launch(launch, 1.0)
        playing = t.indexes("playing")
        assert playing, "an SPRT that has not decided always has a match in play"
        assert len(playing) <= concurrency
        chosen = playing[0] if finish_order is None else finish_order(playing)
        entrants = t.pairings[chosen].entrants
        won = candidate_wins(chosen, strength)
        first = entrants.index(0 if won else 1)
        t = finish(t, chosen, tuple(1 if seat == first else 2 for seat in range(2)))
    raise AssertionError("the SPRT never decided")


def thrown_away(t: Tournament) -> int:
    """The started matches that did not count: aborted in play at the verdict, or in but never counted."""
    return t.progress()["void"] + t.recorded - sum(t.sprt_counts())


@pytest.mark.parametrize("duplicate", [False, True])
@pytest.mark.parametrize("strength", [0.85, 0.5])
def test_the_verdict_and_its_counts_do_not_depend_on_the_order_matches_finish(strength: float, duplicate: bool) -> None:
    sprt = Sprt(elo0=0.0, elo1=150.0) if strength > 0.5 else Sprt(elo0=0.0, elo1=100.0)
    sequential = run(sprt, strength, None, duplicate)
    for order in [shuffled(0), shuffled(1), shuffled(2), latest_first]:
        t = run(sprt, strength, order, duplicate)
        assert t.verdict == sequential.verdict
        assert t.sprt_counts() == sequential.sprt_counts()
        assert t.sprt_llr() == sequential.sprt_llr()
        assert thrown_away(t) <= spare(32) == 10, "at most a third of the 31 finishing order throws away"


@pytest.mark.parametrize("concurrency", [2, 3, 8])
@pytest.mark.parametrize("strength", [0.85, 0.5])
def test_thrown_away_is_at_most_the_spare_of_the_concurrency(strength: float, concurrency: int) -> None:
    sprt = Sprt(elo0=0.0, elo1=150.0) if strength > 0.5 else Sprt(elo0=0.0, elo1=100.0)
    sequential = run(sprt, strength, None, concurrency=concurrency)
    for order in [shuffled(3), latest_first]:
        t = run(sprt, strength, order, concurrency=concurrency)
        assert (t.verdict, t.sprt_counts()) == (sequential.verdict, sequential.sprt_counts())
        assert thrown_away(t) <= spare(concurrency)
        if spare(concurrency) == 0:
            assert t.progress()["void"] == 0 and sum(t.sprt_counts()) == t.recorded, "nothing thrown away"


def test_a_result_waits_for_those_before_it() -> None:
    t = gauntlet(Sprt(elo0=0.0, elo1=5.0)).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    assert len(t.indexes("playing")) > 3, "far from both bounds, the window is wide"
    t = finish(t, 2, (1, 2))
    t = finish(t, 1, (2, 1))
    assert t.sprt_counts() == (0, 0, 0) and tally_of(t).waiting.keys() == {1, 2}
    assert t.recorded == 2, "the standings count results as they come"
    t = finish(t, 0, (1, 2))
    assert sum(t.sprt_counts()) == 3 and tally_of(t).counted == 3 and not tally_of(t).waiting


def test_a_match_void_for_good_lets_the_results_after_it_count() -> None:
    t = gauntlet(Sprt(elo0=0.0, elo1=5.0)).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    t = finish(t, 1, (1, 2))
    for _ in range(4):  # aborted again and again: played again 3 times, then void for good
        t = t.record(0, "aborted", 1.0, Ledger())
        if t.states[0] == "pending":
            t = t.launch([0], 1.0)
    assert t.states[0] == "void"
    assert tally_of(t).counted == 2 and sum(t.sprt_counts()) == 1


def test_near_a_bound_the_window_narrows_to_one_match() -> None:
    sprt = Sprt(elo0=0.0, elo1=150.0)
    far = SprtTally()
    assert far.window(sprt, duplicate=False, cap=32) > 1
    wins = next(w for w in range(100) if sprt.decide(sprt.llr(w + 1, 0, 1)) == "H1")
    assert sprt.decide(sprt.llr(wins, 0, 1)) is None, "one win short of H1"
    assert SprtTally(results=(wins, 0, 1)).window(sprt, duplicate=False, cap=32) == 1
    assert SprtTally(results=(0, 0, 0)).window(Sprt(elo0=0.0, elo1=2.0), duplicate=False, cap=32) == 32
    pairings = gauntlet(sprt).start(1.0).pairings
    near = SprtTally(results=(wins, 0, 1), counted=wins + 1)
    assert near.earliest_verdict(pairings, sprt, duplicate=False, cap=32) == wins + 1, "the next result could decide"
    assert near.window_end(pairings, sprt, duplicate=False, concurrency=32) == wins + 2 + spare(32)


def test_results_in_move_the_earliest_verdict_on() -> None:
    sprt = Sprt(elo0=0.0, elo1=150.0)
    pairings = gauntlet(sprt).start(1.0).pairings
    fresh = SprtTally()
    first = fresh.earliest_verdict(pairings, sprt, duplicate=False, cap=32)
    # Alternating wins and losses in behind the first match, still playing: the verdict is further off.
    waiting = {index: 2 * (index % 2) for index in range(1, 11)}
    later = SprtTally(waiting=waiting).earliest_verdict(pairings, sprt, duplicate=False, cap=32)
    assert later > first + 5


def completions(known: dict[int, int], unknown: list[int]) -> list[dict[int, int]]:
    """Every way the ``unknown`` positions could turn out, beside the ``known`` results."""
    turns = itertools.product((0, 1, 2), repeat=len(unknown))
    return [{**known, **dict(zip(unknown, turn, strict=True))} for turn in turns]


@pytest.mark.parametrize("duplicate", [False, True])
@pytest.mark.parametrize(("elo0", "elo1"), [(0.0, 150.0), (0.0, 40.0), (-10.0, 10.0)])
def test_no_verdict_comes_before_the_earliest_verdict_whatever_the_results_not_in(
    elo0: float, elo1: float, duplicate: bool
) -> None:
    sprt = Sprt(elo0=elo0, elo1=elo1)
    pairings = gauntlet(sprt, duplicate, deals=200).start(1.0).pairings
    rng = random.Random(5)
    checked = 0
    for _ in range(20):
        wins, draws, losses = rng.randrange(12), rng.randrange(6), rng.randrange(12)
        if duplicate:
            deals = (losses // 2, draws // 2, wins // 2 + losses // 2, draws // 2, wins // 2)
            tally = SprtTally(results=(wins, draws, losses), deals=deals, counted=2 * sum(deals))
            if sprt.decide(sprt.llr_pairs(deals)) is not None:
                continue
        else:
            tally = SprtTally(results=(wins, draws, losses), counted=wins + draws + losses)
            if sprt.decide(sprt.llr(wins, draws, losses)) is not None:
                continue
        span = range(tally.counted, tally.counted + 8)
        unknown = sorted(rng.sample(list(span[:-1]), 3))  # the last position is in: the walk ends there
        known = {index: rng.choice((0, 1, 2)) for index in span if index not in unknown}
        earliest = dataclasses.replace(tally, waiting=known).earliest_verdict(pairings, sprt, duplicate, cap=32)
        for waiting in completions(known, unknown):
            played = dataclasses.replace(tally, waiting=waiting).advance(pairings, lambda index: False, sprt, duplicate)
            if sprt.decide(played.llr(sprt, duplicate)) is not None:
                assert played.counted - 1 >= earliest, (tally, waiting, earliest)
            checked += 1
    assert checked > 200


STATES = [(wins, draws, losses) for wins in (0, 4, 9, 15) for draws in (0, 5) for losses in (0, 3, 8)]


@pytest.mark.parametrize(("elo0", "elo1"), [(0.0, 150.0), (0.0, 40.0), (-10.0, 10.0)])
def test_no_results_fewer_than_the_window_reach_a_verdict_whatever_they_are(elo0: float, elo1: float) -> None:
    sprt = Sprt(elo0=elo0, elo1=elo1)
    for wins, draws, losses in STATES:
        if sprt.decide(sprt.llr(wins, draws, losses)) is not None:
            continue
        window = SprtTally(results=(wins, draws, losses)).window(sprt, duplicate=False, cap=8)
        for a in range(window):
            for b in range(window - a):
                for c in range(window - a - b):
                    assert sprt.decide(sprt.llr(wins + a, draws + b, losses + c)) is None, (
                        (wins, draws, losses),
                        window,
                        (a, b, c),
                    )


def test_under_duplicate_deals_no_deals_fewer_than_the_window_reach_a_verdict() -> None:
    sprt = Sprt(elo0=0.0, elo1=100.0)
    for base in [(0, 0, 0, 0, 0), (0, 1, 3, 2, 4), (1, 0, 2, 0, 6)]:
        if sprt.decide(sprt.llr_pairs(base)) is not None:
            continue
        window = SprtTally(deals=base).window(sprt, duplicate=True, cap=12)
        whole = window // 2
        assert window == 2 * whole, "with no deal half played the window is whole deals"

        def spread(left: int, slots: int) -> list[list[int]]:
            if slots == 1:
                return [[left]]
            return [[k, *rest] for k in range(left + 1) for rest in spread(left - k, slots - 1)]

        for total in range(whole):
            for extra in spread(total, 5):
                deals = [n + e for n, e in zip(base, extra, strict=True)]
                assert sprt.decide(sprt.llr_pairs(deals)) is None, (base, window, extra)


def test_a_tally_stored_before_counts_in_finishing_order_without_a_window() -> None:
    stored = {"results": [3, 0, 1], "deals": [0, 0, 0, 0, 0], "open_deals": {}}
    legacy = SprtTally.from_json(stored)
    assert not legacy.in_order
    t = gauntlet(Sprt(elo0=0.0, elo1=5.0)).start(1.0)
    t = dataclasses.replace(t, sprt_tally=legacy)
    assert t.sprt_window_end() is None
    t = t.launch(t.launchable(), 1.0)
    assert t.pairings[4].entrants == (0, 1)
    t = finish(t, 4, (1, 2))
    assert t.sprt_counts() == (4, 0, 1), "counted as it came"
    assert SprtTally.from_json(tally_of(t).to_json()) == t.sprt_tally
    fresh = SprtTally(waiting={3: 2}, counted=2)
    assert SprtTally.from_json(fresh.to_json()) == fresh


def test_results_of_other_tables_count_nothing_but_pass_in_order() -> None:
    tally = SprtTally()
    outcome = Outcome(0, (1, 2), (1, 2), (0,), None, (None, None))
    pairing = gauntlet(Sprt(0.0, 5.0)).start(1.0).pairings
    tally = tally.take(outcome, pairing[0]).advance(pairing, lambda index: False, Sprt(0.0, 5.0), duplicate=False)
    assert tally.counted == 1 and tally.results == (0, 0, 0)


def test_counting_stops_at_the_result_that_brings_the_verdict() -> None:
    sprt = Sprt(elo0=0.0, elo1=150.0)
    wins = next(w for w in range(1, 100) if sprt.decide(sprt.llr(w, 0, 0)) == "H1")
    # Losses after it that would pull the test back inside its bounds, were they counted.
    losses = next(n for n in range(1, 100) if sprt.decide(sprt.llr(wins, 0, n)) is None)
    pairings = gauntlet(sprt, deals=wins + losses).start(1.0).pairings
    waiting = {index: 2 if index < wins else 0 for index in range(wins + losses)}
    tally = SprtTally(waiting=waiting).advance(pairings, lambda index: False, sprt, duplicate=False)
    assert tally.results == (wins, 0, 0) and tally.counted == wins
    assert sprt.decide(tally.llr(sprt, duplicate=False)) == "H1", "the verdict of the same results one at a time"
    assert len(tally.waiting) == losses, "the results after the verdict are never counted"
