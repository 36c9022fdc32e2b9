"""The referee's thinker: worker processes that do the referee's slow work, the slow bots' decisions
(the search bots) and the records of matches that are over (``api/usecases/records.py``).

A search decision costs up to a few hundred milliseconds of CPU (``engine.bots.is_slow``). Played in
a request, it would hold up every other request of that gevent worker; played in the referee's own
loop, the deadlines of every other match would wait for it. So requests never play one
(``settle`` stops at a slow bot's turn and leaves the match due), and the referee hands each such
turn to a thinker process: :func:`decide` is pure (the match, the seat, the bot and its memory in;
the action out), and the referee writes the action with compare-and-set like any other bot's, as
soon as it comes back. The thinker processes run at a lower CPU priority (``nice`` +10) than the API
workers, so a search competes with requests for the CPU only when they leave it idle.

Keeping a record reads a match's whole log and replays it, which costs as much as the match is long;
a thinker process does it with a store connection of its own (:func:`keep_record`), and the referee
only learns that it is done.

``ARENA_THINKERS`` sets how many processes think at once (default: one per core the process may run
on, ``api/settings.py``'s :func:`~api.settings.available_cores`), and ``ARENA_THINKER_NICENESS`` how
much lower their priority is. ``Thinker(0)`` does the work in the caller's own thread instead, as a
test or a one-process tool may want.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
import multiprocessing
import os
import threading
from collections.abc import Mapping
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from api.clock import SYSTEM
from api.settings import Settings
from api.store.matches import MatchStore
from api.usecases import records, wiring
from api.usecases.context import Context
from arena.matches.table import Table
from engine import Match
from engine.bots import choose_action

log = logging.getLogger(__name__)


def decide(match: Mapping[str, Any], seat: int, bot: str, memory: Mapping[str, Any] | None) -> dict[str, Any]:
    """The action (as JSON) that ``bot`` takes for ``seat`` in ``match`` (its JSON form), remembering ``memory``."""
    return choose_action(Match.from_json(match), seat, bot, memory=memory).to_json()


#: Each thinker process's contexts, by settings (a process serves one referee, so one store).
_CONTEXTS: dict[Settings, Context] = {}


def keep_record(settings: Settings, match_id: str) -> bool:
    """Keep the record of match ``match_id`` (:func:`api.usecases.records.keep`) through this process's
    own connection to the store that ``settings`` name; whether the match has a record now."""
    ctx = _CONTEXTS.get(settings)
    if ctx is None:
        ctx = _CONTEXTS[settings] = wiring.context(MatchStore.connect(settings))
    return records.keep(ctx, match_id)


#: How often a thinker process checks that the referee that started it is still there, in seconds.
PARENT_CHECK_EVERY = 1.0


def _start_thinking(niceness: int) -> None:
    """Set up a thinker process: a lower priority, and an end when its referee ends, however abruptly
    (a process pool's workers would otherwise wait for work from a referee that is gone)."""
    os.nice(niceness)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            SYSTEM.sleep(PARENT_CHECK_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


@dataclasses.dataclass(frozen=True)
class Thought:
    """A decision the thinker made: for a match at ``version``, ``seat``'s ``action`` (JSON), or the error."""

    match_id: str
    version: int
    seat: int
    bot: str
    action: dict[str, Any] | None
    error: BaseException | None = None


@dataclasses.dataclass(frozen=True)
class Kept:
    """A record the thinker kept, of a match over at ``version``: whether it has one now, or the error."""

    match_id: str
    version: int
    kept: bool
    error: BaseException | None = None


@dataclasses.dataclass(frozen=True)
class _Work:
    """Work under way for one match: a slow bot's decision (``seat`` and ``bot``), or its record."""

    version: int
    future: concurrent.futures.Future[Any]
    seat: int | None = None
    bot: str | None = None

    def outcome(self, match_id: str) -> Thought | Kept:
        error = self.future.exception()
        if self.seat is None:
            return Kept(match_id, self.version, error is None and bool(self.future.result()), error)
        assert self.bot is not None
        return Thought(match_id, self.version, self.seat, self.bot, None if error else self.future.result(), error)


class Thinker:
    """A pool of thinker processes, and the work under way in it (at most one piece per match)."""

    def __init__(self, processes: int | None = None, niceness: int | None = None) -> None:
        """``processes`` and ``niceness`` default to their settings (``ARENA_THINKERS``,
        ``ARENA_THINKER_NICENESS``); ``processes=0`` works in the caller's thread."""
        defaults = Settings()
        self.processes = max(0, defaults.thinkers if processes is None else processes)
        self.niceness = defaults.thinker_niceness if niceness is None else niceness
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._under_way: dict[str, _Work] = {}

    def is_thinking(self, match_id: str) -> bool:
        """Whether a decision or a record for ``match_id`` is under way."""
        return match_id in self._under_way

    @property
    def busy(self) -> bool:
        return bool(self._under_way)

    def submit(self, table: Table, seat: int) -> None:
        """Start deciding for ``seat``'s bot in ``table``'s match, unless a decision for it is under way."""
        match_id, bot = table.match_id, table.seats[seat].server_bot
        assert bot is not None
        if match_id in self._under_way:
            return
        memory = table.memories[seat] if seat < len(table.memories) else None
        arguments = (table.match.to_json(), seat, bot, None if memory is None else dict(memory))
        self._under_way[match_id] = _Work(table.version, self._run(decide, *arguments), seat, bot)

    def keep(self, table: Table, settings: Settings) -> None:
        """Start keeping the record of ``table``'s match (over), unless work for it is under way."""
        if table.match_id not in self._under_way:
            self._under_way[table.match_id] = _Work(table.version, self._run(keep_record, settings, table.match_id))

    def _run(self, work: Any, *arguments: Any) -> concurrent.futures.Future[Any]:
        """``work(*arguments)`` under way in a thinker process (done at once with none)."""
        if self.processes == 0:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            try:
                future.set_result(work(*arguments))
            except Exception as error:
                future.set_exception(error)
            return future
        try:
            return self._started().submit(work, *arguments)
        except BrokenProcessPool:  # a thinker process died (killed, out of memory): start afresh
            self._restart()
            return self._started().submit(work, *arguments)

    def _started(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_thinking,
                initargs=(self.niceness,),
            )
        return self._pool

    def _restart(self) -> None:
        log.warning("thinker: a thinker process died; starting new ones")
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def done(self) -> list[Thought | Kept]:
        """The decisions and records finished since the last call (each reported once)."""
        finished = []
        for match_id, work in list(self._under_way.items()):
            if not work.future.done():
                continue
            del self._under_way[match_id]
            if isinstance(work.future.exception(), BrokenProcessPool) and self._pool is not None:
                self._restart()
            finished.append(work.outcome(match_id))
        return finished

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for work under way to finish."""
        futures = [work.future for work in self._under_way.values()]
        if futures:
            concurrent.futures.wait(futures, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED)

    def close(self) -> None:
        """Stop the thinker processes (a decision under way is finished first: a second at most)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._under_way.clear()
