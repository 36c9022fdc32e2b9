"""Taiga scenarios from fixed layouts: one test or more per ruling (T1-T5), the rulebook's flow and hidden info."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from engine import (
    Action,
    Event,
    IllegalAction,
    Match,
    MatchOver,
    NotYourTurn,
    apply_action,
    count_legal_actions,
    get_game,
    legal_actions,
    new_match,
    validate_action,
    view,
)
from engine.games.taiga import (
    ANIMALS,
    DISC_PAIRS,
    Flip,
    Pass,
    TaigaState,
    Take,
    fully_visible,
    make_state,
    start_round,
)
from engine.random_stream import stream

FOX, PORCUPINE, BEAVER, OWL, CARIBOU = ANIMALS

# The fixed layout: disc d pairs UP[d] with DOWN[d]. Up counts: fox 3 (0, 1, 2), porcupine 3 (4, 5, 6),
# beaver 2 (7, 8), caribou 1 (3), owl 1 (9). The fourth fox is under disc 3, the fourth porcupine under
# disc 0; the owls are under discs 2, 5 and 7, the caribous under 6 and 8.
UP = [FOX, FOX, FOX, CARIBOU, PORCUPINE, PORCUPINE, PORCUPINE, BEAVER, BEAVER, OWL]
DOWN = [PORCUPINE, BEAVER, OWL, FOX, BEAVER, OWL, CARIBOU, OWL, CARIBOU, CARIBOU]


def table(
    pile: list[str],
    *,
    players: int = 3,
    turn: int = 0,
    circle: int = 0,
    tokens: list[int] | None = None,
    won: list[list[str]] | None = None,
) -> Match:
    """A match at version 0 on the fixed layout; ``turn`` starts a round from ``pile`` (top first)."""
    state = make_state(players, UP, DOWN, pile, turn=turn, circle=circle, tokens=tokens, won=won)
    return Match("taiga", players, {"first_player": turn}, seed=3, version=0, state=state)


def act(match: Match, seat: int, action: Action) -> tuple[Match, list[Event]]:
    return apply_action(match, seat, action.to_json())


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def refusal(match: Match, seat: int, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        validate_action(match, seat, action.to_json())
    return caught.value


# --- T1: the discs and the cards ---------------------------------------------------------------------


def test_t1_ten_discs_are_the_ten_pairs_and_each_animal_is_on_four_sides() -> None:
    assert len(DISC_PAIRS) == 10 and len(set(map(frozenset, DISC_PAIRS))) == 10
    for seed in range(20):
        state = new_match("taiga", 4, seed=seed)[0].state
        pairs = {frozenset(pair) for pair in zip(state["up"], state["down"], strict=True)}
        assert pairs == {frozenset(pair) for pair in itertools.combinations(ANIMALS, 2)}
        sides = Counter(state["up"] + state["down"])
        assert sides == dict.fromkeys(ANIMALS, 4)


def test_t1_ten_cards_two_of_each_animal() -> None:
    for seed in range(10):
        state = new_match("taiga", 2, seed=seed)[0].state
        cards = [*state["pile"], state["card"]]
        assert Counter(cards) == dict.fromkeys(ANIMALS, 2)


def test_t1_make_state_refuses_discs_that_are_not_the_ten_pairs() -> None:
    with pytest.raises(ValueError, match="ten different pairs"):
        make_state(2, [FOX] * 10, DOWN, [FOX])
    with pytest.raises(ValueError, match="10 discs"):
        make_state(2, UP[:9], DOWN[:9], [FOX])


# --- T2: setup -----------------------------------------------------------------------------------------


def test_t2_setup_tokens_circle_and_no_full_family_showing() -> None:
    for players in range(2, 7):
        for seed in range(40):
            match, events = new_match("taiga", players, seed=seed)
            state = match.state
            assert state["tokens"] == [6] * players
            assert state["circle"] == 0
            assert state["won"] == [[] for _ in range(players)]
            assert not fully_visible(state["up"])
            assert max(Counter(state["up"]).values()) < 4
            assert kinds(events) == ["discs_placed", "round_started"]
            assert events[0].data == {"up": state["up"]}


def first_side_draw(seed: int) -> list[str]:
    """The up sides of ``seed``'s setup before any re-draw, drawn as setup draws them (T2)."""
    rng = stream(seed, 0)
    pairs = list(DISC_PAIRS)
    rng.shuffle(pairs)
    return [pair[rng.getrandbits(1)] for pair in pairs]


