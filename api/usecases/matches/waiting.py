"""Long-poll: answer as soon as a match changes, or after the wait runs out, without polling Redis.

The waiter registers with the process's :class:`~api.store.notifier.Notifier` before it reads the
match, then sleeps on its signal; any write to the match, by any worker of any server, wakes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from api.store.notifier import Notifier
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from arena.matches.table import Table

T = TypeVar("T")


def wait_until(
    ctx: Context,
    notifier: Notifier,
    match_id: str,
    seconds: float,
    ready: Callable[[Table], T | None],
) -> tuple[Table, T | None]:
    """Read the match until ``ready(table)`` gives something, for up to ``seconds``; a match that is
    over never changes again, so nothing is waited for once it is.

    Returns the last table read and what ``ready`` gave (``None`` when the wait ran out or the match
    is over with nothing ready). A process that stops (``notifier.closing``) ends the wait at once, as
    if it had run out.
    """
    deadline = ctx.clock.monotonic() + seconds
    with notifier.watch(match_id) as signal:
        while True:
            table = load_table(ctx, match_id)
            answer = ready(table)
            remaining = deadline - ctx.clock.monotonic()
            if answer is not None or remaining <= 0 or table.is_over or notifier.closing:
                return table, answer
            ctx.clock.wait(signal, remaining)
            signal.clear()
