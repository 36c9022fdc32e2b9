"""Typed wrappers of the matches' scripts (``scripts/*.lua``): named arguments in, typed answers out.

Each wrapper passes every key through ``KEYS`` (so a cluster routes the call to the match's slot) and
turns the script's numbered answer into a value a caller can ``match`` on. The stores build the keys
(``keys.py``) and decide what to write; the scripts make each write atomic.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence

import redis

from api.store.lua import LuaScript, number

# --- answers -------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Written:
    """The version was written."""

    version: int


@dataclasses.dataclass(frozen=True)
class MovedOn:
    """Nothing was written: the match (or tournament) is at ``current``, not the version expected."""

    current: int


@dataclasses.dataclass(frozen=True)
class Missing:
    """Nothing was written: the match (or tournament) does not exist."""


@dataclasses.dataclass(frozen=True)
class AlreadyExists:
    """Nothing was written: a creation found the match (or tournament) there already."""


@dataclasses.dataclass(frozen=True)
class Remembered:
    """Nothing was written: the ``Idempotency-Key`` was used before; ``answer`` is what it remembered."""

    answer: bytes


WriteAnswer = Written | MovedOn | Missing | AlreadyExists | Remembered


def write_answer(reply: Sequence[int | bytes]) -> WriteAnswer:
    """A write script's ``{code, value}`` as an answer."""
    code, value = reply
    if code == 1:
        return Written(int(value))
    if code == 0:
        return MovedOn(int(value))
    if code == -1:
        return Missing()
    if code == 3:
        return AlreadyExists()
    if code == 2:
        assert isinstance(value, bytes)
        return Remembered(value)
    raise ValueError(f"a write script answered {reply!r}")


class RescheduleAnswer(enum.IntEnum):
    """What setting the referee's due time on one server did (an ``int``, as the script answers)."""

    SET = 1
    #: The match moved on: its writer set the due time.
    MOVED_ON = 0
    #: The match is gone: it left the due set.
    GONE = -1


@dataclasses.dataclass(frozen=True)
class FirstRequest:
    """What noting a seat's first request did: ``noted`` (it was news) and ``moved`` (it brought the
    referee's due time forward); ``exists`` is false when the match is gone (nothing written)."""

    noted: bool
    moved: bool
    exists: bool = True


# --- the scripts ----------------------------------------------------------------------------------------


class MatchScripts:
    """The matches' scripts, registered with one client."""

    def __init__(self, client: redis.Redis | redis.RedisCluster) -> None:
        self._write = LuaScript(client, "write_match")
        self._compact = LuaScript(client, "compact_match")
        self._reschedule = LuaScript(client, "reschedule")
        self._set_due = LuaScript(client, "set_due")
        self._claim = LuaScript(client, "claim_due")
        self._first_request = LuaScript(client, "first_request")
        self._beat = LuaScript(client, "beat")

    def write_match(
        self,
        *,
        match_key: str,
        log_key: str,
        idempotency_key: str,
        checkpoints_key: str,
        match_id: str,
        expected: int | None,
        version: int,
        snapshot: bytes,
        summary: bytes,
        entry: bytes,
        ttl: int,
        notify_channel: str,
        remembered: bytes | None,
        remembered_ttl: int,
        due: float | None,
        indexes: tuple[str, Sequence[str], Sequence[str], float, str] | None,
        checkpoint_field: str | None = None,
    ) -> WriteAnswer:
        """Create (``expected`` None) or compare-and-set one version of a match, with its log entry and the
        answer an ``Idempotency-Key`` remembers; publish it. ``indexes`` (on one server: ``None`` on a
        cluster, where the caller moves them next) is ``(due set, lobby indexes to add to, lobby indexes
        to remove from, lobby score, wake channel)``: the script then sets the due time and moves the
        match in the lobby in the same step. With ``checkpoint_field``, the snapshot is also kept in that
        field of the checkpoints hash (a replay checkpoint); that hash's TTL follows the match's."""
        keys = [match_key, log_key, idempotency_key, checkpoints_key]
        adds: Sequence[str] = ()
        score, wake = 0.0, ""
        if indexes is not None:
            due_key, adds, removes, score, wake = indexes
            keys += [due_key, *adds, *removes]
        args = [
            "" if expected is None else expected,
            version,
            snapshot,
            summary,
            entry,
            ttl,
            notify_channel,
            remembered or "",
            remembered_ttl,
            number(due),
            match_id,
            repr(score),
            len(adds),
            wake,
            checkpoint_field or "",
        ]
        return write_answer(self._write(keys, args))

    def compact_match(
        self,
        *,
        match_key: str,
        log_key: str,
        record_key: str,
        checkpoints_key: str,
        version: int,
        record: bytes,
        record_ttl: int,
        swap: tuple[bytes, bytes] | None,
        checkpoints: tuple[int, Sequence[bytes]] | None,
    ) -> bool:
        """Keep a finished match's ``record`` (and its replay ``checkpoints``: versions per chunk, chunks)
        if it is still at ``version`` with its whole log; with ``swap`` (compressed snapshot and
        summary), replace the log by the record; whether it was done."""
        every, chunks = checkpoints or ("", ())
        args = [version, record, record_ttl, "1" if swap else "", *(swap or ("", "")), every, *chunks]
        return bool(self._compact([match_key, log_key, record_key, checkpoints_key], args))

    def reschedule(
        self, *, match_key: str, due_key: str, match_id: str, version: int, due: float | None
    ) -> RescheduleAnswer:
        """Set the referee's due time of a match still at ``version`` (``due`` None: take it out); the
        match may have moved on, or be gone (then it leaves the due set)."""
        return RescheduleAnswer(self._reschedule([match_key, due_key], [version, number(due), match_id]))

    def set_due(
        self, *, due_key: str, due_version_key: str, match_id: str, version: int, due: float | None, wake: str | None
    ) -> bool:
        """On a cluster: set the due time of a match for ``version`` unless a later version's stands
        (``due`` None: take it out), waking the referees on ``wake``; whether it was set."""
        return bool(self._set_due([due_key, due_version_key], [match_id, version, number(due), wake or ""]))

    def claim_due(self, *, due_key: str, now: float, lease: float, limit: int) -> list[str]:
        """The members of a due set due by ``now`` (at most ``limit``), each pushed back by ``lease``."""
        return [member.decode() for member in self._claim([due_key], [repr(now), repr(lease), limit])]

    def first_request(
        self,
        *,
        match_key: str,
        due_key: str | None,
        match_id: str,
        seat: int,
        at: float,
        due: float | None,
        wake_channel: str,
    ) -> FirstRequest:
        """Note that ``seat``'s program first asked at ``at`` (the first time stands) and bring the referee's
        due time forward to ``due`` if that is earlier (in the due set too, unless ``due_key`` is None)."""
        keys = [match_key] if due_key is None else [match_key, due_key]
        noted, moved = self._first_request(keys, [seat, repr(at), number(due), match_id, wake_channel])
        return FirstRequest(noted == 1, moved == 1, noted != -1)

    def beat(self, *, beat_key: str, outages_key: str, now: float, gap: float, wake_channel: str, keep: int) -> bool:
        """Note a serving API process's heartbeat at ``now``; when the last beat is more than ``gap`` seconds
        old, record the outage between them (kept ``keep`` seconds) and wake the referees; whether it did."""
        return bool(self._beat([beat_key, outages_key], [repr(now), repr(gap), wake_channel, keep]))
