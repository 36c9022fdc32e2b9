"""The gunicorn worker the API runs in: gevent's, answering oversize requests in the API's error shape.

gunicorn refuses a request line longer than ``limit_request_line`` (414) and more or larger header
fields than ``limit_request_fields``/``limit_request_field_size`` (431) before the app sees the
request, with an HTML page. This worker sends those two as ``{code, status, message, details}``
JSON like every other error; the other malformed-HTTP answers (a request that is not HTTP at all)
stay gunicorn's own.

gunicorn's master imports this module (to find the worker class) before it forks, so it imports
nothing that gevent must patch first: only gunicorn's worker and the standard library.
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.ggevent import GeventWorker

#: Status, reason, code and message of the refusals this worker answers in the error shape.
OVERSIZE: dict[type[Exception], tuple[int, str, str, str]] = {
    LimitRequestLine: (
        414,
        "URI Too Long",
        "request/uri_too_long",
        "the request line (method, path, query) is too long",
    ),
    LimitRequestHeaders: (
        431,
        "Request Header Fields Too Large",
        "request/headers_too_large",
        "the request has too many header fields, or one that is too large",
    ),
}


def error_bytes(status: int, reason: str, code: str, message: str, details: dict[str, Any]) -> bytes:
    """A complete HTTP/1.1 response (closing the connection) with the error shape as its body."""
    body = json.dumps({"code": code, "status": status, "message": message, "details": details}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class ArenaGeventWorker(GeventWorker):  # type: ignore[misc]
    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        for kind, (status, reason, code, message) in OVERSIZE.items():
            if isinstance(exc, kind):
                self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
                try:
                    client.sendall(error_bytes(status, reason, code, f"{message} ({exc})", {}))
                except OSError:
                    self.log.debug("Failed to send error message.")
                return
        super().handle_error(req, client, addr, exc)
