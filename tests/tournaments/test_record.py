"""The tournament record's pure transitions: which matches start, outcomes, Swiss rounds, SPRT, cancel."""

from __future__ import annotations

import dataclasses

import pytest

from arena.tournaments.record import DEFAULT_CONCURRENCY, MAX_REPLAYS, Entrant, Settings, Tournament
from arena.tournaments.schedule import Format
from arena.tournaments.sprt import Sprt
from arena.tournaments.standings import Ledger, Outcome, rank_entrants

#: The standings of the tournament a test plays (the store keeps them beside the record), by the id of
#: the settings every step of that tournament shares. Each entry holds its settings, so that no later
#: tournament's settings can be given the same id once the first is collected (which handed one test
#: another's standings).
LEDGER: dict[int, tuple[Settings, Ledger]] = {}


def tournament(
    names: list[str],
    *,
    bots: dict[str, str] | None = None,
    format: Format = "round-robin",
    players: int = 2,
    rounds: int | None = None,
    games_per_pairing: int = 1,
    duplicate: bool = False,
    concurrency: int | None = None,
    sprt: Sprt | None = None,
) -> Tournament:
    bots = bots or {}
    settings = Settings(
        game="pipifax",
        options={},
        players_per_match=players,
        format=format,
        rounds=rounds,
        games_per_pairing=games_per_pairing,
        duplicate=duplicate,
        seed=7,
        concurrency=concurrency,
        sprt=sprt,
    )
    entrants = tuple(Entrant(name, bot=bots.get(name), digest=None if name in bots else "d") for name in names)
    return Tournament("t1", settings, entrants, host_digest="h", created_at=0.0, updated_at=0.0)


def ledger_of(t: Tournament) -> Ledger:
    return LEDGER.setdefault(id(t.settings), (t.settings, Ledger(complete=True)))[1]


def finish(
    t: Tournament, index: int, ranks: tuple[int, ...], forfeits: tuple[str | None, ...] | None = None
) -> Tournament:
    """Record the match at ``index`` with ``ranks``, and pair the next Swiss round when it is due (as the
    director does)."""
    pairing = t.pairings[index]
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    outcome = Outcome(index, pairing.entrants, ranks, winners, None, forfeits or (None,) * len(ranks))  # type: ignore[arg-type]
    ledger = ledger_of(t)
    t = t.record(index, outcome, 1.0, ledger)
    if t.needs_pairing():
        t = t.pair_next_round(ledger.points(len(t.entrants)), 1.0)
    return t


def play_all(t: Tournament, winner_of: dict[int, int] | None = None) -> Tournament:
    """Launch and finish matches until the tournament is over (seat 0 wins unless ``winner_of`` says)."""
    for _ in range(10_000):
        if t.is_over:
            return t
        started = t.launchable()
        t = t.launch(started, 1.0)
        for index in t.indexes("playing"):
            entrants = t.pairings[index].entrants
            best = (winner_of or {}).get(index)
            first = entrants.index(best) if best in entrants else 0
            t = finish(t, index, tuple(1 if seat == first else 2 for seat in range(len(entrants))))
    raise AssertionError("the tournament never finished")


def test_starting_plans_the_whole_round_robin_as_pending() -> None:
    t = tournament(["a", "b", "c"]).start(1.0)
    assert t.status == "running"
    assert len(t.pairings) == 6  # three pairs, each in both seat orders
    assert set(t.states) == {"pending"}
    assert t.progress() == {
        "scheduled": 6,
        "finished": 0,
        "pending": 6,
        "playing": 0,
        "done": 0,
        "void": 0,
        "skipped": 0,
        "replayed": 0,
    }


def test_a_named_entrant_plays_one_match_at_a_time() -> None:
    t = tournament(["a", "b", "c", "d"]).start(1.0)
    started = t.launchable()
    seated = [e for i in started for e in t.pairings[i].entrants]
    assert len(seated) == len(set(seated)), "an entrant was given two matches at once"
    assert len(started) == 2  # four entrants, two tables
    t = t.launch(started, 1.0)
    assert t.launchable() == []  # everyone is busy


def test_server_bots_play_many_matches_at_once_up_to_the_default_cap() -> None:
    bots = dict.fromkeys("abcd", "random")
    t = tournament(list("abcd"), bots=bots).start(1.0)
    assert t.launchable() == list(range(len(t.pairings)))
    names = [f"bot-{i}" for i in range(12)]
    many = tournament(names, bots=dict.fromkeys(names, "random")).start(1.0)
    assert len(many.pairings) > DEFAULT_CONCURRENCY
    assert many.launchable() == list(range(DEFAULT_CONCURRENCY))


