"""Mission cards: the 18 effects (L7), the default 40-card deck (L6), custom decks and deal counts (L5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, TypeGuard

from engine.errors import InvalidOptions
from engine.games.pili_pili.cards import DECK, HIGHEST_NUMBER


class MissionCard(TypedDict):
    """One mission card as JSON: effect id ("S1".."E9"), its parameters, printed deal count, expert flag."""

    effect: str
    params: dict[str, Any]
    deal: int
    expert: bool


class MissionView(TypedDict):
    """A mission card as views and events show it."""

    effect: str  # "S1".."S9", "E1".."E9" (ruling L7)
    name: str  # e.g. "pass-cards"
    params: dict[str, Any]
    deal: int  # the count printed on the card (the round's actual deal is the view's ``deal``)
    expert: bool


#: Effect ids (the form JSON uses) and their names, in the order of ruling L7.
EFFECT_NAMES: dict[str, str] = {
    "S1": "pass-cards",
    "S2": "pass-hand",
    "S3": "forbidden-bet",
    "S4": "forehead",
    "S5": "draw-one",
    "S6": "open-hands",
    "S7": "blind-bet",
    "S8": "exact-bet-discard",
    "S9": "simultaneous-tricks",
    "E1": "reversed",
    "E2": "three-second-look",
    "E3": "first-last-trick",
    "E4": "blind-round",
    "E5": "no-copy-bet",
    "E6": "choose-partner",
    "E7": "extremes",
    "E8": "marked-numbers",
    "E9": "trick-exchange",
}
#: The parameters each effect takes; the others take none.
EFFECT_PARAMS: dict[str, tuple[str, ...]] = {
    "S1": ("count", "direction"),
    "S2": ("direction",),
    "S3": ("value",),
    "E8": ("numbers",),
}
DIRECTIONS = ("left", "right")
#: Cards each player gets without missions (rulebook: "deal 5 numbered cards").
BASIC_DEAL = 5
#: The largest printed deal count a custom card may have: all 56 cards between two players.
MAX_DEAL = len(DECK) // 2
#: The most cards a custom deck may have: twice the default deck, and every card is stored with the
#: match (an 80-card deck of the largest cards makes a snapshot of about 38 KB).
MAX_DECK_CARDS = 80
#: How long a player may look at their hand under E2 and E4, in seconds of server time.
LOOK_SECONDS = 3.0
MISSION_CHOICES = ("none", "standard", "expert")


def mission_card(effect: str, deal: int, **params: Any) -> MissionCard:
    """A mission card; expert exactly when the effect is one of E1-E9."""
    return {"effect": effect, "params": dict(params), "deal": deal, "expert": effect.startswith("E")}


def _numbers(low: int, high: int) -> list[int]:
    return list(range(low, high + 1))


def _plain(effect: str, *deals: int) -> tuple[MissionCard, ...]:
    """One card per deal count for an effect without parameters."""
    return tuple(mission_card(effect, deal) for deal in deals)


#: The default deck of ruling L6: 20 standard cards, then 20 expert cards.
DEFAULT_DECK: tuple[MissionCard, ...] = (
    mission_card("S1", 3, count=1, direction="left"),
    mission_card("S1", 6, count=2, direction="left"),
    mission_card("S1", 4, count=2, direction="right"),
    mission_card("S1", 7, count=3, direction="right"),
    mission_card("S2", 3, direction="right"),
    mission_card("S2", 5, direction="left"),
    mission_card("S3", 4, value=0),
    mission_card("S3", 5, value=1),
    *_plain("S4", 1, 2),
    *_plain("S5", 2, 4),
    *_plain("S6", 4, 6),
    *_plain("S7", 3, 5),
    *_plain("S8", 3, 6),
    *_plain("S9", 4, 6),
    *_plain("E1", 5, 6),
    *_plain("E2", 5, 6),
    *_plain("E3", 4, 6),
    *_plain("E4", 3, 5),
    *_plain("E5", 4, 6),
    *_plain("E6", 3, 5),
    *_plain("E7", 5, 7),
    mission_card("E8", 5, numbers=_numbers(3, 8)),
    mission_card("E8", 6, numbers=_numbers(18, 23)),
    mission_card("E8", 5, numbers=_numbers(33, 38)),
    mission_card("E8", 7, numbers=_numbers(47, 52)),
    *_plain("E9", 5, 7),
)


def dealt_per_player(card: MissionCard | None, players: int) -> int:
    """How many cards each player gets (L5): the printed count, lowered until the 56 cards cover the deal.

    Under S5 every player draws one more card after the bets, so that card must fit too.
    """
    if card is None:
        return BASIC_DEAL
    drawn_later = 1 if card["effect"] == "S5" else 0
    return min(card["deal"], len(DECK) // players - drawn_later)


def mission_catalog(missions: str, custom_deck: list[Any] | None) -> list[MissionCard]:
    """The mission cards a match plays with: none, the standard ones, or all (standard and expert)."""
    if missions == "none":
        return []
    deck = DEFAULT_DECK if custom_deck is None else tuple(_normalized(raw) for raw in custom_deck)
    return [_copied(card) for card in deck if missions == "expert" or not card["expert"]]


def check_mission_options(missions: str, custom_deck: Any) -> None:
    """Refuse a custom deck that the server cannot play, naming the card index and the problem."""
    if custom_deck is None:
        return
    if missions == "none":
        _refuse("a mission_deck needs the option missions set to 'standard' or 'expert'")
    if not isinstance(custom_deck, list) or not custom_deck:
        _refuse("mission_deck must be a non-empty list of mission cards")
    if len(custom_deck) > MAX_DECK_CARDS:
        _refuse(f"mission_deck has {len(custom_deck)} cards; a deck has at most {MAX_DECK_CARDS}")
    for index, raw in enumerate(custom_deck):
        problem = _card_problem(raw)
        if problem is not None:
            _refuse(f"mission_deck card {index}: {problem}")
    if not mission_catalog(missions, custom_deck):
        _refuse("mission_deck has no standard card (expert false), so missions='standard' leaves nothing to draw")


def _refuse(message: str) -> None:
    raise InvalidOptions(message, option="mission_deck", allowed="a list of {effect, params, deal, expert} cards")


def _is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a JSON integer (``true`` and ``false`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _card_problem(raw: Any) -> str | None:
    """What is wrong with one custom card, or ``None`` if it is playable."""
    if not isinstance(raw, Mapping):
        return "a card must be an object {effect, params, deal, expert}"
    unknown = sorted(set(raw) - {"effect", "params", "deal", "expert"})
    if unknown:
        return f"unknown field(s) {unknown}; a card has effect, params, deal and expert"
    effect = raw.get("effect")
    if not isinstance(effect, str) or effect not in EFFECT_NAMES:
        return f"unknown effect {effect!r}; effects are {', '.join(EFFECT_NAMES)}"
    deal = raw.get("deal")
    if not _is_int(deal) or not 1 <= deal <= MAX_DEAL:
        return f"deal {deal!r} is not allowed; a deal is an integer from 1 to {MAX_DEAL}"
    if not isinstance(raw.get("expert", False), bool):
        return "expert must be true or false"
    params = raw.get("params", {})
    if not isinstance(params, Mapping):
        return "params must be an object"
    expected = EFFECT_PARAMS.get(effect, ())
    if set(params) != set(expected):
        wanted = f"the parameters {list(expected)}" if expected else "no parameters"
        return f"{effect} ({EFFECT_NAMES[effect]}) takes {wanted}, not {sorted(params)}"
    return _param_problem(effect, params, deal)


def _param_problem(effect: str, params: Mapping[str, Any], deal: int) -> str | None:
    if "direction" in params and (not isinstance(params["direction"], str) or params["direction"] not in DIRECTIONS):
        return f"direction {params['direction']!r} must be 'left' or 'right'"
    if effect == "S1" and (not _is_int(params["count"]) or not 1 <= params["count"] <= deal):
        return f"count {params['count']!r} must be an integer from 1 to the deal ({deal})"
    if effect == "S3" and (not _is_int(params["value"]) or not 0 <= params["value"] <= deal):
        return f"value {params['value']!r} must be an integer from 0 to the deal ({deal})"
    if effect == "E8":
        numbers = params["numbers"]
        if (
            not isinstance(numbers, list)
            or not numbers
            or not all(_is_int(n) and 1 <= n <= HIGHEST_NUMBER for n in numbers)
            or len(set(numbers)) != len(numbers)
        ):
            return f"numbers must be a non-empty list of different integers from 1 to {HIGHEST_NUMBER}"
    return None


def _normalized(raw: Mapping[str, Any]) -> MissionCard:
    """A validated custom card with its optional fields filled in."""
    return {
        "effect": raw["effect"],
        "params": dict(raw.get("params", {})),
        "deal": raw["deal"],
        "expert": raw.get("expert", False),
    }


def _copied(card: MissionCard) -> MissionCard:
    return {**card, "params": _copied_params(card["params"])}


def _copied_params(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in params.items()}


def mission_view(card: MissionCard) -> MissionView:
    """The card as views and events show it: with its effect's name, and copied."""
    return {
        "effect": card["effect"],
        "name": EFFECT_NAMES[card["effect"]],
        "params": _copied_params(card["params"]),
        "deal": card["deal"],
        "expert": card["expert"],
    }