def test_t2_sides_are_redrawn_until_no_animal_shows_on_four_discs() -> None:
    seeds = [seed for seed in range(200) if fully_visible(first_side_draw(seed))]
    assert len(seeds) >= 10, "a fair share of first draws show a full family"
    for seed in seeds[:10]:
        state = new_match("taiga", 3, seed=seed)[0].state
        assert not fully_visible(state["up"])
        assert state["up"] != first_side_draw(seed)
    kept = next(seed for seed in range(200) if not fully_visible(first_side_draw(seed)))
    assert new_match("taiga", 3, seed=kept)[0].state["up"] == first_side_draw(kept)


def test_t2_setup_is_seeded_and_discs_are_mixed() -> None:
    first = new_match("taiga", 3, seed=42)[0]
    again = new_match("taiga", 3, seed=42)[0]
    assert first.to_json() == again.to_json()
    layouts = {tuple(new_match("taiga", 3, seed=s)[0].state["up"]) for s in range(10)}
    assert len(layouts) > 5
    orders = {
        tuple(frozenset(p) for p in zip(m.state["up"], m.state["down"], strict=True))
        for m in (new_match("taiga", 3, seed=s)[0] for s in range(10))
    }
    assert len(orders) > 5  # the disc pairs lie in a different place each match


def test_g2_first_player_option_and_seeded_default() -> None:
    match, events = new_match("taiga", 5, {"first_player": 3}, seed=1)
    assert match.state["turn"] == 3 and match.to_act == (3,)
    assert events[-1].data["seat"] == 3
    chosen = {new_match("taiga", 5, seed=s)[0].options["first_player"] for s in range(30)}
    assert chosen <= set(range(5)) and len(chosen) > 1
    assert new_match("taiga", 5, seed=9)[0].options == new_match("taiga", 5, seed=9)[0].options


# --- T3: rounds and drawing ------------------------------------------------------------------------------


def test_t3_the_top_card_is_the_target_of_the_round() -> None:
    match = table([BEAVER, OWL, CARIBOU], turn=1)
    assert match.state["card"] == BEAVER
    assert match.state["pile"] == [OWL, CARIBOU]
    seen = view(match, None)
    assert seen["target"] == BEAVER and seen["cards_left"] == 2 and seen["found"] == 2
    assert seen["turn"] == 1 and seen["phase"] == "flip"


def test_t3_card_of_a_fully_visible_family_goes_to_the_bottom() -> None:
    up, down = list(UP), list(DOWN)
    up[3], down[3] = FOX, CARIBOU  # all four foxes show
    state = make_state(3, up, down, [FOX, FOX, OWL, BEAVER], card=BEAVER)
    started, events = start_round(state, 2)
    assert started["card"] == OWL
    assert started["pile"] == [BEAVER, FOX, FOX]
    assert kinds(events) == ["card_to_bottom", "card_to_bottom", "round_started"]
    assert [e.data for e in events[:2]] == [{"animal": FOX}, {"animal": FOX}]
    assert events[2].data == {"seat": 2, "animal": OWL, "cards_left": 3}
    assert all(e.visible_to is None for e in events)
    assert get_game("taiga").to_act(started) == (2,)
    assert state["pile"] == [FOX, FOX, OWL, BEAVER]  # the state it was given is left as it was


def test_t3_fourth_find_draws_past_cards_of_visible_families() -> None:
    # Fox is the target; the fourth fox (disc 3) ends the round. The next card (fox) is of a fully
    # visible family and goes to the bottom; the owl after it is played.
    match = table([FOX, FOX, OWL, BEAVER], turn=0)
    match, events = act(match, 0, Flip(3))
    assert kinds(events) == ["disc_flipped", "family_found", "card_to_bottom", "round_started"]
    assert match.state["card"] == OWL
    assert match.state["pile"] == [BEAVER, FOX]
    assert match.state["turn"] == 1


