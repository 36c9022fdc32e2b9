"""What a game is: its identity record, options, events, result and the rules interface.

A game is a stateless object; its state is plain JSON-able data passed in and returned, never
mutated in place, so a snapshot can be stored, copied and replayed anywhere.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic, Literal, TypeVar

from engine.actions import Action
from engine.errors import InvalidOptions
from engine.random_stream import stream

StateT = TypeVar("StateT")

#: A location inside a state: keys and list indexes from the root, e.g. ``("animals", 7)``.
Path = tuple[str | int, ...]

OptionKind = Literal["choice", "integer", "seat", "boolean", "json"]


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One match option: its type, default and allowed values, as the catalogue shows them.

    A ``seat`` option whose default is ``None`` is resolved to a seeded random seat (ruling G2).
    A ``json`` option carries structured data that the game validates itself.
    """

    name: str
    kind: OptionKind
    description: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: The player counts a choice allows where narrower than the game's: ``((choice, min, max), ...)``.
    choice_players: tuple[tuple[Any, int, int], ...] = ()
    #: The option matters only while another option has one of these values: ``(option, values)``.
    applies_when: tuple[str, tuple[Any, ...]] | None = None

    def check(self, value: Any, players: int) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`InvalidOptions` naming what is."""
        if self.kind == "choice":
            if value not in self.choices:
                self._refuse(value, f"one of {list(self.choices)}")
        elif self.kind == "boolean":
            if not isinstance(value, bool):
                self._refuse(value, "true or false")
        elif self.kind in ("integer", "seat"):
            low = 0 if self.kind == "seat" else self.minimum
            high = players - 1 if self.kind == "seat" else self.maximum
            if value is None and self.kind == "seat":
                return None
            if isinstance(value, bool) or not isinstance(value, int):
                self._refuse(value, f"an integer from {low} to {high}")
            if (low is not None and value < low) or (high is not None and value > high):
                self._refuse(value, f"an integer from {low} to {high}")
        return value

    def _refuse(self, value: Any, allowed: str) -> None:
        raise InvalidOptions(
            f"option {self.name!r} is {value!r}; allowed: {allowed}", option=self.name, allowed=allowed
        )


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """A game's identity record, as the catalogue lists it."""

    id: str
    title: str
    min_players: int
    max_players: int
    description: str
    options: tuple[OptionSpec, ...] = ()
    #: Keys a client may pass to narrow the legal actions (e.g. ``tree`` in Girafferaffe).
    action_filters: tuple[str, ...] = ()
    #: The rulings that close the rulebook's gaps: ``(id, what the server does)``, e.g. ``("P3", ...)``.
    rulings: tuple[tuple[str, str], ...] = ()
    #: Whether a higher or a lower score is better; ``None`` for games without scores.
    score_order: Literal["higher", "lower"] | None = None


@dataclasses.dataclass(frozen=True)
class Event:
    """Something the players saw happen. ``visible_to`` is ``None`` for public events."""

    kind: str
    data: Mapping[str, Any]
    visible_to: tuple[int, ...] | None = None

    def is_visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = a spectator) sees this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data), "visible_to": self.visible_to}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        seats = data.get("visible_to")
        return cls(data["kind"], data["data"], None if seats is None else tuple(seats))


