"""The runner's words for a host (pure: schedule rows and standings in, lines of text out).

- a line per match over, as cutechess-cli prints one per game:
  ``Finished match 7 (ada vs greedy): 1-0 {greedy loses on time}`` (``N`` is the match's ``index`` in
  the schedule, as in ``records.jsonl``; the result is each seat's points in seat order, ``1/2`` for a
  half), and a line per attempt voided and played again;
- each entrant's matches won (first alone), drawn (first, shared) and lost (any other place, or a
  forfeit), since the standings' ``wins`` counts a shared first place as a win;
- the standings as plain lines with names in full, points per match beside the points;
- the status of a tournament, for ``arena tournament status``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

#: How each forfeit cause reads after the entrant's name.
FORFEIT_WORDS = {
    "timeout": "loses on time",
    "crash": "forfeits: its program crashed",
    "illegal": "is disqualified for illegal actions",
    "resigned": "resigns",
}
#: How each reason an attempt was voided reads.
VOID_WORDS = {
    "absent": "a program never asked for it",
    "aborted": "called off by its host",
    "runner_lost": "the runner of a program that timed out was gone",
    "worker_lost": "a worker playing it died",
}
#: The statuses of a tournament that is over.
OVER = ("finished", "cancelled")


def seat_points(ranks: Sequence[int], forfeits: Sequence[str | None]) -> list[Fraction]:
    """Each seat's points by the documented rule: a forfeit 0; else place p of k is worth (k - p) / (k - 1),
    seats tied at a rank sharing the average of the places they cover (a solo game: 1 for rank 1)."""
    k = len(ranks)
    if k == 1:
        return [Fraction(int(ranks[0] == 1 and forfeits[0] is None))]
    points = []
    for seat, rank in enumerate(ranks):
        if forfeits[seat] is not None:
            points.append(Fraction(0))
            continue
        tied = sum(1 for other in ranks if other == rank)
        ahead = sum(1 for other in ranks if other < rank)
        places = range(ahead + 1, ahead + tied + 1)
        points.append(sum((Fraction(k - place, k - 1) for place in places), Fraction(0)) / tied)
    return points


def points_text(points: Fraction) -> str:
    """``1``, ``0``, ``1/2``: a whole or a fraction with a small denominator, else two decimals."""
    if points.denominator == 1:
        return str(points.numerator)
    if points.denominator <= 12:
        return f"{points.numerator}/{points.denominator}"
    return f"{float(points):.2f}"


def pairing(row: Mapping[str, Any], names: Sequence[str]) -> str:
    """``ada vs greedy``: the entrants of a scheduled match in seat order, names in full."""
    return " vs ".join(name_of(names, entrant) for entrant in row["entrants"])


def name_of(names: Sequence[str], entrant: int) -> str:
    return names[entrant] if 0 <= entrant < len(names) else f"entrant {entrant}"


def reason(row: Mapping[str, Any], names: Sequence[str]) -> str:
    """Why a match ended as it did: its forfeits, else who finished first (``draw``: every seat did)."""
    ranks, forfeits = row["ranks"], row["forfeits"] or [None] * len(row["entrants"])
    said = [
        f"{name_of(names, entrant)} {FORFEIT_WORDS.get(cause, f'forfeits ({cause})')}"
        for entrant, cause in zip(row["entrants"], forfeits, strict=True)
        if cause is not None
    ]
    first = [
        name_of(names, entrant)
        for entrant, rank, cause in zip(row["entrants"], ranks, forfeits, strict=True)
        if rank == 1 and cause is None
    ]
    if len(row["entrants"]) > 1 and len(first) == len(row["entrants"]):
        said.append("draw")
    elif len(first) == 1 and (not said or len(row["entrants"]) > 2):
        said.append(f"{first[0]} wins")
    elif len(first) > 1:
        said.append(f"{' and '.join(first)} share first place")
    return "; ".join(said) or "no winner"


def finished_line(row: Mapping[str, Any], names: Sequence[str]) -> str:
    """The line of a match over: ``Finished match N (A vs B): result {reason}``."""
    if row["state"] == "void" or row.get("ranks") is None:
        return f"Finished match {row['index']} ({pairing(row, names)}): no result {{void: not played again}}"
    forfeits = row["forfeits"] or [None] * len(row["entrants"])
    result = "-".join(points_text(points) for points in seat_points(row["ranks"], forfeits))
    return f"Finished match {row['index']} ({pairing(row, names)}): {result} {{{reason(row, names)}}}"


def voided_line(row: Mapping[str, Any], attempt: int, names: Sequence[str]) -> str:
    """The line of an attempt voided and played again."""
    why = row["voided"][attempt]["reason"]
    return (
        f"Void match {row['index']} ({pairing(row, names)}), attempt {attempt + 1}: played again "
        f"{{{VOID_WORDS.get(why, why)}}}"
    )


@dataclasses.dataclass
class Announcer:
    """Which matches over and voided attempts have had their line, so each gets one (in schedule order)."""

    said: set[tuple[int, int]] = dataclasses.field(default_factory=set)
    started: bool = False

    def lines(self, rows: Iterable[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
        """The lines not said yet for ``rows`` (a schedule, whole or in part). The first call says nothing
        of what was over before (a resumed run): it counts it."""
        new: list[tuple[tuple[int, int], str]] = []
        over_before = 0
        for row in rows:
            for attempt in range(len(row.get("voided") or ())):
                key = (row["index"], attempt)
                if key not in self.said:
                    self.said.add(key)
                    new.append((key, voided_line(row, attempt, names)))
            if row["state"] in ("done", "void"):
                key = (row["index"], len(row.get("voided") or ()))
                if key not in self.said:
                    self.said.add(key)
                    over_before += row["state"] == "done"
                    new.append((key, finished_line(row, names)))
        if not self.started:
            self.started = True
            return [f"{over_before} matches were over before this run: see the standings"] if over_before else []
        return [line for _, line in sorted(new)]


@dataclasses.dataclass(frozen=True)
class Tally:
    """An entrant's matches by how they ended for it."""

    won: int = 0
    drawn: int = 0
    lost: int = 0


