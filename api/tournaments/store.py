"""All Redis access of tournaments: key names, the write scripts, the indexes, and what each process keeps.

Each tournament lives in keys that share the hash tag ``{t:<tournament id>}``, so a Redis Cluster
keeps them on one node and the write script may touch them together:

- ``<prefix>:{t:<id>}:tournament``, a hash: ``version`` (the compare-and-set guard), ``record``
  (the JSON :class:`~api.tournaments.record.Tournament`, without what the keys below keep) and
  ``summary`` (what the list shows);
- ``<prefix>:{t:<id>}:entrants``, a hash: entrant number -> its JSON (name, bot, token digest),
  written once per entrant (at the creation or a join);
- ``<prefix>:{t:<id>}:rounds``, a hash: Swiss round number (from 1) -> its tables
  (``"3,8;1,5;..."``), written once per round (round 0 and every round robin or gauntlet follow
  from the settings alone);
- ``<prefix>:{t:<id>}:standings``, a hash: entrant number -> its counts (matches, points, ranks,
  scores, forfeits, rating; :class:`~api.tournaments.standings.Counts`), written for the entrants
  of each recorded match only;
- ``<prefix>:{t:<id>}:h2h``, a hash: ``"<a>:<b>"`` (a < b) -> ``"<a ahead>,<b ahead>,<level>"``,
  written for the pairs of each recorded match only;
- ``<prefix>:{t:<id>}:outcomes``, a list: every recorded outcome's JSON, in the order matches
  finished (the schedule's results, the crosstable and the SPRT's curve read it);
- ``<prefix>:{t:<id>}:secrets``, a hash with one field per launched match (``<index>``, or
  ``<index>/<attempt>`` for a match played again): the JSON of that match's seat tokens and host
  token, which only the tournament's host and each seat's own entrant are ever given;
- ``<prefix>:{t:<id>}:records``, a hash: a launched match's field (as in ``secrets``) -> its
  compressed record (``api/matches/compaction.py``; the same bytes the match keeps under its own
  ``record`` key), copied by the referee's record keeper once the match is over
  (``api/records/keeper.py``), so a match's record lives as long as its tournament, whatever the
  match's own ``ARENA_RECORD_TTL``;
- ``<prefix>:{t:<id>}:presence``, a hash: entrant number -> until when (epoch seconds) its host
  holds a presence lease on it (``POST /tournaments/{id}/presence``); renewals write it alone; the
  director ends a lease (0) when the entrant's program never asked for a match it was given;
- the pub/sub channel ``<prefix>:{t:<id>}:notify``, published at every write with the new version:
  the webhook worker wakes on it to deliver the standings as they change (a tournament's webhook id
  is ``t:<id>``, what sits between the braces);
- the pub/sub channels ``<prefix>:{t:<id>:e<n>}:notify``, one per named entrant: published when
  that entrant's ``next`` may answer otherwise (a match of its started, ended or was voided, or the
  tournament is over). They match the notifier's ``{*}:notify`` pattern, so ``next?wait=`` sleeps
  on its own entrant's channel and no other write wakes it.

Every write gives all these keys the same TTL: the API's idle TTL while the tournament is open or
under way, ``ARENA_TOURNAMENT_TTL`` (default 30 days) once it is over, so a finished tournament's
standings, outcomes, records and tokens go together.

Two indexes span tournaments, each a sorted set under the hash tag ``{tournaments}``. They are
written by separate commands after the tournament's own write, never inside its script, so every
script touches one hash slot (as a cluster needs); both tolerate a crash between the two writes:

- ``<prefix>:{tournaments}:all``: tournament ids scored by creation time, for the list; entries of
  expired tournaments are dropped when a listing meets them;
- ``<prefix>:{tournaments}:running``: the tournaments the referee sweeps (to notice finished
  matches and start the next ones even when nobody asks); a sweep drops ids that are gone or
  over, and every write of a tournament under way adds it back.

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

from api.matches.compaction import unpack
from api.store import MatchStore, StaleVersion, reaching_redis
from api.tournaments.record import Entrant, Tournament
from api.tournaments.schedule import Pairing, round_pairings
from api.tournaments.standings import Cell, Counts, Ledger, Outcome, Pair


class TournamentNotFound(Exception):
    """No tournament with this id (never created, or expired)."""


# Writes one version of a tournament: creates it (ARGV[1] empty: it must not exist) or compare-and-sets
# it (ARGV[1]: the version it must still be at), with what changed beside the record, and publishes
# the new version on the tournament's channel and to the entrants whose next match may have changed.
# KEYS: 1 tournament hash, 2 entrants hash, 3 rounds hash, 4 standings hash, 5 h2h hash,
#   6 outcomes list, 7 secrets hash, 8 presence hash, 9 records hash (all given the TTL).
# ARGV: 1 expected version or '', 2 new version, 3 record, 4 summary, 5 ttl seconds, 6 JSON of the
#   changes: {"entrants": {n: json}, "rounds": {r: text}, "standings": {n: json}, "h2h": {pair: text},
#   "presence": {n: "0"} (leases ended), "outcomes": [json], "notify": [channel]}.
# Returns {1, new version} when written, {0, current} when it moved on, {-1, -1} when it does not
# exist, {3, 0} when creating one that exists. (The '#!lua' line: see api/store.py's WRITE_SCRIPT.)
WRITE_SCRIPT = """#!lua
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[1] == '' then
  if current then return {3, 0} end
