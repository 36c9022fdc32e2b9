"""Pili Pili scenario tests: one or more fixed deals for each of the 18 mission effects (L7)."""

from __future__ import annotations

from engine import count_legal_actions, new_match, view
from engine.games.pili_pili import mission_card
from engine.games.pili_pili.actions import (
    Bet,
    ChoosePartner,
    ExchangeWith,
    GiveCard,
    PassCards,
    PlayCard,
    PlaySlot,
)
from engine.games.pili_pili.cards import JOKER
from tests.engine.test_pili_pili_support import (
    GAME_ID,
    act,
    bets,
    hand_seen,
    hidden,
    kinds,
    legal,
    masked_view_is_unchanged,
    only,
    plays,
    refusal,
    run,
    state,
    table,
)

# --- S1 pass-cards --------------------------------------------------------------------------------


def test_s1_after_the_bets_everyone_secretly_passes_cards_left() -> None:
    match = bets(table([[1, 2], [3, 4], [5, 6]], mission=mission_card("S1", 2, count=1, direction="left")), 0, 0, 0)
    assert state(match)["phase"] == "pass" and list(match.to_act) == [0, 1, 2]
    assert legal(match, 0) == [{"type": "pili-pili.pass", "cards": [1]}, {"type": "pili-pili.pass", "cards": [2]}]
    assert refusal(match, 0, PassCards((1, 2))).rule == "S1"
    assert refusal(match, 0, PassCards((3,))).rule == "pili-pili rulebook"
    match, events = act(match, 1, PassCards((4,)))
    assert [(e.kind, e.data, e.visible_to) for e in events] == [
        ("choice_committed", {"seat": 1, "choice": "pass"}, None)
    ]
    assert list(match.to_act) == [0, 2]
    assert view(match, 0)["seats"][1]["committed"] and view(match, 0)["my_choice"] is None
    assert view(match, 1)["my_choice"] == [4]
    assert ("pending", 1, 0) in hidden(match, 0) and ("pending", 1, 0) not in hidden(match, 1)
    assert masked_view_is_unchanged(match, 0) and masked_view_is_unchanged(match, None)
    match, events = run(match, [(0, PassCards((2,))), (2, PassCards((5,)))])
    assert state(match)["hands"] == [[1, 5], [2, 3], [4, 6]]
    received = [(e.data, e.visible_to) for e in only(events, "cards_received")]
    assert received == [
        ({"seat": 1, "from": 0, "cards": [2]}, (0, 1)),
        ({"seat": 2, "from": 1, "cards": [4]}, (1, 2)),
        ({"seat": 0, "from": 2, "cards": [5]}, (0, 2)),
    ]
    assert state(match)["phase"] == "play" and list(match.to_act) == [0]


def test_s1_two_players_pass_right_to_each_other_in_increasing_order() -> None:
    match = bets(table([[1, 2, 3], [4, 5, 6]], mission=mission_card("S1", 3, count=2, direction="right")), 0, 0)
    assert count_legal_actions(match, 0) == 3
    assert refusal(match, 0, PassCards((3, 1))).rule == "S1"
    assert refusal(match, 0, PassCards((1, 1))).rule == "S1"
    match, _ = run(match, [(0, PassCards((1, 3))), (1, PassCards((5, 6)))])
    assert state(match)["hands"] == [[2, 5, 6], [1, 3, 4]]


def test_s1_a_count_above_the_hand_passes_the_whole_hand() -> None:
    match = bets(table([[1, 2], [3, 4]], mission=mission_card("S1", 7, count=5, direction="left")), 0, 0)
    assert legal(match, 0) == [{"type": "pili-pili.pass", "cards": [1, 2]}]


# --- S2 pass-hand ---------------------------------------------------------------------------------


