"""Pili Pili scenario tests for the base rules (L1-L6, G2), the options and the rulebook's examples."""

from __future__ import annotations

import pytest

from engine import (
    InvalidOptions,
    MalformedAction,
    RecordedAction,
    apply_action,
    count_legal_actions,
    new_match,
    replay,
    validate_action,
)
from engine.games.pili_pili import DEFAULT_DECK, mission_card
from engine.games.pili_pili.actions import Bet, PlayCard
from engine.games.pili_pili.cards import JOKER
from engine.games.pili_pili.missions import dealt_per_player
from tests.engine.test_pili_pili_support import (
    GAME_ID,
    act,
    bets,
    kinds,
    legal,
    only,
    plays,
    refusal,
    state,
    table,
)

THREE_HANDS = [[10, 20, 30, 40, 50], [11, 21, 31, 41, 51], [12, 22, 32, 42, JOKER]]


# --- L1: the cards and the Joker ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 8])
def test_l1_the_deck_is_55_numbers_and_a_joker_dealt_5_each_without_missions(players: int) -> None:
    match, _ = new_match(GAME_ID, players, seed=3)
    dealt = state(match)["hands"]
    assert [len(hand) for hand in dealt] == [5] * players
    everything = [card for hand in dealt for card in hand] + state(match)["stock"]
    assert sorted(everything) == list(range(56))  # 0 is the Joker, 1-55 the numbers


def test_l1_the_joker_takes_any_value_from_0_to_56_chosen_in_the_play() -> None:
    match = bets(table(THREE_HANDS), 1, 1, 1)
    match, _ = plays(match, (0, 10), (1, 11))
    joker_plays = [a for a in legal(match, 2) if a["card"] == JOKER]
    assert [a["joker_value"] for a in joker_plays] == list(range(57))
    assert count_legal_actions(match, 2) == 4 + 57
    assert refusal(match, 2, PlayCard(JOKER, None)).rule == "L1"
    assert refusal(match, 2, PlayCard(12, 30)).rule == "L1"
    with pytest.raises(MalformedAction):
        validate_action(match, 2, PlayCard(JOKER, 57).to_json())
    assert validate_action(match, 2, {"type": "pili-pili.play", "card": 12}) == PlayCard(12, None)  # may be left out
    assert refusal(match, 2, {"type": "pili-pili.play", "card": JOKER}).rule == "L1"  # but the Joker needs it
    match, events = act(match, 2, PlayCard(JOKER, 56))
    assert only(events, "card_played")[0].data == {"seat": 2, "card": JOKER, "value": 56}
    assert only(events, "trick_won")[0].data["seat"] == 2


def test_l1_a_joker_tie_goes_to_the_card_played_first() -> None:
    match = bets(table(THREE_HANDS), 1, 1, 1)
    match, _ = plays(match, (0, 40), (1, 11))
    match, events = act(match, 2, PlayCard(JOKER, 40))  # ties the 40 played before it
    assert only(events, "trick_won")[0].data["seat"] == 0
    assert state(match)["turn"] == 0


def test_l1_a_joker_played_first_wins_the_tie_against_a_later_number() -> None:
    hands = [[JOKER, 1], [30, 2], [3, 4]]
    match = bets(table(hands), 0, 0, 1)
    match, _ = act(match, 0, PlayCard(JOKER, 30))
    match, events = plays(match, (1, 30), (2, 3))
    assert only(events, "trick_won")[0].data["seat"] == 0


def test_unknown_cards_are_refused_with_the_rulebook() -> None:
    match = bets(table(THREE_HANDS), 1, 1, 1)
    assert refusal(match, 0, PlayCard(11, None)).rule == "pili-pili rulebook"
    assert "you do not hold card 11" in refusal(match, 0, PlayCard(11, None)).message


# --- L2: dealer, betting order, leads -------------------------------------------------------------


