"""Matches played purely through :class:`~arena.matches.table.Table` (no Redis, no HTTP), and their records.

The same transitions the server writes: a setup whose log opens with the commitment, players' moves,
server bots, a join, a timeout the stand-in bot decides, a forfeit on time, resignations, a
disqualification, an abort. The log entries are kept as the store keeps them (JSON bytes), so the
record is built exactly as the writer of the last version builds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import orjson

import engine
from arena.commitment import commitment_event, new_salt, seed_commitment
from arena.matches.creation import bot_memories
from arena.matches.table import SeatInfo, Step, Table
from arena.matches.time_control import TimeControl
from arena.records.codec import decode_record, encode_record, record_header

Json = dict[str, Any]


class PureMatch:
    """A match at the table, written to a log as the store would."""

    def __init__(
        self,
        game: str,
        seats: list[SeatInfo],
        options: Json | None = None,
        seed: int = 7,
        control: TimeControl | None = None,
    ) -> None:
        match, events = engine.new_match(game, len(seats), options or {}, seed, 1000.0)
        salt = new_salt()
        self.now = 1000.0
        self.table = Table(
            match_id=f"pure-{game}",
            match=match,
            version=0,
            seats=tuple(seats),
            created_at=self.now,
            updated_at=self.now,
            time_control=control,
            deadlines=tuple(None for _ in seats),
            memories=bot_memories(game, seats, events),
            salt=salt,
        )
        if self.table.status == "active":
            self.table = self.table.with_deadlines((), None, self.now)
        events = [commitment_event(seed_commitment(match.seed, salt)), *events]
        entry = {"version": 0, "seat": None, "action": None, "at": self.now, "events": [e.to_json() for e in events]}
        self.entries = [orjson.dumps(entry)]
        self.rng = random.Random(seed)

    def write(self, step: Step) -> None:
        assert step.table.version == len(self.entries)
        self.entries.append(orjson.dumps(step.entry))
        self.table = step.table

    def tick(self, seconds: float = 1.5) -> float:
        self.now += seconds
        return self.now

    def move(self) -> None:
        """The next version: a server bot's move if one is due, else a random legal move of the first seat to act."""
        step = self.table.server_step(self.tick())
        if step is None:
            seat, match = self.table.to_act[0], self.table.match
            # uniform over the legal actions without listing them (a Girafferaffe hand may have 400,000)
            action = engine.nth_legal_action(match, seat, self.rng.randrange(engine.count_legal_actions(match, seat)))
            step = self.table.act(seat, action, self.now)
        self.write(step)

    def play(self, versions: int) -> None:
        while self.table.status == "active" and self.table.version < versions:
            self.move()

    def then(self, transition: Callable[[Table, float], Step]) -> None:
        self.write(transition(self.table, self.tick()))

    def record(self) -> Json:
        assert self.table.is_over
        return decode_record(encode_record(record_header(self.table), self.entries))
