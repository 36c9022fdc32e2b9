"""gunicorn's logger, writing JSON lines (``logger_class`` in api/gunicorn_conf.py). Apart from
api/observability/logs.py so that the processes that only log (the referee, the webhook worker, the
``arena`` tools) do not import gunicorn's logging. Imports only the standard library and gunicorn: the
master loads it before it forks."""

from __future__ import annotations

from typing import Any

from gunicorn import glogging

from api.observability.logs import JsonFormatter, configure_logging


class JsonLogger(glogging.Logger):  # type: ignore[misc]
    """gunicorn's logger, writing JSON lines; it also sets up the app's loggers (the root logger) the same way.

    Configured in the master before it forks, so every worker inherits it. Access lines are written
    only when gunicorn's ``accesslog`` is set, as with its own logger.
    """

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        formatter = JsonFormatter()
        for logger in (self.error_log, self.access_log):
            for handler in logger.handlers:
                handler.setFormatter(formatter)
        configure_logging()
