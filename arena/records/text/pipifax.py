"""Pipifax in words (docs/rules/pipifax.md): the die, each card turned, the cards turned back down.

``3. ann flips card 7 (red back): a lion (match!); the die shows a zebra.``
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.records.text.narrator import Json, Narrator, Reveal
from arena.records.text.words import article, listed


class PipifaxNarrator(Narrator):
    """Follows the die, so that each card turned is told as a match or a miss of the animal rolled."""

    die = ""

    def setup(self, events: Sequence[Json], reveal: Reveal) -> list[str]:
        cards = [f"{card['position']} {card['colour']} {card['animal']}" for card in reveal()["cards"]]
        return [f"the cards lie face down ({', '.join(cards)})", *self.clauses(None, events, reveal)]

    def on_die_rolled(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        self.die = data["animal"]
        rolled = f"the die shows {article(self.die)}"
        return rolled if actor is not None else f"{rolled} for {self.names(data['seat'])}"

    def on_card_flipped(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        animal = data["animal"]
        return f"{article(animal)} (match!)" if animal == self.die else f"{article(animal)}, not {article(self.die)}"

    def on_cards_turned_down(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        positions = [str(position) for position in data["positions"]]
        if len(positions) == 1:
            return f"card {positions[0]} is turned face down again"
        return f"cards {listed(positions)} are turned face down again"

    def on_turn_passed(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])}'s turn"

    def on_match_won(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        cards = listed([str(position) for position in data["positions"]])
        return f"the fourth match in one turn (cards {cards}): {self.names(data['seat'])} wins"
