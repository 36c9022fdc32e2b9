"""Following a match as it happens: the items a stream sends, whatever carries them (server-sent events, a socket).

:func:`follow` reads the match's log after a position and then waits for each new version on the
process's notifier, yielding each item a reader may see with its event id
(:mod:`arena.streams`): log events, then, at the latest version, the seat's ``turn`` or the
``match_over``. Both transports, ``GET .../stream``/``seat-stream`` and ``GET .../seat-socket``,
send exactly these items.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from api.settings import Settings
from api.store.errors import MatchNotFound, StoreUnavailable
from api.store.notifier import Notifier
from api.usecases.context import Context
from api.usecases.matches.reading import known_table, load_table
from arena.matches.table import Table
from arena.matches.views import match_resource, visible_events
from arena.streams import Item, Position, items_after
from engine import offered_actions

#: How many log entries one read of a resuming stream takes.
LOG_PAGE = 200


class Reader:
    """What one stream reads: the match's log and state, as the public or one seat sees them."""

    def __init__(
        self,
        ctx: Context,
        notifier: Notifier,
        match_id: str,
        seat: int | None,
        legal: int,
        *,
        keep_alive: float = Settings.stream_keep_alive_seconds,
    ) -> None:
        self.ctx, self.notifier, self.match_id, self.seat, self.legal = ctx, notifier, match_id, seat, legal
        #: Seconds of quiet after which :func:`follow` yields ``None`` (a transport's keep-alive).
        self.keep_alive = keep_alive
        #: The match as :func:`follow` last read it.
        self.table: Table | None = None

    def heard_table(self, version: int) -> Table | None:
        """The match's latest version as this process heard it published, if it is past ``version``."""
        latest = self.ctx.store.latest.latest(self.match_id)
        if latest is None or latest <= version:
            return None
        return known_table(self.ctx, self.match_id, latest)

    def entries(self, after: int, upto: int) -> list[dict[str, Any]]:
        """The log entries of the versions after ``after`` up to ``upto`` (a page of them): as heard
        published when this process heard them all, else read from the store."""
        heard = self.ctx.store.latest.entries(self.match_id, after, upto)
        if heard is not None:
            return heard
        return [e for e in self.ctx.store.log(self.match_id, after, LOG_PAGE) if e["version"] <= upto]

    def items(self, entry: dict[str, Any], table: Table, now: float) -> list[Item]:
        """The items of one version: its visible events, then (if it is the latest) a turn and the end."""
        items = [Item("event", event) for event in visible_events([entry], self.seat)]
        if entry["version"] == table.version:
            items.extend(self.latest(table, now))
        return items

    def latest(self, table: Table, now: float) -> list[Item]:
        """The items that describe where the match stands: whose turn it is, and how it ended."""
        if table.is_over:
            return [Item("match_over", {"version": table.version, "status": table.status, "result": table.result()})]
        if self.seat is None or self.seat not in table.to_act:
            return []
        match = table.match
        # All of them, or a uniform sample seeded by the match's version: a resumed stream repeats it,
        # and an offline environment of the same match offers the same (engine.offered_actions).
        total, chosen = offered_actions(match, self.seat, self.legal)
        actions = [action.to_json() for action in chosen]
        turn = {
            "version": table.version,
            "seat": self.seat,
            "deadline": table.deadlines[self.seat] if table.deadlines else None,
            "view": match_resource(table, self.seat, now),
            "legal_actions": {"total": total, "actions": actions},
        }
        return [Item("turn", turn)]


def follow(
    reader: Reader, position: Position, fresh: bool, table: Table | None
) -> Iterator[list[tuple[str, Item]] | None]:
    """Every ``(id, item)`` after ``position``, as it happens, until the match is over, in batches (what
    one look at the match found: a transport sends each at once); ``None`` after every
    ``reader.keep_alive`` seconds with nothing to say.

    Where the match stands (a seat's pending ``turn``, or ``match_over``) is sent once per version
    reached, however the stream started: resuming at the current version still gets its turn.
    ``reader.table`` is the table as last read.

    The first look reads the store. Each later one is woken by a version's publication, which this
    process has taken in by then (``api/store/latest.py``): the new version and its log entries
    come from there, and the store is read only for what was not heard (a stream that fell behind,
    a subscription that dropped).

    It also ends, after what it has found, when the process stops (``reader.notifier.closing``):
    the transport then tells its client to come back, from the last item it sent.
    """
    stood = -1  # the version whose standing items (turn, end) this stream has sent
    with reader.notifier.watch(reader.match_id) as signal:
        if fresh and table is not None:  # a fresh start: where the match stands now
            yield _standing(reader, table)
            if table.is_over:
                return
            stood = table.version
        heard = False  # whether the match may be taken as heard (after a first read of the store)
        while True:
            try:
                found = reader.heard_table(position.version) if heard else None
                table = reader.table = found or load_table(reader.ctx, reader.match_id)
                heard = True
                batch: list[tuple[str, Item]] = []
                while position.version < table.version or position.index is not None:
                    after = position.version - 1 if position.index is not None else position.version
                    entries = reader.entries(after, table.version)
                    if not entries:
                        break
                    now = reader.ctx.clock.now()
                    for entry in entries:
                        batch.extend(items_after(position, entry["version"], reader.items(entry, table, now)))
                        position = Position(entry["version"])
                        if entry["version"] == table.version:  # its items ended with where the match stands
                            stood = table.version
                if position.version == table.version and stood < table.version:
                    batch.extend(_standing(reader, table))  # resumed at the current version
                    stood = table.version
                if batch:
                    yield batch
                if any(item.type == "match_over" for _, item in batch) or (
                    table.is_over and position.version >= table.version
                ):
                    return
            except (MatchNotFound, StoreUnavailable):
                return  # the match expired or the store is gone: the client resumes later
            if reader.notifier.closing:
                return  # the process stops: the client resumes elsewhere, or once it is back
            if not reader.ctx.clock.wait(signal, reader.keep_alive):
                yield None
            signal.clear()


def _standing(reader: Reader, table: Table) -> list[tuple[str, Item]]:
    """Where the match stands now, as the items of its current version: a turn, or the end."""
    return items_after(Position(table.version - 1), table.version, reader.latest(table, reader.ctx.clock.now()))
