"""The apispec plugin the app documents its schemas with.

It is apispec-oneofschema's (oneOf with a discriminator for the action and view unions), plus one
mend: a request schema that declares ``Meta.unknown = RAISE`` is published with
``additionalProperties: false``, as the server refuses unknown fields. (apispec leaves that out
whenever a schema has a description.)
"""

from __future__ import annotations

from typing import Any

from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec_oneofschema import MarshmallowPlugin
from apispec_oneofschema.plugin import OneofOpenAPIConverter
from marshmallow import RAISE


class StrictRequestConverter(OneofOpenAPIConverter):
    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        document: dict[str, Any] = super().schema2jsonschema(schema)
        meta = getattr(resolve_schema_cls(schema), "Meta", None)
        if "properties" in document and meta is not None and vars(meta).get("unknown") == RAISE:
            document["additionalProperties"] = False
        return document


class ArenaSpecPlugin(MarshmallowPlugin):
    Converter = StrictRequestConverter