else
  if not current then return {-1, -1} end
  if current ~= ARGV[1] then return {0, tonumber(current)} end
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3], 'summary', ARGV[4])
local changes = cjson.decode(ARGV[6])
for key, name in pairs({[2] = 'entrants', [3] = 'rounds', [4] = 'standings', [5] = 'h2h', [8] = 'presence'}) do
  for field, value in pairs(changes[name]) do redis.call('HSET', KEYS[key], field, value) end
end
for _, outcome in ipairs(changes['outcomes']) do redis.call('RPUSH', KEYS[6], outcome) end
for i = 1, 9 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
for _, channel in ipairs(changes['notify']) do redis.call('PUBLISH', channel, ARGV[2]) end
return {1, tonumber(ARGV[2])}
"""


# Sets one launched match's field of a tournament hash (its tokens in ``secrets``, its record in
# ``records``) and wakes the entrants waiting for it. The hash expires when the tournament hash does
# (ARGV[3] only when that hash has no TTL: it is never so).
# KEYS: 1 secrets or records hash, 2 tournament hash. ARGV: 1 the match's field, 2 the value, 3 ttl
#   seconds, then the notify channels of its named entrants (none for a record).
MATCH_FIELD_SCRIPT = """#!lua
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local left = redis.call('PTTL', KEYS[2])
if left > 0 then redis.call('PEXPIRE', KEYS[1], left) else redis.call('EXPIRE', KEYS[1], ARGV[3]) end
for i = 4, #ARGV do redis.call('PUBLISH', ARGV[i], 'tokens:' .. ARGV[1]) end
return 1
"""


# Renews the presence leases of some entrants, if the tournament exists.
# KEYS: 1 presence hash, 2 tournament hash. ARGV: 1 until when, then the entrants.
# Returns 1 when written, 0 when the tournament does not exist.
PRESENCE_SCRIPT = """#!lua
local left = redis.call('PTTL', KEYS[2])
if left < 0 then return 0 end
for i = 2, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], left)
return 1
"""

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
    """Tournament records and their indexes, beside the matches of a :class:`~api.store.MatchStore`."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.client: redis.Redis | redis.RedisCluster = matches.client
        self.prefix = matches.settings.key_prefix
        self._write = self.client.register_script(WRITE_SCRIPT)
        self._match_field = self.client.register_script(MATCH_FIELD_SCRIPT)
        self._presence = self.client.register_script(PRESENCE_SCRIPT)

    # --- keys ---------------------------------------------------------------------------------

    def key(self, tournament_id: str, name: str) -> str:
        return f"{self.prefix}:{{t:{tournament_id}}}:{name}"

    def tournament_key(self, tournament_id: str) -> str:
        return self.key(tournament_id, "tournament")

    def secrets_key(self, tournament_id: str) -> str:
        return self.key(tournament_id, "secrets")

    def keys(self, tournament_id: str) -> list[str]:
        """Every key of the tournament, in the write script's order."""
        names = ("tournament", "entrants", "rounds", "standings", "h2h", "outcomes", "secrets", "presence", "records")
        return [self.key(tournament_id, name) for name in names]

    def channel(self, tournament_id: str) -> str:
        """The tournament's own notify channel, published at every write."""
        return f"{self.prefix}:{{t:{tournament_id}}}:notify"

    def entrant_channel(self, tournament_id: str, entrant: int) -> str:
        return f"{self.prefix}:{{{self.watch_id(tournament_id, entrant)}}}:notify"

    @staticmethod
    def watch_id(tournament_id: str, entrant: int) -> str:
        """The name the notifier gives an entrant's channel (what sits between its braces)."""
        return f"t:{tournament_id}:e{entrant}"

    def list_key(self) -> str:
        return f"{self.prefix}:{{tournaments}}:all"

    def running_key(self) -> str:
        return f"{self.prefix}:{{tournaments}}:running"

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

        Raises :class:`~api.store.StaleVersion` when it moved on, :class:`TournamentNotFound` when it
        is gone, ``FileExistsError`` when creating one that exists; nothing is written then.
        """
        tournament_id = after.tournament_id
        known = 0 if before is None else len(before.entrants)
        first_round = 1 if before is None or before.status == "open" else before.rounds()
        swiss = after.settings.format == "swiss" and after.status != "open"
        changes = {
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
                *(self.entrant_channel(tournament_id, e) for e in sorted(set(notify))),
            ],
        }
        args: list[bytes | int | str] = [
            "" if before is None else before.version,
            after.version,
            orjson.dumps(after.to_json()),
            orjson.dumps(after.summary()),
            self.ttl(after.is_over),
            orjson.dumps(changes),  # Lua's cjson reads {} and [] alike: an empty table, nothing to write
        ]
        with reaching_redis():
            code, value = self._write(keys=self.keys(tournament_id), args=args)
        if code == 3:
            raise FileExistsError(tournament_id)
        if code == -1:
            raise TournamentNotFound(tournament_id)
        if code == 0:
            raise StaleVersion(int(value))
        ENTRANTS.put(tournament_id, after.entrants)

    def load(self, tournament_id: str) -> Tournament:
        """The tournament as stored, with its entrants and rounds (read from Redis only once per process)."""
        with reaching_redis():
            raw = cast(bytes | None, self.client.hget(self.tournament_key(tournament_id), "record"))
        return self._tournament(tournament_id, raw)

    def load_with_leases(self, tournament_id: str) -> tuple[Tournament, dict[int, float]]:
        """The tournament and its presence leases (see :meth:`leases`), read in one round trip."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.hget(self.tournament_key(tournament_id), "record")
            pipe.hgetall(self.key(tournament_id, "presence"))
            raw, leases = pipe.execute()
        return self._tournament(tournament_id, raw), {int(e): float(until) for e, until in leases.items()}

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
        keys = [self.key(tournament_id, "records"), self.tournament_key(tournament_id)]
        with reaching_redis():
            self._match_field(keys=keys, args=[slot, record, self.ttl(True)])

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
        channels = [self.entrant_channel(tournament_id, e) for e in notify]
        args: list[bytes | str | int] = [slot, orjson.dumps(secrets), ttl, *channels]
        with reaching_redis():
            self._match_field(keys=[self.secrets_key(tournament_id), self.tournament_key(tournament_id)], args=args)

    def secrets(self, tournament_id: str, slots: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The tokens remembered for the matches in ``slots`` (those launched so far)."""
        if not slots:
            return {}
        with reaching_redis():
            raw = cast(list[bytes | None], self.client.hmget(self.secrets_key(tournament_id), list(slots)))
        return {slot: orjson.loads(item) for slot, item in zip(slots, raw, strict=True) if item is not None}

    def lease(self, tournament_id: str, entrants: Sequence[int], until: float) -> bool:
        """Hold the presence leases of ``entrants`` until ``until``; whether the tournament exists."""
        with reaching_redis():
            keys = [self.key(tournament_id, "presence"), self.tournament_key(tournament_id)]
            return bool(self._presence(keys=keys, args=[repr(until), *entrants]))

    def leases(self, tournament_id: str) -> dict[int, float]:
        """Until when each leased entrant's lease runs (entrants never leased are missing)."""
        with reaching_redis():
            found = cast(dict[bytes, bytes], self.client.hgetall(self.key(tournament_id, "presence")))
        return {int(e): float(until) for e, until in found.items()}

    def match_statuses(self, match_ids: list[str]) -> list[str | None]:
        """Each match's status from its summary (one round trip for all), ``None`` for a match not stored."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            for match_id in match_ids:
                pipe.hget(self.matches.match_key(match_id), "summary")
            found = pipe.execute()
        return [None if raw is None else orjson.loads(unpack(raw))["status"] for raw in found]

    def size(self, tournament_id: str) -> int:
        """Bytes Redis uses for the tournament's keys (``MEMORY USAGE``, for the benchmarks)."""
        with reaching_redis():
            return sum(int(self.client.memory_usage(key) or 0) for key in self.keys(tournament_id))

    # --- indexes ------------------------------------------------------------------------------

    def index(self, tournament_id: str, created_at: float, running: bool | None) -> None:
        """Keep the list index and (``running`` not None) the running set up to date for one tournament."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            pipe.zadd(self.list_key(), {tournament_id: created_at})
            if running is True:
                pipe.zadd(self.running_key(), {tournament_id: created_at})
            elif running is False:
                pipe.zrem(self.running_key(), tournament_id)
            pipe.execute()

    def running(self, limit: int = 1000) -> list[str]:
        with reaching_redis():
            ids = cast(list[bytes], self.client.zrange(self.running_key(), 0, limit - 1))
        return [i.decode() for i in ids]

    def forget_running(self, tournament_id: str) -> None:
        with reaching_redis():
            self.client.zrem(self.running_key(), tournament_id)

    def list_summaries(
        self, limit: int, before: tuple[float, str] | None
    ) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """Up to ``limit`` summaries, newest first, after the cursor ``before`` (paged as the match list is)."""
        return self.matches.list_summaries(self.list_key(), limit, before, hash_key=self.tournament_key)


def _text(value: Any) -> str:
    return orjson.dumps(value).decode()
