"""The apispec plugin the app documents its schemas with.

It is apispec-oneofschema's (oneOf with a discriminator for the action and view unions), plus
mends so the spec is as strict as the server: a request schema that declares ``Meta.unknown =
RAISE`` is published with ``additionalProperties: false``, as the server refuses unknown fields
(apispec leaves that out whenever a schema has a description); a schema's ``Meta.json_schema``
(keywords for what its ``@validates_schema`` checks) is merged into its document; and a ``Range``
that excludes its bound is published with ``exclusiveMinimum``/``exclusiveMaximum`` (apispec
publishes every bound as inclusive).
"""

from __future__ import annotations

from typing import Any

from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec_oneofschema import MarshmallowPlugin
from apispec_oneofschema.plugin import OneofOpenAPIConverter
from marshmallow import RAISE, fields, validate


class StrictRequestConverter(OneofOpenAPIConverter):
    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        document: dict[str, Any] = super().schema2jsonschema(schema)
        meta = getattr(resolve_schema_cls(schema), "Meta", None)
        if "properties" in document and meta is not None and vars(meta).get("unknown") == RAISE:
            document["additionalProperties"] = False
        if meta is not None and "json_schema" in vars(meta):
            document.update(vars(meta)["json_schema"])
        return document


def exclusive_bounds(converter: Any, field: fields.Field[Any], ret: dict[str, Any], **_: Any) -> dict[str, Any]:
    """``exclusiveMinimum``/``exclusiveMaximum`` for the bounds a ``Range`` excludes, in place of the
    inclusive ``minimum``/``maximum`` apispec wrote for them (an attribute function of the converter)."""
    extra: dict[str, Any] = {}
    for check in field.validators:
        if not isinstance(check, validate.Range):
            continue
        if check.min is not None and not check.min_inclusive:
            ret.pop("minimum", None)
            extra["exclusiveMinimum"] = check.min
        if check.max is not None and not check.max_inclusive:
            ret.pop("maximum", None)
            extra["exclusiveMaximum"] = check.max
    return extra


class ArenaSpecPlugin(MarshmallowPlugin):
    Converter = StrictRequestConverter

    def init_spec(self, spec: Any) -> None:
        super().init_spec(spec)
        self.converter.add_attribute_function(exclusive_bounds)
