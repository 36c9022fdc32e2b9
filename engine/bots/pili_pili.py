"""Pili Pili's greedy policy: bet the tricks the hand should win, then play to meet that bet exactly.

The bet is the sum, over the cards the seat can see in its hand, of the chance that each one beats
the other players' cards (a card beats one unseen card with the share of unseen cards below it, and
must beat every other player's; the Joker always wins), rounded to the nearest legal bet. In play it
wants a trick while it has won fewer than it bet and avoids one otherwise: following, it wins with
its weakest winning card when it plays last (its strongest otherwise) or throws its weakest card, or
ducks under the trick with its strongest losing card; leading, it leads its strongest or weakest
card. The Joker takes the strongest or weakest value as wanted. Passing (S1) and giving (E9) shed
strong cards when it needs fewer tricks and weak ones otherwise.

It reads only the view at the end of any timed look (E2, E4): a hand it may no longer see is treated
as unknown, so the choice cannot depend on the time it is asked at. With the hand hidden it bets an
even share of the tricks, and under E4 it plays a random slot.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.game import Event
from engine.games.pili_pili.actions import Bet, ChoosePartner, GiveCard, PassCards, PlayCard
from engine.games.pili_pili.cards import DECK, JOKER, strongest_joker_value
from engine.match import Match, count_legal_actions, legal_actions, view

GAME_ID = "pili-pili"

RANDOM_DESCRIPTION = (
    "Takes a uniformly random legal action: any allowed bet, any playable card (a Joker with any of its "
    "57 values), any cards to pass, any partner."
)
GREEDY_DESCRIPTION = (
    "Bets the tricks its visible hand should win against the unseen cards, then plays to meet the bet "
    "exactly: cheapest winning card while it needs tricks, highest losing card once it has enough."
)

#: The view time the policy decides at: after every timed look (E2, E4) has ended.
DECISION_TIME = math.inf


def new_memory() -> dict[str, Any]:
    """Nothing seen yet this round: no card played, no card known in anyone's hand."""
    return {"round": 0, "played": [], "holders": {}}


def remember(memory: Mapping[str, Any], seat: int, events: Iterable[Event]) -> Mapping[str, Any]:
    """The memory after ``events``: what the seat saw of this round's cards.

    The view shows only the trick on the table and the last one, and a hand only while it may be
    seen, so the memory keeps, for the current round, every card played (``played``) and where each
    card the seat saw in a hand is now (``holders``: card -> seat): a hand dealt or revealed to it
    (its own, or another's on the forehead, S4), the hands opened (S6), cards it passed or was passed
    (S1, S2), drawn (S5) or exchanged (E9). A card played leaves ``holders``, and so do the known
    cards of two other seats that exchange unseen (E9); a new round forgets everything. At most the
    56 cards, whatever the match's length.
    """
    changed: dict[str, Any] | None = None
    for event in events:
        kind = event.kind
        if kind not in _REMEMBERED or not event.is_visible_to(seat):
            continue
        if changed is None:
            changed = {
                "round": memory.get("round", 0),
                "played": list(memory.get("played", ())),
                "holders": dict(memory.get("holders", {})),
            }
        data = event.data
        holders: dict[str, int] = changed["holders"]
        if kind == "round_started":
            changed.update(round=int(data["round"]), played=[], holders={})
        elif kind == "card_played":
            changed["played"].append(int(data["card"]))
            holders.pop(str(data["card"]), None)
        elif kind == "hands_opened":
            for owner, cards in enumerate(data["hands"]):
                holders.update((str(card), owner) for card in cards)
        elif kind == "cards_exchanged":
            if seat not in data["seats"]:  # two others swapped a card each, unseen: forget their hands
                for card in [card for card, owner in holders.items() if owner in data["seats"]]:
                    del holders[card]
        elif kind == "cards_given":
            winner, other = data["seats"]
            holders[str(data["gave"][0])] = int(other)
            holders[str(data["gave"][1])] = int(winner)
        elif kind == "card_drawn":
            holders[str(data["card"])] = int(data["seat"])
        else:  # hand_dealt, hand_revealed, cards_received, hand_received: cards now in ``seat``'s hand
            holders.update((str(card), int(data["seat"])) for card in data["cards"])
    return memory if changed is None else changed


#: The events that change what a seat remembers.
_REMEMBERED = frozenset(
    {
        "round_started",
        "card_played",
        "hand_dealt",
        "hand_revealed",
        "cards_received",
        "hand_received",
        "card_drawn",
        "hands_opened",
        "cards_exchanged",
        "cards_given",
    }
)


def remembered_holders(memory: Mapping[str, Any], round_number: int) -> dict[int, int]:
    """The cards the seat knows to be in a hand this round, by card (empty for another round's memory)."""
    if memory.get("round") != round_number:
        return {}
    return {int(card): int(owner) for card, owner in memory.get("holders", {}).items()}


def remembered_played(memory: Mapping[str, Any], round_number: int) -> list[int]:
    """The cards the seat saw played this round (empty for another round's memory)."""
    return [int(card) for card in memory.get("played", ())] if memory.get("round") == round_number else []


