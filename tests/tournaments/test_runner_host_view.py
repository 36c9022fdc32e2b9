"""The runner's words and pictures for a host, without a server: a line per match over (cutechess-style),
won/drawn/lost that never count a draw as a win, standings with names in full and points per match, the
status, and plots that give match counts, say the tournament's state and keep every row apart."""

from __future__ import annotations

import io
import itertools
from fractions import Fraction
from typing import Any

import pytest
from matplotlib.patches import Rectangle
from rich.console import Console

from arena_runner import lines, plot
from arena_runner.display import Display, standings_view
from arena_runner.lines import Announcer, Tally, finished_line, seat_points, standings_lines, tallies

NAMES = ["a-rather-long-program-name-v2", "greedy", "random"]


def done(index: int, entrants: list[int], ranks: list[int], forfeits: list[str | None] | None = None) -> dict[str, Any]:
    return {
        "index": index,
        "entrants": entrants,
        "state": "done",
        "ranks": ranks,
        "forfeits": forfeits or [None] * len(entrants),
        "voided": [],
    }


@pytest.mark.parametrize(
    ("ranks", "forfeits", "points"),
    [
        ([1, 2], [None, None], ["1", "0"]),
        ([1, 1], [None, None], ["1/2", "1/2"]),  # a draw: 1/2 each
        ([2, 1], ["timeout", None], ["0", "1"]),
        ([1, 2, 2], [None, None, None], ["1", "1/4", "1/4"]),  # two tied for second of 3
        ([1, 1, 1, 4], [None, None, None, None], ["2/3", "2/3", "2/3", "0"]),  # three tied for first of 4
        ([1], [None], ["1"]),  # solo: a won match is worth 1
    ],
)
def test_seat_points_follow_the_documented_rule(
    ranks: list[int], forfeits: list[str | None], points: list[str]
) -> None:
    assert [lines.points_text(p) for p in seat_points(ranks, forfeits)] == points


def test_a_line_per_match_over_names_every_entrant_in_full_with_its_result_and_why() -> None:
    assert finished_line(done(7, [0, 1], [1, 2]), NAMES) == (
        "Finished match 7 (a-rather-long-program-name-v2 vs greedy): 1-0 {a-rather-long-program-name-v2 wins}"
    )
    assert finished_line(done(3, [1, 2], [1, 1]), NAMES) == "Finished match 3 (greedy vs random): 1/2-1/2 {draw}"
    assert finished_line(done(4, [2, 1], [2, 1], ["timeout", None]), NAMES) == (
        "Finished match 4 (random vs greedy): 0-1 {random loses on time}"
    )
    crash = done(5, [0, 2], [2, 1], ["crash", None])
    assert finished_line(crash, NAMES).endswith("0-1 {a-rather-long-program-name-v2 forfeits: its program crashed}")
    three = done(6, [0, 1, 2], [2, 1, 3], [None, None, "illegal"])
    assert finished_line(three, NAMES) == (
        "Finished match 6 (a-rather-long-program-name-v2 vs greedy vs random): 1/2-1-0 "
        "{random is disqualified for illegal actions; greedy wins}"
    )
    void = {**done(8, [0, 1], [1, 2]), "state": "void", "ranks": None}
    assert finished_line(void, NAMES) == (
        "Finished match 8 (a-rather-long-program-name-v2 vs greedy): no result {void: not played again}"
    )


def test_the_announcer_says_each_match_and_each_voided_attempt_once_in_schedule_order() -> None:
    announcer = Announcer(started=True)
    playing = {**done(0, [0, 1], [1, 2]), "state": "playing", "ranks": None, "voided": [{"reason": "absent"}]}
    first = announcer.lines([done(2, [1, 2], [1, 1]), playing], NAMES)
    assert first == [
        "Void match 0 (a-rather-long-program-name-v2 vs greedy), attempt 1: played again "
        "{a program never asked for it}",
        "Finished match 2 (greedy vs random): 1/2-1/2 {draw}",
    ]
    over = {**done(0, [0, 1], [2, 1]), "voided": [{"reason": "absent"}]}
    assert announcer.lines([done(2, [1, 2], [1, 1]), over], NAMES) == [
        "Finished match 0 (a-rather-long-program-name-v2 vs greedy): 0-1 {greedy wins}"
    ]
    assert announcer.lines([done(2, [1, 2], [1, 1]), over], NAMES) == []


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("runner_lost", "the runner of a program that timed out was gone"),
        ("worker_lost", "a worker playing it died"),
    ],
)
def test_an_attempt_voided_for_a_lost_runner_or_worker_says_so(reason: str, words: str) -> None:
    playing = {**done(3, [1, 0], [1, 2]), "state": "playing", "ranks": None, "voided": [{"reason": reason}]}
    assert Announcer(started=True).lines([playing], NAMES) == [
        f"Void match 3 (greedy vs a-rather-long-program-name-v2), attempt 1: played again {{{words}}}"
    ]


