"""All Redis access: key names, the Lua scripts that write atomically, and typed failures.

Each match lives in two keys that share the hash tag ``{<match id>}``, so a Redis Cluster keeps them
on one node and a script may touch both:

- ``<prefix>:{<id>}:match``, a hash: ``version`` (the compare-and-set guard) and ``snapshot`` (the
  JSON record of the match at that version, whose size does not grow with the match's length);
- ``<prefix>:{<id>}:log``, a list with one JSON entry per version (entry ``v`` produced version
  ``v``): who acted, what, when, and the events it produced.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
import redis

from api.settings import Settings


class StoreError(Exception):
    """Base of the store's typed failures."""


class StoreUnavailable(StoreError):
    """The Redis server could not be reached or did not answer in time."""


class MatchNotFound(StoreError):
    """No match with this id (never created, or expired)."""


class StaleVersion(StoreError):
    """The match is no longer at the version the write was based on."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the match is at version {current}")
        self.current = current


class MatchExists(StoreError):
    """A match with this id exists already (ids are random: a clash means a bug or an attack)."""


# Creates a match. KEYS: match hash, log list. ARGV: snapshot, first log entry, ttl seconds.
# Returns 1, or 0 if the match exists already.
CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', '0', 'snapshot', ARGV[1])
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
"""

# Compare-and-set of one move. KEYS: match hash, log list. ARGV: expected version, new version,
# new snapshot, log entry, ttl seconds. Returns {1, new} when written, {0, current} when the match
# has moved on, {-1, -1} when it does not exist. The snapshot and its log entry are written together.
COMMIT_SCRIPT = """
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {-1, -1} end
if current ~= ARGV[1] then return {0, tonumber(current)} end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'snapshot', ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return {1, tonumber(ARGV[2])}
"""


@contextmanager
def _reaching_redis() -> Iterator[None]:
    """Turn the client's connection failures into :class:`StoreUnavailable`."""
    try:
        yield
    except (redis.ConnectionError, redis.TimeoutError) as error:
        raise StoreUnavailable(str(error)) from error
    except redis.ResponseError as error:
        if "LOADING" in str(error) or "MISCONF" in str(error) or "READONLY" in str(error):
            raise StoreUnavailable(str(error)) from error
        raise


class MatchStore:
    """Snapshots and logs of matches in Redis; every write is one atomic script."""

    def __init__(self, client: redis.Redis, settings: Settings) -> None:
        self.client = client
        self.settings = settings
        self._create = client.register_script(CREATE_SCRIPT)
        self._commit = client.register_script(COMMIT_SCRIPT)

    @classmethod
    def connect(cls, settings: Settings) -> MatchStore:
        client = redis.Redis.from_url(
            settings.redis_url, socket_timeout=5, socket_connect_timeout=2, health_check_interval=30
        )
        return cls(client, settings)

    def match_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:match"

    def log_key(self, match_id: str) -> str:
        return f"{self.settings.key_prefix}:{{{match_id}}}:log"

    def ttl(self, finished: bool) -> int:
        return self.settings.finished_ttl if finished else self.settings.idle_ttl

    def create(self, match_id: str, snapshot: dict[str, Any], entry: dict[str, Any], finished: bool) -> None:
        """Store a new match at version 0 with the log entry of its setup."""
        keys = [self.match_key(match_id), self.log_key(match_id)]
        with _reaching_redis():
            created = self._create(keys=keys, args=[_dumps(snapshot), _dumps(entry), self.ttl(finished)])
        if not created:
            raise MatchExists(match_id)

    def load(self, match_id: str) -> dict[str, Any]:
        """The latest snapshot of the match."""
        with _reaching_redis():
            raw = self.client.hget(self.match_key(match_id), "snapshot")
        if raw is None:
            raise MatchNotFound(match_id)
        snapshot: dict[str, Any] = orjson.loads(raw)
        return snapshot

    def commit(
        self, match_id: str, expected: int, snapshot: dict[str, Any], entry: dict[str, Any], finished: bool
    ) -> None:
        """Write version ``expected + 1`` and its log entry, only if the match is still at ``expected``."""
        keys = [self.match_key(match_id), self.log_key(match_id)]
        args: list[bytes | int] = [expected, expected + 1, _dumps(snapshot), _dumps(entry), self.ttl(finished)]
        with _reaching_redis():
            code, current = self._commit(keys=keys, args=args)
        if code == -1:
            raise MatchNotFound(match_id)
        if code == 0:
            raise StaleVersion(int(current))

    def log(self, match_id: str, after: int, limit: int) -> list[dict[str, Any]]:
        """Up to ``limit`` log entries of the versions after ``after`` (``-1``: from the setup on)."""
        start = max(after + 1, 0)
        with _reaching_redis():
            raw = self.client.lrange(self.log_key(match_id), start, start + limit - 1)
        return [orjson.loads(item) for item in raw]

    def ping(self) -> None:
        with _reaching_redis():
            self.client.ping()


def _dumps(value: Any) -> bytes:
    return orjson.dumps(value)
