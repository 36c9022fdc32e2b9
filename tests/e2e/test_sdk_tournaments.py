"""The SDK's tournament helpers against a live server: ``Entrant.play`` plays a whole tournament, ``Host``
reads the schedule with the seats' tokens, reports a crashed program and reads the tournament's records."""

from __future__ import annotations

import json
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from arena_client.models import SeatView
from arena_sdk import Action, Arena, ArenaError, AuthError, Choose, Entrant, Host, NotFoundError, verify
from arena_sdk.tournaments import (
    all_standings,
    create_tournament_from,
    crosstable,
    sprt_curve,
    tournament,
    tournament_csv,
    tournament_entrants,
    tournament_records,
    tournament_standings,
)

from api.cli import main as arena_cli


def random_choice(seed: int) -> Choose:
    rng = random.Random(seed)

    def choose(view: SeatView, actions: list[Action]) -> Action:
        return rng.choice(actions)

    return choose


def test_two_entrants_play_a_whole_gauntlet_with_entrant_play(arena: Arena) -> None:
    created = create_tournament_from(
        arena,
        {
            "game": "pipifax",
            "players_per_match": 2,
            "format": "gauntlet",
            "seed": 3,
            "entrants": [{"name": "greedy", "bot": "greedy"}, {"name": "ada"}, {"name": "bob"}],
        },
    )
    tournament_id = created.tournament.tournament_id
    entrants = {e.name: Entrant(arena, tournament_id, e.token) for e in created.entrants}
    assert sorted(entrants) == ["ada", "bob"]
    with ThreadPoolExecutor(2) as pool:
        plays = {name: pool.submit(e.play, random_choice(len(name))) for name, e in entrants.items()}
        finals = {name: play.result(timeout=240) for name, play in plays.items()}

    schedule = Host(arena, tournament_id, created.host_token).schedule()
    assert schedule.status.value == "finished"
    assert {m.state.value for m in schedule.matches} == {"done"}
    for number, name in enumerate(["ada", "bob"], start=1):
        mine = [m for m in schedule.matches if number in m.entrants]
        assert len(finals[name]) == len(mine) == 2  # against the greedy bot, in both seat orders
        assert sorted(f.match_id for f in finals[name]) == sorted(str(m.match_id) for m in mine)
        assert all(final.result is not None for final in finals[name])
        assert entrants[name].next(wait=1) is None  # done: nothing left to play
    over = tournament(arena, tournament_id)
    assert over.progress.done == 4
    assert [row.name for row in tournament_standings(arena, tournament_id).entrants] == [
        row.name for row in over.standings.entrants
    ]


def test_next_waits_through_304s_until_its_timeout_while_entries_are_open(arena: Arena) -> None:
    created = create_tournament_from(
        arena,
        {
            "game": "taiga",
            "players_per_match": 2,
            "format": "round-robin",
            "entrants": [{"name": "ada"}],
            "start": False,
        },
    )
    entrant = Entrant(arena.base_url, created.tournament.tournament_id, created.entrants[0].token)
    with pytest.raises(TimeoutError):
        entrant.next(wait=0.5, timeout=1.2)


def test_a_host_sees_the_seat_tokens_and_reports_a_crash(arena: Arena) -> None:
    created = create_tournament_from(
        arena,
        {
            "game": "taiga",
            "players_per_match": 2,
            "format": "round-robin",
            "entrants": [{"name": "ada"}, {"name": "greedy", "bot": "greedy"}],
        },
    )
    tournament_id = created.tournament.tournament_id
    host = Host(arena, tournament_id, created.host_token)
    playing = next(m for m in host.schedule().matches if m.state.value == "playing")
    seat = playing.entrants.index(0)
    assert playing.tokens is not None and str(seat) in playing.tokens.additional_keys
    assigned = Entrant(arena, tournament_id, created.entrants[0].token).next(wait=5)
    assert assigned is not None
    assert (assigned.match_id, assigned.seat, assigned.index) == (playing.match_id, seat, playing.index)
    assert assigned.token == playing.tokens[str(seat)]

    forfeited = host.report_crash(playing.index, seat)
    assert forfeited.match_id == playing.match_id
    row = next(m for m in host.schedule().matches if m.index == playing.index)
    assert row.state.value == "done" and row.forfeits is not None and row.forfeits[seat] == "crash"
    with pytest.raises(AuthError):
        Host(arena, tournament_id, created.entrants[0].token).schedule()  # an entrant's token is no host's


