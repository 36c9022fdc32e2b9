"""The runner's plots (matplotlib, files only): the standings, the crosstable's heatmap and the SPRT's curve.

Every title says the tournament's state (``finished``, ``cancelled after 12 of 30 matches``, ...).

- ``standings.png``: one row per entrant, best at the top (at most :data:`MOST_ROWS`), each row of
  the same height however many there are. Left, its points as a bar (at its end the points, the
  points per match and the matches won, drawn and lost: a shared first place is a draw, not a
  win), with below it its forfeits stacked by cause; right, its rating, mu with a bar of +-3 sigma.
  The legends sit below the panels, clear of every bar.
- ``crosstable.png``: each entrant's share of the score against each other it met (1: it always
  finished ahead), green above 1/2 and red below, blank where they never met, with the number of
  matches each share is counted over; the best :data:`MOST_ROWS` entrants of the standings, in that
  order.
- ``sprt.png``: the log-likelihood ratio after each recorded match, with the bounds where the test
  accepts H1 (above) or H0 (below).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display needed

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from arena_runner.lines import Tally

#: The most entrants a plot shows (the best of the standings).
MOST_ROWS = 40
#: The colour of each forfeit cause.
FORFEIT_COLOURS = {"timeout": "#d62728", "crash": "#9467bd", "illegal": "#ff7f0e", "resigned": "#7f7f7f"}
#: Crosstable cells are written in when the table is at most this wide.
ANNOTATE_UP_TO = 12


def state_words(tournament: Mapping[str, Any]) -> str:
    """The tournament's state as a title says it: ``finished, 30 matches``, ``cancelled after 12 of 30 matches``,
    ``running: 12 of 30 matches over``."""
    status, progress = tournament["status"], tournament["progress"]
    over, scheduled = progress["finished"], progress["scheduled"]
    if status == "finished":
        return f"finished, {over} matches"
    if status == "cancelled":
        return f"cancelled after {over} of {scheduled} matches"
    return f"{status}: {over} of {scheduled} matches over"


def _title(tournament: Mapping[str, Any], what: str) -> str:
    name = f"{tournament['game']} {tournament['format']} ({tournament['tournament_id']})"
    return f"{name}, {state_words(tournament)}\n{what}"


def _save(figure: Figure, path: Path) -> None:
    try:
        figure.savefig(path, format="png", dpi=100, bbox_inches="tight")
    finally:
        close(figure)


def close(figure: Figure) -> None:
    """Let matplotlib forget ``figure`` (each figure drawn is closed once saved)."""
    plt.close(figure)


#: Inches of the standings plot: each entrant's row, the title above, the axis labels and legend below.
ROW_INCHES, TITLE_INCHES, BELOW_INCHES = 0.5, 0.9, 1.15


def bar_label(row: Mapping[str, Any], tally: Tally) -> str:
    """What a standings bar says at its end: points, points per match, matches won, drawn and lost."""
    if not row["matches"]:
        return "no match yet"
    per_match = row["points"] / row["matches"]
    unit = "point" if row["points"] == 1 else "points"
    return (
        f"{row['points']:g} {unit} ({per_match:.2f} per match): {tally.won} won, {tally.drawn} drawn, {tally.lost} lost"
    )


def standings(
    tournament: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], counts: Sequence[Tally], path: Path
) -> None:
    """Draw the standings (``lines``: every entrant, best first; ``counts``: each entrant's matches won, drawn
    and lost, by entrant number) to ``path``."""
    _save(standings_figure(tournament, lines, counts), path)


def standings_figure(
    tournament: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], counts: Sequence[Tally]
) -> Figure:
    """The standings' figure: each row keeps its height however few or many rows there are."""
    shown = list(lines[:MOST_ROWS])
    rows = list(reversed(shown))  # the best at the top
    slots = max(2, len(rows))
    height = TITLE_INCHES + ROW_INCHES * slots + BELOW_INCHES
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, height), sharey=True, gridspec_kw={"width_ratios": [3, 2]})
    figure.subplots_adjust(top=1 - TITLE_INCHES / height, bottom=BELOW_INCHES / height, wspace=0.05)
    positions = np.arange(len(rows))
    points = [row["points"] for row in rows]
    left.barh(positions + 0.18, points, height=0.34, color="#1f77b4", label="points")
    most = max([1.0, *points])
    for position, row in zip(positions, rows, strict=True):
        tally = counts[row["entrant"]] if 0 <= row["entrant"] < len(counts) else Tally()
        left.text(row["points"] + most * 0.01, position + 0.18, bar_label(row, tally), va="center", fontsize="small")
    start = np.zeros(len(rows))
    for cause, colour in FORFEIT_COLOURS.items():
        counted = np.array([row["forfeits"].get(cause, 0) for row in rows], dtype=float)
        left.barh(positions - 0.18, counted, height=0.34, left=start, color=colour, label=f"forfeits: {cause}")
        start += counted
    left.set_xlim(0, max(most, float(start.max(initial=0))) * 2.2)
    left.set_ylim(-0.6, slots - 0.4)
    left.set_yticks(list(positions), [row["name"] for row in rows])
    left.set_xlabel("points (blue) and forfeits by cause (below each)")
    right.errorbar(
        [row["mu"] for row in rows],
        positions,
        xerr=[3 * row["sigma"] for row in rows],
        fmt="o",
        capsize=3,
        color="#2ca02c",
        label="rating: mu +- 3 sigma",
    )
    right.set_xlabel("rating (openskill), beside the order")
    hidden = len(lines) - len(shown)
    suffix = f", the best {len(shown)} of {len(lines)}" if hidden else ""
    figure.suptitle(_title(tournament, f"standings{suffix}"), y=1 - 0.1 / height, va="top")
    handles = [*left.get_legend_handles_labels()[0], *right.get_legend_handles_labels()[0]]
    labels = [*left.get_legend_handles_labels()[1], *right.get_legend_handles_labels()[1]]
    figure.legend(handles, labels, loc="lower center", ncol=3, fontsize="small", bbox_to_anchor=(0.5, 0.0))
    return figure


