"""The search bots: they never read what their seat cannot see, their samples are tables the engine can
play, their decisions replay, and the memories they sample from are exact.

Strength is measured in ``bench/ladder_bench.py``, cost in ``bench/search_cost_bench.py``: never here.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from engine import Match, apply_action, new_match, validate_action, view
from engine.bots import Memory, choose_action, everyone_recalls, everyone_remembers, is_slow
from engine.bots import girafferaffe as girafferaffe_greedy
from engine.bots.search import SEARCH_BOT_IDS, SEARCHERS
from engine.bots.search.core import ScoredMatchEnd, clearly_better, points, search
from engine.bots.search.pipifax import turn_chances
from engine.games.girafferaffe.cards import DECK as GIRAFFERAFFE_DECK
from engine.games.girafferaffe.formats import readable_state
from engine.games.girafferaffe.holdings import holding
from engine.games.girafferaffe.robot import robot_play_over
from engine.games.girafferaffe.state import FORMAT as GIRAFFERAFFE_FORMAT
from engine.games.girafferaffe.tree_plays import playable_over
from engine.games.girafferaffe.trees import TREES
from engine.games.pili_pili.cards import DECK as PILI_DECK
from engine.games.pipifax import ANIMALS as PIPIFAX_ANIMALS
from engine.games.pipifax import COLOURS as PIPIFAX_COLOURS
from engine.games.pipifax import Flip
from engine.games.taiga import CARDS, DISC_PAIRS
from tests.engine.test_bots import HIDDEN_CASES, HiddenStateCheck, bot, play_match, rewrite_hidden

#: More configurations for the samplers, which are cheap to check at every decision.
SAMPLER_CASES = [
    *HIDDEN_CASES,
    ("taiga", 6, {}),
    ("girafferaffe", 5, {"mode": "standard"}),
    ("girafferaffe", 1, {"mode": "solo", "robot_cards": 45}),
    ("pili-pili", 8, {"missions": "expert"}),
    ("pili-pili", 2, {"missions": "expert"}),
]


def decisions(
    game_id: str, players: int, options: dict[str, Any], seed: int, at_least: int = 30
) -> list[tuple[Match, int, Memory]]:
    """Every decision of matches the greedy bot plays in every seat (seeds from ``seed`` on, until there
    are ``at_least``): the match, the seat and its memory."""
    found: list[tuple[Match, int, Memory]] = []

    def record(match: Match, seat: int, seen: Memory, now: float) -> None:
        found.append((match, seat, seen))

    while len(found) < at_least:
        play_match(game_id, players, options, seed, [bot("greedy")] * players, on_decision=record)
        seed += 1
    return found


def hidden(match: Match, seat: int) -> list[tuple[Any, ...]]:
    return [tuple(path) for path in match.game.hidden_paths(match.state, seat, math.inf)]


# --- the samples -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "options"), SAMPLER_CASES, ids=str)
def test_a_sample_depends_only_on_what_the_seat_may_know(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Rewriting every hidden place of the real match changes neither the candidates nor any sample."""
    searcher = SEARCHERS[game_id]
    checked = 0
    for match, seat, seen in decisions(game_id, players, options, 21):
        paths = hidden(match, seat)
        if len(paths) < 2:
            continue
        first = searcher.prepare(match, seat, seen, random.Random(5))
        rewritten = dataclasses.replace(match, state=rewrite_hidden(match.state, paths, random.Random(checked)))
        second = searcher.prepare(rewritten, seat, seen, random.Random(5))
        assert list(first.candidates) == list(second.candidates)
        for draw in range(2):
            assert first.sample(random.Random(draw)) == second.sample(random.Random(draw))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(("game_id", "players", "options"), SAMPLER_CASES, ids=str)
