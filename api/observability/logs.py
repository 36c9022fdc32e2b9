"""Structured logs: one JSON object per line, each with the id of the request it belongs to.

Imports only the standard library (gunicorn's logger class, ``logger_class`` of ``api/gunicorn_conf.py``,
is in ``api/observability/gunicorn_logger.py``): gunicorn's master process loads both before it forks,
and a worker must be patched by gevent before it imports anything that makes sockets.

The request id lives in a context variable, set by the app for each request (``X-Request-Id``
when the client sent a sane one, else a new one) and read by the formatter, so every line a
request logs carries it; under gevent each greenlet (each connection) has its own context. An
access log line (gunicorn's, when ``ARENA_ACCESS_LOG`` is set) is written after the request has
ended, so it takes the id from the response's ``X-Request-Id`` header instead.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import os
import sys
import time
from typing import Any

from api.settings import Settings

#: The id of the request being served in this context (``None`` outside requests).
REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("arena_request_id", default=None)

#: gunicorn's access log format: the atoms the formatter turns into fields (``message`` keeps the
#: classic line; ``{x-request-id}o`` is the response's request id header).
ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(D)sus %({x-request-id}o)s'
#: Access log atoms and the fields they become.
ACCESS_FIELDS = {"h": "remote", "m": "method", "U": "path", "s": "status", "b": "bytes", "D": "duration_us"}


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time, level, logger, message, request id, process, and the
    exception's traceback if there is one."""

    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": REQUEST_ID.get(),
            "pid": record.process,
        }
        if record.name == "gunicorn.access" and isinstance(record.args, dict):
            atoms = record.args
            fields.update({name: atoms.get(atom) for atom, name in ACCESS_FIELDS.items()})
            fields["request_id"] = atoms.get("{x-request-id}o") or fields["request_id"]
        if record.exc_info:
            fields["traceback"] = self.formatException(record.exc_info)
        return json.dumps(fields, default=str)


def log_level() -> str:
    """The level of the app's logs (``ARENA_LOG_LEVEL``, default ``INFO``)."""
    return Settings.from_environment().log_level


def configure_logging() -> None:
    """Every log line of this process to stderr as JSON, at ``ARENA_LOG_LEVEL`` (the referee's, the tools')."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(log_level())


def exit_now(status: int = 0) -> None:
    """End the process at once, its logs and standard streams flushed first.

    A normal exit tears the interpreter down: the app's modules and objects, a second or two of CPU on a
    busy 2-core machine, several when a server's processes all stop together. A serving process has
    nothing to tear down (its state is in the store, its metrics in their files), so a stop skips it.
    """
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # closed, or its reader is gone: nothing more to say there
            stream.flush()
    os._exit(status)
