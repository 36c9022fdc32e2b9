"""What every use case runs against: the stores, the clock and the hooks of one process.

The app, the referee and the workers each make one at start (``api/usecases/wiring.py``) and pass it
to the use cases; a test makes one with a fake clock (``tests/clock.py``) and moves time on instead
of waiting.

The hooks are how the rooms hear of each other's events: the matches' writes say that a match ended,
and whoever cares (the tournaments' director) has registered to hear it when the process started
(``api/usecases/wiring.py``), never through lists filled when a module is imported. A listener's
failure is logged, never raised: the write that ended the match is done, and each listener has its
own way to catch up (the referee's sweep of tournaments).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable

from api.clock import SYSTEM, Clock
from api.store.matches import MatchStore
from api.store.quota import LiveMatchQuota, LiveTournamentQuota
from api.store.tournaments import TournamentStore
from api.store.webhooks import WebhookStore
from arena.matches.table import Table

log = logging.getLogger(__name__)

#: Told of a match that the write just made ended (finished or aborted).
MatchEnded = Callable[["Context", Table], None]


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


@dataclasses.dataclass(frozen=True)
class Context:
    """The store of matches (and the tournaments', webhooks' and quotas' beside it), the clock and the hooks."""

    store: MatchStore
    clock: Clock = SYSTEM
    hooks: Hooks = dataclasses.field(default_factory=Hooks)

    @functools.cached_property
    def tournaments(self) -> TournamentStore:
        return TournamentStore(self.store)

    @functools.cached_property
    def webhooks(self) -> WebhookStore:
        return WebhookStore(self.store)

    @functools.cached_property
    def quota(self) -> LiveMatchQuota:
        return LiveMatchQuota(self.store)

    @functools.cached_property
    def tournament_quota(self) -> LiveTournamentQuota:
        return LiveTournamentQuota(self.store)
