"""Tournaments in Redis: each version written by one atomic script (compare-and-set), with the standings,
outcomes, tokens, records and presence leases it changes (docs/store.md lists every key).

Entrants and Swiss rounds never change once written, so each process keeps those it has read
(:class:`ImmutableCache`): a tournament's read is its record (a few kilobytes) in one round trip.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

import orjson
import redis

from api.store.errors import StaleVersion, TournamentExists, TournamentNotFound, reaching_redis
from api.store.keys import entrant_watch_id
from api.store.match_scripts import AlreadyExists, Missing, MovedOn
from api.store.matches import MatchStore
from api.store.tournament_scripts import TournamentChanges, TournamentScripts
from arena.tournaments.dispatch import Capacity, Presence, Renewal, lease_group
from arena.tournaments.record import Entrant, Tournament
from arena.tournaments.schedule import Pairing, round_pairings
from arena.tournaments.standings import Cell, Counts, Ledger, Outcome, Pair

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ImmutableCache(Generic[K, V]):
    """A bounded, thread-safe memo of values that never change once stored (least recently used out)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: collections.OrderedDict[K, V] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


#: The entrants each process has read, by tournament (entrants are only ever added, never changed).
ENTRANTS: ImmutableCache[str, tuple[Entrant, ...]] = ImmutableCache(256)
#: The Swiss rounds each process has read, by tournament and round.
ROUNDS: ImmutableCache[tuple[str, int], tuple[Pairing, ...]] = ImmutableCache(4096)


def tables_text(tables: Sequence[Sequence[int]]) -> str:
    return ";".join(",".join(str(e) for e in table) for table in tables)


def tables_from(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(e) for e in table.split(",")) for table in text.split(";") if table]


def cell_field(pair: Pair) -> str:
    return f"{pair[0]}:{pair[1]}"


