"""The runner's results: ``tournament.json`` (the tournament and its schedule), ``standings.csv`` and
``standings.png`` (each entrant's rating mu with a bar of +-3 sigma, best first)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from arena_runner import plot

FILES = ("tournament.json", "standings.csv", "standings.png")


def fetch(url: str, tournament_id: str, timeout: float = 30.0) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The tournament, its schedule (public: no tokens) and its standings as CSV."""
    base = f"{url.rstrip('/')}/tournaments/{quote(tournament_id, safe='')}"
    with httpx.Client(timeout=timeout) as client:
        answers = [client.get(base), client.get(f"{base}/matches"), client.get(f"{base}/standings?format=csv")]
    for answer in answers:
        answer.raise_for_status()
    return answers[0].json(), answers[1].json(), answers[2].text


def write(url: str, tournament_id: str, output: Path) -> list[Path]:
    """Write the three result files into ``output``; their paths."""
    tournament, schedule, csv = fetch(url, tournament_id)
    output.mkdir(parents=True, exist_ok=True)
    paths = [output / name for name in FILES]
    paths[0].write_text(json.dumps({"tournament": tournament, "matches": schedule["matches"]}, indent=2) + "\n")
    paths[1].write_text(csv)
    plot.standings(tournament, paths[2])
    return paths
