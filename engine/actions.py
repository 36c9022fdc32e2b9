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
from collections.abc import Callable, Mapping, Sequence
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
        cls = type(data)
        if action_types.get(data.TYPE) is cls:
            reader = _reader(cls)
            if not reader.holds(data):  # an action object is checked as it stands, not rebuilt
                reader.check(data)
            return data
        data = data.to_json()
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object with a 'type'")
    kind = data.get("type")
    found = action_types.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise MalformedAction(
            f"unknown action type {kind!r}; expected one of {sorted(action_types)}",
            allowed=sorted(action_types),
        )
    action: Action = _reader(found).load({k: v for k, v in data.items() if k != "type"}, found.TYPE)
    return action


#: Reads one field's value: what the action keeps, or :class:`MalformedAction` naming ``path``.
Coerce = Callable[[Any, str], Any]
#: Whether a value already is exactly what a field keeps, so that reading it would change nothing.
Holds = Callable[[Any], bool]

_READERS: dict[type[Any], _Reader] = {}


def _reader(cls: type[Any]) -> _Reader:
    """The :class:`_Reader` of a dataclass, built on first use."""
    reader = _READERS.get(cls)
    if reader is None:
        reader = _READERS[cls] = _Reader(cls)
    return reader


class _Reader:
    """How to read one dataclass from JSON and check one of its objects, built once from its type hints.

    Parsing runs for every move, so each field's type is turned into a checking function once
    instead of being taken apart with ``typing.get_origin`` on every call.
    """

    def __init__(self, cls: type[Any]) -> None:
        self.cls = cls
        fields = _fields(cls)
        self.names = frozenset(f.name for f, _ in fields)
        self.fields = [(f.name, _coercer(hint, f.metadata), f.default) for f, hint in fields]
        self.holders = [(f.name, _holder(hint, f.metadata)) for f, hint in fields]
        self.top = getattr(cls, "TYPE", None)
        #: Each field's path when the class is read as an action (``where`` is its ``TYPE``).
        self.top_paths = [f"{self.top}.{f.name}" for f, _ in fields]

    def load(self, data: Mapping[str, Any], where: str) -> Any:
        """An object of the class from the fields in ``data``; ``where`` names it in errors."""
        names = self.names
        if len(data) > len(names) or any(key not in names for key in data):
            extra = sorted(set(data) - names)
            raise MalformedAction(f"{where}: unexpected field(s) {extra}", field=extra[0])
        paths = self.top_paths if where == self.top else [f"{where}.{name}" for name, _, _ in self.fields]
        values: dict[str, Any] = {}
        for (name, coerce, default), path in zip(self.fields, paths, strict=True):
            if name in data:
                values[name] = coerce(data[name], path)
            elif default is not dataclasses.MISSING:
                values[name] = default
            else:
                raise MalformedAction(f"{path} is required", field=name)
        return self.cls(**values)

    def holds(self, obj: Any) -> bool:
        """Whether every field of ``obj`` already has exactly the type and range it is read as."""
        for name, holds in self.holders:  # noqa: SIM110 (a loop: no generator to set up for a few fields)
            if not holds(getattr(obj, name)):
                return False
        return True

    def check(self, obj: Any) -> None:
        """Raise :class:`MalformedAction` unless each field of ``obj`` reads as its JSON would."""
        for name, coerce, _ in self.fields:
            coerce(_dump_value(getattr(obj, name)), f"{obj.TYPE}.{name}")


