"""What the script tests read and write in Redis: each key's value and TTL, and the messages published.

A case states Redis before and after a call in names relative to the test's key prefix: ``K`` builds
them with the placeholder prefix ``~`` (``K.match("m")`` is ``~:{m}:match``), and a :class:`Target`
(one server, or the cluster) swaps in the test's own prefix. Reading back, every key under that prefix
is listed, so a case sees what a script wrote and what it left alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

import orjson
import pytest
import redis

from api.clock import Stopwatch
from api.store.keys import Keys

PLACEHOLDER = "~"
#: The key and channel names of the cases, under the placeholder prefix.
K = Keys(PLACEHOLDER)
#: How far under the TTL a case expects a key's TTL may read (the time between set and read, on a busy
#: machine: it is not a measure of anything).
TTL_SLACK = 60.0
#: How long to wait for published messages before failing.
HEARING_TIMEOUT = 30.0
#: Published after a call on every channel listened to: what came before it, the script published.
SENTINEL = b"~the end~"


@dataclasses.dataclass(frozen=True)
class Str:
    value: str
    ttl: float | None = None


@dataclasses.dataclass(frozen=True)
class Hash:
    fields: dict[str, str]
    ttl: float | None = None


@dataclasses.dataclass(frozen=True)
class List:
    items: list[str]
    ttl: float | None = None


@dataclasses.dataclass(frozen=True)
class ZSet:
    scores: dict[str, float]
    ttl: float | None = None


#: A key's value and TTL in seconds (``None``: it has none).
Stored = Str | Hash | List | ZSet
#: Keys (placeholder names) and what they hold; a key not named does not exist.
State = Mapping[str, Stored]


@dataclasses.dataclass(frozen=True)
class AsJson:
    """An argument the wrapper takes as JSON (names in it resolved first, as those outside)."""

    value: object


@dataclasses.dataclass(frozen=True)
class Case:
    """One row of a script's table: Redis ``before``, the wrapper's arguments (key names under the
    placeholder), its ``answer``, Redis ``after`` (``None``: as before, nothing written) and the messages
    ``published`` (channel, text) in order. ``one_server``: the call spans hash slots, as only one
    server allows (a cluster's caller takes another way)."""

    name: str
    args: Mapping[str, Any]
    answer: object
    before: State = dataclasses.field(default_factory=dict)
    after: State | None = None
    published: Sequence[tuple[str, str]] = ()
    one_server: bool = False


def on_both(cases: Sequence[Case]) -> list[Any]:
    """The ``target, case`` parameters of a table: every case on one server, and those a cluster can
    take on the cluster."""
    names = [case.name for case in cases]
    assert len(set(names)) == len(names), "a table names each case once"
    return [
        pytest.param(where, case, id=f"{where}: {case.name}")
        for case in cases
        for where in ("server", "cluster")
        if where == "server" or not case.one_server
    ]


class Target:
    """A Redis (one server or the cluster) under a fresh key prefix, as the tests see it."""

    def __init__(self, client: redis.Redis | redis.RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    def key(self, name: str) -> str:
        """A placeholder name (``~:...``) under this target's prefix."""
        assert name.startswith(f"{PLACEHOLDER}:"), name
        return self.prefix + name.removeprefix(PLACEHOLDER)

    def resolve(self, value: Any) -> Any:
        """Arguments with every placeholder name under this target's prefix (in lists, tuples, dicts and
        :class:`AsJson` too)."""
        if isinstance(value, AsJson):
            return orjson.dumps(self.resolve(value.value))
        if isinstance(value, str) and value.startswith(f"{PLACEHOLDER}:"):
            return self.key(value)
        if isinstance(value, list | tuple):
            return type(value)(self.resolve(item) for item in value)
        if isinstance(value, dict):
            return {name: self.resolve(item) for name, item in value.items()}
        return value

    def relative(self, name: str) -> str:
        assert name.startswith(f"{self.prefix}:"), name
        return PLACEHOLDER + name.removeprefix(self.prefix)

    # --- writing and reading ------------------------------------------------------------------

    def put(self, state: State) -> None:
        """Write ``state`` with plain commands (each routed to its key's node on a cluster)."""
        for name, stored in state.items():
            key = self.key(name)
            match stored:
                case Str(value):
                    self.client.set(key, value)
                case Hash(fields):
                    self.client.hset(key, mapping=fields)  # type: ignore[arg-type]
                case List(items):
                    self.client.rpush(key, *items)
                case ZSet(scores):
                    self.client.zadd(key, scores)
            if stored.ttl is not None:
                self.client.pexpire(key, round(stored.ttl * 1000))

    def stored(self) -> dict[str, Stored]:
        """Every key under the prefix (placeholder names), with its value and TTL."""
        found: dict[str, Stored] = {}
        for raw in self.client.scan_iter(match=f"{self.prefix}:*", count=1000):
            key = raw.decode()
            kind = self.client.type(key).decode()  # type: ignore[union-attr]
            pttl = self.client.pttl(key)
            ttl = None if pttl == -1 else pttl / 1000
            if kind == "string":
                found[self.relative(key)] = Str(cast(bytes, self.client.get(key)).decode(), ttl)
            elif kind == "hash":
                fields = cast(dict[bytes, bytes], self.client.hgetall(key))
                found[self.relative(key)] = Hash({f.decode(): v.decode() for f, v in fields.items()}, ttl)
            elif kind == "list":
                items = cast(list[bytes], self.client.lrange(key, 0, -1))
                found[self.relative(key)] = List([item.decode() for item in items], ttl)
            elif kind == "zset":
                scores = cast(list[tuple[bytes, float]], self.client.zrange(key, 0, -1, withscores=True))
                found[self.relative(key)] = ZSet({member.decode(): score for member, score in scores}, ttl)
            else:
                raise AssertionError(f"{key} is a {kind}: no script writes one")
        return found

    def assert_stored(self, expected: State) -> None:
        """Redis holds exactly ``expected``: the same keys, values and TTLs (a TTL may read a little under
        the one expected, counted down since it was set)."""
        actual = self.stored()
        for name, stored in actual.items():
            want = expected.get(name)
            if (
                want is not None
                and want.ttl is not None
                and stored.ttl is not None
                and want.ttl - TTL_SLACK < stored.ttl <= want.ttl
            ):
                actual[name] = dataclasses.replace(stored, ttl=want.ttl)
        assert actual == dict(expected)

    def delete_all(self) -> None:
        for key in list(self.client.scan_iter(match=f"{self.prefix}:*", count=1000)):
            self.client.delete(key)

    # --- publishing ---------------------------------------------------------------------------

    def node(self, key: str) -> redis.Redis:
        """A connection to the server that holds ``key`` (where a script on it runs and publishes)."""
        if isinstance(self.client, redis.RedisCluster):
            node = self.client.get_node_from_key(key)  # type: ignore[no-untyped-call]
            return redis.Redis(host=node.host, port=node.port)
        return redis.Redis(connection_pool=self.client.connection_pool)

    @contextmanager
    def listening(self, channels: Sequence[str], near: str) -> Iterator[list[tuple[str, str]]]:
        """Subscribe to ``channels`` (placeholder names) on the server of key ``near`` for the block; then
        the list yielded holds what was published on them meanwhile, in order (channel, text)."""
        heard: list[tuple[str, str]] = []
        if not channels:
            yield heard
            return
        node = self.node(self.key(near))
        pubsub = node.pubsub()
        try:
            names = [self.key(channel) for channel in channels]
            pubsub.subscribe(*names)
            _read_until(pubsub, lambda message: message["type"] == "subscribe", len(names))
            yield heard
            for name in names:  # the same server publishes these after the script's: they come after
                node.publish(name, SENTINEL)

            def hear(message: dict[str, Any]) -> bool:
                if message["type"] != "message":
                    return False
                if message["data"] == SENTINEL:
                    return True
                heard.append((self.relative(message["channel"].decode()), message["data"].decode()))
                return False

            _read_until(pubsub, hear, len(names))
        finally:
            pubsub.close()
            node.close()


def _read_until(pubsub: redis.client.PubSub, counts: Callable[[dict[str, Any]], bool], count: int) -> None:
    """Read messages until ``count`` of them are ones that ``counts`` (which sees each) says end it."""
    watch, seen = Stopwatch(), 0
    while seen < count:
        assert watch.seconds() < HEARING_TIMEOUT, "published messages did not arrive"
        message = pubsub.get_message(timeout=1.0)
        if message is not None and counts(message):
            seen += 1


def check(target: Target, call: Callable[..., object], case: Case, *, near: str, channels: Sequence[str] = ()) -> None:
    """Run one case: write ``before``, call the wrapper listening on ``channels`` (on the server of key
    ``near``, where the call's keys live), check the answer, what was published and what is stored."""
    target.put(case.before)
    with target.listening(channels, near) as heard:
        answer = call(**target.resolve(case.args))
    assert answer == case.answer
    assert heard == list(case.published)
    target.assert_stored(case.before if case.after is None else case.after)
