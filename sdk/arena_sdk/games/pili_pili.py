"""Pili Pili for bots: its view and actions, typed (``from arena_sdk.games import pili_pili``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias, cast

from arena_client.models import (
    PiliPiliBet,
    PiliPiliBetType,
    PiliPiliChoosePartner,
    PiliPiliChoosePartnerType,
    PiliPiliExchangeWith,
    PiliPiliExchangeWithType,
    PiliPiliGive,
    PiliPiliGiveType,
    PiliPiliPass,
    PiliPiliPassType,
    PiliPiliPlay,
    PiliPiliPlaySlot,
    PiliPiliPlaySlotType,
    PiliPiliPlayType,
    PiliPiliView,
)

from arena_sdk.actions import Action as AnyAction
from arena_sdk.events import AnyEvent, PiliPiliEvent, events_of
from arena_sdk.games.narrowing import GameView, HasGameView, narrow_actions, narrow_view

GAME = "pili-pili"

#: Every Pili Pili action model.
Action: TypeAlias = (
    PiliPiliBet
    | PiliPiliChoosePartner
    | PiliPiliExchangeWith
    | PiliPiliGive
    | PiliPiliPass
    | PiliPiliPlay
    | PiliPiliPlaySlot
)
View: TypeAlias = PiliPiliView
#: An event of this game's log (its own kinds or the arena's), narrowed by ``event.kind``.
Event: TypeAlias = PiliPiliEvent

_MODELS = (
    PiliPiliBet,
    PiliPiliChoosePartner,
    PiliPiliExchangeWith,
    PiliPiliGive,
    PiliPiliPass,
    PiliPiliPlay,
    PiliPiliPlaySlot,
)


def view(source: HasGameView | GameView) -> PiliPiliView:
    """The Pili Pili view of a ``SeatView``, ``Match`` or ``MoveResult``; ``WrongGameError`` for another game."""
    return narrow_view(source, PiliPiliView, GAME)


def actions(legal: Iterable[AnyAction]) -> list[Action]:
    """Legal actions (``Seat.legal_actions()``, ``play``'s list) as Pili Pili action models."""
    return narrow_actions(legal, _MODELS, GAME)


def bet(tricks: int) -> PiliPiliBet:
    """Bet how many tricks you will win this round."""
    return PiliPiliBet(tricks=tricks, type_=PiliPiliBetType.PILI_PILI_BET)


def play_card(card: int, joker_value: int | None = None) -> PiliPiliPlay:
    """Play ``card`` (1-55, or 0 for the Joker with its ``joker_value``, 0-56) to the trick."""
    return PiliPiliPlay(card=card, joker_value=joker_value, type_=PiliPiliPlayType.PILI_PILI_PLAY)


def play_slot(slot: int) -> PiliPiliPlaySlot:
    """Play the face-down card in ``slot`` of your hand (mission E4)."""
    return PiliPiliPlaySlot(slot=slot, type_=PiliPiliPlaySlotType.PILI_PILI_PLAY_SLOT)


def pass_cards(cards: Sequence[int]) -> PiliPiliPass:
    """Pass ``cards`` secretly (mission S1); they are sent in increasing order."""
    return PiliPiliPass(cards=sorted(cards), type_=PiliPiliPassType.PILI_PILI_PASS)


def choose_partner(partner: int) -> PiliPiliChoosePartner:
    """Secretly choose the seat whose Pilis you also take this round (mission E6)."""
    return PiliPiliChoosePartner(partner=partner, type_=PiliPiliChoosePartnerType.PILI_PILI_CHOOSE_PARTNER)


def exchange_with(player: int) -> PiliPiliExchangeWith:
    """Having won the trick, choose the seat you exchange a card with (mission E9)."""
    return PiliPiliExchangeWith(player=player, type_=PiliPiliExchangeWithType.PILI_PILI_EXCHANGE_WITH)


def give_card(card: int) -> PiliPiliGive:
    """Secretly choose the card you give in the exchange (mission E9)."""
    return PiliPiliGive(card=card, type_=PiliPiliGiveType.PILI_PILI_GIVE)


def events(seen: Iterable[AnyEvent]) -> list[Event]:
    """``turn.events`` as Pili Pili's events (``WrongGameError`` for another game's kind), narrowed by ``kind``."""
    return cast(list[Event], events_of(seen, GAME))


def bets(legal: Iterable[AnyAction]) -> list[PiliPiliBet]:
    """The bets among ``legal``."""
    return [action for action in legal if isinstance(action, PiliPiliBet)]


def plays(legal: Iterable[AnyAction]) -> list[PiliPiliPlay]:
    """The card plays among ``legal`` (a Joker once per value it may take)."""
    return [action for action in legal if isinstance(action, PiliPiliPlay)]


def slot_plays(legal: Iterable[AnyAction]) -> list[PiliPiliPlaySlot]:
    """The plays by hidden slot among ``legal`` (mission E4)."""
    return [action for action in legal if isinstance(action, PiliPiliPlaySlot)]


def passes(legal: Iterable[AnyAction]) -> list[PiliPiliPass]:
    """The secret passes among ``legal`` (mission S1)."""
    return [action for action in legal if isinstance(action, PiliPiliPass)]


def partner_choices(legal: Iterable[AnyAction]) -> list[PiliPiliChoosePartner]:
    """The partner choices among ``legal`` (mission E6)."""
    return [action for action in legal if isinstance(action, PiliPiliChoosePartner)]


def exchanges(legal: Iterable[AnyAction]) -> list[PiliPiliExchangeWith]:
    """The choices of whom to exchange with among ``legal`` (mission E9)."""
    return [action for action in legal if isinstance(action, PiliPiliExchangeWith)]


def gives(legal: Iterable[AnyAction]) -> list[PiliPiliGive]:
    """The cards one may give among ``legal`` (mission E9)."""
    return [action for action in legal if isinstance(action, PiliPiliGive)]
