"""Writing a match: one version at a time with compare-and-set, and the server's own moves after it.

The write that ends a match makes it due at once, for the referee to keep its record
(``api/usecases/records.py``): the record is never kept on a move's path. The hooks hear of a match
that ended (the tournaments' director records it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.clock import Stopwatch
from api.observability.metrics import observe_bot_decision
from api.store.errors import StaleVersion, StoreFull
from api.store.outages import OutageLog
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from arena.errors import ArenaError
from arena.matches.table import Step, Table

#: How many versions the server plays for its bots within one request; the referee does the rest.
SETTLE_STEPS = 64
#: How long one request may spend playing bots, in seconds.
SETTLE_SECONDS = 0.25
#: How often a join, resignation or abort is tried again when another write got in first.
RETRIES = 50


def commit(
    ctx: Context,
    before: Table | None,
    step: Step,
    idempotency: tuple[str, str, dict[str, Any]] | None = None,
) -> Table:
    """Write ``step``'s version if the match is still at ``before``'s (``None``: create it);
    ``idempotency`` is ``(scope, key, answer)``: the answer an ``Idempotency-Key`` remembers."""
    table = step.table
    keys = ctx.store.keys
    game, status = table.match.game_id, table.status
    index_add: list[str] = []
    index_remove: list[str] = []
    if before is None or before.status != status:
        index_add = keys.lobby_indexes(game, status)
        if before is not None:
            index_remove = [keys.lobby(None, before.status), keys.lobby(game, before.status)]
    ctx.store.write(
        table.match_id,
        None if before is None else before.version,
        table.version,
        snapshot=table.record(),
        summary=table.summary(),
        entry=step.entry,
        finished=table.is_over,
        due=ctx.clock.now() if table.is_over else table.next_due(),
        created_at=table.created_at,
        index_add=index_add,
        index_remove=index_remove,
        idempotency=idempotency,
    )
    if table.is_over and (before is None or not before.is_over):
        ctx.hooks.match_ended(ctx, table)
    return table


def write_with_retries(ctx: Context, match_id: str, transition: Callable[[Table], Step], what: str) -> Table:
    """Load the match, apply ``transition`` and write it; again from a fresh read when a write raced it
    (503 ``store/busy`` after :data:`RETRIES` tries)."""
    for _ in range(RETRIES):
        table = load_table(ctx, match_id)
        try:
            return commit(ctx, table, transition(table))
        except StaleVersion:
            continue
    raise ArenaError("store/busy", f"too many writes raced this {what}; try again")


def server_step(table: Table, now: float) -> Step | None:
    """``table.server_step(now)``, its time recorded in the metrics when a server bot decided."""
    watch = Stopwatch()
    step = table.server_step(now)
    if step is not None and step.entry.get("action") is not None:
        bot = table.seats[step.entry["seat"]].server_bot or "stand-in"
        observe_bot_decision(table.match.game_id, bot, watch.seconds())
    return step


def is_timeout(step: Step) -> bool:
    """Whether a server step applies a seat's timeout (a forfeit, or the stand-in's decision)."""
    events = step.entry["events"]
    return bool(events) and events[0]["kind"] == "timeout"


def settle(ctx: Context, table: Table, steps: int = SETTLE_STEPS, seconds: float = SETTLE_SECONDS) -> Table:
    """Play what the server must play now (bots' turns, passed deadlines), one version at a time.

    Stops when a player must act, a slow bot (a search bot) must decide, the match ends, the budget is
    spent, or the store is full (the request's own write is done, so it is not refused for that);
    what is left stays due in the referee's set (every write records when the server is next due),
    so a referee carries on (a slow bot's decision in its thinker processes).
    A bot decides from the table alone (its seat's memory is kept in it), so no step reads the log.
    """
    stop = ctx.clock.monotonic() + seconds
    for _ in range(steps):
        now = ctx.clock.now()
        if table.slow_bot_turn(now) is not None:
            return table  # a search bot's turn: the referee's thinker plays it, never a request
        step = server_step(table, now)
        if step is None:
            return table
        if is_timeout(step) and (extended := credited(ctx, table)) is not table:
            table = extended  # the arena was down meanwhile: the deadline moved on, look again
            continue
        try:
            table = commit(ctx, table, step)
        except StaleVersion:
            table = load_table(ctx, table.match_id)  # a player or another server got there first
            continue
        except StoreFull:
            return table
        if ctx.clock.monotonic() > stop:
            break
    return table


def credited(ctx: Context, table: Table) -> Table:
    """``table`` with its clocks extended for every outage of the arena it has not been credited for
    (``api/usecases/outages.py``: a write per outage that concerns it; the table as it was when none
    does). Every timeout is applied only after this: no outage is scored against a seat."""
    if not table.is_timed or table.status != "active":
        return table
    for down_from, down_until in OutageLog(ctx.store).after(table.credited_until):
        if down_until <= table.created_at:
            continue
        table = _extend(ctx, table, down_from, down_until)
    return table


def _extend(ctx: Context, table: Table, down_from: float, down_until: float) -> Table:
    """``table`` once its clocks are extended for one outage (again from a fresh read when a write raced it)."""
    for _ in range(RETRIES):
        step = table.extend_clocks(down_from, down_until, ctx.clock.now())
        if step is None:
            return table
        try:
            return commit(ctx, table, step)
        except StaleVersion:
            table = load_table(ctx, table.match_id)
    return table
