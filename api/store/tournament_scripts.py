"""Typed wrappers of the tournaments' scripts (``scripts/*.lua``): named arguments in, typed answers out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

import redis

from api.store.lua import LuaScript
from api.store.match_scripts import WriteAnswer, write_answer


class TournamentChanges(TypedDict):
    """What a tournament's write changes beside its record, as ``write_tournament.lua`` reads it (JSON):
    fields of the entrants, rounds, standings, h2h and presence hashes (presence ``"0"``: a lease ended),
    outcomes to append, channels to tell. Every member is needed: the script walks each (after it has
    written the record: a missing one would fail the script half done)."""

    entrants: dict[str, str]
    rounds: dict[str, str]
    standings: dict[str, str]
    h2h: dict[str, str]
    presence: dict[str, str]
    outcomes: list[str]
    notify: list[str]


class TournamentScripts:
    """The tournaments' scripts, registered with one client."""

    def __init__(self, client: redis.Redis | redis.RedisCluster) -> None:
        self._write = LuaScript(client, "write_tournament")
        self._match_field = LuaScript(client, "tournament_match_field")
        self._presence = LuaScript(client, "renew_presence")

    def write_tournament(
        self,
        *,
        keys: Sequence[str],
        expected: int | None,
        version: int,
        record: bytes,
        summary: bytes,
        ttl: int,
        changes: bytes,
    ) -> WriteAnswer:
        """Create (``expected`` None) or compare-and-set one version of a tournament: its ``record`` and
        ``summary``, and the ``changes`` beside them (a :class:`TournamentChanges` as JSON); every key (in
        ``keys.TOURNAMENT_KEY_NAMES`` order) gets ``ttl``."""
        args = ["" if expected is None else expected, version, record, summary, ttl, changes]
        return write_answer(self._write(keys, args))

    def set_match_field(
        self, *, field_hash: str, tournament_hash: str, field: str, value: bytes, ttl: int, notify: Sequence[str] = ()
    ) -> None:
        """Set a launched match's ``field`` (its tokens, or its record) of a tournament hash, expiring with
        the tournament (``ttl`` if it had none), and wake the ``notify`` channels."""
        self._match_field([field_hash, tournament_hash], [field, value, ttl, *notify])

    def renew_presence(
        self,
        *,
        presence_hash: str,
        tournament_hash: str,
        until: float,
        entrants: Sequence[int],
        renewed_at: float,
        capacity: int | None = None,
        group: str = "",
        lost: Sequence[str] = (),
        session: str | None = None,
    ) -> bool:
        """Hold the presence leases of ``entrants`` until ``until``, renewed at ``renewed_at`` by the host's
        ``session`` (both kept beside it, with since when that session renews), sharing ``capacity`` (``None``:
        none) under the name ``group``, and note the matches ``lost`` (a worker playing them died); whether the
        tournament exists."""
        head = [repr(until), "" if capacity is None else capacity, group, repr(renewed_at), session or "", len(lost)]
        args = [*head, *lost, *entrants]
        return bool(self._presence([presence_hash, tournament_hash], args))
