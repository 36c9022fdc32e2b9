"""One JSON error shape for every failure: ``{code, status, message, details}``.

``code`` is stable and machine-readable; ``status`` repeats the HTTP status; ``message`` is for
people; ``details`` carries structured extras (the broken rule, the current version, field errors).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import orjson
from flask import Flask, Response, jsonify, request
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import HTTPException

from api.error_codes import ERROR_CODES
from api.store import MatchExists, MatchNotFound, SnapshotTooLarge, StaleVersion, StoreFull, StoreUnavailable
from engine import EngineError

#: Seconds a client should wait before writing to a full store again: space comes back as matches
#: finish and expire, not within a second.
STORE_FULL_RETRY_AFTER = 30

#: Seconds a client should wait before trying again after a ``503`` (the store unreachable or busy).
UNAVAILABLE_RETRY_AFTER = 1

#: Codes for HTTP errors raised by Flask/werkzeug themselves (unknown routes, methods, sizes); any
#: other such error is ``request/bad_request`` (a 4xx) or ``server/error``.
HTTP_CODES = {
    400: "request/bad_request",
    404: "request/not_found",
    405: "request/method_not_allowed",
    413: "request/too_large",
    415: "request/unsupported_media_type",
    422: "request/invalid",
}


class ErrorSchema(Schema):
    """The body of every error response."""

    code = fields.String(
        required=True,
        validate=validate.OneOf(list(ERROR_CODES)),
        metadata={
            "description": "Stable machine-readable error code (docs/api.md#errors lists what each means). A "
            "client should expect codes added in later versions and fall back on `status` for one it does not know."
        },
    )
    status = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    message = fields.String(required=True, metadata={"description": "What went wrong, for people."})
    details = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        required=True,
        metadata={"description": "Structured extras: the rule broken, the current version, field errors."},
    )


class ApiError(Exception):
    """An error the API raises on purpose, with its code and status."""

    def __init__(self, status: int, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details


@dataclasses.dataclass(frozen=True)
class ErrorReply:
    """What a failure answers, whatever carries the answer: its status, the error body and headers."""

    status: int
    code: str
    message: str
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
    headers: dict[str, str] = dataclasses.field(default_factory=dict)

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "status": self.status, "message": self.message, "details": self.details}


#: The failures of the match API's own layers: every transport answers them the same way.
KNOWN_ERRORS = (ApiError, EngineError, MatchNotFound, StaleVersion, MatchExists, StoreUnavailable, SnapshotTooLarge)


def describe(error: Exception) -> ErrorReply:
    """The answer to ``error``: one of :data:`KNOWN_ERRORS` (a store failure among them), else a 500."""
    if isinstance(error, ApiError):
        # every 503 says when to try again (store/busy: writes raced; they are done within a second)
        retry = {"Retry-After": str(UNAVAILABLE_RETRY_AFTER)} if error.status == 503 else {}
        return ErrorReply(error.status, error.code, error.message, error.details, retry)
    if isinstance(error, EngineError):
        listed = ERROR_CODES.get(error.code)
        return ErrorReply(listed.status if listed else 422, error.code, error.message, error.details)
    if isinstance(error, MatchNotFound):
        return ErrorReply(404, "match/not_found", f"no match {error.args[0]!r} (it may have expired)")
    if isinstance(error, StaleVersion):
        return ErrorReply(
            412,
            "match/stale_version",
            f"the match has moved on to version {error.current}; fetch it and decide again",
            {"current_version": error.current},
        )
    if isinstance(error, MatchExists):
        return ErrorReply(
            409,
            "request/idempotency_key_reused",
            "this Idempotency-Key created a match whose remembered answer has expired; use a new key",
        )
    if isinstance(error, StoreFull):
        return ErrorReply(
            507,
            "store/full",
            "the match store is full and takes no new writes now; nothing was written; retry later",
            headers={"Retry-After": str(STORE_FULL_RETRY_AFTER)},
        )
    if isinstance(error, StoreUnavailable):
        return ErrorReply(
            503,
            "store/unavailable",
            "the match store is unavailable; retry shortly",
            headers={"Retry-After": str(UNAVAILABLE_RETRY_AFTER)},
        )
    if isinstance(error, SnapshotTooLarge):
        return ErrorReply(
            422,
            "match/too_large",
            f"this match would take {error.size} bytes to store, more than the server's {error.limit}; "
            "use smaller options (a shorter custom deck, fewer players); nothing was stored",
            {"bytes": error.size, "max_bytes": error.limit},
        )
    return ErrorReply(500, "server/error", "an unexpected error occurred; it has been logged")


def error_response(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Response:
    response = jsonify({"code": code, "status": status, "message": message, "details": details or {}})
    response.status_code = status
    return response


def reply_response(reply: ErrorReply) -> Response:
    response = error_response(reply.status, reply.code, reply.message, reply.details)
    response.headers.update(reply.headers)
    return response


def error_code_of(response: Response) -> str | None:
    """The ``code`` of an answer in the error shape (``None`` for any other body)."""
    try:
        body = orjson.loads(response.get_data())
    except orjson.JSONDecodeError:
        return None
    code = body.get("code") if isinstance(body, dict) else None
    return code if isinstance(code, str) else None


def register_error_handlers(app: Flask) -> None:
    """Route every failure, expected or not, to the one error shape."""

    @app.errorhandler(StoreUnavailable)  # StoreFull among them
    def store_unavailable(error: StoreUnavailable) -> Response:
        app.logger.warning("match store %s: %s", "full" if isinstance(error, StoreFull) else "unavailable", error)
        return reply_response(describe(error))

    for known in (ApiError, EngineError, MatchNotFound, StaleVersion, MatchExists, SnapshotTooLarge):
        app.register_error_handler(known, lambda error: reply_response(describe(error)))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        code = HTTP_CODES.get(status) or ("server/error" if status >= 500 else "request/bad_request")
        if status == 422 and request.endpoint == "matches.Actions" and "json" in (messages or {}):
            code = "action/malformed"
        details = {"errors": messages} if messages else {}
        response = error_response(status, code, error.description or error.name, details)
        for name, value in error.get_headers():  # e.g. `Allow` on a 405, which RFC 9110 requires
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        app.logger.exception("unexpected error")
        return error_response(500, "server/error", "an unexpected error occurred; it has been logged")
