"""Flask's JSON provider backed by orjson: every response body is encoded by it, several times faster."""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import JSONProvider

OPTIONS = orjson.OPT_NON_STR_KEYS  # marshmallow's field errors key list items by index


def encode(obj: Any) -> bytes:
    """``obj`` as JSON; integers beyond 64 bits, which orjson refuses, go through the standard library."""
    try:
        return orjson.dumps(obj, option=OPTIONS)
    except TypeError:
        return json.dumps(obj).encode()


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encode(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        return Response(encode(self._prepare_response_obj(args, kwargs)) + b"\n", mimetype="application/json")
