"""What a server process knows of matches' latest versions without asking the store. Pure.

Every write of a version publishes it on the match's notify channel with the snapshot and the log
entry it wrote (``api/store/matches.py``), and every process hears every publication (``api/store/notifier.py``).
So a process can keep, for the matches it heard of lately, the latest version as written: a move
decided at that version is checked against it without reading the match (the compare-and-set write
still refuses it if the match moved on meanwhile), and a stream or socket that follows the match
sends what was written without reading the log. A version's snapshot and entry never change once
written, so nothing here can be wrong, only missing: then the store is read as before.

Kept as raw bytes, decoded when used; bounded by :data:`MATCHES` matches (the least recently
heard forgotten first) and :data:`ENTRIES` log entries each.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

import orjson

#: How many matches a process remembers the latest version of.
MATCHES = 4096
#: How many of a match's latest log entries it keeps (a stream that fell further behind reads the store).
ENTRIES = 32


@dataclass
class Heard:
    """A match as last heard: its latest version's snapshot and its latest entries, as written."""

    version: int
    snapshot: bytes
    entries: deque[tuple[int, bytes]] = field(default_factory=lambda: deque(maxlen=ENTRIES))


class LatestVersions:
    """The latest version of each match this process heard of, as written (thread-safe)."""

    def __init__(self, matches: int = MATCHES) -> None:
        self.matches = matches
        self._heard: OrderedDict[str, Heard] = OrderedDict()
        self._lock = threading.Lock()

    def heard(self, match_id: str, version: int, snapshot: bytes, entry: bytes) -> None:
        """Version ``version`` of a match was written with ``snapshot`` and the log ``entry``.

        Versions may be heard twice (the writer records its own, then hears it published) or, for
        a process that started listening late, with gaps: entries are kept only while they follow
        one another, so a run of entries is always whole.
        """
        with self._lock:
            known = self._heard.get(match_id)
            if known is not None and version <= known.version:
                return
            if known is None or version != known.version + 1:
                known = Heard(version, snapshot)
            else:
                known.version, known.snapshot = version, snapshot
            known.entries.append((version, entry))
            self._heard[match_id] = known
            self._heard.move_to_end(match_id)
            while len(self._heard) > self.matches:
                self._heard.popitem(last=False)

    def forget(self) -> None:
        """Forget everything (the publications were not heard for a while: they may have been missed)."""
        with self._lock:
            self._heard.clear()

    def latest(self, match_id: str) -> int | None:
        """The latest version heard of the match, if any."""
        with self._lock:
            known = self._heard.get(match_id)
            return None if known is None else known.version

    def snapshot(self, match_id: str, version: int) -> dict[str, Any] | None:
        """The match's snapshot at ``version``, if that is the latest version heard (decoded anew: a
        caller may build on it as it likes)."""
        with self._lock:
            known = self._heard.get(match_id)
            if known is None or known.version != version:
                return None
            raw = known.snapshot
        decoded: dict[str, Any] = orjson.loads(raw)
        return decoded

    def entries(self, match_id: str, after: int, upto: int) -> list[dict[str, Any]] | None:
        """The log entries of the versions ``after + 1`` to ``upto``, if every one of them was heard."""
        with self._lock:
            known = self._heard.get(match_id)
            if known is None or not known.entries or known.entries[0][0] > after + 1 or known.version < upto:
                return None
            raw = [entry for version, entry in known.entries if after < version <= upto]
        return [orjson.loads(entry) for entry in raw]
