"""The app's side of observability: a request id for every request, its metrics, and ``/metrics``.

Each request gets an id: the client's ``X-Request-Id`` when it is a sane token (1-128 letters,
digits and ``._:/+=@-``), else a new one; it is on every log line the request writes and on the
response's ``X-Request-Id``. When the request is answered, its latency is recorded by method and
route, and a refusal or failure by its error code; a long-poll (``wait``) and an event stream
count as open until they end.
"""

from __future__ import annotations

import os
import re

from flask import Blueprint, Flask, Response, g, request

from api.clock import Stopwatch
from api.http.errors import error_code_of
from api.observability import metrics
from api.observability.logs import REQUEST_ID

#: The header that carries a request's id, both ways.
REQUEST_ID_HEADER = "X-Request-Id"
#: That header's key in a WSGI environ.
REQUEST_ID_ENVIRON = "HTTP_X_REQUEST_ID"
#: A request id the server takes from a client.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")
#: The methods the metrics name; any other counts as ``other`` (a client chooses the method, and each
#: name would be a series of its own).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: The blueprint of ``/metrics`` (not part of the API's spec, and never rate limited).
METRICS_BLUEPRINT = "metrics"

blueprint = Blueprint(METRICS_BLUEPRINT, __name__)


@blueprint.get("/metrics")
def prometheus_metrics() -> Response:
    """Every metric of the server in Prometheus' text format (docs/operations.md lists them)."""
    return Response(metrics.exposition(), content_type=metrics.CONTENT_TYPE)


def request_id_from(header: str | None) -> str:
    """The client's request id if it is a sane token, else a new one."""
    if header is not None and SANE_REQUEST_ID.fullmatch(header):
        return header
    return os.urandom(16).hex()


def install_observability(app: Flask) -> None:
    """Give every request an id and record its metrics; serve ``/metrics``.

    Install it before any other ``before_request`` hook (the rate limits), so that the id is set
    before anything a request does can log, and after every ``after_request`` hook that may change
    the answer (Flask runs those last-registered first, so this one must be registered first of all).
    """
    app.register_blueprint(blueprint)

    @app.before_request
    def start_request() -> None:
        # Every request passes here: the request and ``g`` are looked up once (each proxy access is a lookup).
        here, context = request._get_current_object(), g._get_current_object()  # type: ignore[attr-defined]
        environ = here.environ
        context.arena_watch = Stopwatch()
        context.arena_request_id = REQUEST_ID.set(request_id_from(environ.get(REQUEST_ID_ENVIRON)))
        if environ.get("QUERY_STRING") and "wait" in here.args:  # a move has no query: nothing to parse
            context.arena_long_poll = metrics.OpenRequest("long_poll")

    @app.after_request
    def finish_request(response: Response) -> Response:
        here, context = request._get_current_object(), g._get_current_object()  # type: ignore[attr-defined]
        response.headers[REQUEST_ID_HEADER] = REQUEST_ID.get() or ""
        rule = here.url_rule
        route = rule.rule if rule is not None else "unmatched"  # the route's pattern: a few dozen series
        if "arena_long_poll" in context:
            route += "?wait"
        if response.is_streamed and response.mimetype == "text/event-stream":
            response.call_on_close(metrics.OpenRequest("stream").close)
        status = response.status_code
        watch = context.get("arena_watch")
        method = here.method
        metrics.count_answer(
            method if method in METHODS else "other",
            route,
            status,
            error_code_of(response) if status >= 400 else None,
            0.0 if watch is None else watch.seconds(),
        )
        return response

    @app.teardown_request
    def end_request(_error: BaseException | None) -> None:
        long_poll = g.pop("arena_long_poll", None)
        if long_poll is not None:
            long_poll.close()
        token = g.pop("arena_request_id", None)
        if token is not None:
            try:
                REQUEST_ID.reset(token)
            except ValueError:  # set in another context (a stream's end): leave that context as it is
                REQUEST_ID.set(None)
