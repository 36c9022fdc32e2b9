"""The runner's live view (rich): a progress bar of matches finished and the standings so far."""

from __future__ import annotations

from types import TracebackType
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def standings_table(tournament: dict[str, Any]) -> Table:
    """The standings, best first (a page): points, matches, wins, forfeits, the rating beside, and why an
    entrant's matches wait (the tournament is paused, or its lease lapsed)."""
    table = Table(title=f"{tournament['game']} {tournament['format']}: {tournament['status']}")
    for column in ("#", "entrant", "matches", "wins", "points", "mu", "sigma", "ordinal", "forfeits", "held"):
        table.add_column(column, justify="left" if column in ("entrant", "forfeits", "held") else "right")
    for place, row in enumerate(tournament["standings"]["entrants"], start=1 + tournament["standings"]["offset"]):
        forfeits = ", ".join(f"{cause} {count}" for cause, count in sorted(row["forfeits"].items()) if count)
        table.add_row(
            str(place),
            row["name"],
            str(row["matches"]),
            str(row["wins"]),
            f"{row['points']:.1f}",
            f"{row['mu']:.2f}",
            f"{row['sigma']:.2f}",
            f"{row['ordinal']:.2f}",
            forfeits,
            row.get("held") or "",
        )
    return table


class Display:
    """A live progress bar and standings table, redrawn on each :meth:`update` (nothing when disabled)."""

    def __init__(self, enabled: bool = True, console: Console | None = None) -> None:
        self.enabled = enabled
        self.console = console or Console()
        self.progress = Progress(
            TextColumn("matches"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=self.console
        )
        self.task = self.progress.add_task("matches", total=None)
        self.live: Live | None = None

    def __enter__(self) -> Display:
        if self.enabled:
            self.live = Live(self.progress, console=self.console, refresh_per_second=4)
            self.live.__enter__()
        return self

    def update(self, tournament: dict[str, Any]) -> None:
        if self.live is None:
            return
        progress = tournament["progress"]
        self.progress.update(self.task, total=progress["scheduled"], completed=progress["finished"])
        self.live.update(Group(self.progress, standings_table(tournament)))

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.live is not None:
            self.live.__exit__(kind, error, trace)
            self.live = None