def test_a_resumed_run_counts_what_was_over_before_instead_of_listing_it() -> None:
    announcer = Announcer(started=False)
    before = [done(index, [1, 2], [1, 2]) for index in range(5)]
    assert announcer.lines(before, NAMES) == ["5 matches were over before this run: see the standings"]
    assert announcer.lines([*before, done(5, [2, 1], [1, 2])], NAMES) == [
        "Finished match 5 (random vs greedy): 1-0 {random wins}"
    ]


def test_won_drawn_and_lost_never_count_a_draw_or_a_shared_first_place_as_a_win() -> None:
    rows = [
        done(0, [0, 1], [1, 2]),
        done(1, [0, 1], [1, 1]),  # a draw: the standings' `wins` counts it for both
        done(2, [1, 0], [1, 2], [None, "timeout"]),
        done(3, [0, 1, 2], [1, 1, 3]),  # a shared first place of three
        {**done(4, [0, 1], [1, 2]), "state": "playing", "ranks": None},  # not over: not counted
    ]
    assert tallies(rows, 3) == [Tally(won=1, drawn=2, lost=1), Tally(won=1, drawn=2, lost=1), Tally(lost=1)]


STANDINGS = [
    {
        "entrant": 0,
        "name": NAMES[0],
        "matches": 4,
        "points": 2.5,
        "mu": 27.5,
        "sigma": 3.1,
        "forfeits": {},
        "held": None,
    },
    {"entrant": 1, "name": "greedy", "matches": 4, "points": 1.5, "mu": 24.0, "sigma": 3.2, "forfeits": {"timeout": 1}},
    {
        "entrant": 2,
        "name": "random",
        "matches": 0,
        "points": 0.0,
        "mu": 25.0,
        "sigma": 8.3,
        "forfeits": {},
        "held": "away",
    },
]


def test_standings_lines_keep_names_in_full_and_give_points_per_match() -> None:
    out = standings_lines(STANDINGS, [Tally(2, 1, 1), Tally(1, 1, 2), Tally()])
    assert out[0].split() == [
        "#",
        "entrant",
        "matches",
        "won",
        "drawn",
        "lost",
        "points",
        "per",
        "match",
        "forfeits",
        "held",
        "mu",
        "sigma",
    ]
    assert out[1].split()[:9] == ["1", NAMES[0], "4", "2", "1", "1", "2.5", "0.62", "27.50"]
    assert out[2].split()[8:11] == ["timeout", "1", "24.00"] and out[3].split()[8] == "away"
    assert out[3].split()[7] == "-"  # no match yet: no points per match
    # every column lines up under its header, however long a name is
    assert {line.index("greedy") for line in out if "greedy" in line} == {out[0].index("entrant")}
    end = out[0].index("matches") + len("matches")
    assert all(line[end - 1].isdigit() and line[end] == " " for line in out[1:]), "matches right-aligned"


def test_the_status_says_the_progress_the_matches_playing_and_who_is_held() -> None:
    tournament: dict[str, Any] = {
        "tournament_id": "T1",
        "game": "taiga",
        "format": "round-robin",
        "players_per_match": 2,
        "status": "paused",
        "progress": {
            "scheduled": 6,
            "finished": 3,
            "done": 3,
            "void": 0,
            "playing": 1,
            "pending": 2,
            "skipped": 0,
            "replayed": 1,
        },
        "sprt": None,
    }
    rows = [done(0, [0, 1], [1, 2]), {**done(1, [1, 2], [1, 2]), "state": "playing", "ranks": None}]
    text = "\n".join(lines.status_lines(tournament, STANDINGS, rows, NAMES))
    assert "paused: 3 of 6 matches over, 1 playing, 2 to play; 1 attempts voided and played again" in text
    assert "playing: match 1 (greedy vs random)" in text
    assert "held (their matches do not start now): random (away)" in text
    cancelled = {**tournament, "status": "cancelled", "progress": {**tournament["progress"], "skipped": 2}}
    assert (
        lines.progress_text(cancelled)
        == "cancelled: 3 of 6 matches over, 2 never played; 1 attempts voided and played again"
    )


