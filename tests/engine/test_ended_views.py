"""A match the arena ends before its rules do (everyone else left, or it was aborted) shows everything.

``engine.view(..., ended=True)`` is what every seat and the public see then: each game's hidden
cards, discs, decks and hands, no turn; ``engine.action_seen_by(..., ended=True)`` shows every
secret choice. Each game is played some random moves in from a fixed seed, so something is hidden.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import Match


def played(game: str, players: int, options: dict[str, Any], moves: int, seed: int = 7) -> Match:
    """The match after up to ``moves`` random legal moves (it stops early only if the match ends)."""
    match, _ = engine.new_match(game, players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        seat = rng.choice(list(match.to_act))
        action = rng.choice(list(engine.legal_actions(match, seat)))
        match, _ = engine.apply_action(match, seat, action)
    assert not match.is_over
    return match


def every_view(match: Match) -> list[Any]:
    return [engine.view(match, seat, 0.0, ended=True) for seat in [None, *range(match.players)]]


def test_pipifax_shows_every_animal() -> None:
    match = played("pipifax", 3, {}, 5)
    assert any(card["animal"] is None for card in engine.view(match, None)["cards"])
    for seen in every_view(match):
        assert all(card["animal"] is not None for card in seen["cards"])


def test_taiga_shows_every_disc_and_the_pile_and_no_turn() -> None:
    match = played("taiga", 3, {}, 6)
    public = engine.view(match, None)
    assert public["phase"] != "over" and public["turn"] is not None
    for seen in every_view(match):
        assert seen["phase"] == "over" and seen["turn"] is None and seen["take_from"] == []
        assert all(disc["down"] is not None for disc in seen["discs"])
        assert seen["draw_pile"] is not None and len(seen["draw_pile"]) == seen["cards_left"]
        assert seen["winners"] is None  # the rules decided nothing: the arena's result says who won


@pytest.mark.parametrize("options", [{"mode": "standard"}, {"mode": "solo"}], ids=["standard", "solo"])
def test_girafferaffe_shows_every_hand_and_deck(options: dict[str, Any]) -> None:
    players = 1 if options["mode"] == "solo" else 3
    match = played("girafferaffe", players, options, 4)
    for seen in every_view(match):
        assert all(hand is not None for hand in seen["hands"])
        assert seen["redraw_deck"] is not None and seen["out_of_play"] is not None
        if options["mode"] == "solo":
            assert seen["robot"]["deck"] is not None


def test_pili_pili_shows_every_hand_and_the_stock_and_no_turn() -> None:
    match = played("pili-pili", 4, {}, 3)
    assert any(None in seat["hand"] for seat in engine.view(match, None)["seats"])
    for seen in every_view(match):
        assert seen["phase"] == "over" and seen["to_act"] == [] and seen["my_choice"] is None
        assert all(None not in seat["hand"] for seat in seen["seats"])
        assert seen["undealt"] is not None and seen["mission_deck"] is not None


def test_a_secret_choice_shows_with_ended() -> None:
    """Pili Pili's passed cards stay hidden from the others until the match is over, ended early too."""
    for seed in range(200):
        match, _ = engine.new_match("pili-pili", 3, {"missions": "standard"}, seed)
        while not match.is_over and match.state["phase"] == "bet":
            seat = match.to_act[0]
            match, _ = engine.apply_action(match, seat, next(engine.legal_actions(match, seat)))
        if match.state["phase"] != "pass":
            continue
        seat = match.to_act[0]
        action = next(engine.legal_actions(match, seat))
        secret = engine.action_secret(match, seat, action)
        assert secret is not None
        after, _ = engine.apply_action(match, seat, action)
        outsider = next(other for other in range(3) if other != seat and other not in (secret.revealed_to or ()))
        for viewer in (None, outsider):
            assert engine.action_seen_by(after, seat, action, secret, viewer) == {"type": action.TYPE, "hidden": True}
            assert engine.action_seen_by(after, seat, action, secret, viewer, ended=True) == action.to_json()
        return
    pytest.fail("no seed of 200 deals a Pili Pili round that starts with a pass")
