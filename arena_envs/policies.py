"""Policies that play seats offline: the server's bots, or any function of a view and legal actions.

A policy function takes what a bot sees online, the seat's view and its legal actions as the API's
JSON, and returns one action's JSON; so the same function plays offline (here) and online (through
the SDK, see ``examples/offline_then_online.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engine
from arena_envs.offline_match import OfflineMatch
from engine.bots import BOT_IDS, choose_action

#: A policy function: ``policy(view, legal_actions) -> action``, all as the API's JSON.
PolicyFunction = Callable[[dict[str, Any], list[dict[str, Any]]], Mapping[str, Any]]

#: What plays the other seats: a server bot's id (``"random"`` or ``"greedy"``) or a policy function.
Opponent = str | PolicyFunction


def check_opponent(opponent: Opponent) -> None:
    """Refuse an unknown bot id or something that is not callable, before any match starts."""
    if isinstance(opponent, str):
        if opponent not in BOT_IDS:
            raise ValueError(f"no bot {opponent!r}; the bots are {list(BOT_IDS)}, or pass a function")
    elif not callable(opponent):
        raise TypeError(f"an opponent is a bot id or a function(view, actions) -> action, not {opponent!r}")


def opponent_action(table: OfflineMatch, seat: int, opponent: Opponent) -> Mapping[str, Any] | engine.Action:
    """The action ``opponent`` takes for ``seat`` now (the seat must be to act).

    A server bot sees what it sees on the server (the match and its seat's memory); a function sees
    the seat's view and its legal actions: all of them where the action space is fixed, else the
    step's uniform sample.
    """
    if isinstance(opponent, str):
        return choose_action(table.match, seat, opponent, memory=table.memories[seat])
    legal = [dict(action) for action in table.choices(seat).legal()]
    return opponent(table.view(seat), legal)
