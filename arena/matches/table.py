"""A match at the table: the engine match with its seats, clock and arena status, as one record.

Pure: every transition takes ``now`` and returns a :class:`Step`, the next table with the log entry
that produced its version; the store writes both with compare-and-set on ``version``.

``Table.version`` counts every version of the match: engine actions, and the arena's own steps
(a seat joined, resigned or timed out, the host aborted). The engine match keeps its own count for
its random streams, so a match with arena steps still deals as its seed says. Without arena steps
the two are equal, as they were before seats and clocks existed.

Each seat has its clock: its own time control (``SeatInfo.time_control``, a tournament entrant's),
else the match's (``Table.time_control``); ``arena/matches/time_control.py`` does the arithmetic.
A match may be adjudicated: once it reaches ``adjudicate_after`` versions still in play, the arena
ends it as a step of its own, scored by ``arena/matches/adjudication.py``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import engine
from arena.commitment import seed_commitment
from arena.errors import ArenaError
from arena.matches.adjudication import adjudicated_result
from arena.matches.time_control import (
    Asked,
    Deadlines,
    Remaining,
    Starts,
    TimeControl,
    deadlines_of,
    earliest,
    first_starts_after,
    moved_on,
    next_remaining,
    next_starts,
    outage_credits,
)
from engine import Event, Match
from engine.bots import Memory, choose_action, is_slow, remember
from engine.match import check_seat

SeatKind = Literal["player", "bot", "open"]
SeatState = Literal["playing", "resigned", "timed_out", "disqualified"]
Status = Literal["waiting", "active", "finished", "aborted"]

#: The bot that plays a seat that is out of the match (resigned, or timed out under ``forfeit``).
STAND_IN_BOT = "random"


@dataclasses.dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a named player holding a token, a server bot, or nobody yet."""

    kind: SeatKind
    name: str | None = None
    bot: str | None = None
    state: SeatState = "playing"
    #: The SHA-256 digest of the seat's token (player seats only).
    digest: str | None = None
    #: The SHA-256 digest of the invitation an invitation-only open seat is joined with (``None``: anyone
    #: may join it, or it is not open).
    invitation: str | None = None
    #: The seat's own time control, over the match's (``None``: the match's applies).
    time_control: TimeControl | None = None

    @property
    def is_out(self) -> bool:
        return self.state != "playing"

    @property
    def server_bot(self) -> str | None:
        """The bot the server plays this seat with, if it does."""
        if self.kind == "bot":
            return self.bot
        return STAND_IN_BOT if self.is_out else None

    @property
    def by_invitation(self) -> bool:
        """Whether this is an open seat only its invitation's holder may join."""
        return self.kind == "open" and self.invitation is not None

    def to_json(self) -> dict[str, Any]:
        # Written out: dataclasses.asdict deep-copies field by field, a cost paid on every write.
        seat: dict[str, Any] = {"kind": self.kind, "name": self.name, "bot": self.bot, "state": self.state}
        seat["digest"] = self.digest
        if self.invitation is not None:
            seat["invitation"] = self.invitation
        if self.time_control is not None:
            seat["time_control"] = self.time_control.to_json()
        return seat

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatInfo:
        if data.get("time_control") is None:
            return cls(**data)
        return cls(**{**data, "time_control": TimeControl.from_json(data["time_control"])})


@dataclasses.dataclass(frozen=True)
class Step:
    """One new version: the table after it and its log entry."""

    table: Table
    entry: dict[str, Any]
    events: list[Event]