def test_concurrency_caps_the_matches_playing() -> None:
    bots = dict.fromkeys("abcd", "random")
    t = tournament(list("abcd"), bots=bots, concurrency=3).start(1.0)
    assert len(t.launchable()) == 3
    t = t.launch(t.launchable(), 1.0)
    assert t.launchable() == []
    t = finish(t, t.indexes("playing")[0], (1, 2))
    assert len(t.launchable()) == 1


def test_an_entrants_next_match_and_when_it_is_done() -> None:
    t = tournament(["a", "b"]).start(1.0)
    assert t.next_for(0) is None and not t.done_for(0)
    t = t.launch(t.launchable(), 1.0)
    index = t.next_for(0)
    assert index is not None and t.next_for(1) == index
    assert t.seat_of(index, t.pairings[index].entrants[1]) == 1
    t = play_all(t)
    assert t.status == "finished"
    assert t.done_for(0) and t.done_for(1)
    assert t.progress()["done"] == 2


def test_outcomes_feed_the_standings_in_order() -> None:
    t = play_all(tournament(["a", "b", "c"]).start(1.0), winner_of=dict.fromkeys(range(6), 2))
    ledger = ledger_of(t)
    table = rank_entrants([e.name for e in t.entrants], ledger.rows, ledger.cells, 2)
    assert next(row.name for row in table.entrants) == "c"
    c = next(row for row in table.entrants if row.name == "c")
    assert c.wins == 4 and c.matches == 4
    assert c.mu > 25 and c.sigma < 25 / 3


def test_a_void_match_is_played_again_on_the_same_seed_up_to_a_limit() -> None:
    t = tournament(["a", "b"]).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    index = t.indexes("playing")[0]
    seed = t.pairings[index].seed
    t = t.report(index, 0, "crash", 1.0)
    for attempt in range(MAX_REPLAYS):
        assert t.attempt(index) == attempt
        t = t.record(index, "absent" if attempt % 2 == 0 else "aborted", 1.0, ledger_of(t))
        assert t.states[index] == "pending", "a void match is played again"
        assert t.reported == {}, "a report goes with the attempt it was made on"
        assert t.pairings[index].seed == seed
        assert index in t.launchable()
        t = t.launch([index], 1.0)
    assert t.voids[index] == ("absent", "aborted", "absent")
    assert t.progress()["replayed"] == MAX_REPLAYS and t.progress()["finished"] == 0
    assert not t.may_replay(index)
    t = t.record(index, "aborted", 1.0, ledger_of(t))
    assert t.states[index] == "void", "past the limit an aborted match stays void"
    assert t.recorded == 0 and ledger_of(t).rows == {}


def test_a_paused_tournament_starts_nothing_but_records_what_ends() -> None:
    t = tournament(["a", "b", "c", "d"]).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    playing = t.indexes("playing")
    t = t.pause(2.0)
    assert t.status == "paused" and t.under_way and not t.is_over
    t = finish(t, playing[0], (1, 2))
    assert t.states[playing[0]] == "done"
    assert t.launchable() == [], "no match starts while paused"
    assert t.held(()) == dict.fromkeys(range(4), "paused")
    t = t.resume(3.0)
    assert t.status == "running" and t.launchable()


def test_entrants_whose_lease_lapsed_wait_and_say_why() -> None:
    t = tournament(["a", "b", "c", "d"], bots={"d": "random"}).start(1.0)
    started = t.launchable(away={0})
    assert started and all(0 not in t.pairings[i].entrants for i in started)
    assert t.held({0}) == {0: "away"}
    assert t.held(()) == {}


def test_forfeit_causes_come_from_seat_states_and_reports() -> None:
    t = tournament(["a", "b", "c"], players=3).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    index = t.indexes("playing")[0]
    t = t.report(index, 2, "crash", 1.0)
    assert t.forfeits_of(index, ["timed_out", "disqualified", "resigned"]) == ("timeout", "illegal", "crash")
    assert t.forfeits_of(index, ["playing", "resigned", "playing"]) == (None, "resigned", None)
    t = finish(t, index, (1, 2, 3))
    assert t.reported == {}, "a report is forgotten once its match is recorded"


def test_swiss_pairs_each_round_when_the_last_one_is_settled() -> None:
    t = tournament(list("abcdef"), format="swiss", rounds=3).start(1.0)
    first_round = len(t.pairings)
    assert {p.round for p in t.pairings} == {0}
    while len([s for s in t.states if s == "done"]) < first_round - 1:
        t = t.launch(t.launchable(), 1.0)
        t = finish(t, t.indexes("playing")[0], (1, 2))
        assert {p.round for p in t.pairings} == {0}, "round 1 was paired before round 0 ended"
        assert not t.done_for(0)
    t = t.launch(t.launchable(), 1.0)
    t = finish(t, t.indexes("playing")[0], (1, 2))
    assert {p.round for p in t.pairings} == {0, 1}
    t = play_all(t)
    assert t.status == "finished"
    assert {p.round for p in t.pairings} == {0, 1, 2}
    tables = [frozenset(p.entrants) for p in t.pairings if p.rotation == 0 and p.deal == 0]
    assert len(tables) == len(set(tables)), "a Swiss table was repeated while others were possible"


