"""Per-application objects shared by the blueprints: the store's connection pool and the notifier."""

from __future__ import annotations

from flask import current_app

from api.store.matches import MatchStore
from api.store.notifier import Notifier

STORE_KEY = "arena_store"
NOTIFIER_KEY = "arena_notifier"


def store() -> MatchStore:
    """The match store of the running application."""
    found: MatchStore = current_app.extensions[STORE_KEY]
    return found


def notifier() -> Notifier:
    """The process's subscription to match changes."""
    found: Notifier = current_app.extensions[NOTIFIER_KEY]
    return found
