"""Security headers of the web client's pages and the docs UI: a strict Content-Security-Policy and friends.

Pure: the header values come from the configured frame ancestors; ``install_security_headers``
adds them to every response under ``/play`` and ``/docs`` (pages, modules, styles, assets, 404s),
and ``X-Content-Type-Options: nosniff`` to every other answer too (the API's JSON), so that no
browser takes an answer for anything but its declared type.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask, Response, request

#: The paths whose responses carry the headers: the web client and the docs UI.
PROTECTED_PREFIXES = ("/play", "/docs")


def content_security_policy(frame_ancestors: Sequence[str]) -> str:
    """The policy of every page: scripts, styles and images from the server only (no inline script,
    no ``eval``), no plugins, no ``<base>``, forms only to the server, framed only by ``frame_ancestors``.

    ``connect-src`` also allows any http(s) origin and any ws(s) one: a page opened with
    ``?api=<another API>`` calls that API (which must allow the page's origin by CORS) and opens its
    seat socket. Images may be ``data:`` URLs, which the docs UI's stylesheet uses for its icons.
    """
    directives = {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "connect-src": "'self' http: https: ws: wss:",
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": " ".join(frame_ancestors),
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def security_headers(frame_ancestors: Sequence[str]) -> dict[str, str]:
    """The headers every ``/play`` and ``/docs`` response carries."""
    return {
        "Content-Security-Policy": content_security_policy(frame_ancestors),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


def install_security_headers(app: Flask, frame_ancestors: Sequence[str]) -> None:
    """Add :func:`security_headers` to every response under :data:`PROTECTED_PREFIXES`, and
    ``nosniff`` to every other one."""
    headers = security_headers(frame_ancestors)

    def add_headers(response: Response) -> Response:
        path = request.path
        if path.startswith(PROTECTED_PREFIXES) and any(  # the API's paths fail the first test, in C
            path == prefix or path.startswith(f"{prefix}/") for prefix in PROTECTED_PREFIXES
        ):
            response.headers.update(headers)
        else:
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response

    app.after_request(add_headers)