def test_t3_game_ends_when_every_card_left_is_of_a_fully_visible_family() -> None:
    match = table([FOX, FOX, FOX], tokens=[6, 2, 5], circle=0)
    match, events = act(match, 0, Flip(3))  # the fourth fox; the two foxes left cannot be played
    assert kinds(events) == ["disc_flipped", "family_found", "game_over"]
    assert events[-1].data == {"scores": [8, 2, 5], "winners": [0], "unplayable_cards": [FOX, FOX]}
    assert match.is_over and match.to_act == ()
    assert match.state["card"] is None and match.state["pile"] == [FOX, FOX]
    assert list(legal_actions(match, 0)) == []
    with pytest.raises(MatchOver):
        act(match, 1, Flip(0))


def test_t3_game_ends_when_the_pile_is_empty() -> None:
    match = table([FOX], tokens=[1, 1, 1], circle=3)
    assert match.state["pile"] == []
    match, events = act(match, 0, Flip(3))
    assert kinds(events) == ["disc_flipped", "family_found", "game_over"]
    assert match.result is not None and match.result.scores == (6, 1, 1)


# --- T4: a turn -----------------------------------------------------------------------------------------


def test_t4_a_flip_is_public_and_shows_the_other_side() -> None:
    match = table([BEAVER, OWL], turn=0, circle=2)
    match, events = act(match, 0, Flip(9))  # owl -> caribou: a miss
    flipped = events[0]
    assert flipped.kind == "disc_flipped" and flipped.visible_to is None
    assert flipped.data == {"seat": 0, "disc": 9, "was": OWL, "shows": CARIBOU}
    assert match.state["up"][9] == CARIBOU and match.state["down"][9] == OWL
    assert view(match, 2)["discs"][9] == {"disc": 9, "up": CARIBOU, "down": None}


def test_t4_find_takes_a_token_from_the_circle_then_flip_again_or_pass() -> None:
    match = table([OWL, BEAVER], turn=1, circle=2)
    match, events = act(match, 1, Flip(2))  # fox -> owl: the second owl
    assert kinds(events) == ["disc_flipped", "token_from_circle"]
    assert events[1].data == {"seat": 1}
    assert match.state["tokens"] == [6, 7, 6] and match.state["circle"] == 1
    assert match.state["phase"] == "continue" and match.to_act == (1,)
    listed = list(legal_actions(match, 1))
    assert Pass() in listed and len(listed) == 11 == count_legal_actions(match, 1)
    again, events = act(match, 1, Flip(5))  # flip again: porcupine -> owl, the third owl
    assert kinds(events) == ["disc_flipped", "token_from_circle"]
    assert again.state["tokens"] == [6, 8, 6] and again.state["circle"] == 0
    passed, events = act(match, 1, Pass())
    assert kinds(events) == ["passed", "turn_passed"]
    assert events[1].data == {"seat": 2}
    assert passed.to_act == (2,) and passed.state["phase"] == "flip"
    assert passed.state["card"] == OWL  # the round goes on


def test_t4_find_with_empty_circle_asks_whom_to_take_from() -> None:
    match = table([OWL, BEAVER], turn=0, tokens=[6, 0, 3, 2], players=4)
    match, events = act(match, 0, Flip(2))
    assert kinds(events) == ["disc_flipped"]
    assert match.state["phase"] == "take" and match.to_act == (0,)
    assert view(match, None)["take_from"] == [2, 3]
    assert list(legal_actions(match, 0)) == [Take(2), Take(3)]
    assert count_legal_actions(match, 0) == 2
    assert refusal(match, 0, Take(1)).rule == "T4"  # seat 1 has no token
    assert "no token" in refusal(match, 0, Take(1)).message
    assert refusal(match, 0, Take(0)).rule == "T4"  # not yourself
    assert refusal(match, 0, Take(5)).rule == "T4"  # no such seat at a table of 4
    assert refusal(match, 0, Flip(4)).rule == "T4"  # the choice comes first
    assert refusal(match, 0, Pass()).rule == "T4"
    taken, events = act(match, 0, Take(3))
    assert kinds(events) == ["token_taken"]
    assert events[0].data == {"seat": 0, "from_seat": 3} and events[0].visible_to is None
    assert taken.state["tokens"] == [7, 0, 3, 1]
    assert taken.state["phase"] == "continue" and taken.to_act == (0,)
    assert view(taken, None)["take_from"] == []