def _coercer(hint: Any, meta: Mapping[str, Any]) -> Coerce:
    """The function that reads a JSON value as a field of type ``hint`` (limits in ``meta``)."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        nullable = len(options) < len(get_args(hint))
        inner = _coercer(options[0], meta)

        def optional(value: Any, path: str) -> Any:
            if value is None:
                if nullable:
                    return None
                raise MalformedAction(f"{path} may not be null", field=path)
            return inner(value, path)

        return optional
    if origin is Literal:
        allowed = get_args(hint)

        def literal(value: Any, path: str) -> Any:
            if value not in allowed or isinstance(value, bool):
                raise MalformedAction(f"{path} must be one of {list(allowed)}", field=path)
            return value

        return literal
    if origin is tuple:
        item = _coercer(get_args(hint)[0], meta)
        plain = _plain_items(get_args(hint)[0], meta)

        def sequence(value: Any, path: str) -> Any:
            if not isinstance(value, list | tuple):
                raise MalformedAction(f"{path} must be a list", field=path)
            if plain is not None and plain(value):  # every item reads as itself
                return tuple(value)
            return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))

        return sequence
    if dataclasses.is_dataclass(hint):
        cls = typing.cast(type[Any], hint)

        def nested(value: Any, path: str) -> Any:
            if not isinstance(value, Mapping):
                raise MalformedAction(f"{path} must be an object", field=path)
            return _reader(cls).load(value, path)

        return nested
    if hint is bool:

        def boolean(value: Any, path: str) -> Any:
            if not isinstance(value, bool):
                raise MalformedAction(f"{path} must be true or false", field=path)
            return value

        return boolean
    if hint is int:
        low, high = meta.get("min"), meta.get("max")

        def integer(value: Any, path: str) -> Any:
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedAction(f"{path} must be an integer", field=path)
            if (low is not None and value < low) or (high is not None and value > high):
                raise MalformedAction(f"{path} must be between {low} and {high}", field=path)
            return value

        return integer
    if hint is str:

        def string(value: Any, path: str) -> Any:
            if not isinstance(value, str):
                raise MalformedAction(f"{path} must be a string", field=path)
            return value

        return string

    def unsupported(value: Any, path: str) -> Any:
        raise TypeError(f"unsupported action field type {hint!r} at {path}")

    return unsupported


def _plain_items(hint: Any, meta: Mapping[str, Any]) -> Callable[[Sequence[Any]], bool] | None:
    """For a tuple of strings or integers: whether every item of a sequence reads as itself, checked
    in one pass (no per-item call); ``None`` for other item types, which are read one by one."""
    if hint is str:
        return lambda items: {*map(type, items)} <= _STR
    if hint is int:
        low, high = meta.get("min"), meta.get("max")
        return lambda items: (
            {*map(type, items)} <= _INT
            and (not items or ((low is None or min(items) >= low) and (high is None or max(items) <= high)))
        )
    return None


_STR, _INT = frozenset({str}), frozenset({int})


def _holder(hint: Any, meta: Mapping[str, Any]) -> Holds:
    """Whether a field value of type ``hint`` is already exactly as :func:`_coercer` would read it.

    ``False`` only means "check it fully": it may still be acceptable (a list where a tuple is declared).
    """
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        nullable = type(None) in get_args(hint)
        inner = _holder(next(a for a in get_args(hint) if a is not type(None)), meta)
        return lambda value: (value is None and nullable) or inner(value)
    if origin is Literal:
        allowed = get_args(hint)
        return lambda value: type(value) is not bool and value in allowed
    if origin is tuple:
        plain = _plain_items(get_args(hint)[0], meta)
        if plain is None:
            return lambda value: False
        return lambda value: type(value) is tuple and plain(value)
    if hint is int:
        low, high = meta.get("min"), meta.get("max")
        return lambda value: type(value) is int and (low is None or value >= low) and (high is None or value <= high)
    if hint in (str, bool):
        return lambda value: type(value) is hint
    return lambda value: False  # nested dataclasses and the rest: checked fully


def _dump(obj: Any) -> dict[str, Any]:
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in dataclasses.fields(obj))
    return {name: _dump_value(getattr(obj, name)) for name in names}


#: Each dataclass's field names, in order, looked up once per class.
_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}
#: Types a value of which is its own JSON form.
_ATOMS = frozenset({str, int, bool, float, type(None)})


def _dump_value(value: Any) -> Any:
    if isinstance(value, tuple):
        if {*map(type, value)} <= _ATOMS:  # nothing inside to convert: e.g. the cards of a play
            return list(value)
        return [_dump_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dump(value)
    return value
