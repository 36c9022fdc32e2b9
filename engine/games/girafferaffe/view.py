"""What each seat sees (G4): the view of the table, and the state paths it must not depend on.

Every tree and pile, every count and the robot's face-up hand are public; a seat sees its own hand
only; the Redraw Deck, the cards out of play and the Robot Deck stay face down until the match is
over, when everything is revealed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from engine.game import Path
from engine.games.girafferaffe.cards import COLOURS, hand_cards
from engine.games.girafferaffe.formats import named_cards, pile_record
from engine.games.girafferaffe.state import GirafferaffeState, PileEntry
from engine.games.girafferaffe.trees import FIRST_COMBINATION, TREES, PlayRecord


class TreeView(TypedDict):
    id: str
    name: str
    kind: str  # single | pair | three-of-a-kind | four-of-a-kind | straight | flush | any
    colours: list[str]  # the colours a Single tree takes; empty for the other trees
    reward_apples: int
    reward_cards: int
    plays: list[PlayRecord]  # bottom first; the last is the combination to beat
    min_rank: int | None  # the lowest rank the next play may have (Single and of-a-kind trees)
    min_cards: int  # the fewest cards the next play may have (copy cards count)
    max_cards: int | None  # the most cards it may have (None: no limit)


class RobotView(TypedDict):
    hand: list[str]  # face up (R10)
    deck_size: int
    deck: list[str] | None  # face down until the match is over
    apples: int


class GirafferaffeView(TypedDict):
    """The table as one seat sees it: its own hand, every public pile and count, nothing hidden."""

    mode: str
    players: int
    round: int
    dealer: int
    turn: int
    trees: list[TreeView]
    hands: list[list[str] | None]  # a seat's own hand; everyone's once the match is over
    hand_sizes: list[int]
    apples: list[int]
    supply: int
    rotten: list[int]
    redraw_size: int
    redraw_deck: list[str] | None  # revealed once the match is over
    out_of_play_size: int
    out_of_play: list[str] | None  # revealed once the match is over
    robot: RobotView | None  # solo only
    loser: int | None
    winners: list[int] | None


def table_view(state: GirafferaffeState, seat: int | None, *, ended: bool = False) -> GirafferaffeView:
    """The table as ``seat`` sees it (``None``: a spectator); ``ended``: the match is over, so all is shown."""
    over = ended or state["winners"] is not None
    solo = state["mode"] == "solo"
    return {
        "mode": state["mode"],
        "players": state["players"],
        "round": state["round"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "trees": list(map(tree_view, state["trees"], state["piles"], state["tops"])),
        "hands": [hand_cards(hand) if over or i == seat else None for i, hand in enumerate(state["hands"])],
        "hand_sizes": list(state["hand_sizes"]),
        "apples": list(state["apples"]),
        "supply": state["supply"],
        "rotten": list(state["rotten"]),
        "redraw_size": len(state["redraw"]),
        "redraw_deck": named_cards(state["redraw"]) if over else None,
        "out_of_play_size": len(state["aside"]),
        "out_of_play": named_cards(state["aside"]) if over else None,
        "robot": {
            "hand": hand_cards(state["robot_hand"]),
            "deck_size": len(state["robot_deck"]),
            "deck": named_cards(state["robot_deck"]) if over else None,
            "apples": state["robot_apples"],
        }
        if solo
        else None,
        "loser": state["loser"],
        "winners": None if state["winners"] is None else list(state["winners"]),
    }


def hidden_paths(state: GirafferaffeState, seat: int | None) -> Iterable[Path]:
    """Every hand but the viewer's (each one integer), and each card of the face-down decks."""
    if state["winners"] is not None:
        return ()
    paths: list[Path] = [("hands", i) for i in range(state["players"]) if i != seat]
    for key in ("redraw", "aside", "robot_deck"):
        paths.extend((key, j) for j in range(len(state[key])))
    return paths


def tree_view(tree_id: str, pile: list[PileEntry], top: int) -> TreeView:
    """One tree as everyone sees it: its tile, its whole pile and what the next play there needs."""
    tree = TREES[tree_id]
    return {
        "id": tree.id,
        "name": tree.name,
        "kind": tree.kind,
        "colours": [COLOURS[c] for c in tree.colours],
        "reward_apples": tree.apples,
        "reward_cards": tree.draws,
        "plays": list(map(pile_record, pile)),
        "min_rank": top + 1 if tree.ranked else None,
        "min_cards": tree.size or max(FIRST_COMBINATION, top + 1),
        "max_cards": tree.size or None,
    }
