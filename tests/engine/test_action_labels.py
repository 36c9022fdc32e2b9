"""Action labels: every legal action has a short non-empty text, different actions at one state have
different texts, and a label never depends on what the acting seat may not see."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from engine import Match, action_secret, action_seen_by, apply_action, get_game, label, legal_actions, new_match
from engine.games.girafferaffe import Play, ReturnApple
from engine.games.pili_pili import mission_card
from tests.engine.conformance import configurations
from tests.engine.test_action_sampling import girafferaffe_match
from tests.engine.test_conformance import mask

#: Actions labelled per state, at most; the rest of a huge listing is like its start.
LABELLED = 2000
STEPS = 150


@pytest.mark.parametrize(("game_id", "players", "options"), configurations(), ids=str)
def test_every_legal_action_of_a_playout_has_a_distinct_label_from_visible_facts(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(f"labels/{game_id}/{players}/{options}")
    match, _ = new_match(game_id, players, options, seed=5)
    game = get_game(game_id)
    now = 0.0
    for _ in range(STEPS):
        if match.is_over:
            break
        seat = rng.choice(list(match.to_act))
        listed = list(itertools.islice(legal_actions(match, seat), LABELLED))
        labels = [label(match, action) for action in listed]
        assert all(isinstance(text, str) and text.strip() and len(text) < 200 for text in labels)
        assert len(set(labels)) == len(labels), "two different actions share a label"
        hidden = list(game.hidden_paths(match.state, seat, now))
        if hidden:  # the label reads nothing the acting seat may not see
            masked = dataclasses.replace(match, state=mask(match.state, hidden))
            assert [label(masked, action) for action in listed] == labels
        assert label(match, listed[0].to_json()) == labels[0]  # a JSON action is labelled alike
        action = rng.choice(listed)
        if game_id != "pili-pili":  # only Pili Pili has secret choices: everything else is shown as taken
            assert action_secret(match, seat, action) is None
            assert action_seen_by(match, seat, action, None, None) == action.to_json()
        now += 1.0
        match, _ = apply_action(match, seat, action, now)


def test_labels_read_like_the_table() -> None:
    pipifax, _ = new_match("pipifax", 2, {}, seed=1)
    colour = pipifax.state["colours"][7]
    assert label(pipifax, {"type": "pipifax.flip", "position": 7}) == f"flip card 7 ({colour} back)"

    taiga, _ = new_match("taiga", 2, {}, seed=1)
    up = taiga.state["up"][3].replace("_", " ")
    assert label(taiga, {"type": "taiga.flip", "disc": 3}) == f"flip disc 3 ({up} up)"
    assert label(taiga, {"type": "taiga.take", "from_seat": 1}) == "take a token from seat 1"
    assert label(taiga, {"type": "taiga.pass"}) == "pass (stop flipping)"

    giraffe = girafferaffe_match(["red-7", "blue-7", "copy"], apples=1)
    play = Play("three-of-a-kind", ("red-7", "blue-7"), ("blue-7",))
    assert label(giraffe, play) == "play 3 cards (red 7, blue 7, copy of blue 7) on the 3 of a Kind tree"
    assert label(giraffe, Play("single", ("red-7",), ())) == "play 1 card (red 7) on the Single tree"
    assert label(giraffe, ReturnApple()) == "return an apple (pass)"

    deck = [mission_card("S1", 5, count=2, direction="left")]
    pili, _ = new_match("pili-pili", 3, {"missions": "standard", "mission_deck": deck}, seed=1)
    assert label(pili, {"type": "pili-pili.bet", "tricks": 2}) == "bet 2"
    assert label(pili, {"type": "pili-pili.play", "card": 37}) == "play 37"
    assert label(pili, {"type": "pili-pili.play", "card": 0, "joker_value": 56}) == "play the Joker as 56"
    assert label(pili, {"type": "pili-pili.play-slot", "slot": 2}) == "play the face-down card in slot 2"
    assert label(pili, {"type": "pili-pili.pass", "cards": [0, 4, 31]}) == "pass 4, 31 and the Joker to the left"
    assert label(pili, {"type": "pili-pili.choose-partner", "partner": 2}) == "choose seat 2 as partner"
    assert label(pili, {"type": "pili-pili.exchange-with", "player": 0}) == "exchange a card with seat 0"
    assert label(pili, {"type": "pili-pili.give", "card": 12}) == "give 12"


def test_a_label_of_a_well_formed_but_illegal_action_still_reads() -> None:
    match: Match = girafferaffe_match(["red-7"])
    assert label(match, Play("no-such-tree", ("green-9",), ())) == "play 1 card (green 9) on tree 'no-such-tree'"
