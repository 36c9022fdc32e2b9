"""What every game's narrator does: a player's action in the third person, and each event in words.

A game's narrator (``pipifax.py``, ``taiga.py``, ...) says what its events mean; this base turns an
action's engine label into what the player does (``flip card 7`` becomes ``flips card 7``, and a
``seat N`` the label names becomes the seat's name) and writes any event it has no words for as its
kind and data, so that nothing a version did is left out. A narrator is made for one record: some
follow the table from the events (the die a Pipifax player looks for, Taiga's target card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson

from arena.records.text.words import SeatNames, third_person

Json = Mapping[str, Any]
#: The whole table after a version, as the engine's view shows it once a match is over (hidden
#: information included): asked for only where a narrator tells a deal.
Reveal = Callable[[], Json]
#: Written before an event no narrator has words for; the tests look for it.
UNTOLD = "event "


class Narrator:
    """A game's words. ``clause`` of an event returns ``None`` when the action's own words say it."""

    #: What the game's scores count, singular and plural (``None``: a game without scores).
    score_words: tuple[str, str] | None = None

    def __init__(self, names: SeatNames, options: Json) -> None:
        self.names = names
        self.options = options
        #: The action being told (its JSON), for the events whose words depend on it.
        self.acting: Json = {}

    def action(self, seat: int, action: Json, label: str, events: Sequence[Json], reveal: Reveal) -> str:
        """What ``seat`` does and what followed: ``flips card 7 (red back): a lion (match!); ...``."""
        self.acting = action
        told = self.clauses(seat, events, reveal)
        does = self.does(seat, action, label)
        return f"{does}: {'; '.join(told)}" if told else does

    def does(self, seat: int, action: Json, label: str) -> str:
        """What ``seat`` does, in the third person, from the action's engine label."""
        return third_person(self.names.in_label(label))

    def setup(self, events: Sequence[Json], reveal: Reveal) -> list[str]:
        """The clauses of version 0: the deal, as the whole table shows it, and the setup's events."""
        return self.clauses(None, events, reveal)

    def clauses(self, actor: int | None, events: Sequence[Json], reveal: Reveal) -> list[str]:
        """The clauses of one version's events (``actor``: the seat whose action made them)."""
        told = []
        for event in events:
            handler = getattr(self, f"on_{event['kind']}", None)
            if handler is None:
                told.append(f"{UNTOLD}{event['kind']} {orjson.dumps(event['data']).decode()}")
                continue
            clause = handler(event["data"], actor, reveal)
            if clause:
                told.append(clause)
        return told

    def nobody_wins(self) -> str:
        """The result of a match that ended with no winning seat."""
        return "no one wins"

    def on_seed_committed(self, data: Json, actor: int | None, reveal: Reveal) -> str | None:
        return None  # the header holds the commitment
