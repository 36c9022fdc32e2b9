"""Taiga in words (docs/rules/taiga.md): the discs, each round's card, finds, misses and tokens.

``5. ann flips disc 3 (red fox up): it shows a beaver, a find (3 of 4); ann takes a token from the circle.``
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.records.text.narrator import Json, Narrator, Reveal
from arena.records.text.words import SeatNames, article, counted, listed, spoken

#: How many discs show each animal when its family is complete (T1).
FAMILY = 4


class TaigaNarrator(Narrator):
    """Follows the discs' up sides and the round's card, so that each flip is told as a find or a miss."""

    score_words = ("point", "points")

    def __init__(self, names: SeatNames, options: Json) -> None:
        super().__init__(names, options)
        self.up: list[str] = []
        self.target = ""

    def does(self, seat: int, action: Json, label: str) -> str:
        return "passes" if action.get("type") == "taiga.pass" else super().does(seat, action, label)

    def setup(self, events: Sequence[Json], reveal: Reveal) -> list[str]:
        told = self.clauses(None, events, reveal)
        table = reveal()
        discs = [
            f"{disc['disc']} {spoken(disc['up'])} (over {article(spoken(disc['down']))})" for disc in table["discs"]
        ]
        pile = [spoken(card) for card in table["draw_pile"] or []]
        return [f"the discs lie in a circle ({', '.join(discs)})", *told, f"the pile, top first: {listed(pile)}"]

    def on_discs_placed(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        self.up = list(data["up"])

    def on_round_started(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        self.target = data["animal"]
        left = counted(data["cards_left"], "card")
        return f"{self.names(data['seat'])} starts a round: the card is {article(spoken(self.target))} ({left} left)"

    def on_card_to_bottom(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        animal = spoken(data["animal"])
        return f"{article(animal)} card goes under the pile (all four {animal} sides show)"

    def on_disc_flipped(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        disc, shows, was = data["disc"], data["shows"], data["was"]
        if 0 <= disc < len(self.up):
            self.up[disc] = shows
        shown = f"it shows {article(spoken(shows))}"
        if shows == self.target:
            return f"{shown}, a find ({sum(1 for up in self.up if up == shows)} of {FAMILY})"
        if was == self.target:
            return f"{shown}, turning {article(spoken(was))} face down: a miss"
        return f"{shown}: a miss"

    def on_token_from_circle(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} takes a token from the circle"

    def on_token_taken(self, data: Json, actor: int | None, reveal: Reveal) -> str | None:
        if data["seat"] == actor:
            return None  # the action says it
        return f"{self.names(data['seat'])} takes a token from {self.names(data['from_seat'])}"

    def on_nothing_to_take(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return "the circle is empty and no one else has a token to take"

    def on_family_found(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        animal, tokens = spoken(data["animal"]), data["tokens"]
        won = f"the {animal} card" + (f" and the circle's {counted(tokens, 'token')}" if tokens else "")
        return f"the fourth {animal}: {self.names(data['seat'])} wins {won}"

    def on_token_to_circle(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} puts a token into the circle"

    def on_no_token_to_pay(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} has no token to put into the circle"

    def on_passed(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # the action says it

    def on_turn_passed(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])}'s turn"

    def on_game_over(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        cards = [spoken(card) for card in data["unplayable_cards"]]
        scores = ", ".join(f"{self.names(seat)} {score}" for seat, score in enumerate(data["scores"]))
        ended = f"no card left can be played ({listed(cards)})" if cards else "no card is left"
        winners = data["winners"]
        wins = "wins" if len(winners) == 1 else "win"
        return f"{ended}: the match is over, with {scores} points; {self.names.all(winners)} {wins}"
