"""A tournament as stored: its settings, entrants, schedule and results, with pure transitions.

Like :class:`~api.matches.table.Table` for a match, every transition here is pure and returns the
next record (one version up); the service writes it with compare-and-set. The record decides what
the arena does next: which scheduled matches may start now (their named entrants are free, within
the concurrency limit), when a Swiss round is complete and the next is paired, when an SPRT has its
verdict, and what each entrant's next match is.

Each scheduled match has a state: ``pending`` (not started), ``playing`` (its match exists, or is
being created), ``done`` (its outcome is recorded), ``void`` (its match ended without a result: aborted when the
tournament stopped early, after an SPRT verdict or a cancel, or by its host) or ``skipped`` (the
tournament stopped before it started). Match ids are derived from the tournament id and the schedule
index, so starting a match twice (two workers racing, a crash between the two writes) creates it
once.
"""

from __future__ import annotations

import dataclasses
import functools
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from api.commitment import seed_commitment
from api.tournaments.schedule import Format, Pairing, plan, swiss_round, total_matches
from api.tournaments.sprt import Sprt, deal_totals, results_for
from api.tournaments.standings import ForfeitCause, Outcome, Standings, Tally

Status = Literal["open", "running", "finished", "cancelled"]
SlotState = Literal["pending", "playing", "done", "void", "skipped"]

#: How many matches play at once when the host sets no ``concurrency``: named entrants play one
#: match at a time anyway, but server bots play any number, so a tournament of bots needs a cap.
DEFAULT_CONCURRENCY = 32

#: The states a scheduled match can leave no more.
SETTLED: tuple[SlotState, ...] = ("done", "void", "skipped")


@dataclasses.dataclass(frozen=True)
class Entrant:
    """One entrant: a named program holding a token, or a server bot."""

    name: str
    bot: str | None = None
    #: The SHA-256 digest of the entrant's token (named entrants only).
    digest: str | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


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
    #: The salt of the seed's commitment (``api/commitment.py``), secret until the tournament is over;
    #: ``None`` for a tournament created before tournaments committed to their seeds.
    salt: str | None = None

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
    """:func:`~api.tournaments.schedule.plan`, computed once per process for each tournament read."""
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


def match_key(tournament: Tournament, index: int) -> str:
    """The Idempotency-Key the tournament creates its match at ``index`` with (it fixes the match id).

    It holds the tournament's ``match_secret``, which never leaves the server: otherwise anyone could
    create a match under that id first (``POST /matches`` with the same key) and play it for the
    tournament's entrants.
    """
    return f"tournament/{tournament.tournament_id}/{tournament.match_secret}/{index}"


