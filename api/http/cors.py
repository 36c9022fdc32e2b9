"""Cross-origin access for browsers (flask-cors), off unless ``ARENA_CORS_ORIGINS`` names origins."""

from __future__ import annotations

from flask import Flask, Response
from flask_cors import CORS

#: Request headers a browser may send cross-origin: the seat token, the version preconditions,
#: the idempotency key, the event stream's resume point and the JSON body's type.
ALLOWED_HEADERS = ["Authorization", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID", "Content-Type"]

#: The methods the API serves.
ALLOWED_METHODS = ["GET", "POST", "OPTIONS"]

#: Response headers a browser script may read: the match version, a new match's address, the wait
#: before retrying, whether an ``Idempotency-Key`` replayed an earlier answer, and the request's id
#: (to quote when reporting a problem).
EXPOSED_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed", "X-Request-Id"]

#: Seconds a browser may cache a preflight answer.
PREFLIGHT_MAX_AGE = 600


def enable_cors(app: Flask, origins: tuple[str, ...]) -> None:
    """Answer preflights and add CORS headers, error responses included, for ``origins`` (``*``: any).

    With no origins the app is left alone, so it sends no ``Access-Control-*`` header at all. With
    listed origins every response says ``Vary: Origin`` (flask-cors adds it only when more than one
    origin could match), so a cache never hands one origin's answer, or a non-CORS one, to another.
    """
    if not origins:
        return
    if "*" not in origins:
        app.after_request(vary_on_origin)  # registered first, so it runs after flask-cors's hook
    CORS(
        app,
        origins="*" if "*" in origins else list(origins),
        allow_headers=ALLOWED_HEADERS,
        methods=ALLOWED_METHODS,
        expose_headers=EXPOSED_HEADERS,
        max_age=PREFLIGHT_MAX_AGE,
        supports_credentials=False,
        vary_header=True,
    )


def vary_on_origin(response: Response) -> Response:
    """Add ``Origin`` to the response's ``Vary`` once, keeping what is there (e.g. ``Authorization``)."""
    names: dict[str, str] = {}  # by lower-case name, in order
    for value in [*response.headers.getlist("Vary"), "Origin"]:
        for name in value.split(","):
            if name.strip():
                names.setdefault(name.strip().lower(), name.strip())
    response.headers["Vary"] = ", ".join(names.values())
    return response
