"""Girafferaffe's compact state (stored format 2) against the engine it replaced (format 1).

The engine before the compact state is kept, frozen, in ``tests/engine/girafferaffe_v1``. Random
playouts of every mode and player count walk 10,000 positions through both engines side by side;
at each one they must agree on everything that leaves the engine: whose turn it is, the legal
actions (in order), their counts (also per tree), the actions found by index, the views (the
spectator's and one seat's, every seat's at one position in four), the events of the action
taken, the result, and the refusal of illegal actions; and the compact state must read back as
the old engine's state and be read from it. Snapshots stored in format 1 are read through
``Match.from_json`` and play on.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engine import IllegalAction, Match, apply_action, get_game, legal_actions, new_match, view
from engine.actions import Action
from engine.game import Context
from engine.games.girafferaffe import Play, ReturnApple, readable_state, state_from_format1
from engine.games.girafferaffe.cards import COPY, DECK, NUMBER_CARDS
from tests.engine.girafferaffe_v1.game import Girafferaffe as Format1Engine

GAME = get_game("girafferaffe")
OLD = Format1Engine()
#: Every mode and player count the game offers.
CONFIGURATIONS = [(1, "solo")] + [(players, mode) for players in range(2, 6) for mode in ("standard", "rounds")]
POSITIONS = 10_000
#: Each configuration's share of the positions (the last ones take one more).
SHARE = POSITIONS // len(CONFIGURATIONS)
#: How many legal actions are compared at each position, in listing order.
LISTED = 256


def old_action(action: Action) -> Action:
    """The same action as the format 1 engine's own class (it has its own action classes)."""
    data = action.to_json()
    fields = {key: tuple(value) if isinstance(value, list) else value for key, value in data.items() if key != "type"}
    return OLD.actions_by_type[data["type"]](**fields)


def as_json(items: Any) -> list[dict[str, Any]]:
    """Actions or events in their JSON form."""
    return [item.to_json() for item in items]


def as_fields(actions: Any) -> list[tuple[Any, ...]]:
    """Actions by type and fields (what their JSON form is made of, quicker to compare by the thousand)."""
    return [(action.TYPE, *vars(action).values()) for action in actions]


def refusal(game: Any, state: Any, seat: int, action: Action) -> tuple[str, str] | None:
    """The rule and message refusing ``action``, or ``None`` if the engine accepts it."""
    try:
        game.check(state, seat, action)
    except IllegalAction as refused:
        return refused.rule, refused.message
    return None


def candidate(rng: random.Random, trees: list[str], hand: list[str]) -> dict[str, Any]:
    """A play that may or may not be legal: some of the hand's cards (or others), some copies, a tree."""
    numbers = [card for card in hand if card != COPY]
    pool = numbers if numbers and rng.random() < 0.8 else list(NUMBER_CARDS)
    cards = rng.sample(pool, min(len(pool), rng.randint(1, 4)))
    copies = [rng.choice(cards) for _ in range(rng.choice((0, 0, 1, 2)))]
    if rng.random() < 0.05:
        copies.append(COPY)
    tree = rng.choice([*trees, "oak"]) if rng.random() < 0.95 else "single-red"
    return {"type": "girafferaffe.play", "tree": tree, "cards": cards, "copies": copies}


def compare_position(state: Any, old: Any, players: int, rng: random.Random) -> None:
    """Both engines agree at this position (the seat to act, if any, is asked everything)."""
    assert readable_state(state) == old
    assert state_from_format1(old) == state
    # every seat's view at one position in four, else the spectator's and one seat's
    seats = [None, *range(players)] if rng.random() < 0.25 else [None, rng.randrange(players)]
    for seat in seats:
        assert GAME.view(state, seat, 0.0) == OLD.view(old, seat, 0.0)
    assert GAME.result(state) == OLD.result(old)
    assert list(GAME.to_act(state)) == list(OLD.to_act(old))
    for seat in GAME.to_act(state):
        listed = list(itertools.islice(GAME.legal_actions(state, seat, {}), LISTED))
        old_listed = list(itertools.islice(OLD.legal_actions(old, seat, {}), LISTED))
        assert as_fields(listed) == as_fields(old_listed)
        assert as_json(listed[:3]) == as_json(old_listed[:3])
        count = GAME.count_legal_actions(state, seat, {})
        assert count == OLD.count_legal_actions(old, seat, {})
        for tree in [*state["trees"], "oak"]:
            wanted = {"tree": tree}
            assert GAME.count_legal_actions(state, seat, wanted) == OLD.count_legal_actions(old, seat, wanted)
        for wanted in ({"tree": rng.choice(state["trees"])}, {"colour": "red"}):  # one tree; a key that is no filter
            on_tree = as_fields(itertools.islice(GAME.legal_actions(state, seat, wanted), 16))
            assert on_tree == as_fields(itertools.islice(OLD.legal_actions(old, seat, wanted), 16))
        for index in {0, count - 1, rng.randrange(count)}:
            found = GAME.nth_legal_action(state, seat, {}, index)
            assert found.to_json() == OLD.nth_legal_action(old, seat, {}, index).to_json()
            assert GAME.label(state, found) == OLD.label(old, old_action(found))
        hand = readable_state(state)["hands"][seat]
        for _ in range(2):
            data = candidate(rng, state["trees"], hand)
            action = Play(data["tree"], tuple(data["cards"]), tuple(data["copies"]))
            assert refusal(GAME, state, seat, action) == refusal(OLD, old, seat, old_action(action))
        passing = ReturnApple()
        assert refusal(GAME, state, seat, passing) == refusal(OLD, old, seat, old_action(passing))


