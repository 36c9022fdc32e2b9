"""What a process starts with: a context whose hooks every room has registered with.

The app (``api/http/app.py``), the referee and the webhook worker each call :func:`context` once; the
rooms hear of each other's events through the hooks registered here, never through lists filled when
a module is imported.
"""

from __future__ import annotations

from api.clock import SYSTEM, Clock
from api.observability import metrics
from api.store.errors import observe_calls
from api.store.matches import MatchStore
from api.usecases.context import Context, Hooks
from api.usecases.tournaments import director


def hooks() -> Hooks:
    """Hooks with every room's listeners: the tournaments' director hears of every match that ends."""
    registered = Hooks()
    director.listen(registered)
    return registered


def context(store: MatchStore, clock: Clock = SYSTEM) -> Context:
    """A process's context over ``store``, on ``clock``, with every room's listeners registered (and the
    store's calls timed in the metrics)."""
    observe_calls(metrics.observe_redis)
    return Context(store, clock, hooks())
