"""The runner's results, read from the server and written to the output directory:

- ``tournament.json``: the tournament, its whole standings (best first) and its schedule;
- ``standings.csv`` and ``standings.png`` (points, points per match and matches won, drawn and lost, with
  forfeits by cause, and the rating beside; the title says the tournament's state);
- ``crosstable.json``, ``crosstable.csv`` and ``crosstable.png`` (every pair's results and scores; on
  2-player tables each pair's Elo difference with its 95% interval and likelihood of superiority;
  the heatmap of each entrant's score share against each other);
- ``ratings.json`` and ``ratings.csv``: every entrant's Elo from all matches with its 95% interval,
  best first (``GET /tournaments/{id}/ratings``);
- with an SPRT, ``sprt.json`` and ``sprt.png`` (the log-likelihood ratio against matches, with its bounds);
- once the tournament is over, ``records.jsonl``: every recorded match's record, one JSON line each in
  the order matches finished, with the entrant in each seat and how the tournament scored it
  (``GET /tournaments/{id}/records``); ``arena replay records.jsonl`` replays and checks them all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from arena_sdk import Arena
from arena_sdk.tournaments import tournament_records

from arena_runner import lines

#: The files every tournament gets, in the order they are written.
FILES = (
    "tournament.json",
    "standings.csv",
    "standings.png",
    "crosstable.json",
    "crosstable.csv",
    "crosstable.png",
    "ratings.json",
    "ratings.csv",
)
#: The files of a tournament with an SPRT.
SPRT_FILES = ("sprt.json", "sprt.png")
#: The records of a tournament over.
RECORDS_FILE = "records.jsonl"
#: The tournament statuses whose records the server gives.
OVER = ("finished", "cancelled")
#: Standings rows one request asks for.
PAGE = 200


class Reader:
    """The tournament's public resources, one HTTP client for all."""

    def __init__(self, url: str, tournament_id: str, timeout: float = 30.0) -> None:
        self.base = f"{url.rstrip('/')}/tournaments/{quote(tournament_id, safe='')}"
        self.client = httpx.Client(timeout=timeout)

    def get(self, path: str = "", **params: Any) -> httpx.Response:
        answer = self.client.get(self.base + path, params=params)
        answer.raise_for_status()
        return answer

    def standings(self) -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        while True:
            page = self.get("/standings", offset=len(lines), limit=PAGE).json()
            lines.extend(page["entrants"])
            if not page["entrants"] or len(lines) >= page["total"]:
                return lines

    def close(self) -> None:
        self.client.close()


def write(url: str, tournament_id: str, output: Path) -> list[Path]:
    """Write the result files into ``output``; their paths. Raises ``httpx.HTTPStatusError`` (404: no such
    tournament) or ``httpx.HTTPError`` (no server) before writing anything, ``arena_sdk.ArenaError``
    when the records cannot be read (then ``records.jsonl`` is left as it was)."""
    reader = Reader(url, tournament_id)
    try:
        tournament = reader.get().json()
        standings = reader.standings()
        schedule = reader.get("/matches").json()
        standings_csv = reader.get("/standings", format="csv").text
        crosstable = reader.get("/crosstable").json()
        crosstable_csv = reader.get("/crosstable", format="csv").text
        ratings = reader.get("/ratings").json()
        ratings_csv = reader.get("/ratings", format="csv").text
        sprt = reader.get("/sprt").json() if tournament["sprt"] is not None else None
    finally:
        reader.close()
    from arena_runner import plot  # matplotlib: imported when results are written, not at every runner's start

    output.mkdir(parents=True, exist_ok=True)
    over = tournament["status"] in OVER
    if over:
        write_records(url, tournament_id, output / RECORDS_FILE)
    written = {
        "tournament.json": json.dumps(
            {"tournament": tournament, "standings": standings, "matches": schedule["matches"]}, indent=2
        )
        + "\n",
        "standings.csv": standings_csv,
        "crosstable.json": json.dumps(crosstable, indent=2) + "\n",
        "crosstable.csv": crosstable_csv,
        "ratings.json": json.dumps(ratings, indent=2) + "\n",
        "ratings.csv": ratings_csv,
    }
    paths = []
    for name in FILES:
        path = output / name
        if name in written:
            path.write_text(written[name])
        elif name == "standings.png":
            counts = lines.tallies(schedule["matches"], tournament["entrant_count"])
            plot.standings(tournament, standings, counts, path)
        elif name == "crosstable.png":
            plot.crosstable(tournament, crosstable, standings, path)
        paths.append(path)
    if sprt is not None:
        (output / "sprt.json").write_text(json.dumps(sprt, indent=2) + "\n")
        plot.sprt(tournament, sprt, output / "sprt.png")
        paths += [output / name for name in SPRT_FILES]
    if over:
        paths.append(output / RECORDS_FILE)
    return paths


def write_records(url: str, tournament_id: str, path: Path) -> int:
    """Stream the tournament's records into ``path`` as JSON lines (whole or not at all); how many."""
    partial = path.with_name(path.name + ".part")
    count = 0
    try:
        with partial.open("w", encoding="utf-8") as out:
            for record in tournament_records(Arena(url, timeout=60.0), tournament_id):
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
                count += 1
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
    return count
