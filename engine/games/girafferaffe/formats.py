"""Girafferaffe's two stored forms, and the migration of snapshots stored in the first.

Format 1 named every card: hands and decks as lists of card ids, each pile a list of
:class:`~.trees.PlayRecord` by tree id. Format 2 (:class:`~.state.GirafferaffeState`) is compact.
:func:`stored_state` reads either, :func:`state_from_format1` converts the first and
:func:`readable_state` writes it back, for tests and tools. The engine that stored format 1 is kept,
frozen, in ``tests/engine/girafferaffe_v1``: the tests hold this migration to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import reduce
from operator import or_
from typing import Any

from engine.games.girafferaffe.cards import BIT, CARD, CODE, cards_in, hand_cards, mask_of
from engine.games.girafferaffe.state import FORMAT, ROBOT_SEAT, GirafferaffeState, PileEntry
from engine.games.girafferaffe.trees import TREES, PlayRecord, beat_on


def stored_state(data: Any) -> GirafferaffeState:
    """A stored state in the compact form: a format 1 state (every card by name) is converted."""
    found = data.get("format", 1)
    if found == FORMAT:
        return data  # type: ignore[no-any-return]
    if found == 1:
        return state_from_format1(data)
    raise ValueError(f"a Girafferaffe state of format {found!r}; this engine reads formats 1 and {FORMAT}")


def state_from_format1(old: Mapping[str, Any]) -> GirafferaffeState:
    """The compact state of a state stored in format 1, which named every card: hands and decks as
    lists of card ids, each pile a list of :class:`PlayRecord` by tree id (what :func:`readable_state`
    gives back)."""
    trees = list(old["trees"])
    piles = [old["piles"][tree_id] for tree_id in trees]
    return {
        "format": FORMAT,
        "mode": old["mode"],
        "players": old["players"],
        "trees": trees,
        "piles": [[_entry(record) for record in pile] for pile in piles],
        "tops": [beat_on(TREES[tree_id], pile) for tree_id, pile in zip(trees, piles, strict=True)],
        "hands": [mask_of(hand) for hand in old["hands"]],
        "hand_sizes": [len(hand) for hand in old["hands"]],
        "apples": list(old["apples"]),
        "supply": old["supply"],
        "redraw": [CODE[card] for card in old["redraw"]],
        "aside": [CODE[card] for card in old["aside"]],
        "robot_hand": mask_of(old["robot_hand"]),
        "robot_deck": [CODE[card] for card in old["robot_deck"]],
        "robot_apples": old["robot_apples"],
        "rotten": list(old["rotten"]),
        "round": old["round"],
        "dealer": old["dealer"],
        "turn": old["turn"],
        "loser": old["loser"],
        "winners": None if old["winners"] is None else list(old["winners"]),
    }


def readable_state(state: GirafferaffeState) -> dict[str, Any]:
    """The state with every card by name, as format 1 stored it: hands and decks as lists of card ids
    (hands in canonical order), each pile a list of :class:`PlayRecord` by tree id. For tests and tools;
    :func:`state_from_format1` reads it back."""
    return {
        "mode": state["mode"],
        "players": state["players"],
        "trees": list(state["trees"]),
        "piles": {
            tree_id: list(map(pile_record, pile)) for tree_id, pile in zip(state["trees"], state["piles"], strict=True)
        },
        "hands": list(map(hand_cards, state["hands"])),
        "apples": list(state["apples"]),
        "supply": state["supply"],
        "redraw": named_cards(state["redraw"]),
        "aside": named_cards(state["aside"]),
        "robot_hand": hand_cards(state["robot_hand"]),
        "robot_deck": named_cards(state["robot_deck"]),
        "robot_apples": state["robot_apples"],
        "rotten": list(state["rotten"]),
        "round": state["round"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "loser": state["loser"],
        "winners": None if state["winners"] is None else list(state["winners"]),
    }


def _entry(record: PlayRecord) -> PileEntry:
    """A pile's play as the state keeps it (a card named twice counts once)."""
    seat = record["seat"]
    cards = reduce(or_, map(BIT.__getitem__, record["cards"]), 0)
    return [ROBOT_SEAT if seat is None else seat, cards, *sorted(map(CODE.__getitem__, record["copies"]))]


def pile_record(entry: PileEntry) -> PlayRecord:
    """A pile's play as views and events show it: who, the cards and what each copy copies, by name."""
    seat = entry[0]
    return {
        "seat": None if seat == ROBOT_SEAT else seat,
        "cards": list(cards_in(entry[1])),
        "copies": [CARD[code] for code in entry[2:]],
    }


def named_cards(codes: list[int]) -> list[str]:
    """The cards of a list of codes, by name."""
    return [CARD[code] for code in codes]
