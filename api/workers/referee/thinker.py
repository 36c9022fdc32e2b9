"""The referee's thinker: worker processes that do the referee's slow work, the slow bots' decisions
(the search bots), and its keepers: those that keep the records of matches that are over
(``api/usecases/records.py``).

A search decision costs up to a few hundred milliseconds of CPU (``engine.bots.is_slow``). Played in
a request, it would hold up every other request of that gevent worker; played in the referee's own
loop, the deadlines of every other match would wait for it. So requests never play one
(``settle`` stops at a slow bot's turn and leaves the match due), and the referee hands each such
turn to a thinker process: :func:`decide` is pure (the match, the seat, the bot and its memory in;
the action out), and the referee writes the action with compare-and-set like any other bot's, as
soon as it comes back. The thinker processes run at a lower CPU priority than the API workers
(``ARENA_THINKER_NICENESS``, 19 by default: the lowest), so a search competes with requests for the
CPU only when they leave it idle.

Keeping a record reads a match's whole log and replays it, which costs as much as the match is long
(about 30 us a version, once per match: a hundredth of what its moves cost); a keeper process does it
with a store connection of its own (:func:`keep_record`), and the referee only learns that it is done.
The keepers are a pool of their own, at the API's priority and started with the referee, so that a
finished match is compacted within moments of its end however busy the machine is: behind no search,
and not starved by the requests as a process at a lower priority is on a saturated machine.

``ARENA_THINKERS`` sets how many processes think at once (default: one per core the process may run
on, ``api/settings.py``'s :func:`~api.settings.available_cores`), and ``ARENA_THINKER_NICENESS`` how
much lower their priority is; ``ARENA_KEEPERS`` and ``ARENA_KEEPER_NICENESS`` the same for the
keepers. ``Thinker(0)`` does all the work in the caller's own thread instead, as a test or a
one-process tool may want.
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


#: The pools: the slow bots' decisions, and the records of matches that are over.
THINKING, KEEPING = "thinker", "keeper"
#: How often a thinker process checks that the referee that started it is still there, in seconds.
PARENT_CHECK_EVERY = 1.0


def ready() -> bool:
    """Nothing: sent to a pool as it starts, so that its process is up before the first piece of work."""
    return True


def _start_thinking(niceness: int) -> None:
    """Set up a thinker (or keeper) process: its priority, and an end when its referee ends, however
    abruptly (a process pool's workers would otherwise wait for work from a referee that is gone)."""
    if niceness:
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
    """Two pools of processes, the thinkers' and the keepers', and the work under way in them (at most
    one piece per match)."""

    def __init__(
        self,
        processes: int | None = None,
        niceness: int | None = None,
        keepers: int | None = None,
        keeper_niceness: int | None = None,
    ) -> None:
        """``processes``, ``niceness``, ``keepers`` and ``keeper_niceness`` default to their settings
        (``ARENA_THINKERS``, ``ARENA_THINKER_NICENESS``, ``ARENA_KEEPERS``, ``ARENA_KEEPER_NICENESS``);
        ``processes=0`` does all the work in the caller's thread."""
        defaults = Settings()
        self.processes = max(0, defaults.thinkers if processes is None else processes)
        self.niceness = defaults.thinker_niceness if niceness is None else niceness
        self.keepers = max(1, defaults.keepers if keepers is None else keepers)
        self.keeper_niceness = defaults.keeper_niceness if keeper_niceness is None else keeper_niceness
        self._pools: dict[str, concurrent.futures.ProcessPoolExecutor] = {}
        self._under_way: dict[str, _Work] = {}

    def start(self) -> None:
        """Start the keepers now, so that the first match to end is not kept only once a process is up."""
        if self.processes:
            self._started(KEEPING).submit(ready)

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
        self._under_way[match_id] = _Work(table.version, self._run(THINKING, decide, *arguments), seat, bot)

    def keep(self, table: Table, settings: Settings) -> None:
        """Start keeping the record of ``table``'s match (over), unless work for it is under way."""
        if table.match_id not in self._under_way:
            future = self._run(KEEPING, keep_record, settings, table.match_id)
            self._under_way[table.match_id] = _Work(table.version, future)

    def _run(self, pool: str, work: Any, *arguments: Any) -> concurrent.futures.Future[Any]:
        """``work(*arguments)`` under way in a process of ``pool`` (done at once with none)."""
        if self.processes == 0:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            try:
                future.set_result(work(*arguments))
            except Exception as error:
                future.set_exception(error)
            return future
        try:
            return self._started(pool).submit(work, *arguments)
        except BrokenProcessPool:  # a thinker process died (killed, out of memory): start afresh
            self._restart(pool)
            return self._started(pool).submit(work, *arguments)

    def _started(self, pool: str) -> concurrent.futures.ProcessPoolExecutor:
        if pool not in self._pools:
            keeping = pool == KEEPING
            processes = self.keepers if keeping else self.processes
            niceness = self.keeper_niceness if keeping else self.niceness
            self._pools[pool] = concurrent.futures.ProcessPoolExecutor(
                processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_thinking,
                initargs=(niceness,),
            )
        return self._pools[pool]

    def _restart(self, pool: str) -> None:
        log.warning("thinker: a %s process died; starting new ones", pool)
        if pool in self._pools:
            self._pools.pop(pool).shutdown(wait=False, cancel_futures=True)

    def done(self) -> list[Thought | Kept]:
        """The decisions and records finished since the last call (each reported once)."""
        finished = []
        for match_id, work in list(self._under_way.items()):
            if not work.future.done():
                continue
            del self._under_way[match_id]
            if isinstance(work.future.exception(), BrokenProcessPool):
                self._restart(THINKING if work.seat is not None else KEEPING)
            finished.append(work.outcome(match_id))
        return finished

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for work under way to finish."""
        futures = [work.future for work in self._under_way.values()]
        if futures:
            concurrent.futures.wait(futures, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED)

    def close(self) -> None:
        """Stop the thinker and keeper processes at once, the work under way with them: a decision is made
        again when its match's claim ends, a record kept by the next referee (its script writes all or
        nothing). Waiting for them would hold the referee's stop up by seconds on a busy machine (a
        process still starting, then each one's exit)."""
        for pool in self._pools.values():
            processes = list(pool._processes.values())  # what Python 3.14's terminate_workers() ends
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
        self._pools.clear()
        self._under_way.clear()
