"""A tournament as stored: its settings, entrants, schedule and progress, with pure transitions.

Like :class:`~arena.matches.table.Table` for a match, every transition here is pure and returns the
next record (one version up); the service writes it with compare-and-set. The record decides what
the arena does next: which scheduled matches may start now (their named entrants are free and
present, within the limits of :mod:`arena.tournaments.dispatch`, while the tournament is not paused),
when a Swiss round is complete and the next is paired, when an SPRT has its verdict (counting results in
schedule order, :mod:`arena.tournaments.sprt_tally`), and what each entrant's next matches are.

The standings (each entrant's counts and the head to head of each pair) are not part of the record:
they live in keys of their own, and recording an outcome changes those of its table only (a
:class:`~arena.tournaments.standings.Ledger`). Neither are the entrants nor the Swiss rounds after the
first, which never change once written: the store keeps them apart and each process keeps what it
has read (:mod:`api.store.tournaments`).

Each scheduled match has a state: ``pending`` (not started), ``playing`` (its match exists, or is
being created), ``done`` (its outcome is recorded), ``void`` (it ended without a result and will not
be played again: aborted when the tournament stopped early, after an SPRT verdict or a cancel) or
``skipped`` (the tournament stopped before it started). A match that ended without a result while
the tournament goes on is *voided and played again*: aborted by its host, or one of whose programs
never asked for it (so never made a decision: the runner was down, say). Its slot is ``pending``
again, for a new match on the same seed, at most :data:`MAX_REPLAYS` times. Match ids are derived
from the tournament id, the schedule index and the attempt, so starting a match twice (two workers
racing, a crash between the two writes) creates it once.
"""

from __future__ import annotations

import dataclasses
import functools
import secrets
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal

from arena.commitment import seed_commitment
from arena.tournaments.dispatch import Capacity, startable
from arena.tournaments.schedule import Format, Pairing, plan, swiss_round, tables_of, total_matches
from arena.tournaments.sprt import Sprt
from arena.tournaments.sprt_tally import SprtTally
from arena.tournaments.standings import ForfeitCause, Held, Ledger, Outcome

Status = Literal["open", "running", "paused", "finished", "cancelled"]
SlotState = Literal["pending", "playing", "done", "void", "skipped"]
#: Why a match was voided and played again: its host aborted it, a program never asked for it, the
#: runner of a program that timed out was gone (its presence lease lapsed), or its runner said a
#: worker playing it died (``arena/tournaments/holds.py``).
VoidReason = Literal["aborted", "absent", "runner_lost", "worker_lost"]

#: How many matches play at once when the host sets no ``concurrency``: named entrants play one
#: match at a time unless they say more, but server bots play any number, so a tournament of bots needs a cap.
DEFAULT_CONCURRENCY = 32
#: How many times one scheduled match is voided and played again; after that a match whose program
#: never asked is scored as it ended, and one aborted again stays void.
MAX_REPLAYS = 3

#: The states a scheduled match can leave no more.
SETTLED: tuple[SlotState, ...] = ("done", "void", "skipped")
#: The statuses in which matches play: the referee's sweep looks at these tournaments.
UNDER_WAY: tuple[Status, ...] = ("running", "paused")


@dataclasses.dataclass(frozen=True)
class Entrant:
    """One entrant: a named program holding a token, or a server bot."""

    name: str
    bot: str | None = None
    #: The SHA-256 digest of the entrant's token (named entrants only).
    digest: str | None = None
    #: The entrant's own time control (a create request's), over the tournament's for its seats.
    time_control: Mapping[str, Any] | None = None
    #: At most this many of its matches play at once (``None``: the default, see :attr:`limit`).
    concurrency: int | None = None

    @property
    def limit(self) -> int | None:
        """Its matches at once: its ``concurrency``, else 1 for a named entrant and any number for a bot."""
        if self.concurrency is not None:
            return self.concurrency
        return 1 if self.bot is None else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "bot": self.bot, "digest": self.digest}
        if self.time_control is not None:
            data["time_control"] = dict(self.time_control)
        if self.concurrency is not None:
            data["concurrency"] = self.concurrency
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entrant:
        return cls(data["name"], data.get("bot"), data.get("digest"), data.get("time_control"), data.get("concurrency"))


