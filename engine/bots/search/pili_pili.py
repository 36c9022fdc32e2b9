"""Pili Pili's search: which bet, card, pass, partner or gift, with the cards the seat cannot see dealt anew.

The seat sees what its view shows (the hands it may see now, the trick, the bets) and remembers the
rest of the round (its memory): every card played, and where each card it saw in a hand went (its
own hand, a hand on a forehead, opened hands, passed, drawn and exchanged cards). A sampled table
puts those remembered cards back in the hands that hold them, and deals every card the seat cannot
place at random into the places it cannot see: the rest of the hidden hands (in the order the
round keeps hands in: sorted, or as dealt under E4), the other seats' secret commitments (passed,
given or S9 cards; E6 partners drawn among the other seats) and the undealt stock. The order of
the mission deck is drawn among the match's cards; no search looks past the round, so it never
decides anything.

The candidates are every legal choice where there are few: every bet, every playable card (the
Joker at its strongest and its weakest value), every partner or card to give. Passing under S1
weighs the greedy choice, the strongest cards and the weakest. A hand the seat cannot see (S4, S7
and E2 before its bet, E4 after the look) is sampled like any hidden hand, so its bets are weighed
too; E4's slots are all alike to it, so there it plays as the greedy policy does. The rollouts play
the greedy policy for every seat to the end of the round; the outcome is the seat's points if the
match ended, else its standing in Pilis against each other seat (a lead of a Pili or two is most
of a win).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.bots import pili_pili as greedy
from engine.bots.memory import Memory
from engine.bots.search.core import Decision, Sampler, Searcher, determinized, points, unique
from engine.game import Event
from engine.games.pili_pili.actions import Bet, PassCards, PlayCard
from engine.games.pili_pili.cards import DECK, JOKER, strongest_joker_value
from engine.games.pili_pili.state import EXCHANGE, PARTNER, PASS, PLAY
from engine.match import Match, legal_actions, view

#: The view time the search decides at, as the greedy policy does: after every timed look (E2, E4).
DECISION_TIME = math.inf
#: How many candidates a decision weighs at most (a custom deck may deal up to 28 cards).
MOST_CANDIDATES = 12
#: Pilis of difference that make a seat's standing against another about 73% (a logistic scale).
PILI_SCALE = 1.0


#: What the search bot does, for the catalogue (``{simulations}``: the level's budget with two players).
DESCRIPTION = (
    "Deals the cards it cannot see, consistently with every card it saw played or in a hand this "
    "round, then weighs each bet, card, pass, partner or gift over {simulations} simulated rounds of "
    "greedy play, by the Pilis each seat ends the round with."
)


def prepare(match: Match, seat: int, memory: Memory, rng: random.Random) -> Decision:
    table = view(match, seat, DECISION_TIME)
    first = greedy.greedy_action(match, seat, rng)
    return Decision(candidates(match, seat, table, first), sampler(match, seat, table, memory))


def candidates(match: Match, seat: int, table: Mapping[str, Any], first: Action) -> list[Action]:
    """The choices worth comparing, the greedy one first."""
    hand = table["seats"][seat]["hand"]
    if None in hand and not isinstance(first, Bet):
        return [first]  # E4's slots in a hand the seat cannot see: every one is alike to it
    effect = None if table["mission"] is None else table["mission"]["effect"]
    if isinstance(first, PassCards):
        count = len(first.cards)
        strength = sorted(hand, key=lambda card: greedy.strength(card, None, effect == "E1"))
        found: list[Action] = [
            first,
            PassCards(tuple(sorted(strength[-count:]))),
            PassCards(tuple(sorted(strength[:count]))),
        ]
        if count >= 2:
            found.append(
                PassCards(tuple(sorted([*strength[: count // 2], *strength[len(strength) - (count - count // 2) :]])))
            )
        return unique(found)
    found = [first]
    for action in itertools.islice(legal_actions(match, seat), 200):
        if isinstance(action, PlayCard) and action.card == JOKER:
            extremes = (strongest_joker_value(effect == "E1"), strongest_joker_value(effect != "E1"))
            if action.joker_value not in extremes:
                continue
        found.append(action)
    found = unique(found)
    if len(found) > MOST_CANDIDATES:  # a huge custom deal: the greedy choice and its nearest neighbours
        at = found.index(first, 1) if first in found[1:] else 1
        found = unique([first, *found[max(1, at - MOST_CANDIDATES // 2) : at + MOST_CANDIDATES // 2]])
    return found


def sampler(match: Match, seat: int, table: Mapping[str, Any], memory: Memory) -> Sampler:
    """Draws the hidden places of the table from what ``seat`` sees and remembers."""
    state = match.state
    round_number = table["round"]
    phase = table["phase"]
    players = table["players"]
    effect = None if table["mission"] is None else table["mission"]["effect"]
    seen: set[int] = set(greedy.remembered_played(memory, round_number))
    seen.update(play["card"] for play in (*table["trick"], *table["last_trick"]))
    hands: list[list[int] | None] = []
    hidden_cards: list[int] = []  # per seat: how many of its cards the seat cannot see
    for owner in table["seats"]:
        shown = owner["hand"]
        if None in shown:
            hands.append(None)
            hidden_cards.append(len(shown))
        else:
            hands.append([int(card) for card in shown])
            hidden_cards.append(0)
            seen.update(shown)
    mine = table["my_choice"]
    if mine is not None and phase != PARTNER:
        seen.update(mine[:1] if phase == PLAY else mine)  # an S9 card is [card, value]
    # Cards the memory places in a hand the seat cannot see now.
    placed: list[list[int]] = [[] for _ in range(players)]
    for card, owner in sorted(greedy.remembered_holders(memory, round_number).items()):
        if card not in seen and hands[owner] is None and len(placed[owner]) < hidden_cards[owner]:
            placed[owner].append(card)
            seen.add(card)
    pool = [card for card in DECK if card not in seen]
    # Other seats' secret commitments: their length is public, their content is drawn.
    pending_sizes = [
        None if owner == seat or choice is None else len(choice) for owner, choice in enumerate(state["pending"])
    ]
    stock_size = len(state["stock"])
    missions = len(state["mission_order"])
    catalog = len(state["catalog"])

    def draw_table(draw: random.Random) -> Match:
        cards = draw.sample(pool, len(pool))
        new_hands: list[list[int]] = []
        for owner, hand in enumerate(hands):
            if hand is not None:
                new_hands.append(list(hand))
                continue
            need = hidden_cards[owner] - len(placed[owner])
            drawn = placed[owner] + cards[:need]
            del cards[:need]
            if effect == "E4":
                draw.shuffle(drawn)  # E4 hands keep the dealt order, which nobody knows
            else:
                drawn.sort()
            new_hands.append(drawn)
        pending: list[list[int] | None] = list(state["pending"])
        for owner, size in enumerate(pending_sizes):
            if size is None:
                continue
            if phase == PARTNER:
                pending[owner] = [draw.choice([other for other in range(players) if other != owner])]
            elif phase == PLAY:  # S9: a card, and the Joker at its strongest value
                card = cards.pop()
                pending[owner] = [card, strongest_joker_value(False) if card == JOKER else card]
            elif phase in (PASS, EXCHANGE):
                pending[owner] = sorted(cards[:size])
                del cards[:size]
        stock = cards[:stock_size]
        order = draw.sample(range(catalog), missions) if missions <= catalog else []
        drawn_state = {**state, "hands": new_hands, "pending": pending, "stock": stock, "mission_order": order}
        return determinized(match, drawn_state, draw)

    return draw_table


def policy(match: Match, seat: int, rng: random.Random, memory: Memory) -> Action:
    """The greedy policy, which keeps no memory."""
    return greedy.greedy_action(match, seat, rng)


class RoundEnd:
    """The end of the round: the seat's points if the match ended, else its standing in Pilis."""

    def value(self, match: Match, events: Sequence[Event], seat: int) -> float | None:
        if match.game.result(match.state) is not None:
            return points(match, seat)
        for event in events:
            if event.kind == "round_scored":
                return standing(event.data["pilis"], seat)
        return None

    def cut(self, match: Match, seat: int) -> float:
        return standing(match.state["pilis"], seat)


def standing(pilis: Sequence[int], seat: int) -> float:
    """How ``seat`` stands against the others by Pilis (fewer is better): for each other seat a
    logistic of the difference, averaged; 0 to 1 like :func:`~engine.bots.search.core.points`."""
    others = [other for other in range(len(pilis)) if other != seat]
    return sum(1.0 / (1.0 + math.exp((pilis[seat] - pilis[other]) / PILI_SCALE)) for other in others) / len(others)


#: The most tricks a round of the default mission deck has (a deal of 7); a custom deck may deal 28.
USUAL_TRICKS = 7


def budget(match: Match, simulations: int) -> int:
    """A simulation plays the rest of the round, a card per seat and trick: the budget is shared by
    every two players and by every 7 tricks (a custom deck's deal of 28 cards quarters it)."""
    tricks = int(match.state["tricks"])
    return max(1, simulations // math.ceil(match.players / 2) // math.ceil(tricks / USUAL_TRICKS))


SEARCHER = Searcher(prepare, policy, RoundEnd(), budget=budget)
