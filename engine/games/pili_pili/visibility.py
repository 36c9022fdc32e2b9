"""Who sees which hand, and when: the one place the views, hidden paths and deal events all ask (G4, L7)."""

from __future__ import annotations

from engine.games.pili_pili.missions import LOOK_SECONDS
from engine.games.pili_pili.state import BET, OVER, PiliState, effect_of


def deal_witnesses(effect: str | None, owner: int, players: int) -> tuple[int, ...]:
    """The seats that see ``owner``'s hand as it is dealt, to whom the deal event is shown.

    Under S4 that is everyone else (the cards go on the owner's forehead). Under S7 nobody. Under E2
    and E4 the owner only glances at it, so no event carries it: an event would outlast the 3 seconds.
    """
    if effect == "S4":
        return tuple(seat for seat in range(players) if seat != owner)
    if effect in ("S7", "E2", "E4"):
        return ()
    return (owner,)


def sees_own_hand(state: PiliState, owner: int, now: float) -> bool:
    """Whether ``owner`` may look at their own hand at server time ``now`` during the round.

    S4 and S7 hide it until the owner's bet; E2 shows it for LOOK_SECONDS from the deal and again
    from the owner's bet; E4 shows it for LOOK_SECONDS only.
    """
    effect = effect_of(state)
    has_bet = state["bets"][owner] is not None
    looking = now < state["dealt_at"] + LOOK_SECONDS
    if effect in ("S4", "S7"):
        return has_bet
    if effect == "E2":
        return has_bet or looking
    if effect == "E4":
        return looking
    return True


def sees_hand(state: PiliState, owner: int, viewer: int | None, now: float) -> bool:
    """Whether ``viewer`` (``None``: a spectator) may see ``owner``'s hand at time ``now``.

    S6 opens every hand to all once the bets are in; under S4 a hand sits on its owner's forehead,
    visible to the other players, until the owner bets and takes it down.
    """
    if state["phase"] == OVER:
        return True
    if viewer == owner:
        return sees_own_hand(state, owner, now)
    effect = effect_of(state)
    if effect == "S6" and state["phase"] != BET:
        return True
    return effect == "S4" and viewer is not None and state["bets"][owner] is None