@dataclasses.dataclass(frozen=True)
class Result:
    """How a finished match ended: the winning seats and, where the game has them, scores."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": None if self.scores is None else list(self.scores)}

    def ranks(self, score_order: Literal["higher", "lower"] | None, seats: Iterable[int]) -> dict[int, int]:
        """Each of ``seats`` ranked among themselves (1 = best, ties share a rank, 1224 style).

        Winners come first; the others follow by score where the game has an order of scores, else
        they share the rank after the winners.
        """
        sign = {"higher": -1, "lower": 1, None: 0}[score_order]
        scores = self.scores

        def key(seat: int) -> tuple[int, float]:
            score = scores[seat] if scores is not None and sign else 0.0
            return (0 if seat in self.winners else 1, sign * score)

        keys = {seat: key(seat) for seat in seats}
        return {seat: 1 + sum(1 for other in keys.values() if other < mine) for seat, mine in keys.items()}


@dataclasses.dataclass(frozen=True)
class Secret:
    """Why an action may not be shown to every reader of the log yet, and when it may (see :meth:`Game.secret`).

    Worked out from the state *before* the action and stored as JSON with it, so that the log can be
    read later knowing only the current state: the acting seat always sees its own action; once
    :meth:`Game.is_resolved` says the decision ``until`` names has been resolved, the seats in
    ``revealed_to`` see it too (``None``: everyone); once the match is over, everyone does (G4).
    """

    #: The game's key of the decision the action belongs to, e.g. Pili Pili's ``(round, tricks played, phase)``.
    until: tuple[str | int, ...]
    #: Who sees the action once the decision is resolved: ``None`` for everyone, else these seats only.
    revealed_to: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"until": list(self.until), "revealed_to": None if self.revealed_to is None else list(self.revealed_to)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Secret:
        seats = data.get("revealed_to")
        return cls(tuple(data["until"]), None if seats is None else tuple(seats))


@dataclasses.dataclass
class Context:
    """What the rules may draw on while producing one version: its random stream and the time.

    The stream is built only when a rule first draws from it. ``now`` is seconds since the epoch as
    the server saw them; the engine never reads a clock itself.
    """

    seed: int
    version: int
    now: float = 0.0

    @cached_property
    def rng(self) -> random.Random:
        return stream(self.seed, self.version)


class Game(ABC, Generic[StateT]):
    """The rules of one game. Subclasses are stateless; every method is a pure function of its input."""

    info: ClassVar[GameInfo]
    #: The game's action classes; their ``TYPE`` names are unique across all games.
    action_types: ClassVar[tuple[type[Action], ...]]
    #: The TypedDict every view of this game is; the API publishes it as the game's view schema.
    view_type: ClassVar[type[Mapping[str, Any]]]
    #: The keys of the state that hold a time the caller passed (``Context.now``): they depend on when
    #: a match was played, not on what was played, so :func:`engine.state_digest` leaves them out.
    clock_fields: ClassVar[tuple[str, ...]] = ()

    @cached_property
    def actions_by_type(self) -> dict[str, type[Action]]:
        return {cls.TYPE: cls for cls in self.action_types}

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        """Refuse combinations that single options cannot express; the default allows all."""

    @abstractmethod
    def setup(self, players: int, options: Mapping[str, Any], ctx: Context) -> tuple[StateT, list[Event]]:
        """The opening state for ``players`` seats and fully resolved ``options``."""

    def load_state(self, data: Any) -> StateT:
        """A state as a snapshot stored it (``Match.to_json()["state"]``), in the form this version of the
        game works on: a game whose stored form changed reads its older forms here. The default takes
        the data as it is."""
        return data  # type: ignore[no-any-return]

    @abstractmethod
    def to_act(self, state: StateT) -> Sequence[int]:
        """The seats that may act now, in seat order; empty once the match is over."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        """Every legal action of ``seat`` (one that may act), lazily, narrowed by ``filters``."""

    def filter_values(self, state: StateT, key: str) -> tuple[str, ...] | None:
        """The values the filter ``key`` may take now (``None``: any); the default allows any."""
        return None

    def count_legal_actions(self, state: StateT, seat: int, filters: Mapping[str, str]) -> int:
        """How many actions :meth:`legal_actions` yields; games with huge spaces count smarter."""
        return sum(1 for _ in self.legal_actions(state, seat, filters))

    def nth_legal_action(self, state: StateT, seat: int, filters: Mapping[str, str], index: int) -> Action:
        """The action at ``index`` in :meth:`legal_actions`'s order; ``IndexError`` outside the count.

        The default walks the lazy listing; games with huge spaces unrank the index directly, so that
        a uniform sample never lists everything.
        """
        if index < 0:
            raise IndexError(f"legal action index {index} is negative")
        found = next(itertools.islice(self.legal_actions(state, seat, filters), index, None), None)
        if found is None:
            raise IndexError(f"legal action index {index} is out of range")
        return found

    def label(self, state: StateT, action: Action) -> str:
        """A short human-readable text for ``action`` at ``state``, e.g. "flip card 7 (red back)".

        It uses only what the acting seat may see, and never fails on a well-formed action, legal or
        not. Games override it; the default names the type and the fields.
        """
        fields = " ".join(f"{name}={value}" for name, value in action.to_json().items() if name != "type")
        return f"{action.TYPE} {fields}".strip()

    def secret(self, state: StateT, seat: int, action: Action) -> Secret | None:
        """How long ``action``, about to be taken by ``seat`` at ``state``, stays hidden from other readers.

        ``None`` (the default) for an action everyone sees as it happens; a :class:`Secret` for a
        secret simultaneous choice.
        """
        return None

    def is_resolved(self, state: StateT, secret: Secret) -> bool:
        """Whether the decision ``secret.until`` names has been resolved at ``state`` (taken at or after it)."""
        return True

    @abstractmethod
    def check(self, state: StateT, seat: int, action: Action) -> None:
        """Raise :class:`~engine.errors.IllegalAction` naming the rule if ``action`` is not legal now."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Action, ctx: Context) -> tuple[StateT, list[Event]]:
        """The state after a checked ``action``, and the events it produced; ``state`` is left as it was."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None, now: float, *, ended: bool = False) -> Mapping[str, Any]:
        """What ``seat`` sees at the table at time ``now`` (``None``: a spectator).

        ``ended``: the match is over although its rules did not end it (the arena ended it early, or
        it was aborted): the view shows everything, as at the rules' own end, and no seat's turn.
        """

    @abstractmethod
    def hidden_paths(self, state: StateT, seat: int | None, now: float) -> Iterable[Path]:
        """The state locations ``seat`` may not see; a view must not depend on them."""

    @abstractmethod
    def result(self, state: StateT) -> Result | None:
        """The result once the match is over, else ``None``."""
