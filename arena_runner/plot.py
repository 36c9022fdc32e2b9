"""The runner's plots (matplotlib, files only): the standings, the crosstable's heatmap and the SPRT's curve.

- ``standings.png``: one row per entrant, best at the top (at most :data:`MOST_ROWS`). Left, its
  points as a bar (at its end the points and the matches won), with below it its forfeits stacked
  by cause; right, its
  rating, mu with a bar of +-3 sigma. The legends sit below the panels, clear of every bar.
- ``crosstable.png``: each entrant's share of the score against each other it met (1: it always
  finished ahead), green above 1/2 and red below, blank where they never met; the best
  :data:`MOST_ROWS` entrants of the standings, in that order.
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

#: The most entrants a plot shows (the best of the standings).
MOST_ROWS = 40
#: The colour of each forfeit cause.
FORFEIT_COLOURS = {"timeout": "#d62728", "crash": "#9467bd", "illegal": "#ff7f0e", "resigned": "#7f7f7f"}
#: Crosstable cells are written in when the table is at most this wide.
ANNOTATE_UP_TO = 12


def _title(tournament: Mapping[str, Any], what: str) -> str:
    return f"{tournament['game']} {tournament['format']} ({tournament['tournament_id']}): {what}"


def _save(figure: Any, path: Path) -> None:
    try:
        figure.savefig(path, format="png", dpi=100, bbox_inches="tight")
    finally:
        plt.close(figure)


def standings(tournament: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], path: Path) -> None:
    """Draw the standings (``lines``: every entrant, best first) to ``path``."""
    shown = list(lines[:MOST_ROWS])
    rows = list(reversed(shown))  # the best at the top
    height = 1.6 + 0.38 * max(1, len(rows))
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, height), sharey=True, gridspec_kw={"width_ratios": [3, 2]})
    positions = np.arange(len(rows))
    points = [row["points"] for row in rows]
    left.barh(positions + 0.2, points, height=0.4, color="#1f77b4", label="points")
    most = max([1.0, *points])
    for position, row in zip(positions, rows, strict=True):
        won = f"  ({row['wins']}/{row['matches']} won)" if row["matches"] else ""
        left.text(row["points"] + most * 0.01, position + 0.2, f"{row['points']:g}{won}", va="center", fontsize="small")
    start = np.zeros(len(rows))
    for cause, colour in FORFEIT_COLOURS.items():
        counts = np.array([row["forfeits"].get(cause, 0) for row in rows], dtype=float)
        left.barh(positions - 0.2, counts, height=0.4, left=start, color=colour, label=f"forfeits: {cause}")
        start += counts
    left.set_xlim(0, max(most, float(start.max(initial=0))) * 1.35)
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
    figure.suptitle(_title(tournament, f"standings{suffix}"))
    handles = [*left.get_legend_handles_labels()[0], *right.get_legend_handles_labels()[0]]
    labels = [*left.get_legend_handles_labels()[1], *right.get_legend_handles_labels()[1]]
    figure.legend(handles, labels, loc="lower center", ncol=3, fontsize="small", bbox_to_anchor=(0.5, 0.0))
    # The legend's rows and the title keep a fixed height (in inches) however many entrants there are.
    figure.tight_layout(rect=(0, 0.75 / height, 1, 1 - 0.45 / height))
    _save(figure, path)


def scores_matrix(table: Mapping[str, Any], order: Sequence[int]) -> np.ndarray[Any, Any]:
    """The entrants ``order`` by ``order``: ``[i][j]`` is entrant ``order[i]``'s share of the score against
    ``order[j]`` (NaN where they never met)."""
    place = {entrant: i for i, entrant in enumerate(order)}
    matrix = np.full((len(order), len(order)), np.nan)
    for pair in table["pairs"]:
        a, b = pair["a"], pair["b"]
        if pair["matches"] and a in place and b in place:
            matrix[place[a], place[b]] = pair["a_score"] / pair["matches"]
            matrix[place[b], place[a]] = pair["b_score"] / pair["matches"]
    return matrix


def crosstable(
    tournament: Mapping[str, Any], table: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], path: Path
) -> None:
    """Draw the crosstable's heatmap (the best :data:`MOST_ROWS` of ``lines``, in their order) to ``path``."""
    order = [line["entrant"] for line in lines[:MOST_ROWS]]
    names = [line["name"] for line in lines[:MOST_ROWS]]
    matrix = scores_matrix(table, order)
    size = 2.5 + 0.32 * len(order)
    figure, axes = plt.subplots(figsize=(size + 1.5, size))
    image = axes.imshow(np.ma.masked_invalid(matrix), cmap="RdYlGn", vmin=0.0, vmax=1.0)
    axes.set_xticks(range(len(order)), names, rotation=90, fontsize="small")
    axes.set_yticks(range(len(order)), names, fontsize="small")
    axes.set_xlabel("against")
    axes.set_ylabel("entrant (best at the top)")
    if len(order) <= ANNOTATE_UP_TO:
        for i in range(len(order)):
            for j in range(len(order)):
                if not np.isnan(matrix[i, j]):
                    axes.text(j, i, f"{matrix[i, j]:.2f}", ha="center", va="center", fontsize="small")
    figure.colorbar(image, ax=axes, label="share of the score against (1: always ahead)", shrink=0.8)
    hidden = len(lines) - len(order)
    suffix = f", the best {len(order)} of {len(lines)}" if hidden else ""
    axes.set_title(_title(tournament, f"crosstable{suffix}"), fontsize="medium")
    _save(figure, path)


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
