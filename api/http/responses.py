"""What every operation of the spec answers: the statuses and headers that follow from what it is.

A route declares what only it knows: its success answer and the headers that answer carries
(:func:`answer_headers`), and the refusals of its own logic (``ArenaBlueprint.errors``: 401/403 for a
token, 404 for an id, 409, 412, 428, 304 for a conditional read, 503 for a read of the store). Then
:func:`complete_operation`, run by the spec plugin on every operation as it is documented, adds what
follows from the operation's shape, so that no route (a new one included) can leave it out:

- ``429 rate/limited`` on every operation the rate limits count (``api.http.limits.counted_kind``);
- ``400``, ``413`` and ``415`` on every operation with a JSON body, ``422`` on every operation with a
  body or a query or header parameter;
- ``503`` and ``507`` on every ``POST``: each one writes to the store;
- ``Retry-After`` on every ``429``, ``503`` and ``507``; ``X-Request-Id`` on every answer; ``Vary``
  and the CORS headers (sent only when ``ARENA_CORS_ORIGINS`` lists origins) on every answer.

The headers are components (``#/components/headers/...``), each with its schema. tests/api/test_spec.py
checks the declarations; tests/api/test_answered_statuses.py makes every operation answer 429, 503
and 507 where it can and checks that the spec declares what it answered; tests/api/test_schemathesis.py
checks every other answer's status and headers against the spec.
"""

from __future__ import annotations

from typing import Any

from api.http.limits import counted_kind
from arena.error_codes import code_list

#: The security requirement of an operation that takes a seat's (or the host's) bearer token.
BEARER: list[dict[str, list[str]]] = [{"seatToken": []}]
#: Every response header the API sends (beyond ``Content-Type`` and ``Content-Length``), by name.
HEADERS: dict[str, dict[str, Any]] = {
    "X-Request-Id": {
        "description": "The request's id: the `X-Request-Id` the request sent when it is 1 to 128 letters, digits "
        "and `._:/+=@-`, else a new one. The server's log lines about the request carry it.",
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:/+=@-]{1,128}$"},
        "required": True,
    },
    "Retry-After": {
        "description": "Seconds to wait before sending the request again.",
        "schema": {"type": "integer", "minimum": 1},
        "required": True,
    },
    "ETag": {
        "description": 'The match version the answer shows, quoted (`"7"`): send it as `If-Match` to act on it, '
        "or as `If-None-Match` to wait for a change.",
        "schema": {"type": "string", "pattern": '^"[0-9]+"$'},
        "required": True,
    },
    "Cache-Control": {
        "description": "`private, no-store` on an answer for one token (a seat's view, tokens); `no-cache` on the "
        "public stream; `public, max-age=3600` on a replayed version, which never changes.",
        "schema": {"type": "string", "enum": ["private, no-store", "no-cache", "public, max-age=3600"]},
        "required": True,
    },
    "Location": {
        "description": "The new match's address.",
        "schema": {"type": "string", "pattern": "^/matches/[^/]+$"},
        "required": True,
    },
    "Idempotent-Replayed": {
        "description": "`true` when the answer is the one remembered for the request's `Idempotency-Key`.",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "X-Accel-Buffering": {
        "description": "`no`: a proxy (nginx) should pass each event on at once.",
        "schema": {"type": "string", "enum": ["no"]},
        "required": True,
    },
    "Vary": {
        "description": "`Authorization` on an answer for one token; `Origin` on every answer when "
        "`ARENA_CORS_ORIGINS` lists origins (not `*`).",
        "schema": {"type": "string"},
    },
    "Access-Control-Allow-Origin": {
        "description": "CORS, only when `ARENA_CORS_ORIGINS` is set: the origin allowed (`*` or the request's).",
        "schema": {"type": "string"},
    },
    "Access-Control-Expose-Headers": {
        "description": "CORS, only when `ARENA_CORS_ORIGINS` is set: the headers a page's script may read.",
        "schema": {"type": "string"},
    },
}

#: Headers every answer may carry (all but the ``101`` of a WebSocket upgrade).
EVERY_ANSWER = ("X-Request-Id", "Vary", "Access-Control-Allow-Origin", "Access-Control-Expose-Headers")
#: The statuses that say when to try again.
RETRY_STATUSES = ("429", "503", "507")

#: How each status that follows from an operation's shape is described where it is added.
SHAPE_STATUSES: dict[str, str] = {
    "400": "The body is not valid JSON, or its arrays and objects nest too deep "
    f"({code_list(['request/bad_request', 'request/too_deep'])}).",
    "413": f"The request body is too large ({code_list(['request/too_large'])}).",
    "415": f"The body is not sent as `application/json` ({code_list(['request/unsupported_media_type'])}).",
    "422": f"A parameter, header or body field out of its bounds ({code_list(['request/invalid'])}).",
    "429": f"Past a rate limit ({code_list(['rate/limited'])}); retry after `Retry-After` seconds. A refusal "
    "past the `refused` limit keeps its own code in `details.refused`.",
    "503": f"The store is unavailable, or too many writes raced ({code_list(['store/unavailable', 'store/busy'])}); "
    "retry after `Retry-After` seconds. Nothing was written, except that a move may have been applied before the "
    "store stopped answering: read the match's version again.",
    "507": f"The store is full ({code_list(['store/full'])}); nothing was written; retry after `Retry-After` seconds.",
}

ERROR_CONTENT = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}


def header_ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/headers/{name}"}


def answer_headers(*names: str, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The ``headers`` of a route's answer (``blp.response(..., headers=answer_headers("ETag"))``):
    references to :data:`HEADERS`; those in ``optional`` may be left out of the answer."""
    found: dict[str, Any] = {name: header_ref(name) for name in names}
    for name in optional:
        found[name] = {**{k: v for k, v in HEADERS[name].items() if k != "required"}, "required": False}
    return found


def complete_operation(endpoint: str, method: str, operation: dict[str, Any]) -> None:
    """Add to ``operation`` (of ``endpoint``, ``method`` in upper case) the statuses and headers that
    follow from its shape (see the module's docstring)."""
    responses: dict[str, Any] = operation.setdefault("responses", {})
    parameters = [p for p in operation.get("parameters", []) if isinstance(p, dict) and p.get("in") != "path"]
    json_body = "application/json" in operation.get("requestBody", {}).get("content", {})
    added = []
    if json_body:
        added += ["400", "413", "415"]
    if json_body or parameters:
        added.append("422")
    if counted_kind(endpoint, method) is not None:
        added.append("429")
    if method == "POST":
        added += ["503", "507"]
    for status in added:
        responses.setdefault(status, {"description": SHAPE_STATUSES[status], "content": ERROR_CONTENT})
    operation["responses"] = dict(sorted(responses.items()))
    for status, response in operation["responses"].items():
        if status == "101":
            continue
        headers = response.setdefault("headers", {})
        for name in EVERY_ANSWER + (("Retry-After",) if status in RETRY_STATUSES else ()):
            headers.setdefault(name, header_ref(name))
