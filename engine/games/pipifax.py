"""Pipifax: roll the animal die, then find that animal among 24 face-down cards (rulings P1-P5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypedDict

from engine.actions import Action, action_field
from engine.errors import IllegalAction
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result
from engine.registry import register

COLOURS = ("blue", "green", "red", "yellow")
ANIMALS = ("elephant", "giraffe", "monkey", "lion", "zebra", "crocodile")
POSITIONS = len(COLOURS) * len(ANIMALS)


class PipifaxState(TypedDict):
    players: int
    colours: list[str]  # back colour of each position: public (P2)
    animals: list[str]  # front of each position: hidden while face down
    turn: int  # the seat whose turn it is
    die: str  # the animal the die shows now
    flipped: list[int]  # positions matched this turn, face up, in the order flipped
    winner: int | None


class CardView(TypedDict):
    position: int
    colour: str
    face_up: bool
    animal: str | None  # None while face down, until the match is over


class PipifaxView(TypedDict):
    """The table as every player sees it: Pipifax has no private information, only face-down cards."""

    players: int
    turn: int
    die: str
    flipped: list[int]
    winner: int | None
    cards: list[CardView]


@dataclasses.dataclass(frozen=True)
class Flip(Action):
    """Turn face up the card at ``position`` in search of the animal the die shows."""

    TYPE = "pipifax.flip"
    position: int = action_field("The card to turn over, 0-23.", min=0, max=POSITIONS - 1)


_FLIPS = tuple(Flip(p) for p in range(POSITIONS))  # actions are immutable: one object per position


class Pipifax(Game[PipifaxState]):
    info = GameInfo(
        id="pipifax",
        title="Pipifax",
        min_players=2,
        max_players=5,
        description="Roll the animal die and find four matching animals, one of each back colour, in one turn.",
        options=(
            OptionSpec(
                "variant",
                "choice",
                "standard: cards grouped by back colour; wild: all 24 shuffled together (P2).",
                default="standard",
                choices=("standard", "wild"),
            ),
            OptionSpec("first_player", "seat", "The seat that rolls first; default a seeded random seat (G2)."),
        ),
        rulings=(
            ("P1", "6 animals x 4 back colours: each animal once under each colour; the die shows the 6 animals."),
            (
                "P2",
                "24 positions; standard groups each colour (shuffled within), wild shuffles all 24. "
                "Back colours are public, animals hidden.",
            ),
            (
                "P3",
                "The server rolls before every flip. Each flip of a turn must be a new back colour. A match keeps "
                "the card up and rolls again; a miss turns the turn's cards face down (publicly) and passes left.",
            ),
            ("P4", "The fourth match of one turn wins at once; the four cards stay face up."),
            ("P5", "Every colour group holds every animal, so a legal flip always exists."),
        ),
    )
    action_types = (Flip,)
    view_type = PipifaxView

    def setup(self, players: int, options: Mapping[str, Any], ctx: Context) -> tuple[PipifaxState, list[Event]]:
        rng = ctx.rng
        if options["variant"] == "wild":
            cards = [(colour, animal) for colour in COLOURS for animal in ANIMALS]
            rng.shuffle(cards)
        else:
            cards = []
            for colour in COLOURS:
                group = list(ANIMALS)
                rng.shuffle(group)
                cards.extend((colour, animal) for animal in group)
        first = options["first_player"]
        state: PipifaxState = {
            "players": players,
            "colours": [colour for colour, _ in cards],
            "animals": [animal for _, animal in cards],
            "turn": first,
            "die": rng.choice(ANIMALS),
            "flipped": [],
            "winner": None,
        }
        return state, [_roll_event(first, state["die"])]

    def to_act(self, state: PipifaxState) -> Sequence[int]:
        return () if state["winner"] is not None else (state["turn"],)

    def legal_actions(self, state: PipifaxState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        used = {state["colours"][p] for p in state["flipped"]}
        return (_FLIPS[p] for p, colour in enumerate(state["colours"]) if colour not in used)

    def count_legal_actions(self, state: PipifaxState, seat: int, filters: Mapping[str, str]) -> int:
        return POSITIONS - len(state["flipped"]) * len(ANIMALS)

    def label(self, state: PipifaxState, action: Action) -> str:
        """E.g. "flip card 7 (red back)": the position and its public back colour."""
        assert isinstance(action, Flip)
        return f"flip card {action.position} ({state['colours'][action.position]} back)"

    def check(self, state: PipifaxState, seat: int, action: Action) -> None:
        assert isinstance(action, Flip)
        position = action.position
        if position in state["flipped"]:
            raise IllegalAction("P3", f"position {position} is already face up this turn", position=position)
        colour = state["colours"][position]
        if any(state["colours"][p] == colour for p in state["flipped"]):
            raise IllegalAction(
                "P3",
                f"a {colour}-backed card was already flipped this turn; flip a card of another back colour",
                position=position,
            )

    def apply(self, state: PipifaxState, seat: int, action: Action, ctx: Context) -> tuple[PipifaxState, list[Event]]:
        assert isinstance(action, Flip)
        position = action.position
        animal = state["animals"][position]
        events = [
            Event(
                "card_flipped",
                {"seat": seat, "position": position, "colour": state["colours"][position], "animal": animal},
            )
        ]
        if animal == state["die"]:
            flipped = [*state["flipped"], position]
            if len(flipped) == len(COLOURS):  # P4: the fourth match of one turn wins at once
                events.append(Event("match_won", {"seat": seat, "positions": flipped}))
                return {**state, "flipped": flipped, "winner": seat}, events
            die = ctx.rng.choice(ANIMALS)
            events.append(_roll_event(seat, die))
            return {**state, "flipped": flipped, "die": die}, events
        # P3: a miss turns every card of this turn face down again and passes the die left.
        face_down = [*state["flipped"], position]
        nxt = (seat + 1) % state["players"]
        die = ctx.rng.choice(ANIMALS)
        events.append(Event("cards_turned_down", {"positions": face_down}))
        events.append(Event("turn_passed", {"seat": nxt}))
        events.append(_roll_event(nxt, die))
        return {**state, "flipped": [], "turn": nxt, "die": die}, events

    def view(self, state: PipifaxState, seat: int | None, now: float, *, ended: bool = False) -> PipifaxView:
        over = ended or state["winner"] is not None
        face_up = set(state["flipped"])
        return {
            "players": state["players"],
            "turn": state["turn"],
            "die": state["die"],
            "flipped": list(state["flipped"]),
            "winner": state["winner"],
            "cards": [
                {
                    "position": p,
                    "colour": colour,
                    "face_up": p in face_up,
                    "animal": state["animals"][p] if over or p in face_up else None,
                }
                for p, colour in enumerate(state["colours"])
            ],
        }

    def hidden_paths(self, state: PipifaxState, seat: int | None, now: float) -> Iterable[Path]:
        if state["winner"] is not None:
            return ()
        face_up = set(state["flipped"])
        return [("animals", p) for p in range(POSITIONS) if p not in face_up]

    def result(self, state: PipifaxState) -> Result | None:
        winner = state["winner"]
        return None if winner is None else Result((winner,))


def _roll_event(seat: int, animal: str) -> Event:
    return Event("die_rolled", {"seat": seat, "animal": animal})


register(Pipifax())