@dataclasses.dataclass(frozen=True)
class Settings:
    """What the host chose when creating the tournament."""

    game: str
    options: Mapping[str, Any]
    players_per_match: int
    format: Format
    rounds: int | None
    games_per_pairing: int
    duplicate: bool
    seed: int
    time_control: Mapping[str, Any] | None = None
    #: At most this many matches play at once (None: :data:`DEFAULT_CONCURRENCY`).
    concurrency: int | None = None
    sprt: Sprt | None = None
    #: Illegal actions an entrant may submit in one match before it forfeits it.
    max_illegal: int = 10
    #: The salt of the seed's commitment (``arena/commitment.py``), secret until the tournament is over;
    #: ``None`` for a tournament created before tournaments committed to their seeds.
    salt: str | None = None
    #: Every match is adjudicated once it reaches this many versions in play (``None``: never).
    adjudicate_after: int | None = None

    @property
    def seed_commitment(self) -> str | None:
        """The commitment to the tournament's seed, published at creation (``None``: from before them)."""
        return None if self.salt is None else seed_commitment(self.seed, self.salt)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["options"] = dict(self.options)
        data["time_control"] = None if self.time_control is None else dict(self.time_control)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        sprt = data.get("sprt")
        return cls(**{**data, "sprt": None if sprt is None else Sprt(**sprt)})


def planned(settings: Settings, entrants: int) -> tuple[Pairing, ...]:
    """The schedule known at the start (all of a round robin or gauntlet; Swiss: its first round)."""
    s = settings
    return _plan((s.format, entrants, s.players_per_match, s.games_per_pairing, s.duplicate, s.seed, s.rounds))


@functools.lru_cache(maxsize=64)
def _plan(key: tuple[Format, int, int, int, bool, int, int | None]) -> tuple[Pairing, ...]:
    """:func:`~arena.tournaments.schedule.plan`, computed once per process for each tournament read."""
    format, entrants, players, games_per_pairing, duplicate, seed, rounds = key
    return tuple(
        plan(
            format,
            entrants,
            players,
            games_per_pairing=games_per_pairing,
            duplicate=duplicate,
            seed=seed,
            rounds=rounds,
        )
    )


def match_key(tournament: Tournament, index: int, attempt: int | None = None) -> str:
    """The Idempotency-Key the tournament creates its match at ``index`` with (it fixes the match id):
    the current attempt unless ``attempt`` says which (0 first; each replay of a voided match adds 1).

    It holds the tournament's ``match_secret``, which never leaves the server: otherwise anyone could
    create a match under that id first (``POST /matches`` with the same key) and play it for the
    tournament's entrants.
    """
    number = tournament.attempt(index) if attempt is None else attempt
    base = f"tournament/{tournament.tournament_id}/{tournament.match_secret}/{index}"
    return base if number == 0 else f"{base}/{number}"


