"""Per-application objects shared by the blueprints (only the store's connection pool)."""

from __future__ import annotations

from flask import current_app

from api.store import MatchStore

STORE_KEY = "arena_store"


def store() -> MatchStore:
    """The match store of the running application."""
    found: MatchStore = current_app.extensions[STORE_KEY]
    return found
