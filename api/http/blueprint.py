"""The project's Blueprint: flask-smorest's, with a stricter, faster JSON body parser."""

from __future__ import annotations

import itertools
import re
import typing

import flask
import orjson
from flask_smorest import Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from arena.errors import ArenaError

#: How deeply a request body's arrays and objects may nest (``{"a": [1]}`` nests 2 deep). No request
#: of the API needs more than 6; deeper is refused with ``400 request/too_deep`` before it is parsed,
#: so no later step (the fingerprint of an ``Idempotency-Key``, an action's normalisation, the
#: engine's option checks) ever walks a deep body.
MAX_JSON_DEPTH = 32

#: A JSON string with its escapes; one left open runs to the end of the body (which the parser then
#: refuses), so that every quote starts at most one match and the scan stays linear in the body.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
#: Everything that is not a bracket.
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
#: Each byte's change of the nesting depth: +1 opens, -1 closes, 0 otherwise.
_DEPTH_STEP = [1 if byte in b"[{" else -1 if byte in b"]}" else 0 for byte in range(256)]


def depth_beyond(body: bytes, limit: int) -> int | None:
    """How deeply the arrays and objects of a JSON text nest, if deeper than ``limit`` (else ``None``).

    Brackets inside strings do not count. Cheap for what the API is sent: a body that opens no more
    than ``limit`` brackets is not scanned at all (a move opens one), and the scan of any other runs
    in the regular expression engine and ``itertools``, in time linear in the body, never byte by
    byte in Python. For a text that is not JSON the figure may be off; the parser refuses that text.
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return None  # it cannot nest deeper than it opens
    brackets = _NOT_BRACKET.sub(b"", _JSON_STRING.sub(b"", body))
    depth = max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)
    return depth if depth > limit else None


def json_body(req: flask.Request) -> typing.Any:
    """The request's JSON body, parsed with orjson, or ``webargs.core.missing`` when there is none.

    A body nesting deeper than ``MAX_JSON_DEPTH`` is refused (400 ``request/too_deep``) before it
    is parsed, integers past 64 bits arrive as floats (so an integer field refuses them with 422)
    instead of straining the integer converter, and a body sent with another content type is
    refused (415) instead of being reported as missing fields.
    """
    if not is_json_request(req):
        if req.get_data(cache=True):
            raise ArenaError(
                "request/unsupported_media_type", "send the body as JSON with 'Content-Type: application/json'"
            )
        return core.missing
    body = req.get_data(cache=True)
    if not body:
        return core.missing
    if (depth := depth_beyond(body, MAX_JSON_DEPTH)) is not None:
        raise ArenaError(
            "request/too_deep",
            f"the body's arrays and objects nest {depth} deep; at most {MAX_JSON_DEPTH} levels are accepted",
            depth=depth,
            max_depth=MAX_JSON_DEPTH,
        )
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError as error:
        raise ArenaError("request/bad_request", f"the body is not valid JSON: {error}") from None


class JsonBodyParser(FlaskParser):
    """Parses JSON bodies with :func:`json_body`."""

    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        return json_body(req)


class ArenaBlueprint(Blueprint):
    ARGUMENTS_PARSER = JsonBodyParser()

    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_headers_doc)
        self._prepare_doc_cbks.append(self._prepare_links_doc)

    @staticmethod
    def headers(*parameters: dict[str, typing.Any]) -> typing.Callable[[typing.Any], typing.Any]:
        """Document header ``parameters`` of an operation, beside those its query schema gives.

        (``doc(parameters=...)`` would replace the parameters that ``arguments`` documents.)
        """

        def decorator(view: typing.Any) -> typing.Any:
            view._apidoc = {**getattr(view, "_apidoc", {})}
            view._apidoc["headers"] = [*view._apidoc.get("headers", []), *parameters]
            return view

        return decorator

    def body(self, schema: typing.Any) -> typing.Callable[[typing.Any], typing.Any]:
        """Document ``schema`` as the operation's required JSON request body, as ``arguments`` would,
        without parsing it: for a view whose body another layer validates (the engine checks every
        action against the same declarations the schema is built from), so it is not checked twice."""

        def decorator(view: typing.Any) -> typing.Any:
            view._apidoc = {**getattr(view, "_apidoc", {})}
            docs = view._apidoc["arguments"] = {**view._apidoc.get("arguments", {})}
            docs["parameters"] = [*docs.get("parameters", []), {"in": "json", "required": True, "schema": schema}]
            docs["responses"] = {**docs.get("responses", {}), 422: "UNPROCESSABLE_ENTITY"}
            return view

        return decorator

    @staticmethod
    def links(status: int, links: dict[str, typing.Any]) -> typing.Callable[[typing.Any], typing.Any]:
        """Document OpenAPI ``links`` of the operation's ``status`` response (which ``response`` or
        ``doc`` documents; ``doc(responses=...)`` alone would replace that response)."""

        def decorator(view: typing.Any) -> typing.Any:
            view._apidoc = {**getattr(view, "_apidoc", {})}
            view._apidoc["links"] = {**view._apidoc.get("links", {}), status: links}
            return view

        return decorator

    @staticmethod
    def _prepare_links_doc(
        doc: dict[str, typing.Any], doc_info: dict[str, typing.Any], **_: typing.Any
    ) -> dict[str, typing.Any]:
        for status, links in doc_info.get("links", {}).items():
            doc["responses"][status]["links"] = links
        return doc

    @staticmethod
    def _prepare_headers_doc(
        doc: dict[str, typing.Any], doc_info: dict[str, typing.Any], **_: typing.Any
    ) -> dict[str, typing.Any]:
        if doc_info.get("headers"):
            doc.setdefault("parameters", []).extend(doc_info["headers"])
        return doc