def test_s2_after_the_bets_every_hand_moves_whole_to_the_right() -> None:
    match = table([[1, 2], [3, 4], [5, 6]], mission=mission_card("S2", 2, direction="right"))
    match, events = run(match, [(0, Bet(0)), (1, Bet(0)), (2, Bet(1))])
    assert state(match)["hands"] == [[3, 4], [5, 6], [1, 2]]
    assert only(events, "hands_passed")[0].data == {"direction": "right"}
    received = [(e.data, e.visible_to) for e in only(events, "hand_received")]
    assert received[0] == ({"seat": 2, "from": 0, "cards": [1, 2]}, (0, 2))
    assert state(match)["phase"] == "play" and list(match.to_act) == [0]


# --- S3 forbidden-bet -----------------------------------------------------------------------------


def test_s3_nobody_may_bet_the_forbidden_value() -> None:
    match = table([[1, 2, 3], [4, 5, 6], [7, 8, 9]], mission=mission_card("S3", 3, value=1))
    assert [a["tricks"] for a in legal(match, 0)] == [0, 2, 3]
    error = refusal(match, 0, Bet(1))
    assert error.rule == "S3" and "bet 1" in error.message
    match = bets(match, 0)
    assert [a["tricks"] for a in legal(match, 1)] == [0, 2, 3]


# --- S4 forehead ----------------------------------------------------------------------------------


def test_s4_players_see_the_others_hands_but_not_their_own_until_they_bet() -> None:
    match = table([[10], [20], [30]], mission=mission_card("S4", 1))
    assert [hand_seen(match, owner, 0) for owner in range(3)] == [[None], [20], [30]]
    assert [hand_seen(match, owner, None) for owner in range(3)] == [[None], [None], [None]]
    assert hidden(match, 0) >= {("hands", 0, 0)} and ("hands", 1, 0) not in hidden(match, 0)
    assert [a["tricks"] for a in legal(match, 0)] == [0, 1]  # bets say nothing about the hand
    match, events = act(match, 0, Bet(1))
    assert [(e.data, e.visible_to) for e in only(events, "hand_revealed")] == [({"seat": 0, "cards": [10]}, (0,))]
    assert hand_seen(match, 0, 0) == [10]  # taken down from the forehead and looked at
    assert hand_seen(match, 0, 1) == [None] and hand_seen(match, 2, 1) == [30]
    for seat in (None, 0, 1, 2):
        assert masked_view_is_unchanged(match, seat)


def test_s4_the_deal_is_shown_to_everyone_but_its_owner() -> None:
    deck = [{"effect": "S4", "deal": 2}]
    match, events = new_match(GAME_ID, 3, {"missions": "standard", "mission_deck": deck}, seed=1)
    dealt = only(events, "hand_dealt")
    assert [(e.data["seat"], e.visible_to) for e in dealt] == [(0, (1, 2)), (1, (0, 2)), (2, (0, 1))]
    assert [e.data["cards"] for e in dealt] == state(match)["hands"]


# --- S5 draw-one ----------------------------------------------------------------------------------


def test_s5_after_the_bets_everyone_draws_one_card_and_plays_one_more_trick() -> None:
    match = table([[1, 2], [3, 4]], mission=mission_card("S5", 2))
    match, _ = act(match, 0, Bet(2))
    assert [a["tricks"] for a in legal(match, 1)] == [1, 2]  # L3 counts the 2 cards dealt, not 3
    assert refusal(match, 1, Bet(3)).rule == "L3"
    match, events = act(match, 1, Bet(1))
    assert state(match)["hands"] == [[1, 2, 55], [3, 4, 54]] and state(match)["tricks"] == 3
    drawn = [(e.data, e.visible_to) for e in only(events, "card_drawn")]
    assert drawn == [({"seat": 0, "card": 55}, (0,)), ({"seat": 1, "card": 54}, (1,))]
    match, events = plays(match, (0, 55), (1, 3), (0, 1), (1, 4), (1, 54), (0, 2))
    assert only(events, "round_scored")[0].data["won"] == [1, 2]


# --- S6 open-hands --------------------------------------------------------------------------------