def test_without_a_terminal_the_display_prints_plain_lines_and_says_the_outage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    display = Display(live=True, console=Console(file=io.StringIO()))  # not a terminal: no live view
    with display:
        display.say("Finished match 0 (a vs b): 1-0 {a wins}")
        display.outage("waiting for the API and its Redis: unreachable for 7 s")
    assert capsys.readouterr().out.splitlines() == [
        "Finished match 0 (a vs b): 1-0 {a wins}",
        "waiting for the API and its Redis: unreachable for 7 s",
    ]


def test_on_a_narrow_terminal_the_live_standings_keep_names_in_full_and_cut_the_last_columns() -> None:
    tournament = {
        "game": "taiga",
        "format": "round-robin",
        "status": "running",
        "progress": {"scheduled": 6, "finished": 3, "playing": 1, "pending": 2},
        "standings": {"offset": 0, "entrants": STANDINGS},
    }
    screen = io.StringIO()
    Console(file=screen, width=60, force_terminal=True, color_system=None).print(
        standings_view(tournament, [Tally(2, 1, 1), Tally(1, 1, 2), Tally()])
    )
    shown = screen.getvalue().splitlines()
    assert all(len(line) <= 60 for line in shown)
    first = next(line for line in shown if line.startswith("1 "))
    assert first.split()[:2] == ["1", NAMES[0]] and first.endswith("…")


TOURNAMENT = {
    "tournament_id": "T9",
    "game": "pipifax",
    "format": "gauntlet",
    "status": "cancelled",
    "entrant_count": 2,
    "progress": {"scheduled": 8, "finished": 2, "done": 2},
}


def standings_of(count: int) -> list[dict[str, Any]]:
    return [
        {
            "entrant": i,
            "name": f"entrant-{i}",
            "points": float(count - i),
            "matches": 2,
            "mu": 25.0 - i,
            "sigma": 3.0,
            "forfeits": {"timeout": i % 2},
        }
        for i in range(count)
    ]


@pytest.mark.parametrize("count", [1, 2, 12])
def test_the_standings_plot_keeps_every_row_apart_whatever_the_number_of_entrants(count: int) -> None:
    figure = plot.standings_figure(TOURNAMENT, standings_of(count), [Tally(1, 0, 1)] * count)
    try:
        figure.canvas.draw()
        left = figure.axes[0]
        renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
        names = [label.get_window_extent(renderer) for label in left.get_yticklabels()]
        bars = [p.get_window_extent(renderer) for p in left.patches if isinstance(p, Rectangle) and p.get_width() > 0]
        for boxes in (names, bars):
            ordered = sorted(boxes, key=lambda box: box.y0)
            assert all(low.y1 <= high.y0 for low, high in itertools.pairwise(ordered)), "rows overlap"
        assert "cancelled after 2 of 8 matches" in figure.texts[0].get_text()  # the suptitle
        said = [text.get_text() for text in left.texts]
        assert said[-1].startswith(f"{count:g} points (") or said[-1].startswith("1 point (")
        assert all("0 drawn" in text and "1 won" in text for text in said)
    finally:
        plot.close(figure)


def test_the_crosstable_plot_gives_the_matches_behind_every_share_and_the_state() -> None:
    pairs = {"pairs": [{"a": 0, "b": 1, "matches": 2, "a_score": 2.0, "b_score": 0.0}]}
    figure = plot.crosstable_figure(TOURNAMENT, pairs, standings_of(2))
    try:
        cells = sorted(text.get_text() for text in figure.axes[0].texts)
        assert cells == ["0.00\n2 matches", "1.00\n2 matches"]
        assert "cancelled after 2 of 8 matches" in figure.axes[0].get_title()
    finally:
        plot.close(figure)
    many = standings_of(20)
    table = {
        "pairs": [{"a": a, "b": b, "matches": 3, "a_score": 1.5, "b_score": 1.5} for a in range(20) for b in range(a)]
    }
    figure = plot.crosstable_figure(TOURNAMENT, table, many)
    try:
        assert "each cell counted over 3 matches" in figure.axes[0].get_title()
    finally:
        plot.close(figure)


def test_seat_points_are_exact_fractions() -> None:
    assert sum(seat_points([1, 2, 2], [None, None, None])) == Fraction(3, 2)