def test_a_host_pauses_resumes_and_holds_presence_and_reads_the_reports(arena: Arena) -> None:
    created = create_tournament_from(
        arena,
        {
            "game": "pili-pili",
            "players_per_match": 2,
            "format": "gauntlet",
            "games_per_pairing": 30,
            "concurrency": 2,
            "seed": 11,
            "sprt": {"elo0": 0, "elo1": 150},
            "entrants": [{"name": "greedy", "bot": "greedy"}, {"name": "random", "bot": "random"}],
            "start": False,
        },
    )
    tournament_id = created.tournament.tournament_id
    host = Host(arena, tournament_id, created.host_token)
    assert host.hold_presence(30).entrants == [], "server bots need nobody present"
    started = host.start()
    assert started.status.value in ("running", "finished")
    if started.status.value == "running":
        assert host.pause().status.value in ("paused", "finished")
        if host.tournament().status.value == "paused":
            assert host.resume().status.value in ("running", "finished")
    deadline = time.monotonic() + 240
    while tournament(arena, tournament_id).status.value != "finished":
        assert time.monotonic() < deadline, "the SPRT reached no verdict"
        time.sleep(0.2)  # a pause between two looks while the referee plays the bots out
    over = tournament(arena, tournament_id)
    assert over.status.value == "finished" and over.sprt is not None
    curve = sprt_curve(arena, tournament_id)
    assert curve.points[-1].llr == pytest.approx(over.sprt.llr)
    table = crosstable(arena, tournament_id)
    assert [(pair.a, pair.b) for pair in table.pairs] == [(0, 1)]
    assert table.pairs[0].matches == over.progress.done
    lines = all_standings(arena, tournament_id)
    assert [line.name for line in lines] == ["greedy", "random"]
    assert tournament_entrants(arena, tournament_id).total == 2
    assert tournament_csv(arena, tournament_id, "crosstable").splitlines()[0].startswith("a,a_name,b,b_name")
    assert len(tournament_csv(arena, tournament_id, "standings").splitlines()) == 3


def test_a_host_reads_the_records_of_its_tournament_and_arena_replay_checks_them(
    arena: Arena, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round robin of server bots to its end: its records, sealed while it runs, then read through the
    SDK a line at a time, replay offline to the tournament's own outcomes."""
    created = create_tournament_from(
        arena,
        {
            "game": "taiga",
            "players_per_match": 2,
            "format": "round-robin",
            "seed": 23,
            "entrants": [{"name": n, "bot": b} for n, b in (("g", "greedy"), ("r1", "random"), ("r2", "random"))],
            "start": False,
        },
    )
    tournament_id = created.tournament.tournament_id
    host = Host(arena, tournament_id, created.host_token)
    with pytest.raises(ArenaError) as sealed:
        next(host.records())
    assert (sealed.value.status, sealed.value.code) == (409, "record/sealed")
    host.start()
    deadline = time.monotonic() + 240
    while tournament(arena, tournament_id).status.value != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)  # a pause between two looks while the referee plays the bots out
    records = list(host.records())
    assert records == list(tournament_records(Arena(arena.base_url), tournament_id)), "public, and the same"
    outcomes = {row.index: row for row in host.schedule("done").matches}
    assert sorted(record["tournament"]["index"] for record in records) == sorted(outcomes) and len(records) == 6
    for record in records:
        row = outcomes[record["tournament"]["index"]]
        assert record["match_id"] == row.match_id and record["tournament"]["entrants"] == row.entrants
        assert record["result"]["ranks"] == row.ranks
        assert verify(record).status == "finished"  # the SDK's own check, without the engine
        assert record["text"].startswith('[Game "Taiga"]\n'), "and the match as text a player reads"
    file = tmp_path / "records.jsonl"
    file.write_text("".join(json.dumps(record) + "\n" for record in records))
    assert arena_cli(["replay", str(file)]) == 0
    assert capsys.readouterr().out.count("ok   ") == len(records)
    with pytest.raises(NotFoundError):
        next(tournament_records(arena, "no-such-tournament"))