def test_s6_after_the_bets_every_hand_is_public() -> None:
    match = table([[1, 2], [3, 4]], mission=mission_card("S6", 2))
    assert hand_seen(match, 0, None) == [None, None] and hand_seen(match, 1, 0) == [None, None]
    match = bets(match, 0, 1)
    assert hand_seen(match, 0, None) == [1, 2] and hand_seen(match, 0, 1) == [1, 2]
    assert not any(path[0] == "hands" for path in hidden(match, None))
    match, events = run(table([[1, 2], [3, 4]], mission=mission_card("S6", 2)), [(0, Bet(0)), (1, Bet(1))])
    assert [(e.data, e.visible_to) for e in only(events, "hands_opened")] == [({"hands": [[1, 2], [3, 4]]}, None)]


# --- S7 blind-bet ---------------------------------------------------------------------------------


def test_s7_players_bet_before_seeing_their_hand() -> None:
    deck = [{"effect": "S7", "deal": 3}]
    match, events = new_match(GAME_ID, 2, {"missions": "standard", "mission_deck": deck, "first_player": 0}, seed=1)
    assert only(events, "hand_dealt") == []
    assert hand_seen(match, 0, 0) == [None] * 3 and hand_seen(match, 1, 1) == [None] * 3
    match, events = act(match, 0, Bet(1))
    assert hand_seen(match, 0, 0) == state(match)["hands"][0] and hand_seen(match, 1, 1) == [None] * 3
    assert hand_seen(match, 0, 1) == [None] * 3
    assert only(events, "hand_revealed")[0].visible_to == (0,)
    assert masked_view_is_unchanged(match, 1)


# --- S8 exact-bet-discard -------------------------------------------------------------------------


def test_s8_an_exact_bet_discards_as_many_pilis_as_the_bet() -> None:
    match = bets(table([[50, 1], [2, 3]], mission=mission_card("S8", 2), pilis=[3, 0]), 1, 0)
    match, events = plays(match, (0, 50), (1, 2), (0, 1), (1, 3))
    scored = only(events, "round_scored")[0].data
    assert scored["won"] == [1, 1] and scored["taken"] == [0, 1] and scored["discarded"] == [1, 0]
    assert scored["pilis"] == [2, 1]


def test_s8_a_discard_never_goes_below_zero() -> None:
    match = bets(table([[50, 51], [2, 3]], mission=mission_card("S8", 2), pilis=[1, 0]), 2, 1)
    match, events = plays(match, (0, 50), (1, 2), (0, 51), (1, 3))
    scored = only(events, "round_scored")[0].data
    assert scored["discarded"] == [1, 0] and scored["pilis"] == [0, 1]


# --- S9 simultaneous-tricks -----------------------------------------------------------------------


def test_s9_every_player_commits_a_card_secretly_and_the_joker_wins_a_tie() -> None:
    match = bets(table([[40, 1], [JOKER, 2], [30, 3]], mission=mission_card("S9", 2)), 0, 0, 0)
    assert list(match.to_act) == [0, 1, 2]
    match, events = act(match, 0, PlayCard(40, None))
    assert kinds(events) == ["choice_committed"] and list(match.to_act) == [1, 2]
    assert view(match, 1)["trick"] == [] and view(match, 1)["seats"][0]["committed"]
    assert {("pending", 0, 0), ("pending", 0, 1)} <= hidden(match, 1) and hidden(match, None) >= {("pending", 0, 0)}
    assert view(match, 0)["my_choice"] == [40, 40]
    assert masked_view_is_unchanged(match, 1) and masked_view_is_unchanged(match, None)
    match, _ = act(match, 2, PlayCard(30, None))
    match, events = act(match, 1, PlayCard(JOKER, 40))  # committed last, equal to the 40: the Joker wins (L1)
    played = [e.data for e in only(events, "card_played")]
    assert played == [
        {"seat": 0, "card": 40, "value": 40},
        {"seat": 1, "card": JOKER, "value": 40},
        {"seat": 2, "card": 30, "value": 30},
    ]
    assert only(events, "trick_won")[0].data["seat"] == 1 and list(match.to_act) == [0, 1, 2]


