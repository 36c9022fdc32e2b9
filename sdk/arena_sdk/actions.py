"""Actions as the SDK takes them: a generated action model or a plain dict in the API's JSON form.

``Action`` is the union of every game's generated action model (each game's own union is in
:mod:`arena_sdk.games`); :func:`action_model` turns a dict such as ``{"type": "taiga.flip", "disc": 3}``
into its model, so that ``Seat.act`` accepts both, and :func:`request_model` gives the model of the
action as ``POST .../actions`` takes it (Pili Pili's play, whose ``joker_value`` may be left out
there, has a request model of its own).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, TypeAlias

from arena_client.models import (
    GirafferaffePass,
    GirafferaffePlay,
    PiliPiliBet,
    PiliPiliChoosePartner,
    PiliPiliExchangeWith,
    PiliPiliGive,
    PiliPiliPass,
    PiliPiliPlay,
    PiliPiliPlayRequest,
    PiliPiliPlaySlot,
    PipifaxFlip,
    TaigaFlip,
    TaigaPass,
    TaigaTake,
)

from arena_sdk.errors import NO_ANSWER, MalformedActionError

#: Any action model of any game, as listed by ``legal_actions`` and accepted by ``act``.
Action: TypeAlias = (
    GirafferaffePlay
    | GirafferaffePass
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlay
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake
)

#: An action model as ``POST .../actions`` takes it.
ActionRequest: TypeAlias = (
    GirafferaffePlay
    | GirafferaffePass
    | PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlayRequest
    | PiliPiliPlaySlot
    | PipifaxFlip
    | TaigaFlip
    | TaigaPass
    | TaigaTake
)

#: What ``act`` accepts: an action model, or the same action as a dict in the API's JSON form.
ActionLike: TypeAlias = Action | Mapping[str, Any]

ACTION_MODELS: tuple[type[Action], ...] = typing.get_args(Action)


def action_model(action: ActionLike) -> Action:
    """``action`` as its generated model: a dict is parsed by its ``type`` (else ``MalformedActionError``)."""
    if isinstance(action, ACTION_MODELS):
        return action
    if not isinstance(action, Mapping):
        raise MalformedActionError(
            NO_ANSWER, "action/malformed", f"an action is a model or a dict, not {type(action).__name__}", {}
        )
    for model in ACTION_MODELS:
        try:
            parsed = model.from_dict(action)
        except (TypeError, ValueError, KeyError, AttributeError):
            continue
        unknown = sorted(set(action) - set(parsed.to_dict()))
        if unknown:
            raise MalformedActionError(
                NO_ANSWER,
                "action/malformed",
                f"{action.get('type')!r} actions have no field(s) {', '.join(map(repr, unknown))}",
                {"unknown_fields": unknown},
            )
        return parsed
    allowed = sorted(_type_of(model) for model in ACTION_MODELS)
    kind = action.get("type")
    problem = "misses a field or has one of the wrong kind" if kind in allowed else "has no known 'type'"
    raise MalformedActionError(
        NO_ANSWER, "action/malformed", f"the action {dict(action)!r} {problem}", {"allowed": allowed}
    )


def request_model(action: Action) -> ActionRequest:
    """``action`` as the model of ``POST .../actions``'s body (the same model but for Pili Pili's play)."""
    if isinstance(action, PiliPiliPlay):
        return PiliPiliPlayRequest.from_dict(action.to_dict())
    return action


def _type_of(model: type[Action]) -> str:
    """The ``type`` string of an action model (its ``type_`` enum has exactly one member)."""
    enum = typing.get_type_hints(model)["type_"]
    return str(next(iter(enum)).value)