def test_t4_even_a_single_candidate_is_chosen_by_an_action() -> None:
    match = table([OWL, BEAVER], players=2, turn=1)
    match, _ = act(match, 1, Flip(2))
    assert list(legal_actions(match, 1)) == [Take(0)]


def test_t4_find_with_empty_circle_and_nobody_with_tokens_takes_nothing() -> None:
    match = table([OWL, BEAVER], turn=0, tokens=[0, 0, 0])
    match, events = act(match, 0, Flip(2))
    assert kinds(events) == ["disc_flipped", "nothing_to_take"]
    assert match.state["tokens"] == [0, 0, 0]
    assert match.state["phase"] == "continue" and match.to_act == (0,)


def test_t4_own_tokens_do_not_count_as_someone_to_take_from() -> None:
    match = table([OWL, BEAVER], turn=2, tokens=[0, 0, 6])
    match, events = act(match, 2, Flip(2))
    assert kinds(events) == ["disc_flipped", "nothing_to_take"]
    assert match.state["phase"] == "continue"


def test_t4_the_fourth_wins_the_circle_and_the_card_and_the_left_player_starts() -> None:
    match = table([FOX, BEAVER, OWL], turn=2, circle=4, tokens=[6, 3, 1])
    match, events = act(match, 2, Flip(3))  # caribou -> the fourth fox
    assert kinds(events) == ["disc_flipped", "family_found", "round_started"]
    assert events[1].data == {"seat": 2, "animal": FOX, "tokens": 4}
    assert events[2].data == {"seat": 0, "animal": BEAVER, "cards_left": 1}
    assert match.state["tokens"] == [6, 3, 5] and match.state["circle"] == 0
    assert match.state["won"] == [[], [], [FOX]]
    assert match.to_act == (0,) and match.state["phase"] == "flip"
    assert view(match, None)["scores"] == [6, 3, 7]


def test_t4_the_fourth_with_an_empty_circle_wins_only_the_card() -> None:
    match = table([FOX, BEAVER], turn=1, circle=0, tokens=[6, 6, 6])
    match, events = act(match, 1, Flip(3))
    assert kinds(events) == ["disc_flipped", "family_found", "round_started"]
    assert events[1].data["tokens"] == 0
    assert match.state["tokens"] == [6, 6, 6]  # no stealing
    assert match.state["won"][1] == [FOX] and match.to_act == (2,)


def test_t4_the_fourth_may_come_after_finds_in_the_same_turn() -> None:
    match = table([PORCUPINE, OWL], turn=0, circle=1)
    match, events = act(match, 0, Flip(0))  # fox -> the fourth porcupine at once
    assert kinds(events)[:2] == ["disc_flipped", "family_found"]
    owl = table([OWL, BEAVER], turn=0, circle=5)
    for disc in (2, 5):
        owl, _ = act(owl, 0, Flip(disc))
    assert owl.state["tokens"][0] == 8 and owl.state["circle"] == 3
    owl, events = act(owl, 0, Flip(7))  # beaver -> the fourth owl
    assert kinds(events)[:2] == ["disc_flipped", "family_found"]
    assert owl.state["tokens"][0] == 11 and owl.state["won"][0] == [OWL]
    assert owl.to_act == (1,)


def test_t4_a_miss_puts_a_token_in_the_circle_and_passes_left() -> None:
    match = table([BEAVER, OWL], turn=2, circle=1)
    match, events = act(match, 2, Flip(9))  # owl -> caribou: not a beaver
    assert kinds(events) == ["disc_flipped", "token_to_circle", "turn_passed"]
    assert events[2].data == {"seat": 0}
    assert match.state["tokens"] == [6, 6, 5] and match.state["circle"] == 2
    assert match.to_act == (0,) and match.state["phase"] == "flip"


