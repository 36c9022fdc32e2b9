"""The apispec plugin the app documents its schemas with.

It is apispec-oneofschema's (oneOf with a discriminator for the action and view unions), plus
mends so the spec is as strict as the server: a request schema that declares ``Meta.unknown =
RAISE`` is published with ``additionalProperties: false``, as the server refuses unknown fields
(apispec leaves that out whenever a schema has a description); a schema's ``Meta.json_schema``
(keywords for what its ``@validates_schema`` checks) is merged into its document; a ``Range``
that excludes its bound is published with ``exclusiveMinimum``/``exclusiveMaximum`` (apispec
publishes every bound as inclusive); a game id is a reference to the ``GameId`` enum; and a field's
default is said in its description instead of a ``default`` keyword. (openapi-typescript, by
default, types a property with a ``default`` as always present: right for an answer, wrong for a
request body, where it made optional fields required. An answer's schema has no defaults, so the
rule costs answers nothing; a schema that is both a request and an answer is split in two.) Every
operation is completed with the statuses and headers that follow from its shape (``api/http/responses.py``).
"""

from __future__ import annotations

import json
from typing import Any

from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec_oneofschema import MarshmallowPlugin
from apispec_oneofschema.plugin import OneofOpenAPIConverter
from marshmallow import RAISE, fields, validate

from api.http.responses import ERROR_CONTENT, HEADERS, SHAPE_STATUSES, complete_operation
from api.http.type_schemas import GAME_ID_SCHEMA, GameIdField

#: Where a game id's schema is.
GAME_ID_REF = "#/components/schemas/GameId"


class StrictRequestConverter(OneofOpenAPIConverter):
    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        document: dict[str, Any] = super().schema2jsonschema(schema)
        meta = getattr(resolve_schema_cls(schema), "Meta", None)
        if "properties" in document and meta is not None and vars(meta).get("unknown") == RAISE:
            document["additionalProperties"] = False
        if meta is not None and "json_schema" in vars(meta):
            document.update(vars(meta)["json_schema"])
        for prop in document.get("properties", {}).values():
            default_in_description(prop)
        return document


def default_in_description(prop: dict[str, Any]) -> None:
    """Move a property's ``default`` into its description (a null default goes: leaving the field out
    is the same as null)."""
    if "default" not in prop:
        return
    default = prop.pop("default")
    if default is not None:
        said = f"Default: `{json.dumps(default)}`."
        prop["description"] = f"{prop['description'].rstrip()} {said}" if prop.get("description") else said


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


def game_id_reference(converter: Any, field: fields.Field[Any], ret: dict[str, Any], **_: Any) -> dict[str, Any]:
    """A game id field as a reference to ``GameId``, in place of its string type and lengths."""
    if not isinstance(field, GameIdField):
        return {}
    for keyword in ("type", "minLength", "maxLength", "pattern", "enum"):
        ret.pop(keyword, None)
    return {"$ref": GAME_ID_REF}


def parameter_without_null(converter: Any, field: fields.Field[Any], ret: dict[str, Any], **_: Any) -> dict[str, Any]:
    """A query or header parameter is absent or has a value, never null: no ``null`` type, no null default."""
    schema = ret.get("schema", {})
    if "default" in schema and schema["default"] is None:
        del schema["default"]
    if isinstance(schema.get("type"), list) and "null" in schema["type"]:
        kinds = [kind for kind in schema["type"] if kind != "null"]
        schema["type"] = kinds[0] if len(kinds) == 1 else kinds
    if isinstance(schema.get("enum"), list) and None in schema["enum"]:
        schema["enum"] = [value for value in schema["enum"] if value is not None]
    return {}


class ArenaSpecPlugin(MarshmallowPlugin):
    Converter = StrictRequestConverter

    def init_spec(self, spec: Any) -> None:
        super().init_spec(spec)
        self.converter.add_attribute_function(exclusive_bounds)
        self.converter.add_attribute_function(game_id_reference)
        self.converter.add_parameter_attribute_function(parameter_without_null)
        spec.components.schema("GameId", GAME_ID_SCHEMA)
        for name, header in HEADERS.items():
            spec.components.header(name, header)

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        """Complete each operation of a Flask rule (``rule``) as ``api/http/responses.py`` says, then resolve
        its schemas."""
        rule = kwargs.get("rule")
        for method, operation in (operations or {}).items():
            if rule is None or not isinstance(operation, dict):
                continue
            responses = operation.setdefault("responses", {})
            for status in list(responses):
                documented = responses.pop(status)
                if isinstance(documented, str):  # a flask-smorest response component by name, e.g. 422's
                    documented = {"description": SHAPE_STATUSES[str(status)], "content": ERROR_CONTENT}
                responses[str(status)] = documented
            complete_operation(rule.endpoint, method.upper(), operation)
        super().operation_helper(path=path, operations=operations, **kwargs)