def scores_matrix(table: Mapping[str, Any], order: Sequence[int]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The entrants ``order`` by ``order``: ``[i][j]`` is entrant ``order[i]``'s share of the score against
    ``order[j]`` (NaN where they never met), and the matches they played together (0 where none)."""
    place = {entrant: i for i, entrant in enumerate(order)}
    shares = np.full((len(order), len(order)), np.nan)
    matches = np.zeros((len(order), len(order)), dtype=int)
    for pair in table["pairs"]:
        a, b = pair["a"], pair["b"]
        if pair["matches"] and a in place and b in place:
            shares[place[a], place[b]] = pair["a_score"] / pair["matches"]
            shares[place[b], place[a]] = pair["b_score"] / pair["matches"]
            matches[place[a], place[b]] = matches[place[b], place[a]] = pair["matches"]
    return shares, matches


def crosstable(
    tournament: Mapping[str, Any], table: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], path: Path
) -> None:
    """Draw the crosstable's heatmap (the best :data:`MOST_ROWS` of ``lines``, in their order) to ``path``."""
    _save(crosstable_figure(tournament, table, lines), path)


def crosstable_figure(
    tournament: Mapping[str, Any], table: Mapping[str, Any], lines: Sequence[Mapping[str, Any]]
) -> Figure:
    """The crosstable's figure: each cell the share of the score and, below it, the matches it is counted over."""
    order = [line["entrant"] for line in lines[:MOST_ROWS]]
    names = [line["name"] for line in lines[:MOST_ROWS]]
    shares, matches = scores_matrix(table, order)
    size = 3.0 + (0.45 if len(order) <= ANNOTATE_UP_TO else 0.32) * len(order)
    figure, axes = plt.subplots(figsize=(size + 1.5, size))
    image = axes.imshow(np.ma.masked_invalid(shares), cmap="RdYlGn", vmin=0.0, vmax=1.0)
    axes.set_xticks(range(len(order)), names, rotation=90, fontsize="small")
    axes.set_yticks(range(len(order)), names, fontsize="small")
    axes.set_xlabel("against")
    axes.set_ylabel("entrant (best at the top)")
    met = matches[matches > 0]
    if len(order) <= ANNOTATE_UP_TO:
        for i in range(len(order)):
            for j in range(len(order)):
                if not np.isnan(shares[i, j]):
                    text = f"{shares[i, j]:.2f}\n{matches[i, j]} match{'es' if matches[i, j] != 1 else ''}"
                    axes.text(j, i, text, ha="center", va="center", fontsize="x-small")
        counted = "each cell: the share, and the matches it is counted over"
    elif met.size:
        spread = f"{met.min()}" if met.min() == met.max() else f"{met.min()} to {met.max()}"
        counted = f"each cell counted over {spread} matches"
    else:
        counted = "no pair has met yet"
    figure.colorbar(image, ax=axes, label="share of the score against (1: always ahead)", shrink=0.8)
    hidden = len(lines) - len(order)
    suffix = f", the best {len(order)} of {len(lines)}" if hidden else ""
    axes.set_title(_title(tournament, f"crosstable{suffix} ({counted})"), fontsize="medium")
    return figure


def sprt(tournament: Mapping[str, Any], curve: Mapping[str, Any], path: Path) -> None:
    """Draw the SPRT's log-likelihood ratio against matches, with its bounds, to ``path``."""
    points = curve["points"]
    figure, axes = plt.subplots(figsize=(9, 5))
    axes.plot([p["matches"] for p in points], [p["llr"] for p in points], color="#1f77b4", label="LLR")
    axes.axhline(curve["upper_bound"], color="#2ca02c", linestyle="--", label=f"accept H1 ({curve['upper_bound']:.2f})")
    axes.axhline(curve["lower_bound"], color="#d62728", linestyle="--", label=f"accept H0 ({curve['lower_bound']:.2f})")
    axes.axhline(0.0, color="#7f7f7f", linewidth=0.5)
    span = curve["upper_bound"] - curve["lower_bound"]
    axes.set_ylim(
        min(curve["lower_bound"], *(p["llr"] for p in points)) - 0.1 * span,
        max(curve["upper_bound"], *(p["llr"] for p in points)) + 0.1 * span,
    )
    axes.set_xlabel(f"matches recorded (the test counts {'whole deals' if curve['unit'] == 'deal' else 'matches'})")
    axes.set_ylabel("log-likelihood ratio")
    verdict = curve["verdict"] or "no verdict yet"
    hypotheses = f"H0: elo <= {curve['elo0']:g}, H1: elo >= {curve['elo1']:g}"
    axes.set_title(_title(tournament, f"SPRT, {hypotheses}: {verdict}"), fontsize="medium")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize="small")
    _save(figure, path)
