"""One JSON error shape for every failure: ``{code, status, message, details}``.

``code`` is stable and machine-readable; ``status`` repeats the HTTP status; ``message`` is for
people; ``details`` carries structured extras (the broken rule, the current version, field errors).
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask, Response, jsonify, request
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

from api.store import MatchExists, MatchNotFound, SnapshotTooLarge, StaleVersion, StoreFull, StoreUnavailable
from engine import EngineError

#: HTTP status of each engine error code.
ENGINE_STATUS = {
    "game/unknown": 404,
    "match/invalid_options": 422,
    "action/invalid_seat": 422,
    "action/not_your_turn": 409,
    "action/malformed": 422,
    "action/illegal": 422,
    "match/over": 409,
    "bot/unknown": 422,
}

#: Seconds a client should wait before writing to a full store again: space comes back as matches
#: finish and expire, not within a second.
STORE_FULL_RETRY_AFTER = 30

#: Codes for HTTP errors raised by Flask/werkzeug themselves (unknown routes, methods, sizes).
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

    code = fields.String(required=True, metadata={"description": "Stable machine-readable error code."})
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


def error_response(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Response:
    response = jsonify({"code": code, "status": status, "message": message, "details": details or {}})
    response.status_code = status
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

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> Response:
        return error_response(error.status, error.code, error.message, error.details)

    @app.errorhandler(EngineError)
    def engine_error(error: EngineError) -> Response:
        return error_response(ENGINE_STATUS.get(error.code, 422), error.code, error.message, error.details)

    @app.errorhandler(MatchNotFound)
    def match_not_found(error: MatchNotFound) -> Response:
        return error_response(404, "match/not_found", f"no match {error.args[0]!r} (it may have expired)")

    @app.errorhandler(StaleVersion)
    def stale_version(error: StaleVersion) -> Response:
        return error_response(
            412,
            "match/stale_version",
            f"the match has moved on to version {error.current}; fetch it and decide again",
            {"current_version": error.current},
        )

    @app.errorhandler(MatchExists)
    def match_exists(error: MatchExists) -> Response:
        return error_response(
            409,
            "request/idempotency_key_reused",
            "this Idempotency-Key created a match whose remembered answer has expired; use a new key",
        )

    @app.errorhandler(StoreUnavailable)
    def store_unavailable(error: StoreUnavailable) -> Response:
        app.logger.warning("match store unavailable: %s", error)
        response = error_response(503, "store/unavailable", "the match store is unavailable; retry shortly")
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(StoreFull)
    def store_full(error: StoreFull) -> Response:
        app.logger.warning("match store full: %s", error)
        response = error_response(
            507, "store/full", "the match store is full and takes no new writes now; nothing was written; retry later"
        )
        response.headers["Retry-After"] = str(STORE_FULL_RETRY_AFTER)
        return response

    @app.errorhandler(SnapshotTooLarge)
    def snapshot_too_large(error: SnapshotTooLarge) -> Response:
        return error_response(
            422,
            "match/too_large",
            f"this match would take {error.size} bytes to store, more than the server's {error.limit}; "
            "use smaller options (a shorter custom deck, fewer players); nothing was stored",
            {"bytes": error.size, "max_bytes": error.limit},
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        code = HTTP_CODES.get(status, f"request/http_{status}")
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
