"""Taiga: flip wooden discs to find the four animals of the card's family (rulings T1-T5).

Ten discs show the ten pairs of five animals, one animal per side. Each round a card names a
target family; players flip discs to reveal it, win tokens for each find, pay one into the circle
for each miss, and whoever shows the fourth of the family wins the circle and the card.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypedDict

from engine.actions import Action, action_field
from engine.errors import IllegalAction
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result
from engine.registry import register

ANIMALS = ("red_fox", "porcupine", "beaver", "snowy_owl", "caribou")
#: T1: the ten discs are the ten different pairs of animals; each animal is on four disc sides.
DISC_PAIRS: tuple[tuple[str, str], ...] = tuple(itertools.combinations(ANIMALS, 2))
DISCS = len(DISC_PAIRS)
#: T1: two cards of each animal.
CARDS: tuple[str, ...] = tuple(animal for animal in ANIMALS for _ in range(2))
FAMILY_SIZE = len(ANIMALS) - 1
START_TOKENS = 6
MIN_PLAYERS = 2
MAX_PLAYERS = 6
CARD_POINTS = 2

#: Who must decide what: ``flip`` a disc (turn start), ``continue`` (flip again or pass after a find),
#: ``take`` (choose whom to take a token from, the circle being empty), or the match is ``over``.
Phase = Literal["flip", "continue", "take", "over"]


class TaigaState(TypedDict):
    players: int
    up: list[str]  # the animal each disc shows: public
    down: list[str]  # the animal facing the table on each disc: hidden from everyone
    pile: list[str]  # the draw pile, top first: its order is hidden
    card: str | None  # the target card of this round, face up in the circle
    won: list[list[str]]  # the cards each seat has won, in the order won
    tokens: list[int]  # each seat's tokens
    circle: int  # tokens in the circle (the pot)
    turn: int  # the seat whose turn it is
    phase: Phase
    last_disc: int | None  # the disc flipped last, for listing flips round the circle from it


class DiscView(TypedDict):
    disc: int
    up: str
    down: str | None  # None until the match is over: the server never tells what is underneath


class TaigaView(TypedDict):
    """The table: every disc's up side, tokens, cards won and the target are public; nothing is private."""

    players: int
    phase: Phase
    turn: int | None  # the seat that must act; None once the match is over
    target: str | None  # the animal of the current card
    found: int  # how many discs show the target now (the fourth wins the round)
    discs: list[DiscView]
    last_disc: int | None
    circle: int
    tokens: list[int]
    cards_won: list[list[str]]
    scores: list[int]  # tokens + 2 per card, per seat (T5)
    cards_left: int  # cards in the draw pile
    take_from: list[int]  # in the take phase: the seats that may be chosen; else empty
    draw_pile: list[str] | None  # revealed (top first) once the match is over
    winners: list[int] | None


@dataclasses.dataclass(frozen=True)
class Flip(Action):
    """Turn over one disc so that it shows its other animal (T4); also the choice to flip again."""

    TYPE = "taiga.flip"
    disc: int = action_field("The disc to turn over, 0-9.", min=0, max=DISCS - 1)


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """After a find, stop flipping: the turn passes to the left (T4)."""

    TYPE = "taiga.pass"


@dataclasses.dataclass(frozen=True)
class Take(Action):
    """The circle being empty after a find, take one token from this player (T4)."""

    TYPE = "taiga.take"
    from_seat: int = action_field("The seat to take one token from; it must hold a token.", min=0, max=MAX_PLAYERS - 1)


_FLIPS = tuple(Flip(d) for d in range(DISCS))  # actions are immutable: one object per disc
_PASS = Pass()
_TAKES = tuple(Take(s) for s in range(MAX_PLAYERS))


