"""Playing the tricks (L1, L2, S9, E1, E4, E7, E8, E9) and scoring the round (L4, S8, E3, E6)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Context, Event
from engine.games.pili_pili.cards import JOKER, card_name, extreme_cards, strongest_joker_value, trick_winner
from engine.games.pili_pili.deal import start_round
from engine.games.pili_pili.decisions import check_held, committed
from engine.games.pili_pili.state import EXCHANGE_CHOICE, OVER, PiliState, effect_of, mission_param

#: The Pili count that ends the match after the round in which someone reaches it (L4).
PILIS_TO_END = 7


def playable_cards(state: PiliState, seat: int) -> list[int]:
    """The cards ``seat`` may play, in hand order: all of them, or under E7 the extremes and the Joker."""
    hand = state["hands"][seat]
    if effect_of(state) != "E7":
        return list(hand)
    allowed = extreme_cards(hand)
    return [card for card in hand if card in allowed]


def check_play(state: PiliState, seat: int, card: int, joker_value: int | None) -> None:
    """A held card (E7: an extreme or the Joker); the Joker with a value and a number without (L1)."""
    if effect_of(state) == "E4":
        raise IllegalAction("E4", "your hand lies face down this round: play a slot with pili-pili.play-slot")
    check_held(state, seat, [card])
    if card == JOKER and joker_value is None:
        raise IllegalAction("L1", "say which value the Joker takes: joker_value from 0 to 56")
    if card != JOKER and joker_value is not None:
        raise IllegalAction("L1", f"only the Joker takes a value; {card_name(card)} is worth {card}")
    if card not in playable_cards(state, seat):
        numbers = [c for c in state["hands"][seat] if c != JOKER]
        raise IllegalAction(
            "E7", f"play your highest card ({max(numbers)}) or your lowest ({min(numbers)}), or the Joker"
        )


def check_slot(state: PiliState, seat: int, slot: int) -> None:
    """E4 only, and a slot that exists in the hand (its content is never looked at)."""
    if effect_of(state) != "E4":
        raise IllegalAction("E4", "slots are only for the blind round (E4); play a card with pili-pili.play")
    size = len(state["hands"][seat])
    if slot >= size:
        raise IllegalAction("E4", f"you have {size} card(s): slots 0 to {size - 1}")


def apply_slot(state: PiliState, seat: int, slot: int, ctx: Context) -> list[Event]:
    """E4: play the hidden card in ``slot``; a hidden Joker takes the strongest value."""
    card = state["hands"][seat][slot]
    value = strongest_joker_value(reversed_strength=False) if card == JOKER else card  # E4's round is never E1
    return apply_play(state, seat, card, value, ctx)


def apply_play(state: PiliState, seat: int, card: int, value: int, ctx: Context) -> list[Event]:
    """Play (or under S9 commit) the card; a complete trick is resolved."""
    state["hands"][seat].remove(card)
    if effect_of(state) == "S9":
        state["pending"][seat] = [card, value]
        events = [committed(seat, "card")]
        if any(choice is None for choice in state["pending"]):
            return events
        return events + reveal_simultaneous_trick(state, ctx)
    state["trick"] = [*state["trick"], [seat, card, value]]
    events = [Event("card_played", {"seat": seat, "card": card, "value": value})]
    if len(state["trick"]) < state["players"]:
        state["turn"] = (seat + 1) % state["players"]
        return events
    return events + resolve_trick(state, ctx)


def reveal_simultaneous_trick(state: PiliState, ctx: Context) -> list[Event]:
    """S9: every committed card turns face up at once (listed from the leader clockwise)."""
    players = state["players"]
    order = [(state["turn"] + offset) % players for offset in range(players)]
    plays = []
    for seat in order:
        choice = state["pending"][seat]
        assert choice is not None
        plays.append([seat, *choice])
    state["pending"] = [None] * players
    state["trick"] = plays
    events = [Event("card_played", {"seat": seat, "card": card, "value": value}) for seat, card, value in plays]
    return events + resolve_trick(state, ctx)


def resolve_trick(state: PiliState, ctx: Context) -> list[Event]:
    """The trick goes to its winner, who leads the next (L2); at the end of the hands, score the round."""
    effect = effect_of(state)
    plays = state["trick"]
    winner = trick_winner(plays, reversed_strength=effect == "E1", simultaneous=effect == "S9")
    state["won"][winner] += 1
    state["trick_winners"].append(winner)
    state["last_trick"] = plays
    state["trick"] = []
    state["turn"] = winner
    data = {"seat": winner, "trick": len(state["trick_winners"]), "cards": [card for _, card, _ in plays]}
    events = [Event("trick_won", data)]
    if effect == "E8" and any(card != JOKER and card in mission_param(state, "numbers") for _, card, _ in plays):
        state["extra"][winner] += 1  # E8: one extra Pili per trick holding a marked number
        events.append(Event("marked_trick", {"seat": winner, "trick": data["trick"]}))
    if len(state["trick_winners"]) == state["tricks"]:
        return events + end_round(state, ctx)
    if effect == "E9":
        state["phase"] = EXCHANGE_CHOICE
    return events


def round_penalties(state: PiliState) -> list[int]:
    """The Pilis each player takes for the round just played (L4, E3, E6, E8)."""
    players = range(state["players"])
    own = [abs(_bet(state, seat) - state["won"][seat]) + state["extra"][seat] for seat in players]
    effect = effect_of(state)
    if effect == "E3":  # one extra Pili for winning the first trick, the last trick, or both
        for seat in set(state["trick_winners"][:1] + state["trick_winners"][-1:]):
            own[seat] += 1
    if effect == "E6":
        partners = state["partners"]
        return [own[seat] + own[_partner(partners, seat)] for seat in players]
    return own


def end_round(state: PiliState, ctx: Context) -> list[Event]:
    """Hand out the Pilis (S8 discards for exact bets); end the match at 7 (L4) or deal the next round."""
    taken = round_penalties(state)
    discarded = [0] * state["players"]
    pilis = state["pilis"]
    for seat, penalty in enumerate(taken):
        pilis[seat] += penalty
        if effect_of(state) == "S8" and _bet(state, seat) == state["won"][seat]:
            discarded[seat] = min(_bet(state, seat), pilis[seat])
            pilis[seat] -= discarded[seat]
    data = {
        "round": state["round"],
        "bets": list(state["bets"]),
        "won": list(state["won"]),
        "taken": taken,
        "discarded": discarded,
        "pilis": list(pilis),
    }
    events = [Event("round_scored", data)]
    if max(pilis) >= PILIS_TO_END:
        fewest = min(pilis)
        winners = [seat for seat, count in enumerate(pilis) if count == fewest]
        state["winners"] = winners
        state["phase"] = OVER
        return [*events, Event("match_over", {"winners": list(winners), "pilis": list(pilis)})]
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % state["players"]
    return events + start_round(state, ctx.rng, ctx.now)


def _bet(state: PiliState, seat: int) -> int:
    bet = state["bets"][seat]
    assert bet is not None
    return bet


def _partner(partners: list[int | None], seat: int) -> int:
    partner = partners[seat]
    assert partner is not None
    return partner