def chosen_action(state: Any, seat: int, rng: random.Random) -> Action:
    """Mostly one of the first listed actions (as bots and benchmarks see them), sometimes any legal one."""
    if rng.random() < 0.7:
        listed = list(itertools.islice(GAME.legal_actions(state, seat, {}), LISTED))
        return rng.choice(listed)
    return GAME.nth_legal_action(state, seat, {}, rng.randrange(GAME.count_legal_actions(state, seat, {})))


@pytest.mark.parametrize(("players", "mode"), CONFIGURATIONS, ids=str)
def test_the_compact_engine_plays_every_position_as_the_format1_engine(players: int, mode: str) -> None:
    wanted = SHARE + (1 if CONFIGURATIONS.index((players, mode)) < POSITIONS % len(CONFIGURATIONS) else 0)
    positions = 0
    seed = 0
    while positions < wanted:
        seed += 1
        rng = random.Random(f"formats/{players}/{mode}/{seed}")
        match, _ = new_match("girafferaffe", players, {"mode": mode}, seed=seed)
        options = dict(match.options)
        state, events = GAME.setup(players, options, Context(seed, 0))
        old, old_events = OLD.setup(players, options, Context(seed, 0))
        assert as_json(events) == as_json(old_events)
        version = 0
        while positions < wanted:
            compare_position(state, old, players, rng)
            positions += 1
            to_act = GAME.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            action = chosen_action(state, seat, rng)
            version += 1
            state, events = GAME.apply(state, seat, action, Context(seed, version, float(version)))
            old, old_events = OLD.apply(old, seat, old_action(action), Context(seed, version, float(version)))
            assert as_json(events) == as_json(old_events)
    assert positions == wanted


def snapshot_in_format1(players: int, mode: str, seed: int, moves: int) -> tuple[dict[str, Any], Match]:
    """A snapshot as the format 1 engine stored it after ``moves`` first-listed moves, and the match
    the engine reaches with the same moves."""
    match, _ = new_match("girafferaffe", players, {"mode": mode}, seed=seed)
    old, _ = OLD.setup(players, match.options, Context(seed, 0))
    for version in range(1, moves + 1):
        seat = match.to_act[0]
        action = next(iter(legal_actions(match, seat)))
        match, _ = apply_action(match, seat, action)
        old, _ = OLD.apply(old, seat, old_action(action), Context(seed, version))
    snapshot = {**match.to_json(), "state": json.loads(json.dumps(old))}
    return snapshot, match


@pytest.mark.parametrize(("players", "mode"), [(1, "solo"), (3, "standard"), (4, "rounds")], ids=str)
def test_a_snapshot_stored_in_format1_is_read_as_the_compact_state_and_plays_on(players: int, mode: str) -> None:
    snapshot, expected = snapshot_in_format1(players, mode, seed=3, moves=4)
    assert "format" not in snapshot["state"] and isinstance(snapshot["state"]["hands"][0], list)
    stored = Match.from_json(json.loads(json.dumps(snapshot)))
    assert stored == expected
    assert stored.to_json()["state"]["format"] == 2
    for seat in [None, *range(players)]:
        assert view(stored, seat) == view(expected, seat)
    while stored.to_act:  # it plays on to the end exactly as the match that never left the engine
        seat = stored.to_act[0]
        action = next(iter(legal_actions(stored, seat)))
        stored, events = apply_action(stored, seat, action)
        expected, expected_events = apply_action(expected, seat, action)
        assert as_json(events) == as_json(expected_events)
    assert stored == expected and stored.result is not None


def test_a_compact_snapshot_is_read_as_it_is_and_an_unknown_format_is_refused() -> None:
    match, _ = new_match("girafferaffe", 2, seed=5)
    stored = json.loads(json.dumps(match.to_json()))
    assert Match.from_json(stored) == match
    with pytest.raises(ValueError, match="format 3"):
        Match.from_json({**stored, "state": {**stored["state"], "format": 3}})


def test_the_compact_state_names_no_card_and_keeps_every_card_once() -> None:
    match, _ = new_match("girafferaffe", 1, {"mode": "solo"}, seed=8)
    state = match.to_json()["state"]
    assert not any(card in json.dumps(state) for card in ("red-", "blue-", "yellow-", "green-", COPY))
    readable = readable_state(match.state)
    held = [*itertools.chain(*readable["hands"]), *readable["redraw"], *readable["aside"], *readable["robot_deck"]]
    assert sorted(held) == sorted(DECK)
