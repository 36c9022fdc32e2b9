"""What a Girafferaffe turn does to the state: a play and its reward, a pass, the next turn, the end.

Each helper replaces what it changes on a shallow copy of the state, never editing a list in place,
so the state a step started from stays as it was. The player's and the robot's turns (:mod:`.robot`)
both go through :func:`place_play` and :func:`return_apple`; :func:`begin_turn` gives the next seat
the turn, or ends the match or round when it cannot act (R4, R9).
"""

from __future__ import annotations

import random

from engine.game import Context, Event
from engine.games.girafferaffe.cards import BIT, CARD, CODE, CODE_VALUE, COPY_SHIFT, NUMBER_BITS, RANK
from engine.games.girafferaffe.deal import deal, dealt_state, round_events
from engine.games.girafferaffe.events import TURN_STARTED, event
from engine.games.girafferaffe.holdings import holding
from engine.games.girafferaffe.state import ROBOT_SEAT, ROTTEN_LIMIT, GirafferaffeState
from engine.games.girafferaffe.table_plays import TABLES, table_has_play
from engine.games.girafferaffe.trees import TREES


def place_play(
    s: GirafferaffeState, who: int | None, tree_id: str, cards: list[str], *, copies: list[str], events: list[Event]
) -> None:
    """Put a play (its cards and copies by name, in canonical order) on its tree and give its reward
    (R7); ``who`` is ``None`` for the robot."""
    bits = sum(map(BIT.__getitem__, cards))
    index = s["trees"].index(tree_id)
    tree = TREES[tree_id]
    piles = list(s["piles"])
    piles[index] = [*piles[index], [ROBOT_SEAT if who is None else who, bits, *map(CODE.__getitem__, copies)]]
    s["piles"] = piles
    tops = list(s["tops"])
    tops[index] = RANK[cards[0]] if tree.ranked else len(cards) + len(copies)  # what the next play must beat
    s["tops"] = tops
    events.append(event("cards_played", {"seat": who, "tree": tree_id, "cards": cards, "copies": copies}))
    hand = (s["robot_hand"] if who is None else s["hands"][who]) - bits - (len(copies) << COPY_SHIFT)
    if tree.apples:
        _take_apples(s, who, tree_id, tree.apples, events)
    if tree.draws:
        hand = _draw_reward(s, who, tree_id, hand, events)
    if who is None:
        s["robot_hand"] = hand
    else:
        _set_hand(s, who, hand)


def _take_apples(s: GirafferaffeState, who: int | None, tree_id: str, due: int, events: list[Event]) -> None:
    """Give ``due`` apples from the supply, or as many as it has (R7)."""
    taken = min(due, s["supply"])
    if taken:
        s["supply"] -= taken
        if who is None:
            s["robot_apples"] += taken
        else:
            s["apples"] = _added(s["apples"], who, taken)
        events.append(event("apples_taken", {"seat": who, "count": taken, "supply": s["supply"]}))
    if taken < due:
        events.append(
            event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "apple", "missing": due - taken})
        )


def _draw_reward(s: GirafferaffeState, who: int | None, tree_id: str, hand: int, events: list[Event]) -> int:
    """The Pair reward (R7): the Redraw Deck's top card to the player's hand, or onto the Robot Deck."""
    if not s["redraw"]:
        events.append(event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "card", "missing": 1}))
        return hand
    code = s["redraw"][-1]
    s["redraw"] = s["redraw"][:-1]
    if who is None:  # R11: on top of the Robot Deck, unseen
        s["robot_deck"] = [*s["robot_deck"], code]
        events.append(event("robot_deck_topped", {"redraw_size": len(s["redraw"])}))
        return hand
    events.append(event("card_drawn", {"seat": who, "redraw_size": len(s["redraw"])}))
    events.append(event("card_received", {"seat": who, "card": CARD[code]}, (who,)))
    return hand + CODE_VALUE[code]


def return_apple(s: GirafferaffeState, who: int | None, events: list[Event]) -> None:
    """A pass: one apple back to the supply (R4)."""
    s["supply"] += 1
    if who is None:
        s["robot_apples"] -= 1
    else:
        s["apples"] = _added(s["apples"], who, -1)
    events.append(event("apple_returned", {"seat": who, "supply": s["supply"]}))


def _added(counts: list[int], seat: int, change: int) -> list[int]:
    """A copy of per-seat ``counts`` with ``change`` added to ``seat``'s (the state's lists are never edited)."""
    changed = list(counts)
    changed[seat] += change
    return changed


def _set_hand(s: GirafferaffeState, seat: int, hand: int) -> None:
    """Give ``seat`` the hand ``hand`` (an integer) and its size."""
    hands = list(s["hands"])
    hands[seat] = hand
    s["hands"] = hands
    sizes = list(s["hand_sizes"])
    sizes[seat] = (hand & NUMBER_BITS).bit_count() + (hand >> COPY_SHIFT)
    s["hand_sizes"] = sizes


def _can_act(s: GirafferaffeState, seat: int) -> bool:
    """Whether ``seat`` can return an apple or play somewhere (R4)."""
    if s["apples"][seat] > 0:
        return True
    table = TABLES[s["players"]][s["mode"] == "solo"]
    return table_has_play(table, s["tops"], holding(s["hands"][seat]))


def begin_turn(s: GirafferaffeState, seat: int, events: list[Event], ctx: Context) -> None:
    """Give ``seat`` the turn; if it can do nothing it loses at once (R4), ending the match or round (R9)."""
    while True:
        s["turn"] = seat
        if _can_act(s, seat):
            events.append(TURN_STARTED[seat])
            return
        events.append(event("player_lost", {"seat": seat, "round": s["round"]}))
        if s["mode"] != "rounds":
            finish(s, seat, events)
            return
        s["rotten"] = _added(s["rotten"], seat, 1)
        events.append(event("rotten_apple_taken", {"seat": seat, "rotten": s["rotten"][seat]}))
        if s["rotten"][seat] >= ROTTEN_LIMIT:
            finish(s, seat, events)
            return
        _next_round(s, seat, ctx.rng, events)  # the loser deals and so starts (R9)


def _next_round(s: GirafferaffeState, dealer: int, rng: random.Random, events: list[Event]) -> None:
    """Deal a new round from all 64 cards; apples go back to the supply, rotten apples stay (R9)."""
    hands, _, redraw, aside = deal(s["players"], 0, rng)
    fresh = dealt_state(
        s["mode"],
        hands,
        redraw=redraw,
        aside=aside,
        robot_deck=[],
        rotten=s["rotten"],
        round_number=s["round"] + 1,
        dealer=dealer,
    )
    s.update(fresh)
    events.extend(round_events(s))


def finish(s: GirafferaffeState, loser: int | None, events: list[Event]) -> None:
    """End the match: everyone but ``loser`` wins (``None``: the robot lost, so the solo player wins)."""
    s["loser"] = loser
    s["winners"] = [seat for seat in range(s["players"]) if seat != loser]
    events.append(event("match_over", {"loser": loser, "winners": s["winners"]}))
