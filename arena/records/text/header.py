"""The header of a text record, as PGN's tag pairs: ``[Name "value"]``, one per line.

The game, the match, the date it was created, each seat (who played it, and how it ended), the
options, the time control, the tournament, the seed and its commitment, the result and how the
match ended, all in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

import engine
from arena.records.text.narrator import Narrator
from arena.records.text.words import SeatNames, listed, seconds, utc_time

Json = Mapping[str, Any]

#: How a seat's kind is said.
KINDS = {"player": "a player", "open": "an open seat no one took"}
#: How a seat that left the match is said, by its state.
LEFT = {"resigned": "resigned", "timed_out": "out of time", "disqualified": "disqualified"}


def tag(name: str, value: str) -> str:
    """One header line; the value quoted as PGN quotes it (backslash and double quote escaped)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def header_lines(record: Json, names: SeatNames, narrator: Narrator) -> list[str]:
    """The header of ``record`` (decoded, as ``GET /matches/{id}/record`` serves it)."""
    game = engine.get_game(record["game"])
    tournament = record.get("tournament")
    lines = [
        tag("Game", game.info.title),
        tag("Match", str(record.get("match_id", "unknown"))),
        tag("Date", utc_time(float(record["steps"][0]))),
    ]
    for seat in range(record["players"]):
        lines.append(tag(f"Seat{seat}", seat_words(record, seat, names)))
    lines += [
        tag("Options", options_words(game, record["options"], names)),
        tag("TimeControl", time_control_words(record.get("time_control"))),
    ]
    if tournament is not None:
        lines.append(tag("Tournament", f"{tournament['tournament_id']}, match {tournament['index']}"))
    lines += [
        tag("Seed", str(record["seed"])),
        tag("SeedCommitment", record.get("seed_commitment") or "none (the match predates commitments)"),
        tag("Result", result_words(record, names, narrator)),
        tag("Ending", ending_words(record, names)),
    ]
    return lines


def seat_words(record: Json, seat: int, names: SeatNames) -> str:
    """``ann: a player, resigned``; ``greedy: the server's greedy bot``; in a tournament's line, the
    entrant, the forfeit and the points too."""
    seats = record.get("seats") or []
    info = seats[seat] if seat < len(seats) else {}
    kind = info.get("kind")
    said = f"the server's {info.get('bot')} bot" if kind == "bot" else KINDS.get(kind or "", "a player")
    parts = [said]
    if info.get("state") in LEFT:
        parts.append(LEFT[info["state"]])
    tournament = record.get("tournament") or {}
    if "entrants" in tournament:
        parts.append(f"entrant {tournament['entrants'][seat]}")
        forfeit = tournament["forfeits"][seat]
        if forfeit is not None:
            parts.append(f"forfeits ({forfeit})")
        points = tournament["points"][seat]
        parts.append(f"{points:g} {'point' if points == 1 else 'points'}")
    return f"{names(seat)}: {', '.join(parts)}"


def options_words(game: engine.Game[Any], options: Json, names: SeatNames) -> str:
    """Each option that applies, in the catalogue's order: ``variant standard, first player ann``."""
    said = []
    for spec in game.info.options:
        if spec.name not in options:
            continue
        if spec.applies_when is not None and options.get(spec.applies_when[0]) not in spec.applies_when[1]:
            continue
        value = options[spec.name]
        if spec.kind == "seat" and isinstance(value, int):
            shown = names(value)
        elif spec.kind == "boolean":
            shown = "yes" if value else "no"
        elif value is None:
            shown = "default"
        elif spec.kind == "json":
            shown = orjson.dumps(value).decode()
        else:
            shown = str(value)
        said.append(f"{spec.name.replace('_', ' ')} {shown}")
    return ", ".join(said) or "none"


def time_control_words(control: Json | None) -> str:
    """``per action 30 s, on timeout forfeit``; ``none`` for a match without one."""
    if not control:
        return "none"
    said = []
    for key, value in control.items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not value:
                continue
            shown = seconds(value)
        else:
            shown = str(value)
        said.append(f"{key.replace('_', ' ')} {shown}")
    return ", ".join(said)


def result_words(record: Json, names: SeatNames, narrator: Narrator) -> str:
    """``ann wins``; with scores and, with three seats or more, ranks: ``ann wins; ranks ann 1, ...``."""
    result = record.get("result")
    if record.get("status") == "aborted" or result is None:
        return "none: the match was aborted"
    winners: Sequence[int] = result["winners"]
    said = f"{names.all(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else narrator.nobody_wins()
    scores, ranks = result.get("scores"), result.get("ranks")
    if scores is not None and narrator.score_words is not None:
        unit = narrator.score_words[1]
        said += f"; {unit}: " + ", ".join(f"{names(seat)} {score:g}" for seat, score in enumerate(scores))
    if ranks is not None and len(ranks) > 2:
        said += "; ranks: " + ", ".join(f"{names(seat)} {rank}" for seat, rank in enumerate(ranks))
    return said


def ending_words(record: Json, names: SeatNames) -> str:
    """How the match ended: by the rules, by the step that left one seat playing (or none), or aborted."""
    if record.get("status") == "aborted":
        return "aborted by the host"
    last = record["steps"][-1]
    if isinstance(last, list) and len(last) == 3 and any(event["kind"] == "ended" for event in last[2]):
        first = last[2][0]
        who = names(first["data"].get("seat"))
        ended = next(event for event in last[2] if event["kind"] == "ended")["data"]
        if first["kind"] == "timeout":
            cause = f"{who} ran out of time and forfeited"
        elif first["data"].get("reason") == "disqualified":
            cause = f"{who} was disqualified for illegal actions"
        else:
            cause = f"{who} resigned"
        playing = ended.get("winners") or []
        left = f"{listed([names(seat) for seat in playing])} the only seat playing" if playing else "no seat playing"
        return f"{cause}, leaving {left}"
    return "by the rules"
