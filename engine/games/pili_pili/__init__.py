"""Pili Pili (2-8 players): the base game, the standard and expert missions, and custom mission decks.

Importing this package registers the game. Scenario tests build fixed deals with :func:`state_from_deal`.
"""

from engine.games.pili_pili.deal import state_from_deal
from engine.games.pili_pili.game import PiliPili
from engine.games.pili_pili.missions import DEFAULT_DECK, mission_card
from engine.games.pili_pili.state import PiliState
from engine.registry import register

GAME = register(PiliPili())

__all__ = ["DEFAULT_DECK", "GAME", "PiliPili", "PiliState", "mission_card", "state_from_deal"]