def test_l2_first_player_deals_and_bets_start_with_the_dealer_clockwise() -> None:
    match, events = new_match(GAME_ID, 4, {"first_player": 2}, seed=5)
    assert state(match)["dealer"] == 2 and list(match.to_act) == [2]
    assert only(events, "round_started")[0].data["dealer"] == 2
    order = []
    for _ in range(4):
        seat = match.to_act[0]
        order.append(seat)
        match, _ = act(match, seat, Bet(0 if len(order) < 4 else 1))
    assert order == [2, 3, 0, 1]
    assert state(match)["phase"] == "play" and list(match.to_act) == [2]  # the dealer leads


def test_l2_the_trick_winner_leads_the_next_trick() -> None:
    match = bets(table(THREE_HANDS, dealer=1), 1, 1, 1)  # bets by 1, 2, 0
    match, _ = plays(match, (1, 11), (2, 42), (0, 10))
    assert state(match)["trick_winners"] == [2] and list(match.to_act) == [2]
    match, _ = plays(match, (2, 12), (0, 50), (1, 21))
    assert list(match.to_act) == [0]


def test_l2_the_deal_passes_left_each_round() -> None:
    hands = [[1], [2]]
    match = bets(table(hands, dealer=1), 0, 0)
    match, events = plays(match, (1, 2), (0, 1))
    assert state(match)["round"] == 2 and state(match)["dealer"] == 0 and list(match.to_act) == [0]
    assert only(events, "round_started")[0].data == {"round": 2, "dealer": 0, "mission": None, "deal": 5}


def test_g2_the_default_first_dealer_is_a_seeded_random_seat() -> None:
    dealers = {state(new_match(GAME_ID, 8, seed=seed)[0])["dealer"] for seed in range(12)}
    assert len(dealers) > 1
    assert state(new_match(GAME_ID, 8, seed=4)[0])["dealer"] == state(new_match(GAME_ID, 8, seed=4)[0])["dealer"]


# --- L3: bets -------------------------------------------------------------------------------------


def test_l3_rulebook_example_the_last_bettor_may_not_make_the_total_equal_the_cards_dealt() -> None:
    hands = [[i * 5 + j + 1 for j in range(5)] for i in range(5)]
    match = bets(table(hands), 1, 0, 2, 1)  # four players have bet 4 in total
    assert list(match.to_act) == [4]
    error = refusal(match, 4, Bet(1))
    assert error.rule == "L3" and "total 5" in error.message
    assert [a["tricks"] for a in legal(match, 4)] == [0, 2, 3, 4, 5]
    match, events = act(match, 4, Bet(5))
    assert kinds(events)[0] == "bet_placed" and state(match)["bets"] == [1, 0, 2, 1, 5]


def test_l3_bets_run_from_0_to_the_cards_dealt() -> None:
    match = table(THREE_HANDS)
    assert [a["tricks"] for a in legal(match, 0)] == [0, 1, 2, 3, 4, 5]
    assert refusal(match, 0, Bet(6)).rule == "L3"
    with pytest.raises(MalformedAction):
        validate_action(match, 0, {"type": "pili-pili.bet", "tricks": -1})


def test_l3_actions_of_another_phase_are_refused() -> None:
    match = table(THREE_HANDS)
    assert refusal(match, 0, PlayCard(10, None)).rule == "L3"
    match = bets(match, 1, 1, 1)
    assert refusal(match, 0, Bet(1)).rule == "L2"


def test_l3_a_mission_restriction_that_leaves_no_bet_is_lifted_for_the_last_bettor() -> None:
    match = bets(table([[1], [2]], mission=mission_card("E5", 1)), 1)
    # Seat 1 bets last: 0 would total the 1 card dealt (L3) and 1 copies seat 0 (E5): E5 is lifted.
    assert [a["tricks"] for a in legal(match, 1)] == [1]
    assert refusal(match, 1, Bet(0)).rule == "L3"
    match, _ = act(match, 1, Bet(1))
    assert state(match)["bets"] == [1, 1]


