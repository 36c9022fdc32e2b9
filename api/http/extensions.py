"""Per-application objects shared by the blueprints: the use cases' context (the store, the clock, the
hooks) and the process's notifier."""

from __future__ import annotations

from flask import current_app

from api.store.matches import MatchStore
from api.store.notifier import Notifier
from api.usecases.context import Context

CONTEXT_KEY = "arena_context"
NOTIFIER_KEY = "arena_notifier"
#: The hook the gunicorn worker calls when its process stops (``api/gunicorn_worker.py``): it ends every
#: stream, seat socket and long-poll at once (each tells its client to come back) and answers how many.
STOP_SERVING_KEY = "arena_stop_serving"


def context() -> Context:
    """The use cases' context of the running application."""
    found: Context = current_app.extensions[CONTEXT_KEY]
    return found


def store() -> MatchStore:
    """The match store of the running application."""
    return context().store


def notifier() -> Notifier:
    """The process's subscription to match changes."""
    found: Notifier = current_app.extensions[NOTIFIER_KEY]
    return found