def test_a_sample_is_a_table_the_seat_cannot_tell_from_the_real_one(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Same view, same hidden places, every card where the rules allow it, every candidate legal in it."""
    searcher = SEARCHERS[game_id]
    samples = 0
    for match, seat, seen in decisions(game_id, players, options, 22):
        decision = searcher.prepare(match, seat, seen, random.Random(3))
        assert decision.candidates, "a decision always has a candidate"
        for draw in range(2):
            world = decision.sample(random.Random(draw))
            assert world.seed != match.seed, "a sample never plays the real match's dice and deals"
            assert (world.game_id, world.players, world.options, world.version) == (
                match.game_id,
                match.players,
                match.options,
                match.version,
            )
            assert view(world, seat, math.inf) == view(match, seat, math.inf)
            assert hidden(world, seat) == hidden(match, seat)
            assert_cards_add_up(game_id, world, seen, seat)
            for action in decision.candidates:
                validate_action(world, seat, action)
            samples += 1
    assert samples >= 20


def assert_cards_add_up(game_id: str, world: Match, seen: Memory, seat: int) -> None:
    """The game's components are all on the sampled table, once each (P1, T1, R1, L1)."""
    state = world.state
    if game_id == "pipifax":
        for colour in set(state["colours"]):
            shown = [a for a, c in zip(state["animals"], state["colours"], strict=True) if c == colour]
            assert sorted(shown) == sorted(PIPIFAX_ANIMALS)
    elif game_id == "taiga":
        pairs = sorted(tuple(sorted(pair)) for pair in zip(state["up"], state["down"], strict=True))
        assert pairs == sorted(tuple(sorted(pair)) for pair in DISC_PAIRS)
        placed = [*state["pile"], *(card for cards in state["won"] for card in cards)]
        if state["card"] is not None:
            placed.append(state["card"])
        assert Counter(placed) == Counter(CARDS)
    elif game_id == "girafferaffe":
        # The sample is in the stored form (format 2: hands as integers, decks as card codes); read by name.
        assert state["format"] == GIRAFFERAFFE_FORMAT
        assert all(type(hand) is int for hand in state["hands"])
        assert all(type(code) is int for key in ("redraw", "aside", "robot_deck") for code in state[key])
        named = readable_state(state)
        assert [len(hand) for hand in named["hands"]] == state["hand_sizes"]
        placed = [*(card for hand in named["hands"] for card in hand), *named["redraw"], *named["aside"]]
        placed += [*named["robot_hand"], *named["robot_deck"]]
        for pile in named["piles"].values():
            for play in pile:
                placed += [*play["cards"], *["copy"] * len(play["copies"])]
        assert Counter(placed) == Counter(GIRAFFERAFFE_DECK)
    else:
        played = seen["played"] if seen.get("round") == state["round"] else []
        phase = state["phase"]
        committed = [
            card
            for choice in state["pending"]
            if choice is not None and phase != "partner"
            for card in (choice[:1] if phase == "play" else choice)
        ]
        placed = [*(card for hand in state["hands"] for card in hand), *state["stock"], *committed, *played]
        assert sorted(placed) == list(PILI_DECK)


# --- the bots never read hidden state --------------------------------------------------------------------

#: Decisions per configuration at which the search bot is asked again with the hidden places rewritten
#: (each one costs three searches; the samplers' own test above checks every decision).
CHECKED_DECISIONS = 4


@pytest.mark.parametrize(("game_id", "players", "options"), HIDDEN_CASES, ids=str)
def test_a_search_bot_never_reads_hidden_state(game_id: str, players: int, options: dict[str, Any]) -> None:
    check = HiddenStateCheck(bot("search-1"))
    candidates = [
        (match, seat, seen)
        for match, seat, seen in decisions(game_id, players, options, 11)
        if len(hidden(match, seat)) > 1
    ]
    for match, seat, seen in candidates[:: max(1, len(candidates) // CHECKED_DECISIONS)][:CHECKED_DECISIONS]:
        check(match, seat, seen, math.inf)
    assert check.checked == CHECKED_DECISIONS


@pytest.mark.parametrize("game_id", ["pipifax", "taiga", "girafferaffe", "pili-pili"])
def test_the_search_never_plays_the_real_match_s_dice(game_id: str) -> None:
    """The same decision stream in a match with another seed (its dice and deals to come differ, its
    table does not) makes the same choice: the search draws the future from seeds of its own."""
    options = {"missions": "expert"} if game_id == "pili-pili" else {}
    asked = 0
    for match, seat, seen in decisions(game_id, 2, options, 31)[1::7][:4]:
        reseeded = dataclasses.replace(match, seed=match.seed + 1)
        chosen = search(SEARCHERS[game_id], match, seat, seen, random.Random(9), simulations=16)
        assert search(SEARCHERS[game_id], reseeded, seat, seen, random.Random(9), simulations=16) == chosen
        asked += 1
    assert asked == 4


# --- determinism -------------------------------------------------------------------------------------------


def some_decisions() -> list[tuple[Match, int, Memory]]:
    """A few decisions of every game, where the seat has a choice."""
    chosen = []
    for game_id, options in (
        ("pipifax", {}),
        ("taiga", {}),
        ("girafferaffe", {}),
        ("pili-pili", {"missions": "expert"}),
    ):
        found = decisions(game_id, 2, options, 41)
        chosen += found[2::9][:3]
    return chosen


def test_a_search_decision_is_the_same_from_the_same_match_and_memory() -> None:
    for match, seat, seen in some_decisions():
        first = choose_action(match, seat, "search-1", memory=seen)
        rebuilt = Match.from_json(json.loads(json.dumps(match.to_json())))
        stored = json.loads(json.dumps(seen))
        assert choose_action(rebuilt, seat, "search-1", memory=stored) == first
        assert choose_action(match, seat, "search-1", memory=seen) == first


def test_a_search_decision_is_the_same_in_another_process() -> None:
    """String hashing differs between processes (PYTHONHASHSEED); no choice may depend on it."""
    asked = [(match.to_json(), seat, dict(seen)) for match, seat, seen in some_decisions()]
    here = [choose_action(Match.from_json(m), s, "search-1", memory=mem).to_json() for m, s, mem in asked]
    script = (
        "import json, sys\n"
        "from engine import Match\n"
        "from engine.bots import choose_action\n"
        "asked = json.load(sys.stdin)\n"
        "chosen = [choose_action(Match.from_json(m), s, 'search-1', memory=mem) for m, s, mem in asked]\n"
        "print(json.dumps([action.to_json() for action in chosen]))\n"
    )
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(asked),
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=600,
        )
        assert json.loads(done.stdout) == here


def test_the_search_levels_are_the_slow_bots() -> None:
    assert SEARCH_BOT_IDS == ("search-1", "search-2", "search-3")
    assert all(is_slow(bot_id) for bot_id in SEARCH_BOT_IDS)
    assert not is_slow("random") and not is_slow("greedy")


# --- the memories the samples come from ---------------------------------------------------------------------


def remembered_along(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> Sequence[tuple[Match, list[Memory]]]:
    """Each version of a match (greedy and random bots alternating) with every seat's memory of it."""
    match, events = new_match(game_id, players, options, seed=seed)
    seen = everyone_recalls(game_id, players, events)
    found = []
    while match.to_act:
        seat = match.to_act[0]
        action = choose_action(match, seat, "greedy" if (seat + seed) % 2 else "random", memory=seen[seat])
        match, events = apply_action(match, seat, action, float(match.version))
        seen = everyone_remembers(game_id, seen, events)
        found.append((match, seen))
    return found


def test_taiga_remembers_the_bottom_of_the_draw_pile_exactly() -> None:
    known = 0
    for seed in range(40):
        for match, seen in remembered_along("taiga", 3, {}, seed):
            pile = match.state["pile"]
            for memory in seen:
                tail = memory["tail"]
                assert memory["pile"] == len(pile)
                assert len(tail) <= len(pile) and pile[len(pile) - len(tail) :] == tail
                known += bool(tail)
    assert known > 100


@pytest.mark.parametrize("players", [2, 4, 6])
def test_pili_pili_remembers_where_the_cards_it_saw_are(players: int) -> None:
    """Every card the memory places is in that hand (or set aside in its secret choice), no card it saw
    played is in a hand, and the memory stays small."""
    placed = 0
    for seed in range(12):
        for match, seen in remembered_along("pili-pili", players, {"missions": "expert"}, seed):
            state = match.state
            if state["phase"] == "over":
                continue
            for memory in seen:
                assert memory["round"] == state["round"]
                assert len(json.dumps(memory)) < 600
                for card, owner in memory["holders"].items():
                    committed = state["pending"][owner] or []
                    assert (
                        int(card) in state["hands"][owner]
                        or int(card) in committed[:1]
                        or (state["phase"] == "pass" and int(card) in committed)
                    )
                    placed += 1
                assert not set(memory["played"]) & {card for hand in state["hands"] for card in hand}
    assert placed > 1000


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"mode": "rounds"}), (1, {"mode": "solo"})], ids=str)
def test_girafferaffe_rollouts_play_what_the_greedy_bot_plays(players: int, options: dict[str, Any]) -> None:
    """The rollout policy, read from the stored state, chooses as the greedy bot does from the seat's view,
    and its play on each tree is the solo robot's (R11) there."""
    compared = 0
    for match, seat, _ in decisions("girafferaffe", players, options, 31, at_least=60):
        state = match.state
        for stream in range(3):
            assert girafferaffe_greedy.greedy_from_state(state, seat, random.Random(stream)) == (
                girafferaffe_greedy.greedy_action(match, seat, random.Random(stream))
            )
        hand = holding(state["hands"][seat])
        tops = dict(zip(state["trees"], state["tops"], strict=True))
        for tree_id, plays in playable_over(state["trees"], state["tops"], hand):
            tree = TREES[tree_id]
            assert girafferaffe_greedy.lowest_play(tree, plays) == robot_play_over(tree, tops[tree_id], hand)
            compared += 1
    assert compared >= 100


