"""What every use case runs against: the stores, the clock and the hooks of one process.

The app, the referee and the workers each make one at start (``api/usecases/wiring.py``) and pass it
to the use cases; a test makes one with a fake clock (``tests/clock.py``) and moves time on instead
of waiting.
"""

from __future__ import annotations

import dataclasses
import functools

from api.clock import SYSTEM, Clock
from api.store.matches import MatchStore
from api.store.tournaments import TournamentStore
from api.store.webhooks import WebhookStore
from api.usecases.hooks import Hooks


@dataclasses.dataclass(frozen=True)
class Context:
    """The store of matches (and the tournaments' and webhooks' beside it), the clock and the hooks."""

    store: MatchStore
    clock: Clock = SYSTEM
    hooks: Hooks = dataclasses.field(default_factory=Hooks)

    @functools.cached_property
    def tournaments(self) -> TournamentStore:
        return TournamentStore(self.store)

    @functools.cached_property
    def webhooks(self) -> WebhookStore:
        return WebhookStore(self.store)