def greedy_action(match: Match, seat: int, rng: random.Random) -> Action:
    """The greedy choice for the phase ``seat`` must act in."""
    table = view(match, seat, DECISION_TIME)
    actions = list(itertools.islice(legal_actions(match, seat), 200))
    hand = table["seats"][seat]["hand"]
    first = actions[0]
    reversed_strength = _effect(table) == "E1"
    if isinstance(first, Bet):
        expected = expected_tricks(table, seat, hand)
        bets = [a for a in actions if isinstance(a, Bet)]
        closest = min(abs(bet.tricks - expected) for bet in bets)
        return rng.choice([bet for bet in bets if abs(bet.tricks - expected) == closest])
    if isinstance(first, ChoosePartner):
        pilis = {a.partner: table["seats"][a.partner]["pilis"] for a in actions if isinstance(a, ChoosePartner)}
        fewest = min(pilis.values())
        return ChoosePartner(rng.choice([partner for partner, count in pilis.items() if count == fewest]))
    if None in hand or not isinstance(first, PlayCard | PassCards | GiveCard):
        return _uniform(match, seat, rng)  # a hidden hand (E4 slots), or whom to exchange with (E9)
    wants_tricks = _tricks_needed(table, seat) > 0
    if isinstance(first, PassCards):
        strongest_first = sorted(hand, key=lambda card: strength(card, None, reversed_strength), reverse=True)
        shed = strongest_first if expected_tricks(table, seat, hand) > _bet(table, seat) else strongest_first[::-1]
        return PassCards(tuple(sorted(shed[: len(first.cards)])))
    if isinstance(first, GiveCard):
        by_strength = sorted(hand, key=lambda card: strength(card, None, reversed_strength))
        return GiveCard(by_strength[0] if wants_tricks else by_strength[-1])
    plays = [a for a in actions if isinstance(a, PlayCard)]
    return _play(table, seat, plays, wants_tricks, reversed_strength)


def expected_tricks(table: Mapping[str, Any], seat: int, hand: Sequence[int | None]) -> float:
    """How many tricks ``hand`` should win: per card, its chance to beat every other player's card.

    A hand the seat cannot see (``None`` cards: S4, S7, E2 before its bet) is worth an even share.
    """
    cards = [card for card in hand if card is not None]
    if len(cards) < len(hand):
        return float(table["tricks"]) / float(table["players"])
    reversed_strength = _effect(table) == "E1"
    unseen = _unseen_cards(table)
    others = table["players"] - 1
    total = 0.0
    for card in cards:
        if card == JOKER:
            total += 1.0
            continue
        mine = strength(card, None, reversed_strength)
        below = sum(1 for other in unseen if other != JOKER and strength(other, None, reversed_strength) < mine)
        total += (below / len(unseen)) ** others if unseen else 1.0
    return total


def _play(
    table: Mapping[str, Any], seat: int, plays: Sequence[PlayCard], wants_tricks: bool, reversed_strength: bool
) -> Action:
    """Lead strong or weak; follow by winning cheaply or ducking under the trick, as the bet wants."""
    options = _options(plays, reversed_strength)
    trick = table["trick"]
    if not trick:  # leading, or a simultaneous trick (S9) where nothing shows yet
        chosen = options[-1] if wants_tricks else options[0]
        return _as_action(chosen)
    best = max(strength(play["card"], play["value"], reversed_strength) for play in trick)
    winners = [option for option in options if option[2] > best]
    losers = [option for option in options if option[2] <= best]  # a tie goes to the card played first
    last = len(trick) == table["players"] - 1
    if wants_tricks:
        if winners:
            return _as_action(winners[0] if last else winners[-1])
        return _as_action(options[0])
    return _as_action(losers[-1] if losers else options[-1])


#: One way to play a card: (card, value, strength), the strength counting reversed order (E1).
Option = tuple[int, int, float]


def _options(plays: Sequence[PlayCard], reversed_strength: bool) -> list[Option]:
    """Each playable card, the Joker at its strongest and its weakest value, weakest first."""
    options: list[Option] = []
    for play in plays:
        if play.card != JOKER:
            options.append((play.card, play.card, strength(play.card, None, reversed_strength)))
    if any(play.card == JOKER for play in plays):
        strongest = strongest_joker_value(reversed_strength)
        weakest = strongest_joker_value(not reversed_strength)
        options.append((JOKER, strongest, strength(JOKER, strongest, reversed_strength)))
        options.append((JOKER, weakest, strength(JOKER, weakest, reversed_strength)))
    return sorted(options, key=lambda option: option[2])


def _as_action(option: Option) -> PlayCard:
    card, value, _ = option
    return PlayCard(card, value if card == JOKER else None)


def strength(card: int, value: int | None, reversed_strength: bool) -> float:
    """How strong a card is (higher wins): its value, negated when lower wins (E1); an unplayed Joker is top."""
    if value is None:
        if card == JOKER:
            return math.inf
        value = card
    return float(-value if reversed_strength else value)


def _unseen_cards(table: Mapping[str, Any]) -> list[int]:
    """The cards the seat cannot see anywhere on the table: in other hands, undealt, or played unseen."""
    visible = {card for owner in table["seats"] for card in owner["hand"] if card is not None}
    visible |= {play["card"] for play in (*table["trick"], *table["last_trick"])}
    return [card for card in DECK if card not in visible]


def _tricks_needed(table: Mapping[str, Any], seat: int) -> int:
    return _bet(table, seat) - int(table["seats"][seat]["won"])


def _bet(table: Mapping[str, Any], seat: int) -> int:
    bet = table["seats"][seat]["bet"]
    return 0 if bet is None else int(bet)


def _effect(table: Mapping[str, Any]) -> str | None:
    mission = table["mission"]
    return None if mission is None else str(mission["effect"])


def _uniform(match: Match, seat: int, rng: random.Random) -> Action:
    index = rng.randrange(count_legal_actions(match, seat))
    return next(itertools.islice(legal_actions(match, seat), index, None))