# --- E1 reversed ----------------------------------------------------------------------------------


def test_e1_lower_values_win() -> None:
    match = bets(table([[10, 1], [20, 2], [5, 3]], mission=mission_card("E1", 2)), 0, 0, 0)
    match, events = plays(match, (0, 10), (1, 20), (2, 5))
    assert only(events, "trick_won")[0].data["seat"] == 2


def test_e1_the_joker_at_0_is_strongest_and_ties_still_go_to_the_first_card() -> None:
    match = bets(table([[JOKER, 9], [1, 8], [2, 7]], mission=mission_card("E1", 2)), 0, 0, 0)
    match, _ = act(match, 0, PlayCard(JOKER, 0))
    match, events = plays(match, (1, 1), (2, 2))
    assert only(events, "trick_won")[0].data["seat"] == 0
    match = bets(table([[JOKER, 9], [1, 8], [2, 7]], mission=mission_card("E1", 2)), 0, 0, 0)
    match, _ = act(match, 0, PlayCard(JOKER, 1))
    match, events = plays(match, (1, 1), (2, 2))
    assert only(events, "trick_won")[0].data["seat"] == 0


# --- E2 three-second-look -------------------------------------------------------------------------


def test_e2_the_hand_shows_for_3_seconds_then_hides_until_the_bet() -> None:
    match = table([[1, 2], [3, 4]], mission=mission_card("E2", 2), dealt_at=100.0)
    assert hand_seen(match, 0, 0, now=102.9) == [1, 2]
    assert hand_seen(match, 0, 0, now=103.0) == [None, None]
    assert view(match, 0, 103.0)["hand_hidden_at"] == 103.0
    assert ("hands", 0, 0) in hidden(match, 0, 103.0) and ("hands", 0, 0) not in hidden(match, 0, 102.0)
    assert hand_seen(match, 1, 0, now=101.0) == [None, None]
    assert masked_view_is_unchanged(match, 0, 103.0) and masked_view_is_unchanged(match, 0, 101.0)
    match, events = act(match, 0, Bet(1), now=110.0)
    assert hand_seen(match, 0, 0, now=110.0) == [1, 2] and hand_seen(match, 1, 1, now=110.0) == [None, None]
    assert only(events, "hand_revealed")[0].visible_to == (0,)


def test_e2_no_event_carries_the_hand_at_the_deal() -> None:
    deck = [{"effect": "E2", "deal": 5}]
    match, events = new_match(GAME_ID, 3, {"missions": "expert", "mission_deck": deck}, seed=1, now=50.0)
    assert only(events, "hand_dealt") == []
    assert hand_seen(match, 0, 0, now=52.0) == state(match)["hands"][0]
    assert hand_seen(match, 0, 0, now=53.5) == [None] * 5


# --- E3 first-last-trick --------------------------------------------------------------------------


def test_e3_the_winners_of_the_first_and_last_tricks_take_an_extra_pili() -> None:
    match = bets(table([[50, 1, 2], [3, 4, 51]], mission=mission_card("E3", 3)), 1, 1)
    match, events = plays(match, (0, 50), (1, 3), (0, 1), (1, 4), (1, 51), (0, 2))
    scored = only(events, "round_scored")[0].data
    assert scored["won"] == [1, 2] and scored["taken"] == [0 + 1, 1 + 1]


def test_e3_winning_both_the_first_and_last_trick_costs_one_extra_pili() -> None:
    match = bets(table([[50, 1, 51], [2, 3, 4]], mission=mission_card("E3", 3)), 2, 0)
    match, events = plays(match, (0, 50), (1, 2), (0, 1), (1, 3), (1, 4), (0, 51))
    scored = only(events, "round_scored")[0].data
    assert scored["won"] == [2, 1] and scored["taken"] == [1, 1]


# --- E4 blind-round -------------------------------------------------------------------------------