def test_t4_flipping_a_target_away_is_a_miss() -> None:
    match = table([BEAVER, OWL], turn=0)
    match, events = act(match, 0, Flip(7))  # beaver -> owl
    assert events[0].data == {"seat": 0, "disc": 7, "was": BEAVER, "shows": OWL}
    assert kinds(events) == ["disc_flipped", "token_to_circle", "turn_passed"]
    assert view(match, None)["found"] == 1
    assert match.state["circle"] == 1 and match.to_act == (1,)


def test_t4_a_miss_without_tokens_puts_nothing_in() -> None:
    match = table([BEAVER, OWL], turn=1, tokens=[6, 0, 6], circle=2)
    match, events = act(match, 1, Flip(9))
    assert kinds(events) == ["disc_flipped", "no_token_to_pay", "turn_passed"]
    assert match.state["tokens"] == [6, 0, 6] and match.state["circle"] == 2
    assert match.to_act == (2,)


def test_t4_a_miss_after_finds_ends_the_turn() -> None:
    match = table([OWL, BEAVER], turn=0, circle=2)
    match, _ = act(match, 0, Flip(2))
    assert match.state["phase"] == "continue"
    match, events = act(match, 0, Flip(4))  # porcupine -> beaver: a miss
    assert kinds(events) == ["disc_flipped", "token_to_circle", "turn_passed"]
    assert match.state["tokens"][0] == 6 and match.to_act == (1,)


def test_t4_pass_only_after_a_find_and_only_the_turn_player_acts() -> None:
    match = table([BEAVER, OWL], turn=0)
    error = refusal(match, 0, Pass())
    assert error.rule == "T4" and "must flip" in error.message
    assert refusal(match, 0, Take(1)).rule == "T4"
    with pytest.raises(NotYourTurn):
        validate_action(match, 1, Flip(0).to_json())
    listed = list(legal_actions(match, 0))
    assert sorted(a.disc for a in listed if isinstance(a, Flip)) == list(range(10))
    assert len(listed) == 10 == count_legal_actions(match, 0)


def test_flips_are_listed_round_the_circle_with_discs_showing_the_target_last() -> None:
    match = table([BEAVER, OWL], turn=0, circle=1)
    assert [a.disc for a in legal_actions(match, 0) if isinstance(a, Flip)] == [0, 1, 2, 3, 4, 5, 6, 9, 7, 8]
    match, _ = act(match, 0, Flip(4))  # porcupine -> beaver: a find; the last flipped disc is 4
    listed = list(legal_actions(match, 0))
    assert listed == [*(Flip(d) for d in (5, 6, 9, 0, 1, 2, 3, 7, 8, 4)), Pass()]


# --- T5: the end and scoring ------------------------------------------------------------------------------


def test_t5_score_is_tokens_plus_two_per_card_and_ties_share_the_win() -> None:
    match = table([FOX], tokens=[3, 5, 1], won=[[OWL, BEAVER], [CARIBOU], [OWL, BEAVER]], turn=2)
    match, events = act(match, 2, Flip(3))  # the fourth fox: seat 2 now has 1 token + 3 cards
    result = match.result
    assert result is not None
    assert result.scores == (7, 7, 7)
    assert result.winners == (0, 1, 2)
    assert events[-1].data["winners"] == [0, 1, 2]
    assert view(match, 1)["winners"] == [0, 1, 2]


def test_t5_highest_score_wins_alone() -> None:
    match = table([FOX], tokens=[10, 5, 1], won=[[], [CARIBOU, OWL, BEAVER], []], turn=0)
    match, _ = act(match, 0, Flip(3))
    assert match.result is not None
    assert match.result.scores == (12, 11, 1) and match.result.winners == (0,)


# --- The rulebook's flow: one round told as the rulebook tells it -------------------------------------------