@dataclasses.dataclass(frozen=True)
class Table:
    """Everything stored for one match."""

    match_id: str
    match: Match
    version: int
    seats: tuple[SeatInfo, ...]
    created_at: float
    updated_at: float
    host_digest: str | None = None
    time_control: TimeControl | None = None
    deadlines: Deadlines = ()
    #: The result when the arena ended the match before its rules did (everyone else left).
    forced_result: Mapping[str, Any] | None = None
    aborted: bool = False
    #: The tournament that scheduled this match and the match's place in its schedule.
    tournament: tuple[str, int] | None = None
    #: Illegal actions a seat may submit before it is disqualified (None: no limit).
    max_illegal: int | None = None
    #: What each server bot's seat remembers of the match (``engine.bots.memory``), kept up to date by
    #: every version, so a bot never reads the match's history; ``None`` for other seats, and empty
    #: when no seat's bot keeps one.
    memories: tuple[Memory | None, ...] = ()
    #: Milliseconds the server's bots wait before each move, so people can watch (None: no wait).
    pace_ms: int | None = None
    #: When each seat's current decision came to it (the clock's start; see ``arena/matches/time_control.py``).
    starts: Starts = ()
    #: When each seat's first decision came to it (``None``: none yet; empty: unknown, see :meth:`had_decision`).
    first_starts: Starts = ()
    #: When each seat's program first asked for the match, as far as this record knows (the store
    #: keeps later first requests beside the record until the next write takes them in).
    asked: Asked = ()
    #: The salt of the seed's commitment (``arena/commitment.py``), secret until the seed is revealed;
    #: ``None`` for a match created before matches committed to their seeds.
    salt: str | None = None
    #: The end of the last arena outage this match's clocks were extended for (``None``: none yet), so an
    #: outage is credited once (:meth:`extend_clocks`).
    credited_until: float | None = None
    #: Who the match counts against until it ends (``arena/matches/quota.py``: an address, or a
    #: tournament); ``None`` for a match that counts against nobody (no quota when it was created).
    holder: str | None = None
    #: Each seat's time left on its Fischer clock, its running decision not yet charged (empty: no seat
    #: has one; ``None``: not this seat, or one that has not decided yet, whose time is its ``base``).
    remaining: Remaining = ()
    #: The arena ends the match once it reaches this many versions still in play (``None``: never).
    adjudicate_after: int | None = None

    # --- reading ------------------------------------------------------------------------------

    @functools.cached_property
    def status(self) -> Status:
        """The arena status; cached, since a table never changes and one request asks for it a dozen times."""
        if self.aborted:
            return "aborted"
        if any(seat.kind == "open" for seat in self.seats):
            return "waiting"
        if self.forced_result is not None or self.match.is_over:
            return "finished"
        return "active"

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "aborted")

    @functools.cached_property
    def controls(self) -> tuple[TimeControl | None, ...]:
        """Each seat's time control: its own, else the match's (``None``: the seat is not timed)."""
        return tuple(self.time_control if info.time_control is None else info.time_control for info in self.seats)

    @property
    def is_timed(self) -> bool:
        """Whether any seat plays under a time control."""
        return any(control is not None for control in self.controls)

    @property
    def adjudication_due(self) -> bool:
        """Whether the arena must end the match now: it reached ``adjudicate_after`` versions still in play."""
        return self.adjudicate_after is not None and self.version >= self.adjudicate_after and self.status == "active"

    @property
    def seed_commitment(self) -> str | None:
        """The commitment to the match's seed published at creation (``None``: a match from before them)."""
        return None if self.salt is None else seed_commitment(self.match.seed, self.salt)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now; none while the match waits for players, is over, or is due for adjudication."""
        return tuple(self.match.to_act) if self.status == "active" and not self.adjudication_due else ()

    @property
    def open_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.kind == "open"]

    def result(self) -> dict[str, Any] | None:
        """How the match ended, with ``ranks``; seats that left rank below every seat still playing."""
        if self.forced_result is not None:
            return dict(self.forced_result)
        result = self.match.result
        if result is None or self.aborted:
            return None
        playing = [seat for seat, info in enumerate(self.seats) if not info.is_out]
        order = self.match.game.info.score_order
        ranks = result.ranks(order, playing)
        ranks.update({seat: len(playing) + 1 for seat, info in enumerate(self.seats) if info.is_out})
        winners = [seat for seat in result.winners if seat in ranks and not self.seats[seat].is_out]
        if not winners and any(self.seats[seat].is_out for seat in result.winners):
            winners = [seat for seat in playing if ranks[seat] == 1]  # a stand-in's win does not count
        return {**result.to_json(), "winners": winners, "ranks": [ranks[s] for s in range(len(self.seats))]}

    def next_due(self) -> float | None:
        """When the server must next act on this match: a bot to move (at once, or once its pace has
        passed since the last version), a deadline, or never."""
        if self.status != "active":
            return None
        if self.adjudication_due:
            return self.updated_at
        first = earliest(self.deadlines)
        if any(self.seats[seat].server_bot for seat in self.to_act):
            bot_due = self.bot_due()
            return bot_due if first is None else min(bot_due, first[1])
        return None if first is None else first[1]

    def bot_due(self) -> float:
        """When a server bot may make the next move: ``pace_ms`` after the last version (at once without one)."""
        return self.updated_at + (self.pace_ms or 0) / 1000

    # --- transitions --------------------------------------------------------------------------

    def _evolve(self, **changes: Any) -> Table:
        """``dataclasses.replace(self, **changes)`` in a seventh of its time, for the transitions every move
        makes (three per move): the fields copied as they are, the cached properties left to be computed
        anew. A :class:`Table` is frozen and its ``__init__`` only assigns, so nothing is skipped."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Table has no field {sorted(unknown)}")
        table = object.__new__(Table)
        fields = table.__dict__
        fields.update(self.__dict__)
        for name in _CACHED:
            fields.pop(name, None)
        fields.update(changes)
        return table

    def act(self, seat: int, action: Mapping[str, Any] | engine.Action, now: float) -> Step:
        """``seat`` takes ``action`` (engine rules and arena checks); the step of the next version.

        An action is a request of the seat's program: from then on the seat counts as having asked.
        """
        self._check_can_act(seat, now)
        return self.noting_request(seat, now)._apply(seat, action, now, [])

    def replay_action(self, seat: int, action: Mapping[str, Any], now: float, before: Sequence[Event] = ()) -> Step:
        """The step of an action that a match's record says ``seat`` took at ``now``: a player's, a
        bot's or a stand-in's (``before``: the arena's events first, a timeout's). Checked by the rules
        alone, since the record says who played it; the record's replay (``arena/records/verify.py``)."""
        self._check_running(seat=seat)
        return self._apply(seat, action, now, list(before))

    def join(self, seat: int, name: str | None, digest: str, now: float) -> Step:
        """A player takes open ``seat``; the match starts when no open seat is left."""
        if self.seats[seat].kind != "open":
            raise ArenaError("match/full", f"seat {seat} is taken", seat=seat)
        player = SeatInfo("player", name, digest=digest, time_control=self.seats[seat].time_control)
        seats = _replace_seat(self.seats, seat, player)
        events = [Event("joined", {"seat": seat, "name": name})]
        table = dataclasses.replace(self, seats=seats).noting_request(seat, now)  # the joiner is there
        if table.status == "active":
            events.append(Event("started", {}))
            table = table.with_deadlines((), None, now)
        return table._next(None, None, events, now)

    def resign(self, seat: int, now: float, state: SeatState = "resigned") -> Step:
        """``seat`` leaves the match; it ranks below every seat still playing."""
        self._check_running()
        if self.seats[seat].is_out:
            raise ArenaError("seat/out", f"seat {seat} has already left the match", seat=seat)
        return self._leave(seat, state, [Event("resigned", {"seat": seat, "reason": state})], now)

    def abort(self, now: float) -> Step:
        """The host calls the match off: no result, no more actions."""
        if self.is_over:
            raise ArenaError("match/over", f"the match is already {self.status}")
        table = dataclasses.replace(self, aborted=True, deadlines=tuple(None for _ in self.seats), starts=())
        return table._next(None, None, [Event("aborted", {})], now)

    def server_step(self, now: float) -> Step | None:
        """What the server must do now, if anything: the match's adjudication, a seat's time ran out, or a
        bot's turn."""
        if self.status != "active":
            return None
        if self.adjudication_due:
            return self.adjudicate(now)
        due = earliest(self.deadlines)
        if due is not None and due[1] <= now:
            return self.time_out(due[0], now)
        if self.pace_ms and now < self.bot_due():
            return None  # a paced bot waits: it plays no faster than one version per pace_ms
        for seat in self.to_act:
            bot = self.seats[seat].server_bot
            if bot is not None:
                memory = self.memories[seat] if seat < len(self.memories) else None
                return self._apply(seat, choose_action(self.match, seat, bot, memory=memory), now, [])
        return None

    def slow_bot_turn(self, now: float) -> int | None:
        """The seat of a slow bot (``engine.bots.is_slow``: a search bot) if the server's next step is its
        decision (as :meth:`server_step` would find it), else ``None``: requests leave that step to the
        referee's thinker (``api/workers/referee/thinker.py``), which makes it outside any request."""
        if self.status != "active":
            return None
        due = earliest(self.deadlines)
        if due is not None and due[1] <= now:
            return None
        for seat in self.to_act:
            bot = self.seats[seat].server_bot
            if bot is not None:
                return seat if is_slow(bot) else None
        return None

    def bot_step(self, seat: int, action: Mapping[str, Any] | engine.Action, now: float) -> Step:
        """The step of a slow bot's ``action`` for ``seat``, decided outside (see :meth:`slow_bot_turn`),
        logged as :meth:`server_step` logs a bot's; refused unless that bot's turn is still the next step."""
        if self.slow_bot_turn(now) != seat:
            raise ArenaError("match/moved_on", f"seat {seat}'s bot is no longer the server's next step", seat=seat)
        return self._apply(seat, action, now, [])

    def extend_clocks(self, down_from: float, down_until: float, now: float) -> Step | None:
        """The arena could not serve from ``down_from`` to ``down_until`` (the server, or its store, was down):
        every decision running then gets that time back (its deadline moves on by the overlap), as one
        version whose ``clocks_extended`` event says so; ``None`` when no clock ran meanwhile."""
        if self.status != "active" or not self.is_timed or not self.starts or self.adjudication_due:
            return None
        if self.credited_until is not None and self.credited_until >= down_until:
            return None  # credited already
        credits = outage_credits(self.starts, self.deadlines, down_from, down_until)
        if not credits:
            return None
        starts = moved_on(self.starts, credits)
        asked = moved_on(self.asked or tuple(None for _ in self.seats), credits)
        deadlines = deadlines_of(starts, asked, self.controls, self.remaining)
        table = dataclasses.replace(self, starts=starts, asked=asked, deadlines=deadlines, credited_until=down_until)
        seconds = {str(seat): credit for seat, credit in sorted(credits.items())}
        event = Event("clocks_extended", {"from": down_from, "until": down_until, "seconds": seconds})
        return table._next(None, None, [event], now)

    def time_out(self, seat: int, now: float) -> Step:
        """``seat`` let its deadline pass: it forfeits, or the stand-in bot makes this one decision."""
        control = self.controls[seat]
        assert control is not None
        on_timeout = control.on_timeout
        event = Event("timeout", {"seat": seat, "on_timeout": on_timeout})
        if on_timeout == "forfeit":
            return self._leave(seat, "timed_out", [event], now)
        return self._apply(seat, choose_action(self.match, seat, STAND_IN_BOT), now, [event])

    def adjudicate(self, now: float) -> Step:
        """The arena ends the match, which reached ``adjudicate_after`` versions still in play (see
        :attr:`adjudication_due`), scored by its game's rule (``arena/matches/adjudication.py``): an
        ``adjudicated`` event, then ``ended`` with the reason ``adjudicated`` and the result."""
        playing = [seat for seat, info in enumerate(self.seats) if not info.is_out]
        rule, result = adjudicated_result(self.match, playing, now)
        events = [
            Event("adjudicated", {"after": self.adjudicate_after, "rule": rule}),
            Event("ended", {"reason": "adjudicated", **result}),
        ]
        table = dataclasses.replace(self, forced_result=result, deadlines=tuple(None for _ in self.seats), starts=())
        return table._next(None, None, events, now)

    # --- internals ----------------------------------------------------------------------------

    def _check_running(self, **details: Any) -> None:
        status = self.status
        if status == "waiting":
            raise ArenaError(
                "match/waiting", "the match is waiting for players to join", open=self.open_seats, **details
            )
        if status != "active":
            raise ArenaError("match/over", f"the match is {status}", **details)
        if self.adjudication_due:
            raise ArenaError(
                "match/over", f"the match reached {self.adjudicate_after} versions: the arena adjudicates it", **details
            )

    def _check_can_act(self, seat: int, now: float) -> None:
        self._check_running(seat=seat)
        if 0 <= seat < len(self.seats) and self.seats[seat].is_out:
            raise ArenaError("seat/out", f"seat {seat} has left the match ({self.seats[seat].state})", seat=seat)
        deadline = self.deadlines[seat] if 0 <= seat < len(self.deadlines) else None
        if deadline is not None and now > deadline:
            raise ArenaError("action/too_late", f"seat {seat}'s time ran out at {deadline}", deadline=deadline)

    def _apply(self, seat: int, action: Mapping[str, Any] | engine.Action, now: float, before: list[Event]) -> Step:
        if not isinstance(action, engine.Action):  # parsed once here, not in each engine call below
            check_seat(self.match, seat)  # a seat that may not act is told so before a malformed action is
            action = engine.parse_action(self.match.game.actions_by_type, action)
        match, events = engine.apply_action(self.match, seat, action, now)
        secret = engine.action_secret(self.match, seat, action)
        shown = {"label": engine.label(self.match, action), "secret": None if secret is None else secret.to_json()}
        table = self._evolve(match=match).with_deadlines(self.to_act, seat, now)
        return table._next(seat, action.to_json(), [*before, *events], now, shown)

    def _leave(self, seat: int, state: SeatState, events: list[Event], now: float) -> Step:
        seats = _replace_seat(self.seats, seat, dataclasses.replace(self.seats[seat], state=state))
        table = dataclasses.replace(self, seats=seats)
        playing = [s for s, info in enumerate(seats) if not info.is_out]
        if len(playing) == 0 or (len(seats) > 1 and len(playing) == 1):
            result = {
                "winners": playing,
                "scores": None,
                "ranks": [1 if s in playing else len(playing) + 1 for s in range(len(seats))],
            }
            events = [*events, Event("ended", {"reason": "left", **result})]
            table = dataclasses.replace(table, forced_result=result, deadlines=tuple(None for _ in seats), starts=())
        else:
            table = table.with_deadlines(self.to_act, None, now)
        return table._next(seat, None, events, now)

    def with_deadlines(self, to_act_before: tuple[int, ...], actor: int | None, now: float) -> Table:
        """The table with each seat's deadline after a change from ``to_act_before`` (by ``actor``)."""
        before = self.starts or tuple(None for _ in self.seats)
        starts = next_starts(
            before,
            to_act_before,
            self.to_act,
            actor=actor,
            now=now,
            server_plays=lambda seat: self.seats[seat].server_bot is not None,
        )
        remaining = next_remaining(self.remaining, before, starts, self.asked, self.controls, actor=actor, now=now)
        deadlines = deadlines_of(starts, self.asked, self.controls, remaining)
        first = first_starts_after(self.first_starts, self.starts, starts)
        return self._evolve(starts=starts, deadlines=deadlines, remaining=remaining, first_starts=first)

    # --- first requests -----------------------------------------------------------------------

    def had_decision(self, seat: int) -> bool:
        """Whether a decision ever came to ``seat`` (a record from before this was kept: assumed so)."""
        return not self.first_starts or self.first_starts[seat] is not None

    def has_asked(self, seat: int) -> bool:
        """Whether the program of ``seat`` has asked for the match (so far as this record knows)."""
        return seat < len(self.asked) and self.asked[seat] is not None

    def awaits_request(self, seat: int) -> bool:
        """Whether a first request of ``seat``'s program is still news: the seat's ``asked`` says so in every
        match, and under a time control its clock may depend on it."""
        info = self.seats[seat]
        return info.kind == "player" and not info.is_out and not self.is_over and not self.has_asked(seat)

    def awaited_seats(self) -> list[int]:
        """The seats whose first request is still news (see :meth:`awaits_request`)."""
        return [seat for seat in range(len(self.seats)) if self.awaits_request(seat)]

    def noting_request(self, seat: int, now: float) -> Table:
        """The table once ``seat``'s program has asked at ``now`` (unchanged if it had asked before)."""
        return self.with_first_requests({seat: now})

    def with_first_requests(self, asked: Mapping[int, float]) -> Table:
        """The table with the first requests ``asked`` (seat -> when) taken in, and the deadlines they
        bring forward; a seat that had asked keeps its first time."""
        fresh = {seat: at for seat, at in asked.items() if 0 <= seat < len(self.seats) and not self.has_asked(seat)}
        if not fresh:
            return self
        known = self.asked or tuple(None for _ in self.seats)
        merged = tuple(fresh.get(seat, at) for seat, at in enumerate(known))
        if not self.starts or self.is_over:  # over, or a record from before starts were kept: deadlines stand
            return dataclasses.replace(self, asked=merged)
        deadlines = deadlines_of(self.starts, merged, self.controls, self.remaining)
        return dataclasses.replace(self, asked=merged, deadlines=deadlines)

    def _next(
        self,
        seat: int | None,
        action: dict[str, Any] | None,
        events: list[Event],
        now: float,
        shown: Mapping[str, Any] | None = None,
    ) -> Step:
        """The next version; ``shown`` is how the log shows an action: its ``label`` and ``secret``."""
        version = self.version + 1
        table = self._evolve(version=version, updated_at=now, memories=self._remembered(events))
        entry = {
            "version": version,
            "seat": seat,
            "action": action,
            "at": now,
            "events": [event.to_json() for event in events],
            **(shown or {}),
        }
        return Step(table, entry, events)

    def _remembered(self, events: Sequence[Event]) -> tuple[Memory | None, ...]:
        """Each bot seat's memory after it saw ``events``, the next version's."""
        if not self.memories:
            return self.memories
        game = self.match.game_id
        return tuple(None if m is None else remember(game, m, seat, events) for seat, m in enumerate(self.memories))

    # --- storage form -------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return {
            "match": self.match.to_json(),
            "version": self.version,
            "seats": [seat.to_json() for seat in self.seats],
            "host_digest": self.host_digest,
            "time_control": None if self.time_control is None else self.time_control.to_json(),
            "deadlines": list(self.deadlines),
            "forced_result": None if self.forced_result is None else dict(self.forced_result),
            "aborted": self.aborted,
            "tournament": None if self.tournament is None else list(self.tournament),
            "max_illegal": self.max_illegal,
            "memories": list(self.memories),
            "pace_ms": self.pace_ms,
            "starts": list(self.starts),
            "first_starts": list(self.first_starts),
            "asked": list(self.asked),
            "salt": self.salt,
            "credited_until": self.credited_until,
            "holder": self.holder,
            "remaining": list(self.remaining),
            "adjudicate_after": self.adjudicate_after,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }

    @classmethod
    def from_record(cls, match_id: str, record: Mapping[str, Any]) -> Table:
        match = Match.from_json(record["match"])
        if "seats" in record:
            seats = tuple(SeatInfo.from_json(seat) for seat in record["seats"])
        else:  # stored before seats existed: every seat is a player holding its token
            seats = tuple(SeatInfo("player", digest=digest) for digest in record["seat_digests"])
        return cls(
            match_id=match_id,
            match=match,
            version=record.get("version", match.version),
            seats=seats,
            created_at=record["created_at"],
            updated_at=record["updated_at"],
            host_digest=record.get("host_digest"),
            time_control=TimeControl.from_json(record.get("time_control")),
            deadlines=tuple(record.get("deadlines") or (None for _ in seats)),
            forced_result=record.get("forced_result"),
            aborted=record.get("aborted", False),
            tournament=None if record.get("tournament") is None else tuple(record["tournament"]),
            max_illegal=record.get("max_illegal"),
            memories=tuple(record.get("memories") or ()),
            pace_ms=record.get("pace_ms"),
            starts=tuple(record.get("starts") or ()),
            first_starts=tuple(record.get("first_starts") or ()),
            asked=tuple(record.get("asked") or ()),
            salt=record.get("salt"),
            credited_until=record.get("credited_until"),
            holder=record.get("holder"),
            remaining=tuple(record.get("remaining") or ()),
            adjudicate_after=record.get("adjudicate_after"),
        )

    def summary(self) -> dict[str, Any]:
        """What the match list shows of a match."""
        return {
            "match_id": self.match_id,
            "game": self.match.game_id,
            "players": self.match.players,
            "status": self.status,
            "version": self.version,
            "seats": self.seat_resources(),
            "open_seats": self.open_seats,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }

    def seat_resources(self) -> list[dict[str, Any]]:
        """The ``seats`` of the match resource: who sits where, their state, clock and deadline."""
        return [
            {
                "seat": seat,
                "name": info.name,
                "kind": info.kind,
                "bot": info.bot,
                "state": info.state,
                "deadline": self.deadlines[seat] if seat < len(self.deadlines) else None,
                "time_control": None if control is None else control.to_json(),
                "remaining": self.remaining_of(seat),
                "asked": self.has_asked(seat),
                "invitation": info.by_invitation,
            }
            for seat, (info, control) in enumerate(zip(self.seats, self.controls, strict=True))
        ]

    def remaining_of(self, seat: int) -> float | None:
        """The time left on ``seat``'s Fischer clock as of this version, its running decision not charged
        (``None``: the seat has no Fischer clock, or is a server bot, which is never timed)."""
        control = self.controls[seat]
        if control is None or control.base is None or self.seats[seat].kind == "bot":
            return None
        kept = self.remaining[seat] if seat < len(self.remaining) else None
        return control.base if kept is None else kept


#: The fields of a table, and its cached properties (:meth:`Table._evolve`).
_FIELDS = frozenset(field.name for field in dataclasses.fields(Table))
_CACHED = tuple(name for name, value in vars(Table).items() if isinstance(value, functools.cached_property))


def _replace_seat(seats: tuple[SeatInfo, ...], seat: int, info: SeatInfo) -> tuple[SeatInfo, ...]:
    return (*seats[:seat], info, *seats[seat + 1 :])