def test_l3_s3_alone_never_needs_lifting_and_binds_the_last_bettor_too() -> None:
    match = bets(table([[1, 2], [3, 4]], mission=mission_card("S3", 2, value=1)), 0)
    assert [a["tricks"] for a in legal(match, 1)] == [0]  # 2 would total the deal (L3), 1 is forbidden (S3)
    assert refusal(match, 1, Bet(1)).rule == "S3"


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("value", [0, 1])
def test_l3_s3_never_needs_lifting_even_on_a_custom_card_with_one_card_dealt(players: int, value: int) -> None:
    # With 1 card, S3 leaves everyone the other bet; the last bettor's forbidden total is never that bet.
    match = table([[seat + 1] for seat in range(players)], mission=mission_card("S3", 1, value=value))
    for seat in range(players):
        assert [a["tricks"] for a in legal(match, seat)] == [1 - value]
        match, _ = act(match, seat, Bet(1 - value))


def test_l3_the_first_bettor_under_s3_keeps_the_restriction() -> None:
    match = table([[1], [2]], mission=mission_card("S3", 1, value=0))
    assert [a["tricks"] for a in legal(match, 0)] == [1]
    assert refusal(match, 0, Bet(0)).rule == "S3"


# --- L4: Pilis and the end of the match -----------------------------------------------------------


def test_l4_rulebook_example_bet_1_won_3_takes_2_pilis() -> None:
    hands = [[51, 52, 53, 1, 2], [3, 4, 5, 6, 7]]
    match = bets(table(hands), 1, 2)
    match, events = plays(match, (0, 51), (1, 3), (0, 52), (1, 4), (0, 53), (1, 5), (0, 1), (1, 6), (1, 7), (0, 2))
    scored = only(events, "round_scored")[0].data
    assert scored["won"] == [3, 2] and scored["taken"] == [2, 0] and scored["pilis"] == [2, 0]
    assert state(match)["pilis"] == [2, 0] and not match.is_over


def test_l4_the_match_goes_on_while_nobody_has_7_pilis() -> None:
    match = bets(table([[5], [6], [7]], pilis=[6, 2, 3]), 0, 0, 0)
    match, events = plays(match, (0, 5), (1, 6), (2, 7))
    assert only(events, "round_scored")[0].data["pilis"] == [6, 2, 4]
    assert not match.is_over and state(match)["round"] == 2 and state(match)["pilis"] == [6, 2, 4]


def test_l4_the_match_ends_after_the_round_in_which_someone_reaches_7_and_fewest_pilis_win() -> None:
    match = bets(table([[5], [6], [7]], pilis=[6, 3, 3]), 1, 0, 1)
    match, events = plays(match, (0, 5), (1, 6), (2, 7))
    assert state(match)["pilis"] == [7, 3, 3]
    result = match.result
    assert result is not None and result.winners == (1, 2) and result.scores == (7.0, 3.0, 3.0)
    assert kinds(events)[-1] == "match_over" and list(match.to_act) == []
    assert only(events, "match_over")[0].data == {"winners": [1, 2], "pilis": [7, 3, 3]}


# --- L5 / L6: missions, deal counts, the default deck, custom decks -------------------------------


def test_l6_the_default_deck_is_exactly_the_rulings_table() -> None:
    left, right = "left", "right"
    with_params = [
        ("S1", {"count": 1, "direction": left}, 3),
        ("S1", {"count": 2, "direction": left}, 6),
        ("S1", {"count": 2, "direction": right}, 4),
        ("S1", {"count": 3, "direction": right}, 7),
        ("S2", {"direction": right}, 3),
        ("S2", {"direction": left}, 5),
        ("S3", {"value": 0}, 4),
        ("S3", {"value": 1}, 5),
        ("E8", {"numbers": [3, 4, 5, 6, 7, 8]}, 5),
        ("E8", {"numbers": [18, 19, 20, 21, 22, 23]}, 6),
        ("E8", {"numbers": [33, 34, 35, 36, 37, 38]}, 5),
        ("E8", {"numbers": [47, 48, 49, 50, 51, 52]}, 7),
    ]
    plain = {"S4": (1, 2), "S5": (2, 4), "S6": (4, 6), "S7": (3, 5), "S8": (3, 6), "S9": (4, 6), "E1": (5, 6)}
    plain |= {"E2": (5, 6), "E3": (4, 6), "E4": (3, 5), "E5": (4, 6), "E6": (3, 5), "E7": (5, 7), "E9": (5, 7)}
    expected = with_params + [(effect, {}, deal) for effect, deals in plain.items() for deal in deals]
    shipped = [(card["effect"], card["params"], card["deal"]) for card in DEFAULT_DECK]
    assert sorted(map(repr, shipped)) == sorted(map(repr, expected))
    assert len(DEFAULT_DECK) == 40 and len({card["effect"] for card in DEFAULT_DECK}) == 18
    assert sum(not card["expert"] for card in DEFAULT_DECK) == 20
    assert all(card["expert"] == card["effect"].startswith("E") for card in DEFAULT_DECK)


