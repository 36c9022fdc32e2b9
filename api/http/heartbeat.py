"""The heartbeat of a serving API process: a beat every second in the store, so that the referees know the
arena serves, and an outage (a gap between beats) is given back to every clock that ran during it
(``api/usecases/outages.py``). Started by the WSGI entry point (every gunicorn worker), not by an app
made in a test."""

from __future__ import annotations

import logging
import threading

from flask import Flask

from api.clock import SYSTEM
from api.http.extensions import CONTEXT_KEY
from api.store.errors import StoreUnavailable
from api.usecases.context import Context
from api.usecases.outages import BEAT_EVERY, beat

log = logging.getLogger(__name__)


def start_heartbeat(app: Flask) -> threading.Thread:
    """Beat every :data:`BEAT_EVERY` seconds for ``app``'s process, for as long as it lives (a daemon
    thread: a greenlet under gevent). An unreachable store just misses beats: that is an outage."""
    ctx: Context = app.extensions[CONTEXT_KEY]

    def run() -> None:
        while True:
            try:
                beat(ctx)
            except StoreUnavailable:
                pass  # the store is down: the gap in the beats is the outage it records when it is back
            except Exception:
                log.exception("heartbeat: a beat failed")
            SYSTEM.sleep(BEAT_EVERY)

    thread = threading.Thread(target=run, name="arena-heartbeat", daemon=True)
    thread.start()
    return thread
