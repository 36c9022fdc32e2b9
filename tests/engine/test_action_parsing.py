"""``parse_action``: what it accepts, and the exact message and ``field`` of each refusal.

The API passes every move body through it and reports these messages and fields as they are, so
they are pinned here for every kind of field an action may declare.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

import pytest

from engine import MalformedAction, parse_action
from engine.actions import Action, action_field
from engine.games.girafferaffe import Play
from engine.games.pili_pili.actions import PassCards, PlayCard


@dataclasses.dataclass(frozen=True)
class Spot:
    """A nested action field."""

    row: int = action_field("Row.", min=0, max=3)
    side: Literal["left", "right"] = action_field("Side.")


@dataclasses.dataclass(frozen=True)
class Sample(Action):
    """One field of every supported kind."""

    TYPE = "sample.act"
    count: int = action_field("A count.", min=1, max=9)
    name: str = action_field("A name.")
    flag: bool = action_field("A flag.")
    mode: Literal["fast", "slow"] = action_field("A mode.")
    spot: Spot = action_field("A spot.")  # noqa: RUF009 (a field spec, not a default value)
    tags: tuple[str, ...] = action_field("Tags.")
    spots: tuple[Spot, ...] = action_field("Spots.")
    extra: int | None = action_field("An optional number.", min=0, default=None)


@dataclasses.dataclass(frozen=True)
class Bare(Action):
    """An action without fields."""

    TYPE = "sample.bare"


TYPES: dict[str, type[Action]] = {Sample.TYPE: Sample, Bare.TYPE: Bare}

GOOD: dict[str, Any] = {
    "type": "sample.act",
    "count": 3,
    "name": "x",
    "flag": True,
    "mode": "fast",
    "spot": {"row": 1, "side": "left"},
    "tags": ["a", "b"],
    "spots": [{"row": 0, "side": "right"}],
}
GOOD_ACTION = Sample(3, "x", True, "fast", Spot(1, "left"), ("a", "b"), (Spot(0, "right"),))


def test_a_good_dict_and_its_action_round_trip() -> None:
    assert parse_action(TYPES, GOOD) == GOOD_ACTION
    assert parse_action(TYPES, {**GOOD, "extra": 4}) == dataclasses.replace(GOOD_ACTION, extra=4)
    assert parse_action(TYPES, {**GOOD, "extra": None}) == GOOD_ACTION
    assert parse_action(TYPES, GOOD_ACTION.to_json()) == GOOD_ACTION
    assert GOOD_ACTION.to_json() == {**GOOD, "extra": None}  # nested objects and tuples as JSON objects and lists
    assert Play("any", ("red-7", "blue-7"), ("red-7",)).to_json() == {
        "type": "girafferaffe.play",
        "tree": "any",
        "cards": ["red-7", "blue-7"],
        "copies": ["red-7"],
    }
    assert parse_action(TYPES, {"type": "sample.bare"}) == Bare()


def test_an_action_object_of_the_right_class_is_returned_as_it_is() -> None:
    assert parse_action(TYPES, GOOD_ACTION) is GOOD_ACTION
    play = Play("pair", ("red-7", "blue-7"), ())
    assert parse_action({Play.TYPE: Play}, play) is play
    # Lists where tuples are declared pass the same checks as a submitted JSON list would.
    listed = Play("pair", ["red-7"], [])  # type: ignore[arg-type]
    assert parse_action({Play.TYPE: Play}, listed) is listed


def test_a_list_is_parsed_into_a_tuple() -> None:
    parsed = parse_action({PassCards.TYPE: PassCards}, {"type": PassCards.TYPE, "cards": [1, 2, 3]})
    assert parsed == PassCards((1, 2, 3)) and isinstance(parsed, PassCards) and type(parsed.cards) is tuple


def replace(**changes: Any) -> dict[str, Any]:
    """``GOOD`` with some fields changed (``...`` removes one)."""
    data = {**GOOD, **changes}
    return {key: value for key, value in data.items() if value is not ...}


REFUSED: list[tuple[object, str, str | None]] = [
    ("not an object", "an action is a JSON object with a 'type'", None),
    ([1, 2], "an action is a JSON object with a 'type'", None),
    ({"count": 3}, "unknown action type None; expected one of ['sample.act', 'sample.bare']", None),
    ({"type": 7}, "unknown action type 7; expected one of ['sample.act', 'sample.bare']", None),
    ({"type": "nope"}, "unknown action type 'nope'; expected one of ['sample.act', 'sample.bare']", None),
    ({"type": "sample.bare", "x": 1}, "sample.bare: unexpected field(s) ['x']", "x"),
    (replace(zz=1, aa=2), "sample.act: unexpected field(s) ['aa', 'zz']", "aa"),
    (replace(count=...), "sample.act.count is required", "count"),
    (replace(spots=...), "sample.act.spots is required", "spots"),
    (replace(count="3"), "sample.act.count must be an integer", "sample.act.count"),
    (replace(count=True), "sample.act.count must be an integer", "sample.act.count"),
    (replace(count=2.0), "sample.act.count must be an integer", "sample.act.count"),
    (replace(count=0), "sample.act.count must be between 1 and 9", "sample.act.count"),
    (replace(count=10), "sample.act.count must be between 1 and 9", "sample.act.count"),
    (replace(count=None), "sample.act.count must be an integer", "sample.act.count"),
    (replace(name=5), "sample.act.name must be a string", "sample.act.name"),
    (replace(flag=1), "sample.act.flag must be true or false", "sample.act.flag"),
    (replace(mode="medium"), "sample.act.mode must be one of ['fast', 'slow']", "sample.act.mode"),
    (replace(mode=["fast"]), "sample.act.mode must be one of ['fast', 'slow']", "sample.act.mode"),
    (replace(spot=[1]), "sample.act.spot must be an object", "sample.act.spot"),
    (replace(spot={"row": 1}), "sample.act.spot.side is required", "side"),
    (
        replace(spot={"row": 1, "side": "up"}),
        "sample.act.spot.side must be one of ['left', 'right']",
        "sample.act.spot.side",
    ),
    (replace(spot={"row": 9, "side": "left"}), "sample.act.spot.row must be between 0 and 3", "sample.act.spot.row"),
    (replace(spot={"row": 1, "side": "left", "q": 0}), "sample.act.spot: unexpected field(s) ['q']", "q"),
    (replace(tags="ab"), "sample.act.tags must be a list", "sample.act.tags"),
    (replace(tags={"a": 1}), "sample.act.tags must be a list", "sample.act.tags"),
    (replace(tags=["a", 2]), "sample.act.tags[1] must be a string", "sample.act.tags[1]"),
    (replace(tags=[None]), "sample.act.tags[0] must be a string", "sample.act.tags[0]"),
    (replace(spots=[{"row": 0, "side": "left"}, 3]), "sample.act.spots[1] must be an object", "sample.act.spots[1]"),
    (
        replace(spots=[{"row": 5, "side": "left"}]),
        "sample.act.spots[0].row must be between 0 and 3",
        "sample.act.spots[0].row",
    ),
    (replace(extra=-1), "sample.act.extra must be between 0 and None", "sample.act.extra"),
    (replace(extra="1"), "sample.act.extra must be an integer", "sample.act.extra"),
]


@pytest.mark.parametrize(("data", "message", "field"), REFUSED)
def test_a_malformed_dict_is_refused_with_its_message_and_field(data: object, message: str, field: str | None) -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_action(TYPES, data)
    assert refused.value.message == message
    assert refused.value.details.get("field") == field


def test_an_unknown_type_lists_the_allowed_ones() -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_action(TYPES, {"type": "nope"})
    assert refused.value.details == {"allowed": ["sample.act", "sample.bare"]}


def wrong(**changes: Any) -> Sample:
    """``GOOD_ACTION`` with fields set to values of the wrong type or range (the class does not check)."""
    return dataclasses.replace(GOOD_ACTION, **changes)


ACTION_REFUSED: list[tuple[Action, str, str]] = [
    (wrong(count=12), "sample.act.count must be between 1 and 9", "sample.act.count"),
    (wrong(count=True), "sample.act.count must be an integer", "sample.act.count"),
    (wrong(name=None), "sample.act.name must be a string", "sample.act.name"),
    (wrong(tags=("a", 1)), "sample.act.tags[1] must be a string", "sample.act.tags[1]"),
    (wrong(tags="ab"), "sample.act.tags must be a list", "sample.act.tags"),
    (
        wrong(spot=Spot(7, "left")),
        "sample.act.spot.row must be between 0 and 3",
        "sample.act.spot.row",
    ),
    (wrong(mode="x"), "sample.act.mode must be one of ['fast', 'slow']", "sample.act.mode"),
    (Play("pair", ("red-7", 7), ()), "girafferaffe.play.cards[1] must be a string", "girafferaffe.play.cards[1]"),  # type: ignore[arg-type]
    (Play(3, (), ()), "girafferaffe.play.tree must be a string", "girafferaffe.play.tree"),  # type: ignore[arg-type]
    (PlayCard(56), "pili-pili.play.card must be between 0 and 55", "pili-pili.play.card"),
    (PlayCard(3, -1), "pili-pili.play.joker_value must be between 0 and 56", "pili-pili.play.joker_value"),
]


@pytest.mark.parametrize(("action", "message", "field"), ACTION_REFUSED)
def test_a_malformed_action_object_is_refused_like_its_json(action: Action, message: str, field: str) -> None:
    types = {type(action).TYPE: type(action)}
    with pytest.raises(MalformedAction) as refused:
        parse_action(types, action)
    assert (refused.value.message, refused.value.details.get("field")) == (message, field)


def test_an_action_object_of_another_class_is_read_as_its_json() -> None:
    @dataclasses.dataclass(frozen=True)
    class Impostor(Action):
        TYPE = "sample.bare"
        x: int = action_field("X.")

    with pytest.raises(MalformedAction) as refused:
        parse_action(TYPES, Impostor(1))
    assert refused.value.message == "sample.bare: unexpected field(s) ['x']"