def test_e4_the_hand_shows_for_3_seconds_then_is_played_blind_by_slot() -> None:
    match = table([[30, JOKER, 5], [10, 20, 40]], mission=mission_card("E4", 3))
    assert hand_seen(match, 0, 0, now=1.0) == [30, JOKER, 5]  # slot order, as dealt
    assert hand_seen(match, 0, 0, now=3.5) == [None] * 3
    match, _ = run(match, [(0, Bet(1)), (1, Bet(0))], now=4.0)
    assert hand_seen(match, 0, 0, now=4.0) == [None] * 3  # hidden for the whole round, bet or not
    assert masked_view_is_unchanged(match, 0, 4.0)
    assert legal(match, 0) == [{"type": "pili-pili.play-slot", "slot": slot} for slot in range(3)]
    assert refusal(match, 0, PlayCard(30, None)).rule == "E4"
    assert refusal(match, 0, PlaySlot(3)).rule == "E4"
    match, events = act(match, 0, PlaySlot(1), now=5.0)
    assert only(events, "card_played")[0].data == {"seat": 0, "card": JOKER, "value": 56}
    match, events = act(match, 1, PlaySlot(2), now=6.0)
    assert only(events, "trick_won")[0].data["seat"] == 0
    assert state(match)["hands"] == [[30, 5], [10, 20]]


def test_e4_play_slot_is_refused_outside_the_blind_round() -> None:
    match = bets(table([[1], [2]]), 0, 0)
    assert refusal(match, 0, PlaySlot(0)).rule == "E4"


def test_e4_dealt_hands_keep_their_random_order() -> None:
    deck = [{"effect": "E4", "deal": 5}]
    match, _ = new_match(GAME_ID, 4, {"missions": "expert", "mission_deck": deck}, seed=1)
    assert any(hand != sorted(hand) for hand in state(match)["hands"])


# --- E5 no-copy-bet -------------------------------------------------------------------------------


def test_e5_nobody_may_copy_the_bet_just_before_theirs() -> None:
    match = table([[1, 2, 3], [4, 5, 6], [7, 8, 9]], mission=mission_card("E5", 3), dealer=1)
    assert [a["tricks"] for a in legal(match, 1)] == [0, 1, 2, 3]  # the dealer bets first: free
    match, _ = act(match, 1, Bet(2))
    error = refusal(match, 2, Bet(2))
    assert error.rule == "E5" and "(2)" in error.message
    match, _ = act(match, 2, Bet(0))
    assert [a["tricks"] for a in legal(match, 0)] == [2, 3]  # 0 copies seat 2, 1 would total 3 (L3)


# --- E6 choose-partner ----------------------------------------------------------------------------


def test_e6_everyone_secretly_chooses_a_partner_and_takes_their_pilis_too() -> None:
    match = bets(table([[10], [20], [30]], mission=mission_card("E6", 1)), 1, 0, 1)
    assert state(match)["phase"] == "partner" and list(match.to_act) == [0, 1, 2]
    assert legal(match, 0) == [{"type": "pili-pili.choose-partner", "partner": p} for p in (1, 2)]
    assert refusal(match, 0, ChoosePartner(0)).rule == "E6"
    assert refusal(match, 0, ChoosePartner(5)).rule == "E6"
    match, events = act(match, 0, ChoosePartner(2))
    assert kinds(events) == ["choice_committed"] and ("pending", 0, 0) in hidden(match, 1)
    assert view(match, 1)["seats"][0]["partner"] is None and masked_view_is_unchanged(match, 1)
    match, events = run(match, [(1, ChoosePartner(2)), (2, ChoosePartner(0))])
    assert only(events, "partners_revealed")[0].data == {"partners": [2, 2, 0]}
    assert view(match, 1)["seats"][0]["partner"] == 2 and list(match.to_act) == [0]
    match, events = plays(match, (0, 10), (1, 20), (2, 30))
    # own: seat 0 missed by 1, seat 1 and seat 2 exact; each adds the partner's
    assert only(events, "round_scored")[0].data["taken"] == [1 + 0, 0 + 0, 0 + 1]


