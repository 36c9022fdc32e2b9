"""Pili Pili in words (docs/rules/pili-pili.md): each round's mission and hands, bets, tricks,
the missions' passes, partners and exchanges, and the Pilis each round hands out.

``14. bo plays 30: bo wins trick 1.``
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.records.text.narrator import Json, Narrator, Reveal
from arena.records.text.words import counted, listed

#: The Joker's card id (L1).
JOKER = 0


def card_words(card: int) -> str:
    """A card as it is said: its number, or ``the Joker``."""
    return "the Joker" if card == JOKER else str(card)


def cards_words(cards: Sequence[int]) -> str:
    return listed([card_words(card) for card in cards])


def mission_words(mission: Json) -> str:
    """``S1 pass-cards (2 cards to the left)``: the card's effect id, its name and its parameters."""
    params = mission.get("params") or {}
    effect = mission["effect"]
    if effect == "S1":
        detail = f"{counted(params['count'], 'card')} to the {params['direction']}"
    elif effect == "S2":
        detail = f"to the {params['direction']}"
    elif effect == "S3":
        detail = f"no one may bet {params['value']}"
    elif effect == "E8":
        detail = f"numbers {listed([str(number) for number in params['numbers']])}"
    else:
        detail = ", ".join(f"{key} {value}" for key, value in params.items())
    return f"{effect} {mission['name']}" + (f" ({detail})" if detail else "")


class PiliPiliNarrator(Narrator):
    """Tells each round's hands from the whole table at the deal (some missions deal them unseen)."""

    score_words = ("Pili", "Pilis")

    def hands(self, hands: Sequence[Sequence[int | None]]) -> str:
        held = [
            f"{self.names(seat)} ({cards_words([c for c in hand if c is not None])})" for seat, hand in enumerate(hands)
        ]
        return ", ".join(held)

    def on_round_started(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        mission = data["mission"]
        dealt = f"round {data['round']}: {self.names(data['dealer'])} deals {counted(data['deal'], 'card')} each"
        if mission is not None:
            dealt += f" under mission {mission_words(mission)}"
        return f"{dealt}; the hands: {self.hands([seat['hand'] for seat in reveal()['seats']])}"

    def on_missions_reshuffled(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"the mission cards are shuffled again ({counted(data['cards'], 'card')})"

    def on_hand_dealt(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # the round's line shows every hand

    def on_hand_revealed(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # a player looks at a hand the round's line shows

    def on_bet_placed(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # the action says it

    def on_choice_committed(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # the action says it

    def on_cards_passed(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"everyone passes the chosen cards to the {data['direction']}"

    def on_cards_received(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} gets {cards_words(data['cards'])} from {self.names(data['from'])}"

    def on_hands_passed(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"every hand passes to the {data['direction']}"

    def on_hand_received(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        received = cards_words(data["cards"])
        return f"{self.names(data['seat'])} gets {self.names(data['from'])}'s hand ({received})"

    def on_cards_drawn(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"everyone draws {counted(data['each'], 'card')}"

    def on_card_drawn(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} draws {card_words(data['card'])}"

    def on_hands_opened(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"the hands are laid open: {self.hands(data['hands'])}"

    def on_partners_revealed(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        chosen = [f"{self.names(seat)} chose {self.names(partner)}" for seat, partner in enumerate(data["partners"])]
        return f"the partners are revealed: {', '.join(chosen)}"

    def clauses(self, actor: int | None, events: Sequence[Json], reveal: Reveal) -> list[str]:
        plays = [event["data"] for event in events if event["kind"] == "card_played"]
        if len(plays) > 1:  # a simultaneous trick (S9): every card is turned up at once
            played = ", ".join(f"{self.names(play['seat'])} {self._played(play)}" for play in plays)
            others = [event for event in events if event["kind"] != "card_played"]
            return [f"the cards are turned up: {played}", *super().clauses(actor, others, reveal)]
        return super().clauses(actor, events, reveal)

    def on_card_played(self, data: Json, actor: int | None, reveal: Reveal) -> str | None:
        if self.acting.get("type") == "pili-pili.play-slot":
            return f"it is {self._played(data)}"  # the face-down card the player chose by its slot
        return None  # the action names the card

    def _played(self, play: Json) -> str:
        card = play["card"]
        return f"the Joker as {play['value']}" if card == JOKER else str(card)

    def on_trick_won(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"{self.names(data['seat'])} wins trick {data['trick']}"

    def on_marked_trick(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        return f"a marked number: {self.names(data['seat'])} takes an extra Pili"

    def on_exchange_started(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # the action says it

    def on_cards_exchanged(self, data: Json, actor: int | None, reveal: Reveal) -> None:
        return None  # cards_given, which follows, says what changed hands

    def on_cards_given(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        (first, second), (gave, got) = data["seats"], data["gave"]
        one, other = self.names(first), self.names(second)
        return f"{one} gives {card_words(gave)} to {other}, and {other} {card_words(got)} to {one}"

    def on_round_scored(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        seats = []
        for seat, (bet, won, taken, discarded, pilis) in enumerate(
            zip(data["bets"], data["won"], data["taken"], data["discarded"], data["pilis"], strict=True)
        ):
            dropped = f", discards {discarded}" if discarded else ""
            took = counted(taken, "Pili")
            seats.append(f"{self.names(seat)} bet {bet}, won {won}, takes {took}{dropped} ({pilis} in all)")
        return f"round {data['round']} is scored: {', '.join(seats)}"

    def on_match_over(self, data: Json, actor: int | None, reveal: Reveal) -> str:
        winners, pilis = data["winners"], data["pilis"]
        wins = "wins" if len(winners) == 1 else "win"
        fewest = counted(pilis[winners[0]], "Pili") if winners else ""
        return f"the match is over: {self.names.all(winners)} {wins} with {fewest}"
