"""The standings plot: each entrant's rating (mu) with its uncertainty (+-3 sigma), best at the top."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display needed

import matplotlib.pyplot as plt


def standings(tournament: dict[str, Any], path: Path) -> None:
    """Draw the tournament's standings to ``path`` (PNG)."""
    rows = list(reversed(tournament["standings"]["entrants"]))
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.45 * max(1, len(rows))))
    try:
        positions = range(len(rows))
        axes.errorbar(
            [row["mu"] for row in rows],
            positions,
            xerr=[3 * row["sigma"] for row in rows],
            fmt="o",
            capsize=4,
        )
        axes.scatter([row["ordinal"] for row in rows], positions, marker="|", s=200, label="ordinal (mu - 3 sigma)")
        axes.set_yticks(list(positions), [row["name"] for row in rows])
        axes.set_xlabel("rating: mu +- 3 sigma")
        axes.set_title(f"{tournament['game']} {tournament['format']} ({tournament['tournament_id']})")
        axes.legend(loc="lower right", fontsize="small")
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=100)
    finally:
        plt.close(figure)