def make_state(
    players: int,
    up: Sequence[str],
    down: Sequence[str],
    pile: Sequence[str],
    *,
    card: str | None = None,
    tokens: Sequence[int] | None = None,
    circle: int = 0,
    turn: int = 0,
    phase: Phase = "flip",
    won: Sequence[Sequence[str]] | None = None,
    last_disc: int | None = None,
) -> TaigaState:
    """A state from a given table layout, for tests and analysis.

    ``up``/``down`` give each disc's two sides (together the ten pairs, T1); ``pile`` the draw pile
    top first. Without ``card``, the round is started from the pile as in play (T3), by ``turn``.
    """
    if len(up) != DISCS or len(down) != DISCS:
        raise ValueError(f"a layout has {DISCS} discs")
    if sorted(tuple(sorted(pair)) for pair in zip(up, down, strict=True)) != sorted(
        tuple(sorted(pair)) for pair in DISC_PAIRS
    ):
        raise ValueError("the discs must be the ten different pairs of the five animals (T1)")
    state: TaigaState = {
        "players": players,
        "up": list(up),
        "down": list(down),
        "pile": list(pile),
        "card": card,
        "won": [list(cards) for cards in won] if won is not None else [[] for _ in range(players)],
        "tokens": list(tokens) if tokens is not None else [START_TOKENS] * players,
        "circle": circle,
        "turn": turn,
        "phase": phase,
        "last_disc": last_disc,
    }
    if card is None and phase != "over":
        state, _ = start_round(state, turn)
    return state


def found_count(up: Sequence[str], animal: str) -> int:
    """How many discs show ``animal``."""
    return sum(1 for shown in up if shown == animal)


def fully_visible(up: Sequence[str]) -> set[str]:
    """The animals all four of whose discs show them."""
    return {animal for animal in ANIMALS if found_count(up, animal) == FAMILY_SIZE}


def start_round(state: TaigaState, starter: int) -> tuple[TaigaState, list[Event]]:
    """Turn up the next playable card for ``starter``'s round, or end the match if none is left (T3).

    Cards of a fully visible family go to the bottom of the pile, one by one as they are turned.
    """
    visible = fully_visible(state["up"])
    pile = state["pile"]
    if all(animal in visible for animal in pile):
        over: TaigaState = {**state, "card": None, "phase": "over", "turn": starter}
        return over, [_game_over_event(over)]
    events: list[Event] = []
    pile = list(pile)
    while pile[0] in visible:
        animal = pile.pop(0)
        pile.append(animal)
        events.append(Event("card_to_bottom", {"animal": animal}))
    card = pile.pop(0)
    events.append(Event("round_started", {"seat": starter, "animal": card, "cards_left": len(pile)}))
    return {**state, "pile": pile, "card": card, "turn": starter, "phase": "flip"}, events


def scores_of(state: TaigaState) -> list[int]:
    """Each seat's score: one point per token, two per card won (T5)."""
    return [tokens + CARD_POINTS * len(cards) for tokens, cards in zip(state["tokens"], state["won"], strict=True)]


def best_seats(scores: Sequence[int]) -> list[int]:
    """The seats with the highest score: all of them share the win (T5)."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def takeable_seats(state: TaigaState, seat: int) -> list[int]:
    """The other seats holding a token, clockwise from ``seat``'s left (T4)."""
    players = state["players"]
    others = ((seat + step) % players for step in range(1, players))
    return [other for other in others if state["tokens"][other] > 0]


def flip_order(state: TaigaState) -> list[int]:
    """Every disc, listed round the circle from the one after the last flipped, not-yet-found first.

    The order only affects how legal flips are listed; it makes "always take the first listed
    action" a player that finishes every round.
    """
    start = 0 if state["last_disc"] is None else state["last_disc"] + 1
    circle = [(start + step) % DISCS for step in range(DISCS)]
    target = state["card"]
    return [d for d in circle if state["up"][d] != target] + [d for d in circle if state["up"][d] == target]


