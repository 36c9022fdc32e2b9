"""How the rooms hear of each other's events: listeners registered when the app or a worker starts.

A room never imports another room's internals to learn what happened there: the matches' writes say
that a match ended, and whoever cares (the tournaments' director) has registered to hear it
(``api/usecases/wiring.py`` registers every room's listeners). A listener's failure is logged, never
raised: the write that ended the match is done, and each listener has its own way to catch up (the
referee's sweep of tournaments).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from api.usecases.context import Context
    from arena.matches.table import Table

log = logging.getLogger(__name__)

#: Told of a match that the write just made ended (finished or aborted).
MatchEnded = Callable[["Context", "Table"], None]


class Hooks:
    """The listeners of one process, by event."""

    def __init__(self) -> None:
        self._match_ended: list[MatchEnded] = []

    def on_match_ended(self, listener: MatchEnded) -> None:
        """Have ``listener`` told of every match that ends from now on."""
        self._match_ended.append(listener)

    def match_ended(self, ctx: Context, table: Table) -> None:
        """Tell every listener that ``table``'s match just ended."""
        for listener in self._match_ended:
            try:
                listener(ctx, table)
            except Exception:
                log.exception("match %s: a listener of its end failed", table.match_id)