@dataclasses.dataclass(frozen=True)
class Tournament:
    """Everything stored for one tournament."""

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
    #: The recorded outcomes, in the order the matches finished.
    outcomes: tuple[Outcome, ...] = ()
    #: Forfeits reported by the host for a seat of a match still playing: ``"<index>:<seat>"`` -> cause.
    reported: Mapping[str, ForfeitCause] = dataclasses.field(default_factory=dict)
    #: Swiss byes per entrant.
    byes: tuple[int, ...] = ()
    #: The SPRT's verdict, once it has one: "H0" or "H1".
    verdict: str | None = None
    #: The standings so far (a :class:`~api.tournaments.standings.Tally`, as JSON), updated per outcome.
    tally: Mapping[str, Any] | None = None
    #: A secret in the key of every match the tournament creates (see :func:`match_key`).
    match_secret: str = ""

    # --- reading ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "cancelled")

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
        return {"scheduled": self.scheduled, "finished": counts["done"] + counts["void"], **counts}

    def indexes(self, state: SlotState) -> list[int]:
        return [i for i, s in enumerate(self.states) if s == state]

    def is_named(self, entrant: int) -> bool:
        return self.entrants[entrant].bot is None

    def busy(self) -> set[int]:
        """The named entrants with a match playing (a server bot plays any number at once)."""
        return {e for i in self.indexes("playing") for e in self.pairings[i].entrants if self.is_named(e)}

    def launchable(self) -> list[int]:
        """The pending matches that may start now, in schedule order: their named entrants are free."""
        if self.status != "running":
            return []
        room = (self.settings.concurrency or DEFAULT_CONCURRENCY) - len(self.indexes("playing"))
        busy = self.busy()
        chosen: list[int] = []
        for index in self.indexes("pending"):
            if len(chosen) >= room:
                break
            named = {e for e in self.pairings[index].entrants if self.is_named(e)}
            if named & busy:
                continue
            chosen.append(index)
            busy |= named
        return chosen

    def next_for(self, entrant: int) -> int | None:
        """The schedule index of the entrant's match playing now, if any."""
        for index in self.indexes("playing"):
            if entrant in self.pairings[index].entrants:
                return index
        return None

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

    def _tally(self) -> Tally:
        return Tally([e.name for e in self.entrants]) if self.tally is None else Tally.from_json(self.tally)

    def standings(self) -> Standings:
        return self._tally().standings()

    def sprt_counts(self) -> tuple[int, int, int]:
        """Wins, draws and losses of entrant 0 against entrant 1 (a two-entrant, 2-player gauntlet)."""
        return results_for(self.outcomes)

    def sprt_llr(self) -> float:
        """The SPRT's log-likelihood ratio so far: per match, or per whole deal under duplicate deals
        (the two matches of a deal share its luck, so they are not independent)."""
        assert self.settings.sprt is not None
        if not self.settings.duplicate:
            return self.settings.sprt.llr(*self.sprt_counts())
        deal_of = {index: (p.table, p.deal) for index, p in enumerate(self.pairings)}
        return self.settings.sprt.llr_pairs(deal_totals(self.outcomes, deal_of))

    # --- transitions --------------------------------------------------------------------------

    def join(self, name: str, digest: str, now: float) -> Tournament:
        return self._next(now, entrants=(*self.entrants, Entrant(name, digest=digest)))

    def start(self, now: float) -> Tournament:
        s = self.settings
        pairings = planned(s, len(self.entrants))
        return self._next(
            now,
            status="running",
            pairings=tuple(pairings),
            states=tuple("pending" for _ in pairings),
            byes=self._byes_of(pairings, (0,) * len(self.entrants)),
        )._finish_if_complete()

    def cancel(self, now: float) -> Tournament:
        return self._next(now, status="cancelled", states=self._stopped())

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

    def record(self, index: int, outcome: Outcome | None, now: float) -> Tournament:
        """The match at ``index`` ended with ``outcome`` (``None``: aborted or lost, no outcome)."""
        states = list(self.states)
        states[index] = "done" if outcome is not None else "void"
        tally = self._tally()
        if outcome is not None:
            tally.add(outcome)
        outcomes = self.outcomes if outcome is None else (*self.outcomes, outcome)
        reported = {key: cause for key, cause in self.reported.items() if not key.startswith(f"{index}:")}
        after = self._next(now, states=tuple(states), outcomes=outcomes, reported=reported, tally=tally.to_json())
        return after._judge()._pair_next_round()._finish_if_complete()

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
        return self._round_count() < s.rounds

    def _round_count(self) -> int:
        return 1 + max((p.round for p in self.pairings), default=-1)

    def _judge(self) -> Tournament:
        """Stop at the SPRT's verdict: the matches not yet started are skipped, those playing stop."""
        if self.settings.sprt is None or self.status != "running":
            return self
        verdict = self.settings.sprt.decide(self.sprt_llr())
        if verdict is None:
            return self
        return dataclasses.replace(self, verdict=verdict, status="finished", states=self._stopped())

    def _pair_next_round(self) -> Tournament:
        """With every match of the current Swiss round settled, pair the next round."""
        if self.status != "running" or not self._rounds_to_come():
            return self
        if any(s not in SETTLED for s in self.states):
            return self
        s = self.settings
        points = self._tally().points()
        round_pairings = swiss_round(
            self._round_count(),
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
        return dataclasses.replace(
            self,
            pairings=(*self.pairings, *round_pairings),
            states=(*self.states, *pending),
            byes=self._byes_of(round_pairings, self.byes),
        )

    def _byes_of(self, round_pairings: Sequence[Pairing], byes: tuple[int, ...]) -> tuple[int, ...]:
        """``byes`` plus one for every entrant who sits out this Swiss round."""
        if self.settings.format != "swiss":
            return byes
        seated = {e for p in round_pairings for e in p.entrants}
        return tuple(count + (entrant not in seated) for entrant, count in enumerate(byes))

    def _finish_if_complete(self) -> Tournament:
        if self.status == "running" and all(s in SETTLED for s in self.states) and not self._rounds_to_come():
            return dataclasses.replace(self, status="finished")
        return self

    def _next(self, now: float, **changes: Any) -> Tournament:
        return dataclasses.replace(self, version=self.version + 1, updated_at=now, **changes)

    # --- storage form -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament_id": self.tournament_id,
            "settings": self.settings.to_json(),
            "entrants": [e.to_json() for e in self.entrants],
            "host_digest": self.host_digest,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "version": self.version,
            "status": self.status,
            # A round robin's or gauntlet's schedule follows from its settings: stored for Swiss only.
            "pairings": [p.to_json() for p in self.pairings] if self.settings.format == "swiss" else None,
            "states": "".join(STATE_CODES[s] for s in self.states),
            "outcomes": [o.to_json() for o in self.outcomes],
            "reported": dict(self.reported),
            "byes": list(self.byes),
            "verdict": self.verdict,
            "tally": None if self.tally is None else dict(self.tally),
            "match_secret": self.match_secret,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tournament:
        settings = Settings.from_json(data["settings"])
        entrants = tuple(Entrant(**e) for e in data["entrants"])
        if data["pairings"] is not None:
            pairings = tuple(Pairing.from_json(p) for p in data["pairings"])
        else:
            pairings = planned(settings, len(entrants)) if data["status"] != "open" else ()
        return cls(
            tournament_id=data["tournament_id"],
            settings=settings,
            entrants=entrants,
            host_digest=data["host_digest"],
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            version=data["version"],
            status=data["status"],
            pairings=pairings,
            states=tuple(CODE_STATES[c] for c in data["states"]),
            outcomes=tuple(Outcome.from_json(o) for o in data["outcomes"]),
            reported=dict(data["reported"]),
            byes=tuple(data["byes"]),
            verdict=data["verdict"],
            tally=data.get("tally"),
            match_secret=data["match_secret"],
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


#: One letter per match state in the stored record (a 2,000-match schedule stays small).
STATE_CODES: dict[SlotState, str] = {"pending": "p", "playing": "g", "done": "d", "void": "v", "skipped": "s"}
CODE_STATES: dict[str, SlotState] = {code: state for state, code in STATE_CODES.items()}


def new_seed() -> int:
    """A tournament's seed when the host gives none: random (never derived from anything public)."""
    return secrets.randbits(63)