class Taiga(Game[TaigaState]):
    info = GameInfo(
        id="taiga",
        title="Taiga",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        description="Flip two-sided animal discs to reveal the card's family; the fourth find wins the card.",
        options=(
            OptionSpec(
                "first_player", "seat", "The seat that starts the first round; default a seeded random seat (G2)."
            ),
        ),
        score_order="higher",
        rulings=(
            (
                "T1",
                "Five animals; the ten discs are the ten pairs of them (each animal on four sides); "
                "two cards per animal.",
            ),
            (
                "T2",
                "Discs land on random sides, re-drawn until no animal shows on four discs; 6 tokens each; "
                "the circle starts empty.",
            ),
            (
                "T3",
                "The top card names the target; a card whose family already fully shows goes to the bottom; "
                "the match ends when no card left can be played.",
            ),
            (
                "T4",
                "A find takes a token from the circle, or from a player of the finder's choice when the circle "
                "is empty, then flip again or pass; the fourth find wins the circle and the card and the left "
                "neighbour starts the next round; anything else puts a token into the circle and passes left.",
            ),
            ("T5", "Score = tokens + 2 per card; equal best scores share the win."),
        ),
    )
    action_types = (Flip, Pass, Take)
    view_type = TaigaView

    def setup(self, players: int, options: Mapping[str, Any], ctx: Context) -> tuple[TaigaState, list[Event]]:
        rng = ctx.rng
        pairs = list(DISC_PAIRS)
        rng.shuffle(pairs)  # the discs are mixed up and laid in a circle
        while True:  # T2: random sides, re-drawn until no animal shows on four discs
            flips = [rng.getrandbits(1) for _ in range(DISCS)]
            up = [pair[side] for pair, side in zip(pairs, flips, strict=True)]
            if not fully_visible(up):
                break
        down = [pair[1 - side] for pair, side in zip(pairs, flips, strict=True)]
        pile = list(CARDS)
        rng.shuffle(pile)
        first = options["first_player"]
        state: TaigaState = {
            "players": players,
            "up": up,
            "down": down,
            "pile": pile,
            "card": None,
            "won": [[] for _ in range(players)],
            "tokens": [START_TOKENS] * players,
            "circle": 0,
            "turn": first,
            "phase": "flip",
            "last_disc": None,
        }
        events = [Event("discs_placed", {"up": list(up)})]
        state, round_events = start_round(state, first)
        return state, events + round_events

    def to_act(self, state: TaigaState) -> Sequence[int]:
        return () if state["phase"] == "over" else (state["turn"],)

    def legal_actions(self, state: TaigaState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        phase = state["phase"]
        if phase == "take":
            return iter([_TAKES[other] for other in takeable_seats(state, seat)])
        flips: list[Action] = [_FLIPS[d] for d in flip_order(state)]
        return iter([*flips, _PASS] if phase == "continue" else flips)

    def count_legal_actions(self, state: TaigaState, seat: int, filters: Mapping[str, str]) -> int:
        phase = state["phase"]
        if phase == "take":
            return len(takeable_seats(state, seat))
        return DISCS + (1 if phase == "continue" else 0)

    def label(self, state: TaigaState, action: Action) -> str:
        """E.g. "flip disc 3 (red fox up)", "pass", "take a token from seat 2": public facts only."""
        if isinstance(action, Flip):
            return f"flip disc {action.disc} ({state['up'][action.disc].replace('_', ' ')} up)"
        if isinstance(action, Take):
            return f"take a token from seat {action.from_seat}"
        return "pass (stop flipping)"

    def check(self, state: TaigaState, seat: int, action: Action) -> None:
        phase = state["phase"]
        if isinstance(action, Take):
            self._check_take(state, seat, action.from_seat)
        elif phase == "take":
            raise IllegalAction("T4", "the circle is empty: first choose a player to take one token from (taiga.take)")
        elif isinstance(action, Pass) and phase != "continue":
            raise IllegalAction("T4", "you must flip a disc; you may pass only after finding the target animal")

    def _check_take(self, state: TaigaState, seat: int, from_seat: int) -> None:
        if state["phase"] != "take":
            raise IllegalAction("T4", "you may take a token from a player only after a find while the circle is empty")
        if from_seat >= state["players"]:
            raise IllegalAction("T4", f"there is no seat {from_seat}; seats are 0-{state['players'] - 1}")
        if from_seat == seat:
            raise IllegalAction("T4", "choose another player to take a token from, not yourself")
        if state["tokens"][from_seat] == 0:
            raise IllegalAction("T4", f"seat {from_seat} has no token to take; choose a player who has tokens")

    def apply(self, state: TaigaState, seat: int, action: Action, ctx: Context) -> tuple[TaigaState, list[Event]]:
        if isinstance(action, Flip):
            return self._flip(state, seat, action.disc)
        if isinstance(action, Take):
            tokens = list(state["tokens"])
            tokens[action.from_seat] -= 1
            tokens[seat] += 1
            event = Event("token_taken", {"seat": seat, "from_seat": action.from_seat})
            return {**state, "tokens": tokens, "phase": "continue"}, [event]
        assert isinstance(action, Pass)
        return _pass_left(state, seat, [Event("passed", {"seat": seat})])

    def _flip(self, state: TaigaState, seat: int, disc: int) -> tuple[TaigaState, list[Event]]:
        up, down = list(state["up"]), list(state["down"])
        shown, hidden = down[disc], up[disc]
        up[disc], down[disc] = shown, hidden
        target = state["card"]
        events = [Event("disc_flipped", {"seat": seat, "disc": disc, "was": hidden, "shows": shown})]
        flipped: TaigaState = {**state, "up": up, "down": down, "last_disc": disc}
        if shown != target:
            return _miss(flipped, seat, events)
        if found_count(up, shown) == FAMILY_SIZE:
            return _family_found(flipped, seat, events)
        return _find(flipped, seat, events)

    def view(self, state: TaigaState, seat: int | None, now: float, *, ended: bool = False) -> TaigaView:
        over = ended or state["phase"] == "over"
        target = state["card"]
        result = self.result(state)
        return {
            "players": state["players"],
            "phase": "over" if over else state["phase"],
            "turn": None if over else state["turn"],
            "target": target,
            "found": 0 if target is None else found_count(state["up"], target),
            "discs": [
                {"disc": d, "up": shown, "down": state["down"][d] if over else None}
                for d, shown in enumerate(state["up"])
            ],
            "last_disc": state["last_disc"],
            "circle": state["circle"],
            "tokens": list(state["tokens"]),
            "cards_won": [list(cards) for cards in state["won"]],
            "scores": scores_of(state),
            "cards_left": len(state["pile"]),
            "take_from": takeable_seats(state, state["turn"]) if state["phase"] == "take" and not over else [],
            "draw_pile": list(state["pile"]) if over else None,
            "winners": None if result is None else list(result.winners),
        }

    def hidden_paths(self, state: TaigaState, seat: int | None, now: float) -> Iterable[Path]:
        if state["phase"] == "over":
            return ()
        return [*(("down", d) for d in range(DISCS)), *(("pile", i) for i in range(len(state["pile"])))]

    def result(self, state: TaigaState) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = scores_of(state)
        return Result(tuple(best_seats(scores)), tuple(scores))


def _find(state: TaigaState, seat: int, events: list[Event]) -> tuple[TaigaState, list[Event]]:
    """T4: a find that is not the fourth: a token from the circle, else a choice of whom to take from."""
    if state["circle"] > 0:
        tokens = list(state["tokens"])
        tokens[seat] += 1
        events.append(Event("token_from_circle", {"seat": seat}))
        return {**state, "tokens": tokens, "circle": state["circle"] - 1, "phase": "continue"}, events
    if takeable_seats(state, seat):
        return {**state, "phase": "take"}, events
    events.append(Event("nothing_to_take", {"seat": seat}))
    return {**state, "phase": "continue"}, events


def _family_found(state: TaigaState, seat: int, events: list[Event]) -> tuple[TaigaState, list[Event]]:
    """T4: the fourth of the family wins the circle (no stealing) and the card; the left player starts next."""
    card = state["card"]
    assert card is not None
    tokens = list(state["tokens"])
    tokens[seat] += state["circle"]
    won = list(state["won"])
    won[seat] = [*won[seat], card]
    events.append(Event("family_found", {"seat": seat, "animal": card, "tokens": state["circle"]}))
    after: TaigaState = {**state, "tokens": tokens, "won": won, "circle": 0, "card": None}
    next_state, round_events = start_round(after, (seat + 1) % state["players"])
    return next_state, events + round_events


def _miss(state: TaigaState, seat: int, events: list[Event]) -> tuple[TaigaState, list[Event]]:
    """T4: anything but a find costs one token into the circle (if the player has one); the turn passes."""
    if state["tokens"][seat] > 0:
        tokens = list(state["tokens"])
        tokens[seat] -= 1
        state = {**state, "tokens": tokens, "circle": state["circle"] + 1}
        events.append(Event("token_to_circle", {"seat": seat}))
    else:
        events.append(Event("no_token_to_pay", {"seat": seat}))
    return _pass_left(state, seat, events)


def _pass_left(state: TaigaState, seat: int, events: list[Event]) -> tuple[TaigaState, list[Event]]:
    nxt = (seat + 1) % state["players"]
    events.append(Event("turn_passed", {"seat": nxt}))
    return {**state, "turn": nxt, "phase": "flip"}, events


def _game_over_event(state: TaigaState) -> Event:
    scores = scores_of(state)
    return Event(
        "game_over", {"scores": scores, "winners": best_seats(scores), "unplayable_cards": list(state["pile"])}
    )


register(Taiga())