@dataclasses.dataclass(frozen=True)
class Tournament:
    """Everything stored for one tournament but its standings."""

    tournament_id: str
    settings: Settings
    entrants: tuple[Entrant, ...]
    host_digest: str
    created_at: float
    updated_at: float
    version: int = 0
    status: Status = "open"
    #: Every match scheduled so far, in schedule order (Swiss rounds are added as they are paired).
    pairings: tuple[Pairing, ...] = ()
    #: The state of each scheduled match, parallel to ``pairings``.
    states: tuple[SlotState, ...] = ()
    #: Why each attempt of a match was voided and played again: schedule index -> reasons, in order.
    voids: Mapping[int, tuple[VoidReason, ...]] = dataclasses.field(default_factory=dict)
    #: Forfeits reported by the host for a seat of a match still playing: ``"<index>:<seat>"`` -> cause.
    reported: Mapping[str, ForfeitCause] = dataclasses.field(default_factory=dict)
    #: Swiss byes per entrant.
    byes: tuple[int, ...] = ()
    #: The SPRT's verdict, once it has one: "H0" or "H1".
    verdict: str | None = None
    #: The SPRT's counts so far (a tournament with an SPRT only).
    sprt_tally: SprtTally | None = None
    #: How many outcomes have been recorded (the length of the stored outcomes, in finishing order).
    recorded: int = 0
    #: A secret in the key of every match the tournament creates (see :func:`match_key`).
    match_secret: str = ""
    #: Who the tournament counts against until it is over (``arena/tournaments/quota.py``: the address that
    #: created it); ``None`` for one that counts against nobody (no quota when it was created). No view shows it.
    holder: str | None = None

    # --- reading ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "cancelled")

    @property
    def under_way(self) -> bool:
        """Started and not over: matches play (or finish, while paused)."""
        return self.status in UNDER_WAY

    @property
    def scheduled(self) -> int:
        """How many matches the tournament plays in all (Swiss: over all its rounds); 0 while entries are open."""
        if self.status == "open" or not self.pairings:
            return len(self.pairings)  # entries open, or cancelled before the start: nothing was scheduled
        s = self.settings
        return total_matches(
            s.format, len(self.entrants), s.players_per_match, games_per_pairing=s.games_per_pairing, rounds=s.rounds
        )

    def progress(self) -> dict[str, int]:
        counts = {state: self.states.count(state) for state in ("pending", "playing", "done", "void", "skipped")}
        replayed = sum(len(reasons) for reasons in self.voids.values())
        return {
            "scheduled": self.scheduled,
            "finished": counts["done"] + counts["void"],
            **counts,
            "replayed": replayed,
        }

    def indexes(self, state: SlotState) -> list[int]:
        return [i for i, s in enumerate(self.states) if s == state]

    def attempt(self, index: int) -> int:
        """Which attempt of the match at ``index`` is (or will be) played: 0, then one more per replay."""
        return len(self.voids.get(index, ()))

    def is_named(self, entrant: int) -> bool:
        return self.entrants[entrant].bot is None

    def named_at(self, index: int) -> list[int]:
        """The named entrants (programs) of the match at ``index``."""
        return [e for e in self.pairings[index].entrants if self.is_named(e)]

    def launchable(self, away: Collection[int] = (), capacities: Sequence[Capacity] = ()) -> list[int]:
        """The pending matches that may start now, in schedule order: the tournament runs (is not
        paused), and the limits of :mod:`arena.tournaments.dispatch` hold: the tournament's and each
        entrant's concurrency, no entrant ``away`` (its host's lease lapsed), the ``capacities`` its
        host's leases said, an SPRT's window."""
        if self.status != "running":
            return []
        playing = self.indexes("playing")
        room = (self.settings.concurrency or DEFAULT_CONCURRENCY) - len(playing)
        return startable(
            self.indexes("pending"),
            playing,
            lambda index: self.pairings[index].entrants,
            [entrant.limit for entrant in self.entrants],
            room=room,
            away=away,
            capacities=capacities,
            below=self.sprt_window_end(),
        )

    def sprt_window_end(self) -> int | None:
        """Under an SPRT counting in schedule order, the first index that may not start yet (see
        :meth:`~arena.tournaments.sprt_tally.SprtTally.window_end`); ``None`` otherwise."""
        tally, sprt = self.sprt_tally, self.settings.sprt
        if tally is None or sprt is None or not tally.in_order:
            return None
        concurrency = self.settings.concurrency or DEFAULT_CONCURRENCY
        return tally.window_end(self.pairings, sprt, self.settings.duplicate, concurrency)

    def held(self, away: Collection[int]) -> dict[int, Held]:
        """Why each held entrant's matches do not start now: the whole tournament is paused, or its lease lapsed."""
        if self.status == "paused":
            return dict.fromkeys(range(len(self.entrants)), "paused")
        if self.status != "running":
            return {}
        return dict.fromkeys((e for e in away if 0 <= e < len(self.entrants)), "away")

    def next_for(self, entrant: int) -> int | None:
        """The schedule index of the entrant's first match playing now, if any."""
        playing = self.playing_for(entrant)
        return playing[0] if playing else None

    def playing_for(self, entrant: int) -> list[int]:
        """The schedule indexes of the entrant's matches playing now (up to its concurrency), in order."""
        return [index for index in self.indexes("playing") if entrant in self.pairings[index].entrants]

    def done_for(self, entrant: int) -> bool:
        """Whether the entrant has nothing left to play in this tournament."""
        if self.is_over:
            return True
        if self.status == "open":
            return False
        if any(entrant in self.pairings[i].entrants for i in self.indexes("pending") + self.indexes("playing")):
            return False
        return not self._rounds_to_come()

    def seat_of(self, index: int, entrant: int) -> int:
        return self.pairings[index].entrants.index(entrant)

    def sprt_counts(self) -> tuple[int, int, int]:
        """Wins, draws and losses of entrant 0 against entrant 1 (a two-entrant, 2-player gauntlet)."""
        return (self.sprt_tally or SprtTally()).results

    def sprt_llr(self) -> float:
        """The SPRT's log-likelihood ratio so far: per match, or per whole deal under duplicate deals
        (the two matches of a deal share its luck, so they are not independent)."""
        assert self.settings.sprt is not None
        return (self.sprt_tally or SprtTally()).llr(self.settings.sprt, self.settings.duplicate)

    def needs_pairing(self) -> bool:
        """Whether the next Swiss round is due: every match of the rounds so far is settled."""
        return self.under_way and self._rounds_to_come() and all(s in SETTLED for s in self.states)

    def rounds(self) -> int:
        """How many rounds are scheduled so far (pairings come in round order)."""
        return self.pairings[-1].round + 1 if self.pairings else 0

    def round_tables(self, round: int) -> list[tuple[int, ...]]:
        """The tables of a scheduled round (what the store keeps of a Swiss round)."""
        return tables_of([p for p in self.pairings if p.round == round])

    def entrants_moved(self, before: Tournament) -> set[int]:
        """The named entrants whose ``next`` may answer otherwise since ``before``: those of the matches
        that ended or were voided, and everyone's once the tournament is over."""
        if self.is_over and not before.is_over:
            return {e for e in range(len(self.entrants)) if self.is_named(e)}
        moved: set[int] = set()
        for index, (old, new) in enumerate(zip(before.states, self.states, strict=False)):
            if old == "playing" and new != "playing":
                moved.update(self.named_at(index))
        return moved

    # --- transitions --------------------------------------------------------------------------

    def join(self, name: str, digest: str, now: float, concurrency: int | None = None) -> Tournament:
        return self._next(now, entrants=(*self.entrants, Entrant(name, digest=digest, concurrency=concurrency)))

    def start(self, now: float) -> Tournament:
        pairings = planned(self.settings, len(self.entrants))
        return self._next(
            now,
            status="running",
            pairings=tuple(pairings),
            states=tuple("pending" for _ in pairings),
            byes=self._byes_of(pairings, (0,) * len(self.entrants)),
            sprt_tally=None if self.settings.sprt is None else SprtTally(),
        )._finish_if_complete()

    def cancel(self, now: float) -> Tournament:
        return self._next(now, status="cancelled", states=self._stopped())

    def pause(self, now: float) -> Tournament:
        return self._next(now, status="paused")

    def resume(self, now: float) -> Tournament:
        return self._next(now, status="running")

    def _stopped(self) -> tuple[SlotState, ...]:
        """The states when the tournament stops early: matches playing are aborted (void), the rest skipped."""
        stopped: dict[SlotState, SlotState] = {"pending": "skipped", "playing": "void"}
        return tuple(stopped.get(s, s) for s in self.states)

    def launch(self, indexes: Sequence[int], now: float) -> Tournament:
        states = list(self.states)
        for index in indexes:
            assert states[index] == "pending", (index, states[index])
            states[index] = "playing"
        return self._next(now, states=tuple(states))

    def report(self, index: int, seat: int, cause: ForfeitCause, now: float) -> Tournament:
        return self._next(now, reported={**self.reported, f"{index}:{seat}": cause})

    def may_replay(self, index: int) -> bool:
        """Whether a match at ``index`` that ended without a result is played again (not yet too often)."""
        return not self.is_over and self.attempt(index) < MAX_REPLAYS

    def record(self, index: int, outcome: Outcome | VoidReason, now: float, ledger: Ledger) -> Tournament:
        """The match at ``index`` ended with ``outcome``, or was void (why); the ledger counts the outcome.

        A void match is played again while :meth:`may_replay`; otherwise it stays ``void``.
        """
        reported = {key: cause for key, cause in self.reported.items() if not key.startswith(f"{index}:")}
        states = list(self.states)
        if isinstance(outcome, str):
            if self.may_replay(index):
                states[index] = "pending"
                voids = {**self.voids, index: (*self.voids.get(index, ()), outcome)}
                return self._next(now, states=tuple(states), voids=voids, reported=reported)
            states[index] = "void"
            tally = self._tally_past(self.sprt_tally, states)
            after = self._next(now, states=tuple(states), reported=reported, sprt_tally=tally)
            return after._judge()._finish_if_complete()
        states[index] = "done"
        ledger.add(outcome)
        tally = None if self.sprt_tally is None else self.sprt_tally.take(outcome, self.pairings[index])
        tally = self._tally_past(tally, states)
        after = self._next(now, states=tuple(states), reported=reported, recorded=self.recorded + 1, sprt_tally=tally)
        return after._judge()._finish_if_complete()

    def _tally_past(self, tally: SprtTally | None, states: Sequence[SlotState]) -> SprtTally | None:
        """``tally`` with the results counted that now follow settled matches only (schedule order)."""
        if tally is None or self.settings.sprt is None:
            return tally
        sprt, duplicate = self.settings.sprt, self.settings.duplicate
        return tally.advance(self.pairings, lambda index: states[index] == "void", sprt, duplicate)

    def pair_next_round(self, points: Sequence[float], now: float) -> Tournament:
        """Pair the next Swiss round (see :meth:`needs_pairing`) from every entrant's points."""
        s = self.settings
        round_pairings = swiss_round(
            self.rounds(),
            len(self.entrants),
            s.players_per_match,
            points=points,
            past_tables={frozenset(p.entrants) for p in self.pairings},
            byes=self.byes,
            games_per_pairing=s.games_per_pairing,
            duplicate=s.duplicate,
            seed=s.seed,
            first_index=len(self.pairings),
            first_table=1 + max((p.table for p in self.pairings), default=-1),
        )
        pending: list[SlotState] = ["pending"] * len(round_pairings)
        return self._next(
            now,
            pairings=(*self.pairings, *round_pairings),
            states=(*self.states, *pending),
            byes=self._byes_of(round_pairings, self.byes),
        )

    def forfeits_of(self, index: int, seat_states: Sequence[str]) -> tuple[ForfeitCause | None, ...]:
        """Why each seat of the match at ``index`` forfeited, from its seats' states and what was reported."""
        causes: list[ForfeitCause | None] = []
        for seat, state in enumerate(seat_states):
            reported = self.reported.get(f"{index}:{seat}")
            if state == "timed_out":
                causes.append("timeout")
            elif state == "disqualified":
                causes.append("illegal")
            elif state == "resigned":
                causes.append(reported or "resigned")
            else:
                causes.append(None)
        return tuple(causes)

    # --- internals ----------------------------------------------------------------------------

    def _rounds_to_come(self) -> bool:
        s = self.settings
        if s.format != "swiss" or s.rounds is None:
            return False
        return self.rounds() < s.rounds

    def _judge(self) -> Tournament:
        """Stop at the SPRT's verdict: the matches not yet started are skipped, those playing stop."""
        if self.settings.sprt is None or not self.under_way:
            return self
        verdict = self.settings.sprt.decide(self.sprt_llr())
        if verdict is None:
            return self
        return dataclasses.replace(self, verdict=verdict, status="finished", states=self._stopped())

    def _byes_of(self, round_pairings: Sequence[Pairing], byes: tuple[int, ...]) -> tuple[int, ...]:
        """``byes`` plus one for every entrant who sits out this Swiss round."""
        if self.settings.format != "swiss":
            return byes
        seated = {e for p in round_pairings for e in p.entrants}
        return tuple(count + (entrant not in seated) for entrant, count in enumerate(byes))

    def _finish_if_complete(self) -> Tournament:
        if self.under_way and all(s in SETTLED for s in self.states) and not self._rounds_to_come():
            return dataclasses.replace(self, status="finished")
        return self

    def _next(self, now: float, **changes: Any) -> Tournament:
        return dataclasses.replace(self, version=self.version + 1, updated_at=now, **changes)

    # --- storage form -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The record as stored (without its entrants and its Swiss rounds after the first: the store
        keeps those apart, see :mod:`api.store.tournaments`)."""
        return {
            "tournament_id": self.tournament_id,
            "settings": self.settings.to_json(),
            "entrant_count": len(self.entrants),
            "host_digest": self.host_digest,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "version": self.version,
            "status": self.status,
            "rounds": self.rounds() if self.settings.format == "swiss" and self.status != "open" else None,
            "states": "".join(STATE_CODES[s] for s in self.states),
            "voids": {str(index): list(reasons) for index, reasons in self.voids.items()},
            "reported": dict(self.reported),
            "byes": list(self.byes),
            "verdict": self.verdict,
            "sprt_tally": None if self.sprt_tally is None else self.sprt_tally.to_json(),
            "recorded": self.recorded,
            "match_secret": self.match_secret,
            "holder": self.holder,
        }

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], entrants: Sequence[Entrant], swiss_rounds: Sequence[Sequence[Pairing]] = ()
    ) -> Tournament:
        """The record from its stored form, its entrants and (Swiss) its rounds after the first."""
        settings = Settings.from_json(data["settings"])
        if len(entrants) != data["entrant_count"]:
            raise ValueError(f"the record has {data['entrant_count']} entrants, not {len(entrants)}")
        pairings = planned(settings, len(entrants)) if data["status"] != "open" else ()
        if settings.format == "swiss" and pairings:
            pairings = (*pairings, *(p for round_pairings in swiss_rounds for p in round_pairings))
        tally = data.get("sprt_tally")
        return cls(
            tournament_id=data["tournament_id"],
            settings=settings,
            entrants=tuple(entrants),
            host_digest=data["host_digest"],
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            version=data["version"],
            status=data["status"],
            pairings=tuple(pairings),
            states=tuple(CODE_STATES[c] for c in data["states"]),
            voids={int(index): tuple(reasons) for index, reasons in data["voids"].items()},
            reported=dict(data["reported"]),
            byes=tuple(data["byes"]),
            verdict=data["verdict"],
            sprt_tally=None if tally is None else SprtTally.from_json(tally),
            recorded=data["recorded"],
            match_secret=data["match_secret"],
            holder=data.get("holder"),  # a tournament stored before the quota has none
        )

    def summary(self) -> dict[str, Any]:
        """What the tournament list shows."""
        s = self.settings
        return {
            "tournament_id": self.tournament_id,
            "game": s.game,
            "format": s.format,
            "players_per_match": s.players_per_match,
            "status": self.status,
            "entrants": len(self.entrants),
            "progress": self.progress(),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }


#: One letter per match state in the stored record (a 20,000-match schedule stays small).
STATE_CODES: dict[SlotState, str] = {"pending": "p", "playing": "g", "done": "d", "void": "v", "skipped": "s"}
CODE_STATES: dict[str, SlotState] = {code: state for state, code in STATE_CODES.items()}


def new_seed() -> int:
    """A tournament's seed when the host gives none: random (never derived from anything public)."""
    return secrets.randbits(63)
