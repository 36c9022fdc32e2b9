"""All Redis access of tournaments: key names, the compare-and-set script, and the indexes.

Each tournament lives in keys that share the hash tag ``{t:<tournament id>}``, so a Redis Cluster
keeps them on one node and the write script may touch them together:

- ``<prefix>:{t:<id>}:tournament``, a hash: ``version`` (the compare-and-set guard), ``record``
  (the JSON :class:`~api.tournaments.record.Tournament`) and ``summary`` (what the list shows);
- ``<prefix>:{t:<id>}:secrets``, a hash with one field per launched match (its schedule index):
  the JSON of that match's seat tokens and host token, which only the tournament's host and each
  seat's own entrant are ever given. It expires with the tournament hash: every write of the
  tournament gives both its TTL, so a finished tournament's tokens go when its record does;
- the pub/sub channel ``<prefix>:{t:<id>}:notify``, published with the new version by every write
  (it matches the notifier's ``{*}:notify`` pattern, so ``next?wait=`` sleeps on it like a
  long-poll on a match).

Two indexes span tournaments, each a sorted set under the hash tag ``{tournaments}``. They are
written by separate commands after the tournament's own write, never inside its script, so every
script touches one hash slot (as a cluster needs); both tolerate a crash between the two writes:

- ``<prefix>:{tournaments}:all``: tournament ids scored by creation time, for the list; entries of
  expired tournaments are dropped when a listing meets them;
- ``<prefix>:{tournaments}:running``: the tournaments the referee sweeps (to notice finished
  matches and start the next ones even when nobody asks); a sweep drops ids that are gone or
  no longer running, and every write of a running tournament adds it back.
"""

from __future__ import annotations

from typing import Any, cast

import orjson
import redis

from api.matches.compaction import unpack
from api.store import MatchStore, StaleVersion, reaching_redis


class TournamentNotFound(Exception):
    """No tournament with this id (never created, or expired)."""


# Writes one version of a tournament: creates it (ARGV[1] empty: it must not exist) or
# compare-and-sets it (ARGV[1]: the version it must still be at), and publishes the new version.
# KEYS: 1 tournament hash, 2 its secrets hash (given the same TTL). ARGV: 1 expected version or '',
#   2 new version, 3 record, 4 summary, 5 ttl seconds, 6 notify channel.
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
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('PUBLISH', ARGV[6], ARGV[2])
return {1, tonumber(ARGV[2])}
"""


# Remembers the tokens of one launched match and wakes the entrants waiting for them. The secrets
# expire when the tournament hash does (ARGV[3] only when that hash has no TTL: it is never so).
# KEYS: 1 secrets hash, 2 tournament hash. ARGV: 1 schedule index, 2 the tokens' JSON, 3 ttl
#   seconds, 4 notify channel.
SECRETS_SCRIPT = """#!lua
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local left = redis.call('PTTL', KEYS[2])
if left > 0 then redis.call('PEXPIRE', KEYS[1], left) else redis.call('EXPIRE', KEYS[1], ARGV[3]) end
redis.call('PUBLISH', ARGV[4], 'tokens:' .. ARGV[1])
return 1
"""


class TournamentStore:
    """Tournament records and their indexes, beside the matches of a :class:`~api.store.MatchStore`."""

    def __init__(self, matches: MatchStore) -> None:
        self.matches = matches
        self.client: redis.Redis | redis.RedisCluster = matches.client
        self.prefix = matches.settings.key_prefix
        self._write = self.client.register_script(WRITE_SCRIPT)
        self._save_secrets = self.client.register_script(SECRETS_SCRIPT)

    # --- keys ---------------------------------------------------------------------------------

    def tournament_key(self, tournament_id: str) -> str:
        return f"{self.prefix}:{{t:{tournament_id}}}:tournament"

    def secrets_key(self, tournament_id: str) -> str:
        return f"{self.prefix}:{{t:{tournament_id}}}:secrets"

    def notify_channel(self, tournament_id: str) -> str:
        return f"{self.prefix}:{{t:{tournament_id}}}:notify"

    @staticmethod
    def watch_id(tournament_id: str) -> str:
        """The name the notifier gives this tournament's channel (what sits between its braces)."""
        return f"t:{tournament_id}"

    def list_key(self) -> str:
        return f"{self.prefix}:{{tournaments}}:all"

    def running_key(self) -> str:
        return f"{self.prefix}:{{tournaments}}:running"

    # --- tournaments --------------------------------------------------------------------------

    def write(
        self,
        tournament_id: str,
        expected: int | None,
        version: int,
        *,
        record: dict[str, Any],
        summary: dict[str, Any],
        finished: bool,
    ) -> None:
        """Write ``version``: create it (``expected`` None) or compare-and-set it.

        Raises :class:`~api.store.StaleVersion` when it moved on, :class:`TournamentNotFound` when it
        is gone, ``FileExistsError`` when creating one that exists; nothing is written then.
        """
        args = [
            "" if expected is None else expected,
            version,
            orjson.dumps(record),
            orjson.dumps(summary),
            self.matches.ttl(finished),
            self.notify_channel(tournament_id),
        ]
        with reaching_redis():
            keys = [self.tournament_key(tournament_id), self.secrets_key(tournament_id)]
            code, value = self._write(keys=keys, args=args)
        if code == 3:
            raise FileExistsError(tournament_id)
        if code == -1:
            raise TournamentNotFound(tournament_id)
        if code == 0:
            raise StaleVersion(int(value))

    def load(self, tournament_id: str) -> dict[str, Any]:
        with reaching_redis():
            raw = self.client.hget(self.tournament_key(tournament_id), "record")
        if raw is None:
            raise TournamentNotFound(tournament_id)
        record: dict[str, Any] = orjson.loads(raw)
        return record

    def is_over(self, tournament_id: str) -> bool:
        """Whether the tournament is over (finished or cancelled), or gone: one that expired plays no more."""
        with reaching_redis():
            raw = self.client.hget(self.tournament_key(tournament_id), "summary")
        return raw is None or orjson.loads(raw)["status"] in ("finished", "cancelled")

    def save_secrets(self, tournament_id: str, index: int, secrets: dict[str, Any], ttl: int) -> None:
        """Remember the tokens of the match at schedule ``index`` (idempotent: the same match, the same tokens)."""
        args: list[bytes | str | int] = [str(index), orjson.dumps(secrets), ttl, self.notify_channel(tournament_id)]
        with reaching_redis():
            self._save_secrets(keys=[self.secrets_key(tournament_id), self.tournament_key(tournament_id)], args=args)

    def secrets(self, tournament_id: str, indexes: list[int]) -> dict[int, dict[str, Any]]:
        """The tokens remembered for the matches at ``indexes`` (those launched so far)."""
        if not indexes:
            return {}
        with reaching_redis():
            raw = cast(
                list[bytes | None], self.client.hmget(self.secrets_key(tournament_id), [str(i) for i in indexes])
            )
        return {index: orjson.loads(item) for index, item in zip(indexes, raw, strict=True) if item is not None}

    def match_statuses(self, match_ids: list[str]) -> list[str | None]:
        """Each match's status from its summary (one round trip for all), ``None`` for a match not stored."""
        with reaching_redis(), self.client.pipeline(transaction=False) as pipe:
            for match_id in match_ids:
                pipe.hget(self.matches.match_key(match_id), "summary")
            found = pipe.execute()
        return [None if raw is None else orjson.loads(unpack(raw))["status"] for raw in found]

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