@pytest.mark.parametrize(("missions", "size"), [("none", 0), ("standard", 20), ("expert", 40)])
def test_l5_the_missions_option_picks_the_cards(missions: str, size: int) -> None:
    match, events = new_match(GAME_ID, 4, {"missions": missions}, seed=2)
    catalog = state(match)["catalog"]
    assert len(catalog) == size
    mission = only(events, "round_started")[0].data["mission"]
    if size:
        assert mission is not None and state(match)["deal"] == mission["deal"]
        assert len(state(match)["mission_order"]) == size - 1
        assert missions == "expert" or not any(card["expert"] for card in catalog)
    else:
        assert mission is None and state(match)["deal"] == 5


def test_l5_the_mission_deck_is_shuffled_by_the_seed() -> None:
    orders = [state(new_match(GAME_ID, 3, {"missions": "expert"}, seed=s)[0])["mission_order"] for s in (1, 1, 2)]
    assert orders[0] == orders[1] and orders[0] != orders[2]


def test_l5_deal_counts_are_lowered_to_fit_the_56_cards() -> None:
    assert dealt_per_player(mission_card("E7", 7), 8) == 7  # 8 x 7 = 56 fits
    assert dealt_per_player(mission_card("E7", 10), 8) == 7
    assert dealt_per_player(mission_card("S5", 7), 8) == 6  # 8 x (6 + 1) = 56
    assert dealt_per_player(mission_card("S5", 4), 8) == 4
    assert dealt_per_player(mission_card("E7", 28), 2) == 28
    assert dealt_per_player(None, 8) == 5
    deck = [{"effect": "S5", "deal": 9}]
    match, _ = new_match(GAME_ID, 8, {"missions": "standard", "mission_deck": deck}, seed=1)
    assert state(match)["deal"] == 6 and all(len(hand) == 6 for hand in state(match)["hands"])


def test_l6_a_custom_deck_is_played_and_filtered_by_the_expert_flag() -> None:
    deck = [
        {"effect": "S3", "params": {"value": 1}, "deal": 2, "expert": False},
        {"effect": "E7", "deal": 4, "expert": True},
    ]
    match, events = new_match(GAME_ID, 3, {"missions": "standard", "mission_deck": deck}, seed=1)
    assert state(match)["catalog"] == [{"effect": "S3", "params": {"value": 1}, "deal": 2, "expert": False}]
    assert only(events, "round_started")[0].data["mission"] == {
        "effect": "S3",
        "name": "forbidden-bet",
        "params": {"value": 1},
        "deal": 2,
        "expert": False,
    }
    match, _ = new_match(GAME_ID, 3, {"missions": "expert", "mission_deck": deck}, seed=1)
    assert len(state(match)["catalog"]) == 2