class TournamentStore:
    """Tournament records and their indexes, beside the matches of a :class:`~api.store.matches.MatchStore`."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.client: redis.Redis | redis.RedisCluster = matches.client
        self.keys = matches.keys
        self.scripts = TournamentScripts(self.client)

    # --- keys ---------------------------------------------------------------------------------

    def key(self, tournament_id: str, name: str) -> str:
        return self.keys.tournament(tournament_id, name)

    def tournament_key(self, tournament_id: str) -> str:
        return self.keys.tournament(tournament_id)

    def channel(self, tournament_id: str) -> str:
        """The tournament's own notify channel, published at every write."""
        return self.keys.notify(f"t:{tournament_id}")

    @staticmethod
    def watch_id(tournament_id: str, entrant: int) -> str:
        """The name the notifier gives an entrant's channel (what sits between its braces)."""
        return entrant_watch_id(tournament_id, entrant)

    def ttl(self, over: bool) -> int:
        settings = self.matches.settings
        return settings.tournament_ttl if over else settings.idle_ttl

    # --- tournaments --------------------------------------------------------------------------

    def write(
        self,
        before: Tournament | None,
        after: Tournament,
        *,
        rows: Mapping[int, Counts] = {},
        cells: Mapping[Pair, Cell] = {},
        outcomes: Sequence[Outcome] = (),
        notify: Sequence[int] = (),
        lapsed: Sequence[int] = (),
    ) -> None:
        """Write ``after``: create it (``before`` None) or compare-and-set it from ``before``'s version,
        with the entrants and Swiss rounds it adds, the standings ``rows`` and ``cells`` that changed,
        the ``outcomes`` recorded, the presence leases of ``lapsed`` ended, and a wake for the
        tournament's channel and the named entrants in ``notify``.

        Raises :class:`~api.store.matches.StaleVersion` when it moved on, :class:`TournamentNotFound` when it
        is gone, :class:`TournamentExists` when creating one that exists; nothing is written then.
        """
        tournament_id = after.tournament_id
        known = 0 if before is None else len(before.entrants)
        first_round = 1 if before is None or before.status == "open" else before.rounds()
        swiss = after.settings.format == "swiss" and after.status != "open"
        changes: TournamentChanges = {
            "entrants": {str(i): _text(after.entrants[i].to_json()) for i in range(known, len(after.entrants))},
            "rounds": {str(r): tables_text(after.round_tables(r)) for r in range(max(1, first_round), after.rounds())}
            if swiss
            else {},
            "standings": {str(e): _text(row.to_json()) for e, row in rows.items()},
            "h2h": {cell_field(pair): cell.to_text() for pair, cell in cells.items()},
            "outcomes": [_text(outcome.to_json()) for outcome in outcomes],
            "presence": {str(e): "0" for e in lapsed},
            "notify": [
                self.channel(tournament_id),
                *(self.keys.entrant_channel(tournament_id, e) for e in sorted(set(notify))),
            ],
        }
        answer = self.scripts.write_tournament(
            keys=self.keys.tournament_keys(tournament_id),
            expected=None if before is None else before.version,
            version=after.version,
            record=orjson.dumps(after.to_json()),
            summary=orjson.dumps(after.summary()),
            ttl=self.ttl(after.is_over),
            changes=orjson.dumps(changes),  # Lua's cjson reads {} and [] alike: an empty table, nothing to write
        )
        match answer:
            case AlreadyExists():
                raise TournamentExists(tournament_id)
            case Missing():
                raise TournamentNotFound(tournament_id)
            case MovedOn(current):
                raise StaleVersion(current)
        ENTRANTS.put(tournament_id, after.entrants)

    def load(self, tournament_id: str) -> Tournament:
        """The tournament as stored, with its entrants and rounds (read from Redis only once per process)."""
        with reaching_redis():
            raw = cast(bytes | None, self.client.hget(self.tournament_key(tournament_id), "record"))
        return self._tournament(tournament_id, raw)

    def load_with_presence(self, tournament_id: str) -> tuple[Tournament, Presence]:
        """The tournament and its presence leases with their capacities (see :meth:`presence`), read in one
        round trip."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.hget(self.tournament_key(tournament_id), "record")
            pipe.hgetall(self.key(tournament_id, "presence"))
            raw, fields = pipe.execute()
        return self._tournament(tournament_id, raw), presence_of(fields)

    def _tournament(self, tournament_id: str, raw: bytes | None) -> Tournament:
        if raw is None:
            raise TournamentNotFound(tournament_id)
        data: dict[str, Any] = orjson.loads(raw)
        entrants = self._entrants(tournament_id, int(data["entrant_count"]))
        rounds = self._swiss_rounds(tournament_id, data, len(entrants))
        return Tournament.from_json(data, entrants, rounds)

    def _entrants(self, tournament_id: str, count: int) -> tuple[Entrant, ...]:
        known = ENTRANTS.get(tournament_id) or ()
        if len(known) < count:
            fields = [str(i) for i in range(len(known), count)]
            with reaching_redis():
                raw = cast(list[bytes | None], self.client.hmget(self.key(tournament_id, "entrants"), fields))
            if any(item is None for item in raw):
                raise TournamentNotFound(tournament_id)  # expired between the two reads
            known = (*known, *(Entrant.from_json(orjson.loads(cast(bytes, item))) for item in raw))
            ENTRANTS.put(tournament_id, known)
        return known[:count]

    def _swiss_rounds(self, tournament_id: str, data: Mapping[str, Any], entrants: int) -> list[tuple[Pairing, ...]]:
        """The Swiss rounds after the first, as pairings (the first follows from the settings)."""
        count = data.get("rounds") or 0
        if count <= 1:
            return []
        found = {r: ROUNDS.get((tournament_id, r)) for r in range(1, count)}
        missing = [r for r, pairings in found.items() if pairings is None]
        if missing:
            with reaching_redis():
                raw = cast(
                    list[bytes | None],
                    self.client.hmget(self.key(tournament_id, "rounds"), [str(r) for r in missing]),
                )
            if any(item is None for item in raw):
                raise TournamentNotFound(tournament_id)
            settings = data["settings"]
            k, games = settings["players_per_match"], settings["games_per_pairing"]
            first_index = first_table = 0
            # Round r starts after every match of the rounds before it: each round seats (n // k) tables.
            for r in range(1, count):
                first_index, first_table = r * (entrants // k) * games * k, r * (entrants // k)
                if r in missing:
                    text = cast(bytes, raw[missing.index(r)]).decode()
                    pairings = tuple(
                        round_pairings(
                            tables_from(text),
                            r,
                            games_per_pairing=games,
                            duplicate=settings["duplicate"],
                            seed=settings["seed"],
                            first_index=first_index,
                            first_table=first_table,
                        )
                    )
                    ROUNDS.put((tournament_id, r), pairings)
                    found[r] = pairings
        return [cast(tuple[Pairing, ...], found[r]) for r in range(1, count)]

    # --- standings ----------------------------------------------------------------------------

    def rows(self, tournament_id: str, entrants: Sequence[int] | None = None) -> dict[int, Counts]:
        """The stored counts of ``entrants`` (``None``: all of them); entrants never recorded are missing."""
        key = self.key(tournament_id, "standings")
        with reaching_redis():
            if entrants is None:
                found = cast(dict[bytes, bytes], self.client.hgetall(key))
                return {int(e): Counts.from_json(orjson.loads(raw)) for e, raw in found.items()}
            if not entrants:
                return {}
            raw = cast(list[bytes | None], self.client.hmget(key, [str(e) for e in entrants]))
        return {e: Counts.from_json(orjson.loads(item)) for e, item in zip(entrants, raw, strict=True) if item}

    def cells(self, tournament_id: str, pairs: Sequence[Pair] | None = None) -> dict[Pair, Cell]:
        """The stored head to head of ``pairs`` (``None``: every pair that met)."""
        key = self.key(tournament_id, "h2h")
        with reaching_redis():
            if pairs is None:
                found = cast(dict[bytes, bytes], self.client.hgetall(key))
                items = [(field.decode(), value) for field, value in found.items()]
            else:
                if not pairs:
                    return {}
                raw = cast(list[bytes | None], self.client.hmget(key, [cell_field(p) for p in pairs]))
                items = [(cell_field(p), value) for p, value in zip(pairs, raw, strict=True) if value is not None]
        cells = {}
        for field, value in items:
            a, b = field.split(":")
            cells[(int(a), int(b))] = Cell.from_text(value.decode())
        return cells

    def ledger_of(self, tournament_id: str, entrants: Sequence[int], pairs: Sequence[Pair]) -> Ledger:
        """The stored counts of ``entrants`` and head to head of ``pairs``, read in one round trip."""
        if not entrants and not pairs:
            return Ledger()
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.hmget(self.key(tournament_id, "standings"), [str(e) for e in entrants] or ["-"])
            pipe.hmget(self.key(tournament_id, "h2h"), [cell_field(p) for p in pairs] or ["-"])
            rows, cells = pipe.execute()
        return Ledger(
            {e: Counts.from_json(orjson.loads(raw)) for e, raw in zip(entrants, rows, strict=False) if raw},
            {p: Cell.from_text(raw.decode()) for p, raw in zip(pairs, cells, strict=False) if raw},
        )

    def outcomes(self, tournament_id: str) -> list[Outcome]:
        """Every recorded outcome, in the order matches finished."""
        with reaching_redis():
            raw = cast(list[bytes], self.client.lrange(self.key(tournament_id, "outcomes"), 0, -1))
        return [Outcome.from_json(orjson.loads(item)) for item in raw]

    def records(self, tournament_id: str, slots: Sequence[str]) -> list[bytes | None]:
        """The compressed records kept for the launched matches in ``slots`` (``None`` where none is)."""
        if not slots:
            return []
        with reaching_redis():
            return cast(list[bytes | None], self.client.hmget(self.key(tournament_id, "records"), list(slots)))

    def keep_record(self, tournament_id: str, slot: str, record: bytes) -> None:
        """Keep the compressed record of the launched match in ``slot``, for as long as the tournament."""
        self.scripts.set_match_field(
            field_hash=self.key(tournament_id, "records"),
            tournament_hash=self.tournament_key(tournament_id),
            field=slot,
            value=record,
            ttl=self.ttl(True),
        )

    def outcomes_between(self, tournament_id: str, start: int, stop: int) -> list[Outcome]:
        """The recorded outcomes from position ``start`` to ``stop`` (inclusive) in the order matches finished."""
        with reaching_redis():
            raw = cast(list[bytes], self.client.lrange(self.key(tournament_id, "outcomes"), start, stop))
        return [Outcome.from_json(orjson.loads(item)) for item in raw]

    # --- secrets and presence -----------------------------------------------------------------

    def is_over(self, tournament_id: str) -> bool:
        """Whether the tournament is over (finished or cancelled), or gone: one that expired plays no more."""
        with reaching_redis():
            raw = self.client.hget(self.tournament_key(tournament_id), "summary")
        return raw is None or orjson.loads(raw)["status"] in ("finished", "cancelled")

    def save_secrets(
        self, tournament_id: str, slot: str, secrets: dict[str, Any], ttl: int, notify: Sequence[int]
    ) -> None:
        """Remember the tokens of the match in ``slot`` (idempotent: the same match, the same tokens)."""
        self.scripts.set_match_field(
            field_hash=self.key(tournament_id, "secrets"),
            tournament_hash=self.tournament_key(tournament_id),
            field=slot,
            value=orjson.dumps(secrets),
            ttl=ttl,
            notify=[self.keys.entrant_channel(tournament_id, e) for e in notify],
        )

    def secrets(self, tournament_id: str, slots: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The tokens remembered for the matches in ``slots`` (those launched so far)."""
        if not slots:
            return {}
        with reaching_redis():
            raw = cast(list[bytes | None], self.client.hmget(self.key(tournament_id, "secrets"), list(slots)))
        return {slot: orjson.loads(item) for slot, item in zip(slots, raw, strict=True) if item is not None}

    def lease(
        self,
        tournament_id: str,
        entrants: Sequence[int],
        now: float,
        until: float,
        *,
        capacity: int | None = None,
        lost: Sequence[str] = (),
        session: str | None = None,
    ) -> bool:
        """Hold (renewed ``now`` by the host process's ``session``) the presence leases of ``entrants`` until
        ``until``, sharing ``capacity`` (``None``: none), and note the matches ``lost`` by the host; whether the
        tournament exists."""
        return self.scripts.renew_presence(
            presence_hash=self.key(tournament_id, "presence"),
            tournament_hash=self.tournament_key(tournament_id),
            until=until,
            entrants=entrants,
            renewed_at=now,
            lost=lost,
            session=session,
            capacity=capacity,
            group=lease_group(entrants),
        )

    def presence(self, tournament_id: str) -> Presence:
        """Until when each leased entrant's lease runs (entrants never leased are missing), and the
        capacities the leases said."""
        with reaching_redis():
            found = cast(dict[bytes, bytes], self.client.hgetall(self.key(tournament_id, "presence")))
        return presence_of(found)

    def leases(self, tournament_id: str) -> dict[int, float]:
        """Until when each leased entrant's lease runs (entrants never leased are missing)."""
        return dict(self.presence(tournament_id).leases)

    def match_statuses(self, match_ids: list[str]) -> list[str | None]:
        """Each match's status from its summary (one round trip for all), ``None`` for a match not stored."""
        summaries = self.matches.summaries([self.keys.match(match_id) for match_id in match_ids])
        return [None if summary is None else summary["status"] for summary in summaries]

    def size(self, tournament_id: str) -> int:
        """Bytes Redis uses for the tournament's keys (``MEMORY USAGE``, for the benchmarks)."""
        with reaching_redis():
            return sum(int(self.client.memory_usage(key) or 0) for key in self.keys.tournament_keys(tournament_id))

    # --- indexes ------------------------------------------------------------------------------

    def index(self, tournament_id: str, created_at: float, running: bool | None) -> None:
        """Keep the list index and (``running`` not None) the running set up to date for one tournament."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.zadd(self.keys.tournaments(), {tournament_id: created_at})
            if running is True:
                pipe.zadd(self.keys.tournaments_running(), {tournament_id: created_at})
            elif running is False:
                pipe.zrem(self.keys.tournaments_running(), tournament_id)
            pipe.execute()

    def running(self, limit: int = 1000) -> list[str]:
        with reaching_redis():
            ids = cast(list[bytes], self.client.zrange(self.keys.tournaments_running(), 0, limit - 1))
        return [i.decode() for i in ids]

    def forget_running(self, tournament_id: str) -> None:
        with reaching_redis():
            self.client.zrem(self.keys.tournaments_running(), tournament_id)

    def list_summaries(
        self, limit: int, before: tuple[float, str] | None
    ) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """Up to ``limit`` summaries, newest first, after the cursor ``before`` (paged as the match list is)."""
        return self.matches.indexes.page(self.keys.tournaments(), limit, before, hash_key=self.tournament_key)


def presence_of(fields: Mapping[bytes, bytes]) -> Presence:
    """The presence hash read back: ``<entrant>`` -> until when, ``renewal:<entrant>`` -> ``<when> <until>``
    (its last renewal) and, with a session, `` <since> <session>``; ``cap:<entrant>`` -> ``<capacity>
    <group>``, ``lost:<match id>`` -> when reported."""
    leases: dict[int, float] = {}
    renewals: dict[int, Renewal] = {}
    lost: set[str] = set()
    groups: dict[str, tuple[int, set[int]]] = {}
    for name, value in fields.items():
        if name.startswith(b"cap:"):
            capacity, group = value.decode().split(" ", 1)
            groups.setdefault(group, (int(capacity), set()))[1].add(int(name[4:]))
        elif name.startswith(b"lost:"):
            lost.add(name[5:].decode())
        elif name.startswith(b"renewal:"):
            at, until, *session = value.decode().split(" ")
            since, by = (float(session[0]), session[1]) if session else (None, None)
            renewals[int(name[8:])] = Renewal(float(at), float(until), by, since)
        else:
            leases[int(name)] = float(value)
    capacities = tuple(Capacity(capacity, frozenset(members)) for capacity, members in groups.values())
    return Presence(leases, capacities, renewals, frozenset(lost))


def _text(value: Any) -> str:
    return orjson.dumps(value).decode()
