"""One line per version of a record's match: the setup, each action with what followed, and the
arena's own steps (a join, a resignation, a disqualification, a timeout, the abort, the clocks extended
after an outage) in words.

The record is replayed with the engine (``arena/records/codec.py``'s :func:`replayed_entries`) for each
version's label and events; a seat out of the match, or out of time, is played by its stand-in (the
server's ``random`` bot), and its line says so.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import orjson

import engine
from arena.records.codec import replayed_entries
from arena.records.text.narrator import UNTOLD, Json, Narrator
from arena.records.text.words import STAND_IN, SeatNames, listed, one_line, seconds, sentence


def version_lines(record: Json, names: SeatNames, narrator: Narrator) -> Iterator[str]:
    """``<version>. <what happened>``, for every version of ``record`` (version 0, the setup, first)."""
    out: set[int] = set()  # the seats that have left the match: their stand-in plays them
    for match, entry in replayed_entries(record):
        version, seat, events = entry["version"], entry["seat"], entry["events"]

        def reveal(match: engine.Match = match, at: float = entry["at"]) -> Mapping[str, Any]:
            return engine.view(match, None, at, ended=True)

        if version == 0:
            told = f"setup: {'; '.join(narrator.setup(events, reveal))}"
        elif entry["action"] is None:
            told = arena_step(seat, events, names, out)
        else:
            timed_out = bool(events) and events[0]["kind"] == "timeout"
            if timed_out:
                events = events[1:]
            actor = f"{names(seat)}'s {STAND_IN}" if timed_out or seat in out else names(seat)
            done = narrator.action(seat, entry["action"], entry["label"], events, reveal)
            told = f"{names(seat)}'s time runs out; {actor} {done}" if timed_out else f"{actor} {done}"
        yield f"{version}. {sentence(told)}"


def arena_step(seat: int | None, events: Sequence[Json], names: SeatNames, out: set[int]) -> str:
    """A step the arena took, not the rules: who joined, resigned, was disqualified, ran out of time; the abort."""
    told = []
    for event in events:
        kind, data = event["kind"], event["data"]
        if kind == "joined":
            told.append(f"{one_line(data.get('name') or 'a player')} takes seat {data['seat']}")
        elif kind == "started":
            told.append("every seat is taken: the match starts")
        elif kind == "resigned":
            who = names(data["seat"])
            disqualified = data.get("reason") == "disqualified"
            told.append(f"{who} is disqualified for illegal actions" if disqualified else f"{who} resigns")
            out.add(data["seat"])
        elif kind == "timeout":
            told.append(f"{names(data['seat'])}'s time runs out: {names(data['seat'])} forfeits")
            out.add(data["seat"])
        elif kind == "ended":
            told.append(ended_words(data, names))
        elif kind == "aborted":
            told.append("the host aborts the match: no result")
        elif kind == "clocks_extended":
            given = [f"{names(int(seat))} {seconds(back)}" for seat, back in sorted(data["seconds"].items())]
            told.append(
                f"the arena was down for {seconds(data['until'] - data['from'])}: time given back to {listed(given)}"
            )
        else:
            told.append(f"{UNTOLD}{kind} {orjson.dumps(data).decode()}")
    if seat is not None and seat in out and not any(event["kind"] == "ended" for event in events):
        told.append(f"from now on {names(seat)}'s {STAND_IN}, the server's random bot, plays for {names(seat)}")
    return "; ".join(told)


def ended_words(data: Json, names: SeatNames) -> str:
    """The arena's end of a match that one seat (or none) is left playing."""
    playing = data.get("winners") or []
    if not playing:
        return "no seat is left playing: the match ends without a winner"
    return f"{names.all(playing)} is the only seat left playing and wins"