def test_swiss_counts_byes_of_entrants_who_sit_out() -> None:
    t = play_all(tournament(list("abcde"), format="swiss", rounds=3).start(1.0))
    assert sum(t.byes) == 3  # five entrants at tables of two: one sits out each round
    assert max(t.byes) == 1


def test_an_sprt_verdict_ends_the_tournament_and_skips_the_rest() -> None:
    sprt = Sprt(elo0=0.0, elo1=100.0)
    t = tournament(["strong", "weak"], format="gauntlet", games_per_pairing=200, sprt=sprt).start(1.0)
    t = play_all(t, winner_of=dict.fromkeys(range(400), 0))
    assert t.status == "finished"
    assert t.verdict == "H1"
    assert 0 < t.recorded < 100
    assert sum(t.sprt_counts()) == t.recorded
    progress = t.progress()
    assert progress["skipped"] + progress["void"] == 400 - t.recorded


def test_cancelling_calls_off_what_plays_and_skips_the_rest() -> None:
    t = tournament(["a", "b", "c"]).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    playing = t.indexes("playing")
    assert playing
    t = t.cancel(2.0)
    assert t.status == "cancelled"
    assert {t.states[i] for i in playing} == {"void"}
    assert set(t.states) == {"skipped", "void"}
    assert t.launchable() == []
    assert t.done_for(0)


def test_the_record_round_trips_through_json() -> None:
    t = tournament(["a", "b", "c"], bots={"c": "greedy"}, sprt=None).start(1.0)
    t = t.launch(t.launchable(), 1.0)
    t = finish(t, t.indexes("playing")[0], (2, 1))
    t = t.launch(t.launchable(), 1.0)
    t = t.record(t.indexes("playing")[0], "absent", 1.0, ledger_of(t))
    t = t.launch(t.launchable(), 1.0)
    t = t.report(t.indexes("playing")[0], 1, "crash", 1.0)
    assert t.voids and t.reported
    assert Tournament.from_json(t.to_json(), t.entrants) == t
    swiss = play_all(tournament(list("abcdef"), format="swiss", rounds=3).start(1.0))
    later = [tuple(p for p in swiss.pairings if p.round == r) for r in (1, 2)]
    assert Tournament.from_json(swiss.to_json(), swiss.entrants, later) == swiss


def test_every_transition_counts_one_version() -> None:
    t = tournament(["a", "b"])
    versions = [t.version]
    t = t.join("c", "d", 1.0)
    versions.append(t.version)
    t = t.start(1.0)
    versions.append(t.version)
    t = t.launch(t.launchable(), 1.0)
    versions.append(t.version)
    assert versions == [0, 1, 2, 3]


@pytest.mark.parametrize("duplicate", [False, True])
def test_duplicate_deals_share_seeds_across_rotations(duplicate: bool) -> None:
    t = tournament(["a", "b", "c"], players=3, games_per_pairing=2, duplicate=duplicate).start(1.0)
    by_deal: dict[tuple[int, int], list[int]] = {}
    for p in t.pairings:
        by_deal.setdefault((p.table, p.deal), []).append(p.seed)
    shared = all(len(set(seeds)) == 1 for seeds in by_deal.values())
    assert shared == duplicate
    seats = {p.entrants for p in t.pairings}
    assert len(seats) == 3, "every rotation seats the table differently"
    assert dataclasses.replace(t, version=0).settings.duplicate == duplicate


def test_an_sprt_on_duplicate_deals_counts_whole_deals() -> None:
    sprt = Sprt(elo0=0.0, elo1=100.0)
    base = tournament(["strong", "weak"], format="gauntlet", games_per_pairing=100, duplicate=True, sprt=sprt)
    t = base.start(1.0)
    t = t.launch([0], 1.0)
    t = finish(t, 0, (1, 2))
    halfway = t.sprt_llr()
    assert halfway == 0.0, "half a deal is no evidence yet"
    t = play_all(t, winner_of=dict.fromkeys(range(200), 0))
    assert t.verdict == "H1"
    tally = t.sprt_tally
    assert tally is not None and sum(tally.deals) * 2 + len(tally.open_deals) == t.recorded