def tallies(rows: Iterable[Mapping[str, Any]], entrants: int) -> list[Tally]:
    """Each entrant's matches won (first alone), drawn (first, shared) and lost (any other place, or a forfeit)."""
    counts = [[0, 0, 0] for _ in range(entrants)]
    for row in rows:
        if row["state"] != "done" or row.get("ranks") is None:
            continue
        forfeits = row["forfeits"] or [None] * len(row["entrants"])
        firsts = sum(1 for rank, cause in zip(row["ranks"], forfeits, strict=True) if rank == 1 and cause is None)
        for entrant, rank, cause in zip(row["entrants"], row["ranks"], forfeits, strict=True):
            if 0 <= entrant < entrants:
                kind = 2 if cause is not None or rank != 1 else (0 if firsts == 1 else 1)
                counts[entrant][kind] += 1
    return [Tally(*count) for count in counts]


def per_match(row: Mapping[str, Any]) -> str:
    """Points per match of a standings row (``-`` before its first match)."""
    return f"{row['points'] / row['matches']:.2f}" if row["matches"] else "-"


def forfeits_text(row: Mapping[str, Any]) -> str:
    return ", ".join(f"{cause} {count}" for cause, count in sorted(row["forfeits"].items()) if count)


#: The standings' columns: what a host reads first comes first (a narrow terminal cuts the last ones).
COLUMNS = ("#", "entrant", "matches", "won", "drawn", "lost", "points", "per match", "forfeits", "held", "mu", "sigma")


def standings_cells(lines: Sequence[Mapping[str, Any]], counts: Sequence[Tally], offset: int = 0) -> list[list[str]]:
    """The standings' cells, one list per entrant in :data:`COLUMNS` order (``counts`` by entrant number)."""
    cells = []
    for place, row in enumerate(lines, start=1 + offset):
        tally = counts[row["entrant"]] if 0 <= row["entrant"] < len(counts) else Tally()
        cells.append(
            [
                str(place),
                row["name"],
                str(row["matches"]),
                str(tally.won),
                str(tally.drawn),
                str(tally.lost),
                f"{row['points']:g}",
                per_match(row),
                forfeits_text(row),
                row.get("held") or "",
                f"{row['mu']:.2f}",
                f"{row['sigma']:.2f}",
            ]
        )
    return cells


def standings_lines(lines: Sequence[Mapping[str, Any]], counts: Sequence[Tally], offset: int = 0) -> list[str]:
    """The standings as plain lines under a header, every column as wide as its widest cell (names in full)."""
    cells = standings_cells(lines, counts, offset)
    widths = [max(len(text) for text in column) for column in zip(COLUMNS, *cells, strict=True)]
    left = {"entrant", "forfeits", "held"}  # names and words; numbers to the right
    out = []
    for row in [list(COLUMNS), *cells]:
        parts = [
            text.ljust(width) if column in left else text.rjust(width)
            for column, text, width in zip(COLUMNS, row, widths, strict=True)
        ]
        out.append("  ".join(parts).rstrip())
    return out


def progress_text(tournament: Mapping[str, Any]) -> str:
    """``finished: 30 of 30 matches over``, ``cancelled: 12 of 30 matches over, 18 never played``."""
    progress = tournament["progress"]
    text = f"{tournament['status']}: {progress['finished']} of {progress['scheduled']} matches over"
    if progress.get("void"):
        text += f" ({progress['void']} without a result)"
    if tournament["status"] not in OVER:
        text += f", {progress['playing']} playing, {progress['pending']} to play"
    if progress.get("skipped"):
        text += f", {progress['skipped']} never played"
    if progress.get("replayed"):
        text += f"; {progress['replayed']} attempts voided and played again"
    return text


def status_lines(
    tournament: Mapping[str, Any],
    standings: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    names: Sequence[str],
) -> list[str]:
    """``arena tournament status``: the tournament, its progress, the matches playing, the standings, the SPRT."""
    out = [
        f"tournament {tournament['tournament_id']}: {tournament['game']} {tournament['format']}, "
        f"{tournament['players_per_match']} per match",
        progress_text(tournament),
    ]
    playing = [row for row in rows if row["state"] == "playing"]
    if playing:
        out.append("playing: " + "; ".join(f"match {row['index']} ({pairing(row, names)})" for row in playing))
    held = [f"{row['name']} ({row['held']})" for row in standings if row.get("held")]
    if held:
        out.append("held (their matches do not start now): " + ", ".join(held))
    out += ["", *standings_lines(standings, tallies(rows, len(names)))]
    sprt = tournament.get("sprt")
    if isinstance(sprt, Mapping) and sprt.get("llr") is not None:
        verdict = sprt.get("verdict") or "no verdict yet"
        out.append(
            f"SPRT: LLR {sprt['llr']:.2f} between {sprt['lower_bound']:.2f} (H0) and {sprt['upper_bound']:.2f} (H1): "
            f"{verdict}"
        )
    return out
