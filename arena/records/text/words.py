"""Small pieces of English shared by every game's text record: seat names, lists, verbs, dates.

Pure: a date is a recorded time formatted (the domain reads no clock), so the same record always gives
the same words.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: What a seat that is out of the match (or out of time) is played by: the server's ``random`` bot.
STAND_IN = "stand-in"
_SEAT_NUMBER = re.compile(r"\bseat (\d+)\b")
_HISSING = ("s", "sh", "ch", "x", "z")


class SeatNames:
    """How the text calls each seat: its name, or the bot's, or ``seat N``; a name two seats share
    is told apart by the seat's number (``ann (seat 1)``)."""

    def __init__(self, seats: Sequence[Mapping[str, Any]], players: int) -> None:
        bases = []
        for number in range(players):
            seat = seats[number] if number < len(seats) else {}
            bases.append(one_line(seat.get("name") or seat.get("bot") or f"seat {number}"))
        self.names = [f"{base} (seat {number})" if bases.count(base) > 1 else base for number, base in enumerate(bases)]

    def __call__(self, seat: int | None, nobody: str = "nobody") -> str:
        """The name of ``seat`` (``nobody`` for ``None``, e.g. Girafferaffe's robot)."""
        if seat is None:
            return nobody
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def all(self, seats: Iterable[int]) -> str:
        """Several seats' names as a list in words."""
        return listed([self(seat) for seat in seats])

    def in_label(self, label: str) -> str:
        """An engine label with each ``seat N`` it names replaced by the seat's name."""
        return _SEAT_NUMBER.sub(lambda found: self(int(found.group(1))), label)


def one_line(text: str) -> str:
    """``text`` with anything a reader may take for a line break (``\u2028``, ...) as a space: a name
    never splits a version's line."""
    return " ".join(text.splitlines())


def listed(items: Sequence[str], empty: str = "nothing") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``empty`` for none."""
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``1 token``, ``3 tokens``, ``no tokens``."""
    word = singular if count == 1 else (plural or singular + "s")
    return f"{'no' if count == 0 else count} {word}"


def article(noun: str) -> str:
    """``noun`` after ``a`` or ``an``, as it is said: ``a lion``, ``an elephant``."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def spoken(identifier: str) -> str:
    """An id as words: ``red_fox`` is ``red fox``."""
    return identifier.replace("_", " ")


def third_person(label: str) -> str:
    """An engine label (an order: ``flip card 7``) as what a player does (``flips card 7``)."""
    verb, space, rest = label.partition(" ")
    if not verb.isalpha():
        return label
    ending = "es" if verb.endswith(_HISSING) else "s"
    return f"{verb}{ending}{space}{rest}"


def sentence(text: str) -> str:
    """``text`` with a full stop, unless it ends with one (or another mark) already."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def utc_time(seconds: float) -> str:
    """Epoch ``seconds`` as ``2025-03-14 10:21:07 UTC`` (a recorded time formatted, never the clock read)."""
    return datetime.datetime.fromtimestamp(int(seconds // 1), datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def seconds(value: float) -> str:
    """A duration in seconds as it is said: ``30 s``, ``2.5 s``."""
    return f"{value:g} s"