# --- E7 extremes ----------------------------------------------------------------------------------


def test_e7_play_the_highest_or_lowest_card_or_the_joker() -> None:
    match = bets(table([[5, 10, 20, JOKER], [1, 2, 3, 4]], mission=mission_card("E7", 4)), 0, 0)
    cards = {a["card"] for a in legal(match, 0)}
    assert cards == {5, 20, JOKER} and count_legal_actions(match, 0) == 2 + 57
    error = refusal(match, 0, PlayCard(10, None))
    assert error.rule == "E7" and "(20)" in error.message and "(5)" in error.message
    match, _ = act(match, 0, PlayCard(JOKER, 3))
    assert {a["card"] for a in legal(match, 1)} == {1, 4}


# --- E8 marked-numbers ----------------------------------------------------------------------------


def test_e8_a_trick_holding_a_marked_number_costs_its_winner_one_pili() -> None:
    marked = mission_card("E8", 2, numbers=[3, 4, 5, 6, 7, 8])
    match = bets(table([[5, 50], [JOKER, 51]], mission=marked), 0, 0)
    match, events = act(match, 0, PlayCard(5, None))
    match, events = act(match, 1, PlayCard(JOKER, 56))
    assert kinds(events)[-1] == "marked_trick" and view(match, 0)["seats"][1]["extra_pilis"] == 1
    match, events = plays(match, (1, 51), (0, 50))
    assert only(events, "round_scored")[0].data["taken"] == [0, 2 + 1]


def test_e8_the_joker_never_counts_as_a_marked_number() -> None:
    marked = mission_card("E8", 2, numbers=[3, 4, 5, 6, 7, 8])
    match = bets(table([[40, 50], [JOKER, 51]], mission=marked), 1, 0)
    match, _ = act(match, 0, PlayCard(40, None))
    match, events = act(match, 1, PlayCard(JOKER, 5))
    assert "marked_trick" not in kinds(events) and only(events, "trick_won")[0].data["seat"] == 0


# --- E9 trick-exchange ----------------------------------------------------------------------------


def test_e9_the_trick_winner_exchanges_a_card_with_a_player_of_their_choice() -> None:
    match = bets(table([[50, 1], [2, 3], [4, 5]], mission=mission_card("E9", 2)), 0, 0, 0)
    match, _ = plays(match, (0, 50), (1, 2), (2, 4))
    assert state(match)["phase"] == "exchange-choice" and list(match.to_act) == [0]
    assert refusal(match, 0, ExchangeWith(0)).rule == "E9"
    assert refusal(match, 0, ExchangeWith(3)).rule == "E9"
    assert refusal(match, 0, PlayCard(1, None)).rule == "E9"
    match, events = act(match, 0, ExchangeWith(2))
    assert only(events, "exchange_started")[0].data == {"seat": 0, "with": 2}
    assert list(match.to_act) == [0, 2]
    assert legal(match, 2) == [{"type": "pili-pili.give", "card": 5}]
    match, _ = act(match, 2, GiveCard(5))
    assert ("pending", 2, 0) in hidden(match, 0) and masked_view_is_unchanged(match, 0)
    assert list(match.to_act) == [0] and refusal(match, 0, GiveCard(5)).rule == "pili-pili rulebook"
    match, events = act(match, 0, GiveCard(1))
    assert state(match)["hands"] == [[5], [3], [1]]
    assert only(events, "cards_exchanged")[0].visible_to is None
    given = only(events, "cards_given")[0]
    assert given.data == {"seats": [0, 2], "gave": [1, 5]} and given.visible_to == (0, 2)
    assert state(match)["phase"] == "play" and list(match.to_act) == [0]
    match, events = plays(match, (0, 5), (1, 3), (2, 1))
    assert "exchange_started" not in kinds(events) and "round_scored" in kinds(events)  # no cards left: no exchange
