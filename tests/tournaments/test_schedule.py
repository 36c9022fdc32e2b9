"""Tournament schedules: tables, seat rotations, duplicate seeds, balanced designs and Swiss rounds."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.tournaments.schedule import (
    MAX_FULL_TABLES,
    Pairing,
    ScheduleError,
    circle_round,
    default_rounds,
    group_avoiding_repeats,
    plan,
    swiss_history,
    swiss_round,
    swiss_start,
    total_matches,
    validate,
)
from arena.tournaments.standings import Ledger, Outcome

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None)


@st.composite
def tables_of(draw: st.DrawFn, *, max_entrants: int = 7, min_players: int = 1) -> tuple[int, int, int, bool, int]:
    """(entrants, players, games_per_pairing, duplicate, seed) for a small full design."""
    players = draw(st.integers(min_players, 4))
    entrants = draw(st.integers(max(2, players), max_entrants))
    return entrants, players, draw(st.integers(1, 3)), draw(st.booleans()), draw(st.integers(0, 2**63 - 1))


def seats_by_entrant(pairings: Sequence[Pairing]) -> Counter[tuple[int, int]]:
    return Counter((entrant, seat) for p in pairings for seat, entrant in enumerate(p.entrants))


def by_table(pairings: Sequence[Pairing]) -> dict[int, frozenset[int]]:
    tables: dict[int, frozenset[int]] = {}
    for p in pairings:
        assert tables.setdefault(p.table, frozenset(p.entrants)) == frozenset(p.entrants)
    return tables


def check_rotations_and_seeds(pairings: Sequence[Pairing], players: int, games: int, duplicate: bool) -> None:
    """Each (table, deal) is played once per rotation, seats shifted; seeds shared exactly when duplicate."""
    deals: dict[tuple[int, int], list[Pairing]] = {}
    for p in pairings:
        assert len(p.entrants) == players == len(set(p.entrants))
        assert 0 <= p.seed < 2**63
        assert 0 <= p.deal < games
        deals.setdefault((p.table, p.deal), []).append(p)
    for group in deals.values():
        assert sorted(p.rotation for p in group) == list(range(players))
        base = next(p.entrants for p in group if p.rotation == 0)
        for p in group:
            assert p.entrants == tuple(base[(s + p.rotation) % players] for s in range(players))
    if duplicate:
        for group in deals.values():
            assert len({p.seed for p in group}) == 1
        assert len({group[0].seed for group in deals.values()}) == len(deals)
    else:
        assert len({p.seed for p in pairings}) == len(pairings)


@SETTINGS
@given(tables_of())
def test_round_robin_plays_every_subset_in_every_rotation(case: tuple[int, int, int, bool, int]) -> None:
    n, k, games, duplicate, seed = case
    pairings = plan("round-robin", n, k, games_per_pairing=games, duplicate=duplicate, seed=seed)
    assert [p.index for p in pairings] == list(range(len(pairings)))
    assert len(pairings) == total_matches("round-robin", n, k, games_per_pairing=games, rounds=None)
    tables = by_table(pairings)
    assert [tuple(sorted(tables[t])) for t in sorted(tables)] == list(itertools.combinations(range(n), k))
    assert {p.round for p in pairings} == {0}
    seats = seats_by_entrant(pairings)
    assert len(set(seats.values())) == 1 and len(seats) == n * k  # every entrant in every seat, equally often
    check_rotations_and_seeds(pairings, k, games, duplicate)


@SETTINGS
@given(tables_of(min_players=2))
def test_gauntlet_seats_entrant_zero_against_every_group_of_the_field(case: tuple[int, int, int, bool, int]) -> None:
    n, k, games, duplicate, seed = case
    pairings = plan("gauntlet", n, k, games_per_pairing=games, duplicate=duplicate, seed=seed)
    assert all(0 in p.entrants for p in pairings)
    assert [p.index for p in pairings] == list(range(len(pairings)))
    assert len(pairings) == total_matches("gauntlet", n, k, games_per_pairing=games, rounds=None)
    others = sorted(tuple(sorted(t - {0})) for t in by_table(pairings).values())
    assert others == list(itertools.combinations(range(1, n), k - 1))
    seats = seats_by_entrant(pairings)
    assert {seats[0, s] for s in range(k)} == {len(pairings) // k}  # entrant 0 in every seat equally often
    check_rotations_and_seeds(pairings, k, games, duplicate)


def test_every_deal_is_played_before_the_next_one_starts() -> None:
    pairings = plan("round-robin", 5, 2, games_per_pairing=3, duplicate=True, seed=9)
    assert [p.deal for p in pairings] == sorted(p.deal for p in pairings)


def test_schedules_are_reproducible_and_depend_on_the_seed() -> None:
    def make(seed: int) -> list[Pairing]:
        return plan("round-robin", 5, 3, games_per_pairing=2, duplicate=True, seed=seed)

    assert make(7) == make(7)
    assert {p.seed for p in make(7)}.isdisjoint(p.seed for p in make(8))
    assert [p.entrants for p in make(7)] == [p.entrants for p in make(8)]


def test_pairings_round_trip_through_json() -> None:
    for p in plan("swiss", 5, 2, games_per_pairing=2, duplicate=False, seed=3, rounds=3):
        assert Pairing.from_json(p.to_json()) == p


# --- balanced designs ----------------------------------------------------------------------------------------


def groupings(members: Sequence[int], size: int) -> Iterator[list[frozenset[int]]]:
    """Every way to split ``members`` into groups of ``size`` (brute force, for small cases)."""
    if not members:
        yield []
        return
    head, rest = members[0], members[1:]
    for chosen in itertools.combinations(rest, size - 1):
        left = [e for e in rest if e not in chosen]
        for tail in groupings(left, size):
            yield [frozenset((head, *chosen)), *tail]


def repeat_free_exists(members: Sequence[int], size: int, past: set[frozenset[int]]) -> bool:
    """Whether ``members`` split into groups of ``size`` none of which is in ``past`` (exhaustive, memoized)."""

    @functools.cache
    def possible(remaining: frozenset[int]) -> bool:
        if not remaining:
            return True
        head, *rest = sorted(remaining)
        return any(
            frozenset((head, *chosen)) not in past and possible(remaining - {head, *chosen})
            for chosen in itertools.combinations(rest, size - 1)
        )

    return possible(frozenset(members))


def test_the_exhaustive_check_agrees_with_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(30):
        past = {frozenset(rng.sample(range(6), 2)) for _ in range(rng.randint(0, 12))}
        brute = any(all(g not in past for g in grouping) for grouping in groupings(list(range(6)), 2))
        assert repeat_free_exists(range(6), 2, past) == brute


def check_rounds_avoid_repeats(pairings: Sequence[Pairing], size: int, fixed: frozenset[int] = frozenset()) -> None:
    """No round repeats a table (less ``fixed`` entrants) while a repeat-free grouping of its players exists."""
    past: set[frozenset[int]] = set()
    for number in sorted({p.round for p in pairings}):
        tables = {frozenset(p.entrants) - fixed for p in pairings if p.round == number}
        if tables & past:
            players = sorted(e for t in tables for e in t)
            assert not repeat_free_exists(players, size, past), f"round {number} repeats a table needlessly"
        past |= tables


@SETTINGS
@given(
    st.tuples(st.integers(4, 9), st.integers(2, 3), st.integers(1, 2), st.booleans(), st.integers(0, 2**32)),
    st.one_of(st.none(), st.integers(1, 8)),
)
def test_balanced_round_robin_spreads_byes_and_avoids_repeats(
    case: tuple[int, int, int, bool, int], rounds: int | None
) -> None:
    n, k, games, duplicate, seed = case
    small = math.comb(n, k) - 1  # forces the balanced design on a case small enough for brute force
    pairings = plan(
        "round-robin",
        n,
        k,
        games_per_pairing=games,
        duplicate=duplicate,
        seed=seed,
        rounds=rounds,
        max_full_tables=small,
    )
    count = rounds if rounds is not None else default_rounds("round-robin", n, k)
    expected = total_matches("round-robin", n, k, games_per_pairing=games, rounds=rounds, max_full_tables=small)
    assert len(pairings) == expected == count * (n // k) * games * k
    assert [p.index for p in pairings] == list(range(len(pairings)))
    assert sorted({p.round for p in pairings}) == list(range(count))
    per_entrant = Counter(e for p in pairings for e in p.entrants)
    played = [per_entrant[e] for e in range(n)]
    assert max(played) - min(played) <= games * k  # the same number of tables, +-1
    check_rotations_and_seeds(pairings, k, games, duplicate)
    check_rounds_avoid_repeats(pairings, k)


@pytest.mark.parametrize("n", [4, 5, 8, 9])
def test_balanced_pairs_meet_exactly_once_per_cycle(n: int) -> None:
    pairings = plan("round-robin", n, 2, games_per_pairing=1, duplicate=True, seed=n, max_full_tables=1)
    tables = list(by_table(pairings).values())
    assert sorted(tables, key=sorted) == sorted(map(frozenset, itertools.combinations(range(n), 2)), key=sorted)


@SETTINGS
@given(st.integers(5, 9), st.integers(1, 2), st.integers(0, 2**32))
def test_balanced_gauntlet_keeps_entrant_zero_and_reaches_the_whole_field(n: int, games: int, seed: int) -> None:
    k = 3
    small = math.comb(n - 1, k - 1) - 1
    pairings = plan("gauntlet", n, k, games_per_pairing=games, duplicate=False, seed=seed, max_full_tables=small)
    assert all(0 in p.entrants for p in pairings)
    assert {e for p in pairings for e in p.entrants} == set(range(n))
    expected = total_matches("gauntlet", n, k, games_per_pairing=games, rounds=None, max_full_tables=small)
    assert len(pairings) == expected
    check_rotations_and_seeds(pairings, k, games, False)
    check_rounds_avoid_repeats(pairings, k - 1, fixed=frozenset({0}))


def test_large_round_robins_use_the_balanced_design() -> None:
    n = 46  # C(46, 2) = 1035 > MAX_FULL_TABLES
    assert math.comb(n, 2) > MAX_FULL_TABLES >= math.comb(n - 1, 2)
    pairings = plan("round-robin", n, 2, games_per_pairing=1, duplicate=True, seed=1)
    assert {p.round for p in pairings} == set(range(n - 1))
    assert len(by_table(pairings)) == len(set(by_table(pairings).values())) == math.comb(n, 2)


# --- Swiss ------------------------------------------------------------------------------------------------------


def play_swiss(n: int, k: int, rounds: int, games: int, seed: int) -> list[list[Pairing]]:
    """Every round of a Swiss tournament with random results (a fixed stream), as the runner would play it."""
    rng = random.Random(seed)
    tally = Ledger(complete=True)
    schedule: list[list[Pairing]] = []
    for number in range(rounds):
        if number == 0:
            pairings = plan("swiss", n, k, games_per_pairing=games, duplicate=True, seed=seed, rounds=rounds)
        else:
            past, byes = swiss_history([p for round_pairings in schedule for p in round_pairings], n)
            first_index, first_table = swiss_start(number, n, k, games_per_pairing=games)
            pairings = swiss_round(
                number,
                n,
                k,
                points=tally.points(n),
                past_tables=past,
                byes=byes,
                games_per_pairing=games,
                duplicate=True,
                seed=seed,
                first_index=first_index,
                first_table=first_table,
            )
        for p in pairings:
            ranks = tuple(rng.randint(1, k) for _ in range(k))
            winners = tuple(s for s in range(k) if ranks[s] == min(ranks))
            tally.add(Outcome(p.index, p.entrants, ranks, winners, None, (None,) * k))
        schedule.append(pairings)
    return schedule


@SETTINGS
@given(st.integers(2, 8), st.integers(1, 3), st.integers(1, 7), st.integers(1, 2), st.integers(0, 2**32))
def test_swiss_rounds_seat_everyone_they_can_without_needless_repeats(
    n: int, k: int, rounds: int, games: int, seed: int
) -> None:
    k = min(k, n)
    schedule = play_swiss(n, k, rounds, games, seed)
    pairings = [p for round_pairings in schedule for p in round_pairings]
    assert [p.index for p in pairings] == list(range(len(pairings)))
    assert len(pairings) == total_matches("swiss", n, k, games_per_pairing=games, rounds=rounds)
    assert [p.round for p in pairings] == sorted(p.round for p in pairings)
    byes = Counter[int]()
    for round_pairings in schedule:
        seated = {e for p in round_pairings for e in p.entrants}
        assert len(seated) == n - n % k  # everyone plays every round when k divides n; else n mod k byes
        byes.update(set(range(n)) - seated)
    assert max(byes[e] for e in range(n)) - min(byes[e] for e in range(n)) <= 1
    check_rotations_and_seeds(pairings, k, games, True)
    check_rounds_avoid_repeats(pairings, k)


@pytest.mark.parametrize(("n", "k", "rounds"), [(16, 2, 15), (14, 2, 16), (12, 3, 12)])
def test_long_swiss_tournaments_repeat_only_when_they_must(n: int, k: int, rounds: int) -> None:
    """Late rounds of a long Swiss, where the plain search runs out and the rescue takes over."""
    schedule = play_swiss(n, k, rounds, 1, seed=n)
    check_rounds_avoid_repeats([p for round_pairings in schedule for p in round_pairings], k)


@pytest.mark.parametrize("left", [2, 3, 4])
def test_the_search_finds_the_last_rounds_of_a_full_cycle(left: int) -> None:
    """All but ``left`` rounds of a 1-factorization of 32 entrants played: its remaining rounds show a
    repeat-free grouping exists, one that seating the top entrant first does not reach within a small
    budget, and seating the most constrained entrant first does."""
    n = 32
    cycle = random.Random(n).sample(range(n), n)
    past = {frozenset(p) for number in range(n - 1 - left) for p in circle_round(cycle, number)}
    groups = group_avoiding_repeats(range(n), 2, past, budget=2000)
    assert sorted(e for g in groups for e in g) == list(range(n))
    assert not {frozenset(g) for g in groups} & past


def test_swiss_seats_neighbours_in_the_standings_together() -> None:
    points = [0.0, 5.0, 1.0, 4.0, 2.0, 3.0]
    pairings = swiss_round(
        1,
        6,
        2,
        points=points,
        past_tables=set(),
        byes=[0] * 6,
        games_per_pairing=1,
        duplicate=False,
        seed=0,
        first_index=6,
        first_table=3,
    )
    assert {frozenset(p.entrants) for p in pairings} == {frozenset({1, 3}), frozenset({5, 4}), frozenset({2, 0})}
    assert [p.index for p in pairings] == list(range(6, 12))
    assert {p.table for p in pairings} == {3, 4, 5}


def test_swiss_byes_go_to_the_lowest_ranked_with_the_fewest_byes() -> None:
    points = [3.0, 2.0, 1.0, 0.0, 4.0]
    common = {"past_tables": set(), "games_per_pairing": 1, "duplicate": False, "seed": 0, "first_index": 0}
    fresh = swiss_round(1, 5, 2, points=points, byes=[0] * 5, first_table=0, **common)  # type: ignore[arg-type]
    assert {e for p in fresh for e in p.entrants} == {0, 1, 2, 4}  # entrant 3 ranks last
    again = swiss_round(1, 5, 2, points=points, byes=[0, 0, 0, 1, 0], first_table=0, **common)  # type: ignore[arg-type]
    assert {e for p in again for e in p.entrants} == {0, 1, 3, 4}  # 3 had one; the next lowest sits out


def test_swiss_history_lists_tables_played_and_byes() -> None:
    first = plan("swiss", 5, 2, games_per_pairing=2, duplicate=False, seed=1, rounds=2)
    tables, byes = swiss_history(first, 5)
    assert tables == {frozenset(p.entrants) for p in first} and len(tables) == 2
    sat_out = set(range(5)) - {e for p in first for e in p.entrants}
    assert byes == [1 if e in sat_out else 0 for e in range(5)] and sum(byes) == 1


def test_the_search_finds_the_only_repeat_free_grouping() -> None:
    past = {frozenset(t) for t in [(0, 1), (2, 3), (0, 2), (1, 3)]}
    assert sorted(map(sorted, group_avoiding_repeats([0, 1, 2, 3], 2, past))) == [[0, 3], [1, 2]]
    assert group_avoiding_repeats([0, 1, 2, 3], 2, set()) == [(0, 1), (2, 3)]


# --- validation ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "field"),
    [
        (("knockout", 4, 2, None, 1), "format"),
        (("round-robin", 4, 0, None, 1), "players"),
        (("round-robin", 1, 1, None, 1), "entrants"),
        (("swiss", 1001, 2, 3, 1), "entrants"),
        (("round-robin", True, 1, None, 1), "entrants"),
        (("round-robin", 3, 4, None, 1), "entrants"),
        (("gauntlet", 3, 1, None, 1), "players"),
        (("gauntlet", 3, 2, None, 0), "games_per_pairing"),
        (("swiss", 4, 2, None, 1), "rounds"),
        (("swiss", 4, 2, 0, 1), "rounds"),
        (("swiss", 4, 2, 1001, 1), "rounds"),
        (("round-robin", 4, 2, 3, 1), "rounds"),
    ],
)
def test_validate_names_the_field_at_fault(case: tuple[str, int, int, int | None, int], field: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        validate(*case)
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError) and str(caught.value)


def test_validate_accepts_rounds_for_a_balanced_design_and_plan_checks_too() -> None:
    validate("round-robin", 46, 2, 10, 1)
    assert len(plan("round-robin", 46, 2, games_per_pairing=1, duplicate=False, seed=0, rounds=10)) == 10 * 23 * 2
    with pytest.raises(ScheduleError):
        plan("swiss", 4, 2, games_per_pairing=1, duplicate=False, seed=0)
    with pytest.raises(ScheduleError):
        total_matches("swiss", 4, 2, games_per_pairing=1, rounds=None)
    with pytest.raises(ScheduleError) as caught:
        swiss_round(
            0,
            4,
            2,
            points=[0.0] * 4,
            past_tables=set(),
            byes=[0] * 4,
            games_per_pairing=1,
            duplicate=False,
            seed=0,
            first_index=0,
            first_table=0,
        )
    assert caught.value.field == "round"


@pytest.mark.parametrize("k", [2, 3])
def test_a_swiss_of_a_thousand_entrants_pairs_its_rounds(k: int) -> None:
    """The most entrants a tournament takes: every round is paired, without repeats, in the search's budget."""
    schedule = play_swiss(1000, k, 3, 1, seed=5)
    assert [len(round_pairings) for round_pairings in schedule] == [(1000 // k) * k] * 3
    check_rounds_avoid_repeats([p for round_pairings in schedule for p in round_pairings], k)
