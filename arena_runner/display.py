"""What the runner shows a host: on a terminal, a live progress bar and standings (rich) with a line above it
per match over; without one (a log file, ``--quiet``), those lines alone, one per match over
(cutechess-style, :mod:`arena_runner.lines`), and the standings at the end. Either way an outage is
said as it goes: the API or its Redis unreachable for how long, and when they answer again."""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from arena_runner import lines
from arena_runner.lines import Tally


def standings_view(tournament: dict[str, Any], counts: Sequence[Tally] = ()) -> Group:
    """The standings page, best first, as the plain lines of :func:`lines.standings_lines` under the progress:
    names in full whatever the terminal's width (a narrow one cuts the last columns instead)."""
    page = tournament["standings"]
    table = lines.standings_lines(page["entrants"], counts, page["offset"])
    grid = Table.grid()
    grid.add_column(no_wrap=True, overflow="ellipsis")
    grid.add_row(Text(table[0], style="bold"))
    for line in table[1:]:
        grid.add_row(Text(line))
    title = f"{tournament['game']} {tournament['format']}: {lines.progress_text(tournament)}"
    return Group(Text(title, style="bold"), grid)


class Display:
    """The live view (``live``: on a terminal) or the plain lines; :meth:`say` prints a line either way."""

    def __init__(self, live: bool = True, console: Console | None = None) -> None:
        self.console = console or Console()
        self.live_wanted = live and self.console.is_terminal
        self.progress = Progress(
            TextColumn("matches"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=self.console
        )
        self.task = self.progress.add_task("matches", total=None)
        self.live: Live | None = None
        self.waiting: str | None = None
        #: What the live view last showed, to show again with an outage's line.
        self.shown: tuple[dict[str, Any], Sequence[Tally]] | None = None

    def __enter__(self) -> Display:
        if self.live_wanted:
            self.live = Live(self.progress, console=self.console, refresh_per_second=4)
            self.live.__enter__()
        return self

    def say(self, line: str) -> None:
        """A line for the host: above the live view, or on stdout as it is (flushed: a log shows it at once)."""
        if self.live is not None:
            self.live.console.print(Text(line))
        else:
            print(line, flush=True)

    def outage(self, line: str | None) -> None:
        """Say the outage going on (its line also stays above the live view until ``None``: it is over)."""
        self.waiting = line
        if line is not None:
            self.say(line)
        if self.shown is not None:
            self.update(*self.shown)

    def update(self, tournament: dict[str, Any], counts: Sequence[Tally] = ()) -> None:
        if self.live is None:
            return
        self.shown = (tournament, counts)
        progress = tournament["progress"]
        self.progress.update(self.task, total=progress["scheduled"], completed=progress["finished"])
        parts: list[Any] = [self.progress, standings_view(tournament, counts)]
        if self.waiting is not None:
            parts.insert(0, Text(self.waiting, style="bold red"))
        self.live.update(Group(*parts))

    def final(self, tournament: dict[str, Any], standings: Sequence[dict[str, Any]], counts: Sequence[Tally]) -> None:
        """The whole standings as plain lines, once the run is over (names in full, whatever the width)."""
        title = f"{tournament['game']} {tournament['format']} {tournament['tournament_id']}"
        print(f"{title}, {lines.progress_text(tournament)}", flush=True)
        for line in lines.standings_lines(standings, counts):
            print(line, flush=True)

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.live is not None:
            self.live.__exit__(kind, error, trace)
            self.live = None