@pytest.mark.parametrize(
    ("deck", "missions", "words"),
    [
        ([{"effect": "S1", "params": {"count": 1, "direction": "left"}, "deal": 3}], "none", "needs the option"),
        ([], "expert", "non-empty list"),
        ({"effect": "S4", "deal": 1}, "expert", "non-empty list"),
        ([{"effect": "S4", "deal": 1}, "S4"], "expert", "card 1: a card must be an object"),
        ([{"effect": "S10", "deal": 3}], "expert", "card 0: unknown effect 'S10'"),
        ([{"effect": "pass-cards", "deal": 3}], "expert", "card 0: unknown effect 'pass-cards'"),
        ([{"effect": "S4", "deal": 0}], "expert", "card 0: deal 0 is not allowed"),
        ([{"effect": "S4", "deal": 29}], "expert", "card 0: deal 29 is not allowed"),
        ([{"effect": "S4", "deal": True}], "expert", "card 0: deal True is not allowed"),
        ([{"effect": "S4", "deal": 2, "colour": "red"}], "expert", "card 0: unknown field(s) ['colour']"),
        ([{"effect": "S4", "deal": 2, "expert": "yes"}], "expert", "card 0: expert must be true or false"),
        ([{"effect": "S4", "deal": 2, "params": {"count": 1}}], "expert", "S4 (forehead) takes no parameters"),
        ([{"effect": "S1", "deal": 3, "params": {"count": 1}}], "expert", "S1 (pass-cards) takes the parameters"),
        ([{"effect": "S1", "deal": 3, "params": {"count": 4, "direction": "left"}}], "expert", "count 4"),
        ([{"effect": "S1", "deal": 3, "params": {"count": 1, "direction": "up"}}], "expert", "direction 'up'"),
        ([{"effect": "S2", "deal": 3, "params": {"direction": 1}}], "expert", "direction 1"),
        ([{"effect": "S2", "deal": 3, "params": {"direction": ["left"]}}], "expert", "direction ['left']"),
        ([{"effect": ["S1"], "deal": 3}], "expert", "card 0: unknown effect ['S1']"),
        ([{"effect": {"id": "S1"}, "deal": 3}], "expert", "card 0: unknown effect {'id': 'S1'}"),
        ([{"effect": "S3", "deal": 3, "params": {"value": -1}}], "expert", "value -1"),
        ([{"effect": "E8", "deal": 3, "params": {"numbers": []}}], "expert", "numbers must be"),
        ([{"effect": "E8", "deal": 3, "params": {"numbers": [0, 5]}}], "expert", "numbers must be"),
        ([{"effect": "E8", "deal": 3, "params": {"numbers": [5, 5]}}], "expert", "numbers must be"),
        ([{"effect": "E7", "deal": 3, "expert": True}], "standard", "has no standard card"),
    ],
)
def test_l6_a_bad_custom_deck_is_refused_naming_the_card_and_the_problem(
    deck: object, missions: str, words: str
) -> None:
    with pytest.raises(InvalidOptions) as caught:
        new_match(GAME_ID, 3, {"missions": missions, "mission_deck": deck}, seed=1)
    assert words in caught.value.message
    assert caught.value.details["option"] == "mission_deck"


def test_l5_a_spent_mission_deck_is_reshuffled() -> None:
    only_card = mission_card("S3", 1, value=1)
    match = bets(table([[1], [2]], mission=only_card), 0, 0)
    match, events = plays(match, (0, 1), (1, 2))
    assert "missions_reshuffled" in kinds(events)
    assert state(match)["mission"] == 0 and state(match)["mission_order"] == []


def test_l5_later_missions_are_drawn_in_order_each_round() -> None:
    later = [mission_card("S6", 2), mission_card("E1", 3)]
    match = bets(table([[1], [2]], mission=mission_card("S4", 1), later_missions=later), 0, 0)
    match, events = plays(match, (0, 1), (1, 2))
    started = only(events, "round_started")[0].data
    assert started["mission"]["effect"] == "S6" and started["deal"] == 2 and state(match)["deal"] == 2


# --- G3: everything random comes from the seed ------------------------------------------------------


def test_g3_a_seed_and_the_actions_reproduce_the_match_exactly() -> None:
    options = {"missions": "expert"}
    first, _ = new_match(GAME_ID, 4, options, seed=21)
    again, _ = new_match(GAME_ID, 4, options, seed=21)
    other, _ = new_match(GAME_ID, 4, options, seed=22)
    assert first.state == again.state and first.state["hands"] != other.state["hands"]
    record: list[RecordedAction] = []
    for step in range(30):
        seat = first.to_act[0]
        action = legal(first, seat)[-1]
        record.append(RecordedAction(seat, action, now=float(step)))
        first, _ = apply_action(first, seat, action, now=float(step))
    assert replay(GAME_ID, 4, first.options, 21, record).to_json() == first.to_json()
