"""Actions: small frozen dataclasses with a stable JSON form ``{"type": ..., **fields}``.

Each game declares its action classes. A field's type is one of ``int``, ``str``, ``bool``,
``Literal[...]``, ``X | None``, ``tuple[X, ...]`` or another action-field dataclass, and its
``metadata`` may carry ``doc``, ``min`` and ``max``. The same declaration drives parsing here and
the API's request schemas, so the two can never disagree.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Union, get_args, get_origin

from engine.errors import MalformedAction


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game action; subclasses set ``TYPE`` to a game-qualified name."""

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The action as the JSON object a client submits."""
        return {"type": self.TYPE, **_dump(self)}


def action_field(
    doc: str, *, min: int | None = None, max: int | None = None, default: Any = dataclasses.MISSING
) -> Any:
    """An action field with its documentation, optional inclusive integer limits and optional default.

    A field with a default may be left out of a submitted action.
    """
    limits = {k: v for k, v in (("min", min), ("max", max)) if v is not None}
    return dataclasses.field(default=default, metadata={"doc": doc, **limits})


FieldSpec = tuple[tuple[dataclasses.Field[Any], Any], ...]
_FIELD_SPECS: dict[type[Any], FieldSpec] = {}


def _fields(cls: type[Any]) -> FieldSpec:
    """Each field of ``cls`` with its resolved type, computed once per class."""
    spec = _FIELD_SPECS.get(cls)
    if spec is None:
        hints = typing.get_type_hints(cls)
        spec = _FIELD_SPECS[cls] = tuple((f, hints[f.name]) for f in dataclasses.fields(cls))
    return spec


def field_types(cls: type[Any]) -> dict[str, Any]:
    """The resolved type of each field of a dataclass, in declaration order."""
    return {f.name: hint for f, hint in _fields(cls)}


def parse_action(action_types: Mapping[str, type[Action]], data: object) -> Action:
    """Build the action that ``data`` describes, or raise :class:`MalformedAction` saying why."""
    if isinstance(data, Action):
        if action_types.get(data.TYPE) is type(data):
            for f, hint in _fields(type(data)):  # an action object is checked as it stands, not rebuilt
                _coerce(hint, _dump_value(getattr(data, f.name)), f"{data.TYPE}.{f.name}", f.metadata)
            return data
        data = data.to_json()
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object with a 'type'")
    kind = data.get("type")
    cls = action_types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(
            f"unknown action type {kind!r}; expected one of {sorted(action_types)}",
            allowed=sorted(action_types),
        )
    action: Action = _load(cls, {k: v for k, v in data.items() if k != "type"}, cls.TYPE)
    return action


def _load(cls: type[Any], data: Mapping[str, Any], where: str) -> Any:
    fields = _fields(cls)
    names = [f.name for f, _ in fields]
    if len(data) > len(fields) or any(key not in names for key in data):
        extra = sorted(set(data) - set(names))
        raise MalformedAction(f"{where}: unexpected field(s) {extra}", field=extra[0])
    values: dict[str, Any] = {}
    for f, hint in fields:
        path = f"{where}.{f.name}"
        if f.name in data:
            values[f.name] = _coerce(hint, data[f.name], path, f.metadata)
        elif f.default is not dataclasses.MISSING:
            values[f.name] = f.default
        else:
            raise MalformedAction(f"{path} is required", field=f.name)
    return cls(**values)


def _coerce(hint: Any, value: Any, path: str, meta: Mapping[str, Any]) -> Any:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if value is None:
            if len(options) < len(get_args(hint)):
                return None
            raise MalformedAction(f"{path} may not be null", field=path)
        return _coerce(options[0], value, path, meta)
    if origin is Literal:
        allowed = get_args(hint)
        if value not in allowed or isinstance(value, bool):
            raise MalformedAction(f"{path} must be one of {list(allowed)}", field=path)
        return value
    if origin is tuple:
        item = get_args(hint)[0]
        if not isinstance(value, list | tuple):
            raise MalformedAction(f"{path} must be a list", field=path)
        return tuple(_coerce(item, v, f"{path}[{i}]", meta) for i, v in enumerate(value))
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise MalformedAction(f"{path} must be an object", field=path)
        return _load(typing.cast(type[Any], hint), value, path)
    if hint is bool:
        if not isinstance(value, bool):
            raise MalformedAction(f"{path} must be true or false", field=path)
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction(f"{path} must be an integer", field=path)
        low, high = meta.get("min"), meta.get("max")
        if (low is not None and value < low) or (high is not None and value > high):
            raise MalformedAction(f"{path} must be between {low} and {high}", field=path)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise MalformedAction(f"{path} must be a string", field=path)
        return value
    raise TypeError(f"unsupported action field type {hint!r} at {path}")


def _dump(obj: Any) -> dict[str, Any]:
    return {f.name: _dump_value(getattr(obj, f.name)) for f in dataclasses.fields(obj)}


def _dump_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_dump_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dump(value)
    return value
