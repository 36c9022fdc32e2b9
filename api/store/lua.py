"""The store's Lua scripts, kept as files in ``api/store/scripts/`` and registered once per client.

Each script's header says its keys, arguments and answers; the typed wrappers that call it with named
arguments live beside the store that uses it (``match_scripts.py``, ``tournament_scripts.py``,
``webhook_scripts.py``), and ``tests/store/`` runs every branch of every script against a real Redis.
redis-py sends a registered script by its SHA (``EVALSHA``) and loads it again when a server has lost
it (after a restart, or on a cluster node that never saw it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import redis

from api.store.errors import reaching_redis

#: Where the scripts live (package data, installed with the server).
SCRIPTS = Path(__file__).with_name("scripts")

Argument = str | bytes | int | float


@cache
def source(name: str) -> str:
    """The text of ``scripts/<name>.lua``."""
    return (SCRIPTS / f"{name}.lua").read_text()


class LuaScript:
    """One script of ``scripts/``, registered with a client and called with its keys and arguments."""

    def __init__(self, client: redis.Redis | redis.RedisCluster, name: str) -> None:
        self.name = name
        self._script = client.register_script(source(name))

    def __call__(self, keys: Sequence[str], args: Sequence[Argument]) -> Any:
        with reaching_redis():
            return self._script(keys=list(keys), args=list(args))


def number(value: float | None) -> str:
    """A score or time as a script argument: its ``repr`` (exact), or ``''`` for none."""
    return "" if value is None else repr(value)
