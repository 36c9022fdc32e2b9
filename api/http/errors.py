"""One JSON error shape for every failure: ``{code, status, message, details}``.

``code`` is stable and machine-readable; ``status`` repeats the HTTP status; ``message`` is for
people; ``details`` carries structured extras (the broken rule, the current version, field errors).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import orjson
from flask import Flask, Response, jsonify, request
from marshmallow import fields, validate
from werkzeug.exceptions import HTTPException

from api.http.schema import Schema
from api.store.errors import StoreFull, StoreUnavailable
from arena.error_codes import ERROR_CODES
from arena.errors import ArenaError
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


#: The refusals of the match API's own layers (the domain's, the store's, the engine's): every
#: transport answers them the same way, by their code.
KNOWN_ERRORS = (ArenaError, EngineError)


def status_of(code: str, details: dict[str, Any]) -> int:
    """The HTTP status of a refusal: its code's usual status (``arena/error_codes.py``), or ``422`` for a
    code that may also name a field of the request (``game/unknown`` names a path or a body's field)
    when the refusal says which field."""
    listed = ERROR_CODES[code]
    if "field" in details and 422 in listed.statuses:
        return 422
    return listed.status


def describe(error: Exception) -> ErrorReply:
    """The answer to ``error``: one of :data:`KNOWN_ERRORS`, by its code, else a 500."""
    if isinstance(error, KNOWN_ERRORS):
        status = status_of(error.code, error.details) if error.code in ERROR_CODES else 422
        headers: dict[str, str] = {}
        if isinstance(error, StoreFull):
            headers["Retry-After"] = str(STORE_FULL_RETRY_AFTER)
        elif status == 429 and "retry_after" in error.details:  # past the quota: when a place frees by itself
            headers["Retry-After"] = str(error.details["retry_after"])
        elif status == 503:  # the store unreachable, or writes raced: each says when to try again
            headers["Retry-After"] = str(UNAVAILABLE_RETRY_AFTER)
        return ErrorReply(status, error.code, error.message, error.details, headers)
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

    for known in KNOWN_ERRORS:
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