# --- Pipifax: the chance of finishing the set this turn ---------------------------------------------


def pipifax_table(known_per_colour: dict[str, Sequence[str]]) -> tuple[list[str], dict[int, str]]:
    """Back colours grouped as in the standard layout, and the animals known at the first positions of
    each colour."""
    colours = [colour for colour in PIPIFAX_COLOURS for _ in PIPIFAX_ANIMALS]
    known = {}
    for index, colour in enumerate(PIPIFAX_COLOURS):
        for offset, animal in enumerate(known_per_colour.get(colour, ())):
            known[index * len(PIPIFAX_ANIMALS) + offset] = animal
    return colours, known


def test_pipifax_turn_chances_are_one_when_every_card_is_known() -> None:
    colours, known = pipifax_table(dict.fromkeys(PIPIFAX_COLOURS, PIPIFAX_ANIMALS))
    chances = turn_chances(colours, known, "lion", used=set())
    assert [p for p, chance in enumerate(chances) if chance == 1.0] == [3, 9, 15, 21]
    assert sum(chances) == 4.0


def test_pipifax_turn_chances_with_nothing_known_are_the_chance_of_four_blind_finds() -> None:
    colours, known = pipifax_table({})
    chances = turn_chances(colours, known, "lion", used=set())
    assert all(chance == pytest.approx((1 / 6) ** 4) for chance in chances)
    # One colour spent: three finds to go.
    assert turn_chances(colours, known, "lion", used={"blue"})[6] == pytest.approx((1 / 6) ** 3)
    assert turn_chances(colours, known, "lion", used={"blue"})[0] == 0.0


