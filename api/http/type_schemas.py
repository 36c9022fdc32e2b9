"""Marshmallow schemas built from the engine's own declarations, so the spec cannot drift from them.

Action dataclasses become schemas (with ``type`` as a one-value enum, the discriminator): the action
as the server lists it (every field present), and, for an action with a field that has a default,
the action as a client may submit it (that field optional); view TypedDicts become response
schemas. Field docs and limits come from the declarations. Game ids are one enum, ``GameId``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, is_typeddict

from marshmallow import RAISE, ValidationError, fields, validate
from marshmallow_oneofschema.one_of_schema import OneOfSchema

from api.http.schema import Schema
from engine import Action, Game, all_games
from engine.actions import field_types

#: The integers a JSON body may carry: 64-bit (orjson reads larger ones as floats).
INT64_RANGE = validate.Range(min=-(2**63), max=2**63 - 1)


def within_64_bits(value: int) -> None:
    """Refuse an integer beyond 64 bits, which orjson could not have read as one (a plain function, not
    a ``Range``, so that the spec does not publish bounds that say nothing to a reader)."""
    if not -(2**63) <= value < 2**63:
        raise ValidationError("Must be a 64-bit integer.")


class JsonInteger(fields.Integer):
    """An integer as JSON Schema counts them: ``3`` or ``3.0``, but not ``3.5``, ``"3"`` or ``true``.

    It is bounded to 64 bits, so an integer too large for orjson, which arrives as a float, is refused
    with 422 like any out-of-range value. The spec publishes only the bounds a field is given: a
    request field the server bounds says so with a ``Range`` that means something (a seed's 63 bits,
    a schedule's length), and a field of an answer needs none.
    """

    def __init__(self, **kwargs: Any) -> None:
        checks = kwargs.pop("validate", None) or []
        checks = [checks] if callable(checks) else list(checks)
        super().__init__(strict=True, validate=[*checks, within_64_bits], **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer() and -(2**63) <= value < 2**63:
            value = int(value)
        return super()._validated(value)


#: Every registered game's id: the ``GameId`` enum of the spec.
GAME_IDS = [game.info.id for game in all_games()]

#: The spec's ``GameId`` component.
GAME_ID_SCHEMA = {
    "type": "string",
    "enum": GAME_IDS,
    "description": "A game of the catalogue (`/games`). A request naming another is 404 `game/unknown` "
    "(422 for a tournament).",
}


class GameIdField(fields.String):
    """A game id: a string the spec documents as a ``GameId`` (the catalogue's enum); the server itself
    answers an unknown one with ``game/unknown``, so that the code says what is wrong."""


def camel(text: str) -> str:
    """``pili-pili`` -> ``PiliPili``, ``pili-pili.play-slot`` -> ``PiliPiliPlaySlot``: a schema's name."""
    return "".join(part.capitalize() for part in text.replace("_", "-").replace(".", "-").split("-"))


class SchemaFactory:
    """Builds (once) the schema class for each declared type, named in the spec after its wire type for an
    action (``girafferaffe.pass``: ``GirafferaffePass``), ``<Game><Type>`` for the rest."""

    def __init__(self) -> None:
        self._built: dict[type[Any], type[Schema]] = {}

    def action_schema(self, game: Game[Any], cls: type[Action]) -> type[Schema]:
        """The schema of one action type as the server lists it: the ``type`` discriminator and every
        field, each present (a field with a default too)."""
        if cls not in self._built:
            attrs = {**self._action_type(cls), **self._fields_of(game, cls, defaults_required=True)}
            self._built[cls] = self._make(game, cls, attrs, camel(cls.TYPE))
        return self._built[cls]

    def action_request_schema(self, game: Game[Any], cls: type[Action]) -> type[Schema]:
        """The schema of one action type as a client may submit it: a field with a default may be left
        out. The listed schema itself for an action without such a field."""
        if not any(f.default is not dataclasses.MISSING for f in dataclasses.fields(cls)):
            return self.action_schema(game, cls)
        attrs = {**self._action_type(cls), **self._fields_of(game, cls)}
        return self._make(game, cls, attrs, camel(cls.TYPE) + "Request")

    @staticmethod
    def _action_type(action: type[Action]) -> dict[str, fields.Field[Any]]:
        return {
            "type": fields.String(
                required=True,
                validate=validate.OneOf([action.TYPE]),
                metadata={"description": "The action type.", "enum": [action.TYPE]},
            )
        }

    def view_schema(self, game: Game[Any]) -> type[Schema]:
        """The response schema of the game's views, with ``game`` as the discriminator."""
        cls = game.view_type
        if cls not in self._built:
            attrs: dict[str, Any] = {
                "game": fields.String(
                    required=True,
                    validate=validate.OneOf([game.info.id]),
                    metadata={"description": "The game this view belongs to.", "enum": [game.info.id]},
                )
            }
            attrs.update(self._fields_of(game, cls))
            self._built[cls] = self._make(game, cls, attrs)
        return self._built[cls]

    def _make(self, game: Game[Any], cls: type[Any], attrs: dict[str, Any], name: str | None = None) -> type[Schema]:
        if name is None:
            prefix = camel(game.info.id)
            name = cls.__name__ if cls.__name__.startswith(prefix) else prefix + cls.__name__
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        meta = {"ordered": True, "unknown": RAISE, **({"description": doc} if doc else {})}
        attrs["Meta"] = type("Meta", (), meta)
        return type(f"{name}Schema", (Schema,), attrs)

    def _fields_of(
        self, game: Game[Any], cls: type[Any], defaults_required: bool = False
    ) -> dict[str, fields.Field[Any]]:
        """The fields of a view TypedDict or an action dataclass; an action's field with a default is
        optional (its default loaded) unless ``defaults_required``."""
        if not dataclasses.is_dataclass(cls):
            return {name: self._field(game, hint, {}) for name, hint in typing.get_type_hints(cls).items()}
        built = {}
        hints = field_types(cls)
        for f in dataclasses.fields(cls):
            optional = f.default is not dataclasses.MISSING and not defaults_required
            field = self._field(game, hints[f.name], dict(f.metadata), required=not optional)
            if optional:
                field.load_default = f.default
            built[f.name] = field
        return built

    def _field(self, game: Game[Any], hint: Any, meta: dict[str, Any], required: bool = True) -> fields.Field[Any]:
        doc = {"description": meta["doc"]} if meta.get("doc") else {}
        origin = get_origin(hint)
        if origin in (Union, types.UnionType):
            options = [a for a in get_args(hint) if a is not type(None)]
            inner = self._field(game, options[0], meta, required)
            inner.allow_none = True
            return inner
        if origin is Literal:
            values = list(get_args(hint))
            if all(isinstance(v, int) for v in values):
                return JsonInteger(required=required, validate=validate.OneOf(values), metadata=doc)
            return fields.String(required=required, validate=validate.OneOf(values), metadata=doc)
        if origin in (tuple, list):
            limits = {k: v for k, v in meta.items() if k in ("min", "max")}
            return fields.List(self._field(game, get_args(hint)[0], limits), required=required, metadata=doc)
        if origin is dict:
            return fields.Dict(
                keys=fields.String(), values=self._field(game, get_args(hint)[1], {}), required=required, metadata=doc
            )
        if dataclasses.is_dataclass(hint) or is_typeddict(hint):
            nested = self._built.get(hint) or self._make(game, hint, self._fields_of(game, hint))
            self._built[hint] = nested
            return fields.Nested(nested, required=required, metadata=doc)
        if hint is bool:
            return fields.Boolean(required=required, metadata=doc)
        if hint is int:
            low, high = meta.get("min"), meta.get("max")
            checks = [validate.Range(min=low, max=high)] if low is not None or high is not None else []
            return JsonInteger(required=required, validate=checks, metadata=doc)
        if hint is float:
            return fields.Float(required=required, metadata=doc)
        if hint is str:
            return fields.String(required=required, metadata=doc)
        if hint is Any or hint is object:
            return fields.Raw(required=required, allow_none=True, metadata=doc)
        raise TypeError(f"no schema for {hint!r} in {game.info.id}")


FACTORY = SchemaFactory()


def one_of(name: str, discriminator: str, schemas: dict[str, type[Schema]], doc: str) -> type[OneOfSchema]:
    """A oneOf schema dispatching on ``discriminator``, which stays inside each sub-schema.

    The sub-schemas are given as instances, so a load reuses them instead of building a schema
    object per request.
    """

    def get_obj_type(self: OneOfSchema, obj: Any) -> str:
        return str(obj[discriminator])

    return type(
        name,
        (OneOfSchema, Schema),  # Schema: its instances shared, not deep-copied (api/http/schema.py)
        {
            "type_field": discriminator,
            "type_field_remove": False,
            "type_schemas": {key: schema() for key, schema in schemas.items()},
            "get_obj_type": get_obj_type,
            "__doc__": doc,
        },
    )


ActionSchema = one_of(
    "ActionSchema",
    "type",
    {cls.TYPE: FACTORY.action_schema(g, cls) for g in all_games() for cls in g.action_types},
    "One action of any game, chosen by its `type`, as the server lists it: every field present.",
)

ActionRequestSchema = one_of(
    "ActionRequestSchema",
    "type",
    {cls.TYPE: FACTORY.action_request_schema(g, cls) for g in all_games() for cls in g.action_types},
    "One action of any game, chosen by its `type`, as a client submits it: a field with a default may be "
    "left out. Every listed `Action` is one.",
)

ViewSchema = one_of(
    "GameViewSchema",
    "game",
    {g.info.id: FACTORY.view_schema(g) for g in all_games()},
    "What a seat (or a spectator) sees of a match, shaped by its `game`.",
)
