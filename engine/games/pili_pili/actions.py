"""The actions of Pili Pili, each a small frozen dataclass with a stable JSON form."""

from __future__ import annotations

import dataclasses

from engine.actions import Action, action_field
from engine.games.pili_pili.cards import HIGHEST_NUMBER, JOKER_VALUES
from engine.games.pili_pili.missions import MAX_DEAL

MAX_SEAT = 7


@dataclasses.dataclass(frozen=True)
class Bet(Action):
    """Bet how many tricks you will win this round (L3)."""

    TYPE = "pili-pili.bet"
    tricks: int = action_field("Tricks you bet to win: 0 to the cards dealt to each player.", min=0, max=MAX_DEAL)


@dataclasses.dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from your hand to the trick; under S9 this commits it face down."""

    TYPE = "pili-pili.play"
    card: int = action_field("The card: 1-55, or 0 for the Joker.", min=0, max=HIGHEST_NUMBER)
    joker_value: int | None = action_field(
        "The Joker's value, 0-56, when playing the Joker (L1); null or left out for a numbered card.",
        min=JOKER_VALUES[0],
        max=JOKER_VALUES[-1],
        default=None,
    )


@dataclasses.dataclass(frozen=True)
class PlaySlot(Action):
    """E4: play the face-down card in this slot of your hand (a hidden Joker takes the strongest value)."""

    TYPE = "pili-pili.play-slot"
    slot: int = action_field("The position in your hand, from 0.", min=0, max=MAX_DEAL - 1)


@dataclasses.dataclass(frozen=True)
class PassCards(Action):
    """S1: the cards you pass, secretly, in increasing order."""

    TYPE = "pili-pili.pass"
    cards: tuple[int, ...] = action_field(
        "The cards to pass, each once, in increasing order (0 is the Joker).", min=0, max=HIGHEST_NUMBER
    )


@dataclasses.dataclass(frozen=True)
class ChoosePartner(Action):
    """E6: secretly choose the player whose Pilis you will also take this round."""

    TYPE = "pili-pili.choose-partner"
    partner: int = action_field("Another player's seat.", min=0, max=MAX_SEAT)


@dataclasses.dataclass(frozen=True)
class ExchangeWith(Action):
    """E9: having won the trick, choose the player you exchange a card with."""

    TYPE = "pili-pili.exchange-with"
    player: int = action_field("Another player's seat.", min=0, max=MAX_SEAT)


@dataclasses.dataclass(frozen=True)
class GiveCard(Action):
    """E9: secretly choose the card you give in the exchange."""

    TYPE = "pili-pili.give"
    card: int = action_field("A card from your hand (0 is the Joker).", min=0, max=HIGHEST_NUMBER)


ACTION_TYPES: tuple[type[Action], ...] = (Bet, PlayCard, PlaySlot, PassCards, ChoosePartner, ExchangeWith, GiveCard)