def test_pipifax_turn_chances_spend_the_colour_least_useful_to_the_rolls_to_come() -> None:
    """The lion is known under blue (where every animal is known) and under green (only the lion): the
    greedy bot sees two sure finds alike, while spending green keeps blue's sure find for any roll."""
    colours, known = pipifax_table({"blue": PIPIFAX_ANIMALS, "green": ["lion"]})
    chances = turn_chances(colours, known, "lion", used=set())
    blue_lion, green_lion = 3, 6
    assert chances[green_lion] > chances[blue_lion] > 0
    # Green spent: blue gives any roll, then red and yellow one in six each.
    assert chances[green_lion] == pytest.approx((1 / 6) ** 2)
    assert chances[7] == 0.0  # an unseen green card: the lion is known elsewhere under green
    assert chances[0] == 0.0  # a card known as another animal: a sure miss


def test_pipifax_search_keeps_the_turn_s_best_card_unless_another_is_clearly_better() -> None:
    """The search's first candidate, the one it keeps, is the card with the best chance to finish the
    turn, not the greedy bot's draw among sure finds."""
    match, _ = new_match("pipifax", 2, {"variant": "standard", "first_player": 0}, seed=5)
    animals = match.state["animals"]
    colours = match.state["colours"]
    die = match.state["die"]
    blue = [p for p in range(len(animals)) if colours[p] == "blue"]
    green_die = next(p for p in range(len(animals)) if colours[p] == "green" and animals[p] == die)
    memory = {"animals": [animals[p] if p in blue or p == green_die else None for p in range(len(animals))]}
    decision = SEARCHERS["pipifax"].prepare(match, 0, memory, random.Random(1))
    assert decision.candidates[0] == Flip(green_die)