def test_rulebook_round_turn_up_find_miss_and_the_fourth() -> None:
    # A card is turned: the owl (one owl shows, on disc 9). Seat 0 finds one under disc 2 while the circle
    # is empty, takes a token from seat 1, flips again and misses (a token into the circle). Seat 1 finds
    # an owl (taking the circle's token), passes; seat 2 finds the fourth owl and wins the card and the
    # circle (empty now); seat 0, to the left, starts the next round with the next card.
    match = table([OWL, CARIBOU, BEAVER], turn=0)
    match, _ = act(match, 0, Flip(2))
    match, _ = act(match, 0, Take(1))
    match, _ = act(match, 0, Flip(0))  # fox -> porcupine: a miss
    assert match.state["tokens"] == [6, 5, 6] and match.state["circle"] == 1
    match, _ = act(match, 1, Flip(5))
    assert match.state["tokens"] == [6, 6, 6] and match.state["circle"] == 0
    match, _ = act(match, 1, Pass())
    match, events = act(match, 2, Flip(7))
    assert kinds(events) == ["disc_flipped", "family_found", "round_started"]
    assert match.state["won"] == [[], [], [OWL]] and match.state["tokens"] == [6, 6, 6]
    assert match.state["card"] == CARIBOU and match.to_act == (0,)
    assert view(match, None)["scores"] == [6, 6, 8]


# --- Information -------------------------------------------------------------------------------------------


def test_views_show_up_sides_only_and_hide_the_pile_order() -> None:
    match = table([BEAVER, OWL, CARIBOU], turn=0)
    game = get_game("taiga")
    for seat in (None, 0, 1, 2):
        seen = view(match, seat)
        assert [d["up"] for d in seen["discs"]] == UP
        assert all(d["down"] is None for d in seen["discs"])
        assert seen["draw_pile"] is None and seen["cards_left"] == 2
        assert seen["tokens"] == [6, 6, 6] and seen["circle"] == 0
        assert seen["winners"] is None
        hidden = set(game.hidden_paths(match.state, seat, 0.0))
        assert hidden == {("down", d) for d in range(10)} | {("pile", 0), ("pile", 1)}


def test_a_disc_seen_on_both_sides_still_shows_only_its_up_side() -> None:
    match = table([BEAVER, OWL], turn=0)
    match, _ = act(match, 0, Flip(9))
    match, _ = act(match, 1, Flip(9))  # back to owl: both sides were seen, only the up side is shown
    for seat in (None, 0, 1, 2):
        assert view(match, seat)["discs"][9] == {"disc": 9, "up": OWL, "down": None}
    assert ("down", 9) in set(get_game("taiga").hidden_paths(match.state, 0, 0.0))


def test_every_event_is_public() -> None:
    match, events = new_match("taiga", 3, seed=4)
    everything = list(events)
    for _ in range(200):
        if match.is_over:
            break
        seat = match.to_act[0]
        match, events = apply_action(match, seat, next(iter(legal_actions(match, seat))))
        everything.extend(events)
    assert everything and all(e.visible_to is None for e in everything)


def test_after_the_end_everything_is_revealed() -> None:
    match = table([FOX, FOX, FOX])
    match, _ = act(match, 0, Flip(3))
    game = get_game("taiga")
    assert list(game.hidden_paths(match.state, None, 0.0)) == []
    seen = view(match, None)
    assert seen["phase"] == "over" and seen["turn"] is None and seen["target"] is None
    assert seen["draw_pile"] == [FOX, FOX]
    down_after = list(DOWN)
    down_after[3] = CARIBOU
    assert [d["down"] for d in seen["discs"]] == down_after


def test_view_keys_follow_the_view_type() -> None:
    match = table([OWL, BEAVER], turn=0, players=4)
    declared = set(get_game("taiga").view_type.__annotations__)
    for seat in (None, 0, 1, 2, 3):
        assert set(view(match, seat)) == declared


def test_state_is_plain_json_and_apply_does_not_mutate() -> None:
    match = table([OWL, BEAVER], turn=0)
    before = json.dumps(match.to_json(), sort_keys=True)
    after, _ = act(match, 0, Flip(2))
    assert json.dumps(match.to_json(), sort_keys=True) == before
    state: TaigaState = after.state
    assert json.loads(json.dumps(state)) == state
