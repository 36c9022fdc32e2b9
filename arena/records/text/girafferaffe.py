"""Girafferaffe in words (docs/rules/girafferaffe.md): hands dealt, plays on the trees, rewards,
apples returned, the robot's turns in solo, lost rounds and rotten apples.

``2. ann plays 2 cards (red 7, blue 7) on the Pair tree: ann draws a card from the Redraw Deck (3 left);
it is green 7.``
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.records.text.narrator import Json, Narrator, Reveal
from arena.records.text.words import SeatNames, counted, listed

#: How the text calls the solo robot (a seat ``null`` in the events).
ROBOT = "the robot"


def card_words(card: str) -> str:
    """``red-7`` as ``red 7``; a copy card as ``copy``."""
    return card.replace("-", " ")


class GirafferaffeNarrator(Narrator):
    """Tells the robot's turn (solo) inside the player's version, its draws of one kind in one clause."""

    def __init__(self, names: SeatNames, options: Json) -> None:
        super().__init__(names, options)
        self.trees: dict[str, str] = {}
        self.rounds = options.get("mode") == "rounds"

    def who(self, seat: int | None) -> str:
        return self.names(seat, nobody=ROBOT)

    def tree(self, tree_id: str) -> str:
        return f"the {self.trees.get(tree_id, tree_id)} tree"

    def clauses(self, actor: int | None, events: Sequence[Json], reveal: Reveal) -> list[str]:
        return super().clauses(actor, _draws_together(events), reveal)

    def on_round_started(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        if not self.trees:
            self.trees = {tree["id"]: tree["name"] for tree in reveal()["trees"]}
            trees = f"; the trees: {listed(list(self.trees.values()))}"
        else:
            trees = ""
        dealt = f"round {data['round']}: " if self.rounds else ""
        robot = f"; the Robot Deck holds {counted(data['robot_deck_size'], 'card')}" if data["robot_deck_size"] else ""
        return f"{dealt}{self.who(data['dealer'])} deals and plays first{trees}{robot}"

    def on_hand_dealt(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.who(data['seat'])}'s hand: {listed([card_words(card) for card in data['cards']])}"

    def on_turn_started(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # whose turn it is follows from the plays

    def on_cards_played(self, data: Json, actor: int | None, reveal: Reveal) -> str | None:
        if data["seat"] is not None and data["seat"] == actor:
            return None  # the action says it
        shown = [card_words(card) for card in data["cards"]] + [f"copy of {card_words(c)}" for c in data["copies"]]
        count = counted(len(shown), "card")
        return f"{self.who(data['seat'])} plays {count} ({', '.join(shown)}) on {self.tree(data['tree'])}"

    def on_apples_taken(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        taken = counted(data["count"], "apple")
        return f"{self.who(data['seat'])} takes {taken} ({counted(data['supply'], 'apple')} left in the supply)"

    def on_card_drawn(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.who(data['seat'])} draws a card from the Redraw Deck ({data['redraw_size']} left)"

    def on_card_received(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"it is {card_words(data['card'])}"

    def on_robot_deck_topped(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        left = data["redraw_size"]
        return f"the Redraw Deck's top card goes face down onto the Robot Deck ({left} left in the Redraw Deck)"

    def on_reward_skipped(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        who, missing = self.who(data["seat"]), data["missing"]
        if data["reward"] == "card":
            return f"the Redraw Deck is empty: {who} draws no card"
        return f"the supply is short: {who} gets {counted(missing, 'apple')} fewer"

    def on_apple_returned(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        supply = counted(data["supply"], "apple")
        if data["seat"] is not None and data["seat"] == actor:
            return f"{supply} in the supply"
        return f"{self.who(data['seat'])} returns an apple ({supply} in the supply)"

    def on_robot_drew(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        cards = listed([card_words(card) for card in data["cards"]])
        why = "to refill its hand" if data["step"] == "refill" else "in search of a play"
        return f"{ROBOT} draws {cards} {why} ({counted(data['deck_size'], 'card')} left in its deck)"

    def on_robot_cannot_act(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{ROBOT} can neither play nor return an apple"

    def on_player_lost(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        lost = f"round {data['round']}" if self.rounds else "the game"
        return f"{self.who(data['seat'])} can neither play nor return an apple, and loses {lost}"

    def on_rotten_apple_taken(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.who(data['seat'])} takes a rotten apple ({data['rotten']} in all)"

    def on_match_over(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        winners = data["winners"]
        if not winners:
            return f"the match is over: {self.nobody_wins()}"
        return f"the match is over: {self.names.all(winners)} {'wins' if len(winners) == 1 else 'win'}"

    def nobody_wins(self) -> str:
        return f"{ROBOT} wins" if self.options.get("mode") == "solo" else super().nobody_wins()


def _draws_together(events: Sequence[Json]) -> list[Json]:
    """The events with each run of the robot's draws of one kind (``refill`` or ``search``) as one."""
    merged: list[Json] = []
    for event in events:
        previous = merged[-1] if merged else None
        if event["kind"] == "robot_drew":
            data = event["data"]
            if previous is not None and previous["kind"] == "robot_drew" and previous["data"]["step"] == data["step"]:
                cards: list[Any] = [*previous["data"]["cards"], data["card"]]
                merged[-1] = {"kind": "robot_drew", "data": {**data, "cards": cards}}
                continue
            merged.append({"kind": "robot_drew", "data": {**data, "cards": [data["card"]]}})
        else:
            merged.append(event)
    return merged
