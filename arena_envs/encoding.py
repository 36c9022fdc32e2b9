"""How a policy's integer action maps to a game action, and what an observation holds.

Every observation is a dict of four entries, the same for every game:

* ``view``: the seat's view as JSON text, exactly the ``view`` of the API's seat view
  (``{"game": <id>, **engine.view(match, seat)}``);
* ``actions``: a JSON list of actions (the API's action JSON): what each index of the action space
  means at this step;
* ``action_mask``: ``action_mask[i] == 1`` when index ``i`` is a legal action of the seat now;
* ``legal``: a JSON list of the legal actions the seat is offered, in the order a seat stream's
  ``turn`` offers them online (``engine.offered_actions``): all of them in the game's listing order
  when there are at most ``sample_size``, else a uniform sample of ``sample_size`` drawn from the
  match's seed and version and the seat. A policy given this list and the view chooses offline
  exactly as it would online through ``Seat.turns(legal_limit=sample_size)``.

Games with a small fixed action space (Pipifax, Taiga) list every action of the space in ``actions``,
always the same list, and mask the illegal ones. Games with huge or variable spaces (Girafferaffe,
Pili Pili) list the offered actions there (a uniform sample where there are more than
``sample_size``), and mask the unused indexes past their end.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

import engine

#: An observation: ``{"view": str, "actions": str, "action_mask": NDArray[int8], "legal": str}``.
Observation = dict[str, Any]

#: The default number of legal actions offered per step (a uniform sample where there are more): the
#: SDK's ``legal_limit`` default and the server's, so a policy is offered the same actions offline and online.
DEFAULT_SAMPLE_SIZE = 100

#: The characters of compact ASCII JSON (``json.dumps`` escapes everything else).
JSON_CHARSET = frozenset(chr(code) for code in range(32, 127))

#: The longest ``view`` or ``actions`` text the observation space admits (far beyond any real one).
MAX_TEXT = 1 << 22


def to_json_text(data: Any) -> str:
    """Compact ASCII JSON, the form of every text in an observation."""
    return json.dumps(data, separators=(",", ":"))


def action_key(action: Mapping[str, Any]) -> str:
    """A canonical text of an action's JSON, for finding it in a table."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def view_json(match: engine.Match, seat: int, now: float) -> dict[str, Any]:
    """The seat's view exactly as the API's seat view carries it under ``view``."""
    return {"game": match.game_id, **engine.view(match, seat, now)}


@dataclasses.dataclass(frozen=True)
class Choices:
    """What each index of the action space means for one seat at one version."""

    #: The action at each index (its API JSON); indexes past the end are unused.
    actions: tuple[Mapping[str, Any], ...]
    #: 1 where the index is a legal action now, else 0; as long as the action space.
    mask: tuple[int, ...]
    #: The indexes of the offered legal actions, in the order they are offered (``engine.offered_actions``).
    offered: tuple[int, ...]

    def legal(self) -> list[Mapping[str, Any]]:
        """The offered legal actions, in the order a seat stream offers them online."""
        return [self.actions[index] for index in self.offered]


class ActionEncoding(ABC):
    """The action space of one game and player count: its size and what each index means."""

    size: int

    @abstractmethod
    def choices(self, match: engine.Match, seat: int) -> Choices:
        """What each index means for ``seat`` at ``match`` (all masked when the seat may not act)."""

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "view": spaces.Text(MAX_TEXT, min_length=2, charset=JSON_CHARSET),
                "actions": spaces.Text(MAX_TEXT, min_length=2, charset=JSON_CHARSET),
                "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
                "legal": spaces.Text(MAX_TEXT, min_length=2, charset=JSON_CHARSET),
            }
        )

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.size)

    def observation(self, view: Mapping[str, Any], choices: Choices) -> Observation:
        mask: NDArray[np.int8] = np.array(choices.mask, dtype=np.int8)
        return {
            "view": to_json_text(view),
            "actions": to_json_text(list(choices.actions)),
            "action_mask": mask,
            "legal": to_json_text(choices.legal()),
        }


class FixedActions(ActionEncoding):
    """A small action space enumerated once: index ``i`` is always the same action.

    Every legal action is unmasked; ``legal`` lists the ones a seat is offered at ``offered`` (all of
    them, unless the space is larger than ``offered``).
    """

    def __init__(self, table: Sequence[Mapping[str, Any]], offered: int = DEFAULT_SAMPLE_SIZE) -> None:
        self.table = tuple(table)
        self.size = len(self.table)
        self.offered = offered
        self.index = {action_key(action): i for i, action in enumerate(self.table)}

    def choices(self, match: engine.Match, seat: int) -> Choices:
        mask = [0] * self.size
        for action in engine.legal_actions(match, seat):
            mask[self.index[action_key(action.to_json())]] = 1
        _, shown = engine.offered_actions(match, seat, self.offered)
        return Choices(self.table, tuple(mask), tuple(self.index[action_key(action.to_json())] for action in shown))


class SampledActions(ActionEncoding):
    """A huge action space seen through the offered legal actions: all, or a uniform sample of ``size``."""

    def __init__(self, size: int) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 1000:
            raise ValueError(f"a sample size is an integer from 1 to 1000 (as the API's sample=), not {size!r}")
        self.size = size

    def choices(self, match: engine.Match, seat: int) -> Choices:
        _, offered = engine.offered_actions(match, seat, self.size)
        actions = tuple(action.to_json() for action in offered)
        return Choices(
            actions, tuple([1] * len(actions) + [0] * (self.size - len(actions))), tuple(range(len(actions)))
        )


def pipifax_table(players: int) -> list[dict[str, Any]]:
    """Pipifax: turn over one of the 24 cards."""
    return [{"type": "pipifax.flip", "position": position} for position in range(24)]


def taiga_table(players: int) -> list[dict[str, Any]]:
    """Taiga: flip one of the 10 discs, pass, or take a token from one of the seats."""
    flips = [{"type": "taiga.flip", "disc": disc} for disc in range(10)]
    takes = [{"type": "taiga.take", "from_seat": seat} for seat in range(players)]
    return [*flips, {"type": "taiga.pass"}, *takes]


#: The games whose whole action space is enumerated, by game id.
FIXED_TABLES = {"pipifax": pipifax_table, "taiga": taiga_table}


def encoding_for(game_id: str, players: int, sample_size: int = DEFAULT_SAMPLE_SIZE) -> ActionEncoding:
    """The action encoding of ``game_id`` for ``players`` seats: fixed where the space is small, else sampled."""
    table = FIXED_TABLES.get(engine.get_game(game_id).info.id)
    return SampledActions(sample_size) if table is None else FixedActions(table(players), sample_size)


def decode_view(observation: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's view from an observation, as a dict (the same as the API's seat view ``view``)."""
    view: dict[str, Any] = json.loads(observation["view"])
    return view


def decode_legal_actions(observation: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The offered legal actions of an observation, in the order a seat stream offers them, as the API's JSON."""
    legal: list[dict[str, Any]] = json.loads(observation["legal"])
    return legal


def decode_index(observation: Mapping[str, Any], action: Mapping[str, Any]) -> int:
    """The index of a legal ``action`` (API JSON) in an observation; ``ValueError`` if it is not there."""
    key = action_key(action)
    actions = json.loads(observation["actions"])
    for index, (candidate, ok) in enumerate(zip(actions, observation["action_mask"], strict=False)):
        if ok and action_key(candidate) == key:
            return index
    raise ValueError(f"{to_json_text(action)} is not among this observation's legal actions")