# --- Taiga: rollouts valued by points and margin ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_taiga_rollouts_are_valued_mostly_by_points_and_partly_by_margin(players: int) -> None:
    horizon = ScoredMatchEnd(weight=0.3, scale=3.0)
    for seed in range(6):
        match = play_match("taiga", players, {}, seed, [bot("greedy")] * players)
        result = match.game.result(match.state)
        assert result is not None and result.scores is not None
        for seat in range(players):
            value = horizon.value(match, [], seat)
            assert value is not None
            margin = result.scores[seat] - max(s for other, s in enumerate(result.scores) if other != seat)
            assert value == pytest.approx(0.7 * points(match, seat) + 0.3 / (1 + math.exp(-margin / 3)))
            if seat in result.winners and len(result.winners) == 1:
                assert value > 0.7 + 0.15  # a win, and ahead
            if points(match, seat) == 0.0:
                assert value < 0.15  # last, and behind
    unfinished, _ = new_match("taiga", players, {}, seed=1)
    assert horizon.value(unfinished, [], 0) is None


def test_a_lower_score_order_counts_the_margin_the_other_way() -> None:
    match = play_match("pili-pili", 2, {}, 3, [bot("greedy")] * 2)
    result = match.game.result(match.state)
    assert result is not None and result.scores is not None
    winner = result.winners[0]
    loser = 1 - winner
    horizon = ScoredMatchEnd()
    winning, losing = horizon.value(match, [], winner), horizon.value(match, [], loser)
    assert winning is not None and losing is not None
    assert winning > 0.85 and losing < 0.15


def test_a_challenger_must_win_by_the_searcher_s_confidence() -> None:
    """Paired outcomes that beat the first candidate by about 0.54 standard errors replace it at half of
    one (every game but Pipifax) and not at one and a half (Pipifax)."""
    challenger, base = [1.0, 1.0, 0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    assert clearly_better(challenger, base, 0.5)
    assert not clearly_better(challenger, base, 1.5)
    assert SEARCHERS["pipifax"].confidence == 1.5
    assert {SEARCHERS[game].confidence for game in ("taiga", "girafferaffe", "pili-pili")} == {0.5}
