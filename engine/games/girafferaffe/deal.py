"""Dealing Girafferaffe (R3, R9, R10): a match's first deal, each new round's, and fixed layouts.

:func:`first_deal` sets a match up, :func:`dealt_state` is the state of any fresh deal (the turns
deal each new round of the rounds mode with it) and :func:`make_state` builds a given table, every
card by name, for scenario tests and benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Event
from engine.games.girafferaffe.cards import CODE_VALUE, DECK_CODES, cards_held, hand_cards, sort_cards
from engine.games.girafferaffe.events import TURN_STARTED, event
from engine.games.girafferaffe.formats import state_from_format1
from engine.games.girafferaffe.state import APPLE_SUPPLY, FORMAT, REDRAW_CARDS, GirafferaffeState
from engine.games.girafferaffe.trees import PlayRecord, tree_layout


def hand_size(players: int) -> int:
    """Cards dealt to each player (R3; solo R10)."""
    return 12 if players == 5 else 15


def first_deal(players: int, options: Mapping[str, Any], rng: random.Random) -> tuple[GirafferaffeState, list[Event]]:
    """A match's first deal and its events, up to the dealer's turn (R8; solo: the player, R10)."""
    mode = options["mode"]
    solo = mode == "solo"
    dealer = 0 if solo else options["first_player"]
    hands, robot_deck, redraw, aside = deal(players, options["robot_cards"] if solo else 0, rng)
    state = dealt_state(
        mode,
        hands,
        redraw=redraw,
        aside=aside,
        robot_deck=robot_deck,
        rotten=[0] * players,
        round_number=1,
        dealer=dealer,
    )
    events = round_events(state)
    events.append(TURN_STARTED[dealer])
    return state, events


def deal(players: int, robot_cards: int, rng: random.Random) -> tuple[list[int], list[int], list[int], list[int]]:
    """Shuffle all 64 cards and deal (R3, R10): the hands (as integers), then the Robot Deck (solo), the
    Redraw Deck and the rest (as codes)."""
    deck = list(DECK_CODES)
    rng.shuffle(deck)
    size = hand_size(players)
    hands = [sum(map(CODE_VALUE.__getitem__, deck[i * size : (i + 1) * size])) for i in range(players)]
    rest = deck[players * size :]
    robot_deck, rest = rest[:robot_cards], rest[robot_cards:]
    return hands, robot_deck, rest[:REDRAW_CARDS], rest[REDRAW_CARDS:]


def dealt_state(
    mode: str,
    hands: list[int],
    *,
    redraw: list[int],
    aside: list[int],
    robot_deck: list[int],
    rotten: list[int],
    round_number: int,
    dealer: int,
) -> GirafferaffeState:
    """The state of a fresh deal: empty trees, every apple in the supply, the dealer to act."""
    players = len(hands)
    trees = tree_layout(players, mode == "solo")
    return {
        "format": FORMAT,
        "mode": mode,
        "players": players,
        "trees": trees,
        "piles": [[] for _ in trees],
        "tops": [0] * len(trees),
        "hands": hands,
        "hand_sizes": list(map(cards_held, hands)),
        "apples": [0] * players,
        "supply": APPLE_SUPPLY,
        "redraw": redraw,
        "aside": aside,
        "robot_hand": 0,
        "robot_deck": robot_deck,
        "robot_apples": 0,
        "rotten": rotten,
        "round": round_number,
        "dealer": dealer,
        "turn": dealer,
        "loser": None,
        "winners": None,
    }


def make_state(
    hands: Sequence[Sequence[str]],
    *,
    mode: str = "standard",
    piles: Mapping[str, Sequence[PlayRecord | Sequence[str]]] | None = None,
    apples: Sequence[int] | None = None,
    supply: int = APPLE_SUPPLY,
    redraw: Sequence[str] = (),
    aside: Sequence[str] = (),
    robot_hand: Sequence[str] = (),
    robot_deck: Sequence[str] = (),
    robot_apples: int = 0,
    rotten: Sequence[int] | None = None,
    round_number: int = 1,
    dealer: int = 0,
    turn: int | None = None,
) -> GirafferaffeState:
    """A state from a given layout, every card by name: the hands (one per seat) and whatever else is
    not at its start value.

    ``piles`` maps tree ids to plays, bottom first; a play is a :class:`PlayRecord` or just its number
    cards (played by seat 0). Decks list their top card last. Used by scenario tests and benchmarks;
    it checks nothing, so a test may build any table it needs. A pile keeps each play's cards as a
    set: a play that names a card twice (a stand-in for a top no hand can beat) keeps its size and
    rank as the top to beat, but the pile shows the card once.
    """
    players = len(hands)
    layout = tree_layout(players, mode == "solo")
    given = piles or {}
    return state_from_format1(
        {
            "mode": mode,
            "players": players,
            "trees": layout,
            "piles": {tree_id: [_as_record(p) for p in given.get(tree_id, ())] for tree_id in layout},
            "hands": list(hands),
            "apples": list(apples) if apples is not None else [0] * players,
            "supply": supply,
            "redraw": list(redraw),
            "aside": list(aside),
            "robot_hand": list(robot_hand),
            "robot_deck": list(robot_deck),
            "robot_apples": robot_apples,
            "rotten": list(rotten) if rotten is not None else [0] * players,
            "round": round_number,
            "dealer": dealer,
            "turn": dealer if turn is None else turn,
            "loser": None,
            "winners": None,
        }
    )


def _as_record(play: PlayRecord | Sequence[str]) -> PlayRecord:
    if isinstance(play, dict):
        return play
    return {"seat": 0, "cards": sort_cards(play), "copies": []}


def round_events(state: GirafferaffeState) -> list[Event]:
    """The events of a deal: the public facts, and each player's own hand privately."""
    events = [
        event(
            "round_started",
            {
                "round": state["round"],
                "dealer": state["dealer"],
                "hand_sizes": list(state["hand_sizes"]),
                "redraw_size": len(state["redraw"]),
                "out_of_play_size": len(state["aside"]),
                "robot_deck_size": len(state["robot_deck"]),
                "supply": state["supply"],
                "trees": list(state["trees"]),
            },
        )
    ]
    events.extend(
        event("hand_dealt", {"seat": seat, "cards": hand_cards(hand)}, (seat,))
        for seat, hand in enumerate(state["hands"])
    )
    return events
