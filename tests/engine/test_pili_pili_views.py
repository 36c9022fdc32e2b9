"""Pili Pili hidden information (G4): what each seat's view shows, what the public view hides, which events
are private, and that legal actions never name a card the acting seat may not see."""

from __future__ import annotations

from engine import get_game, new_match, view
from engine.games.pili_pili import mission_card
from engine.games.pili_pili.actions import PlayCard
from engine.games.pili_pili.view import PiliPiliView
from tests.engine.test_pili_pili_support import (
    GAME_ID,
    act,
    bets,
    hand_seen,
    hidden,
    legal,
    masked_view_is_unchanged,
    only,
    plays,
    state,
    table,
)

HANDS = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_a_player_sees_their_own_hand_and_only_the_sizes_of_the_others() -> None:
    match = table(HANDS)
    assert [hand_seen(match, owner, 1) for owner in range(3)] == [[None] * 3, [4, 5, 6], [None] * 3]
    assert [hand_seen(match, owner, None) for owner in range(3)] == [[None] * 3] * 3
    paths = hidden(match, 1)
    assert {("hands", 0, 0), ("hands", 2, 2)} <= paths and not any(p[:2] == ("hands", 1) for p in paths)
    for seat in (None, 0, 1, 2):
        assert masked_view_is_unchanged(match, seat)


def test_the_undealt_cards_and_the_mission_order_are_hidden_but_the_current_mission_is_public() -> None:
    match, _ = new_match(GAME_ID, 3, {"missions": "expert"}, seed=9)
    paths = hidden(match, None)
    assert {("stock", i) for i in range(len(state(match)["stock"]))} <= paths
    assert {("mission_order", i) for i in range(39)} <= paths
    public = view(match, None)
    current = state(match)["catalog"][state(match)["mission"] or 0]
    assert public["mission"] is not None and public["mission"]["effect"] == current["effect"]
    assert public["missions_left"] == 39 and public["undealt"] is None and public["mission_deck"] is None
    assert masked_view_is_unchanged(match, None) and masked_view_is_unchanged(match, 2)


def test_bets_tricks_cards_played_and_pilis_are_public() -> None:
    match = bets(table(HANDS, pilis=[1, 2, 3]), 1, 0, 1)
    match, _ = plays(match, (0, 3), (1, 4))
    public = view(match, None)
    assert [seat["bet"] for seat in public["seats"]] == [1, 0, 1]
    assert [seat["pilis"] for seat in public["seats"]] == [1, 2, 3]
    assert public["trick"] == [{"seat": 0, "card": 3, "value": 3}, {"seat": 1, "card": 4, "value": 4}]
    match, _ = plays(match, (2, 9))
    public = view(match, None)
    assert public["trick"] == [] and public["trick_winners"] == [2] and public["seats"][2]["won"] == 1
    assert [play["card"] for play in public["last_trick"]] == [3, 4, 9]


def test_the_deal_is_a_private_event_for_each_player() -> None:
    match, events = new_match(GAME_ID, 4, seed=3)
    dealt = only(events, "hand_dealt")
    assert [(e.data["seat"], e.visible_to) for e in dealt] == [(s, (s,)) for s in range(4)]
    assert [e.data["cards"] for e in dealt] == state(match)["hands"]
    assert all(e.visible_to is None for e in events if e.kind != "hand_dealt")


def test_betting_actions_say_nothing_about_a_hand_its_owner_may_not_see() -> None:
    for effect in ("S4", "S7", "E2", "E4"):
        one = table([[1, 2], [3, 4]], mission=mission_card(effect, 2))
        other = table([[50, 51], [3, 4]], mission=mission_card(effect, 2))
        assert legal(one, 0) == legal(other, 0) == [{"type": "pili-pili.bet", "tricks": t} for t in range(3)]
    blind = bets(table([[1, 2], [3, 4]], mission=mission_card("E4", 2)), 0, 1)
    other = bets(table([[50, 51], [3, 4]], mission=mission_card("E4", 2)), 0, 1)
    assert legal(blind, 0) == legal(other, 0)


def test_once_the_match_is_over_everything_is_revealed() -> None:
    later = [mission_card("S6", 2)]
    match = bets(table([[5], [6]], pilis=[6, 0], mission=mission_card("S3", 1, value=0), later_missions=later), 1, 1)
    match, _ = plays(match, (0, 5), (1, 6))
    assert match.is_over and hidden(match, None) == set()
    public = view(match, None)
    assert public["undealt"] == state(match)["stock"] and len(public["undealt"]) == 54 and public["winners"] == [1]
    assert public["mission_deck"] == [{"effect": "S6", "name": "open-hands", "params": {}, "deal": 2, "expert": False}]
    assert public["phase"] == "over" and public["to_act"] == []


def test_views_carry_exactly_the_declared_keys() -> None:
    declared = set(PiliPiliView.__annotations__)
    assert get_game(GAME_ID).view_type is PiliPiliView
    betting = table(HANDS, mission=mission_card("S9", 3))
    committed, _ = act(bets(betting, 0, 0, 0), 1, PlayCard(5, None))
    for match in (betting, committed):
        for seat in (None, 0, 1, 2):
            assert set(view(match, seat)) == declared


def test_each_deal_records_the_server_time_that_e2_and_e4_count_from() -> None:
    match = bets(
        table([[5], [6]], mission=mission_card("S3", 1, value=1), later_missions=[mission_card("E2", 2)]), 0, 0
    )
    match, _ = act(match, 0, PlayCard(5, None), now=190.0)
    match, _ = act(match, 1, PlayCard(6, None), now=200.0)  # ends the round: the next deal happens now
    assert state(match)["dealt_at"] == 200.0 and view(match, 0, 200.0)["hand_hidden_at"] == 203.0
    assert hand_seen(match, 1, 1, now=202.5) == state(match)["hands"][1]
    assert hand_seen(match, 1, 1, now=203.5) == [None, None]
