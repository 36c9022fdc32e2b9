"""The conformance test every registered game must pass: seeded random playouts to the end.

At every step it checks that the seats to act have legal actions, that each listed action is
accepted, labelled and found again at its index, and each sampled illegal one refused with the
right code, that the snapshot round-trips through JSON, that applying leaves the old state
untouched, that views do not depend on anything the viewer may not see, that a match the arena
ends early shows every viewer the same view, one that shows what the public view hid, and at the
end that the match replays exactly from seed and actions.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import random
from typing import Any

import pytest

from engine import (
    Action,
    EngineError,
    IllegalAction,
    InvalidSeat,
    MalformedAction,
    Match,
    MatchOver,
    NotYourTurn,
    RecordedAction,
    apply_action,
    count_legal_actions,
    get_game,
    label,
    legal_actions,
    new_match,
    nth_legal_action,
    replay,
    validate_action,
    view,
)
from engine.actions import field_types
from tests.engine.conformance import configurations

SEEDS = range(3)
MAX_STEPS = 20_000
#: How many listed actions are validated one by one at each checked step.
CHECKED_ACTIONS = 64
#: Every step is checked in full at first, then one step in this many (long playouts stay quick).
CHECK_EVERY = 25


def is_checked(step: int) -> bool:
    return step < 2 * CHECK_EVERY or step % CHECK_EVERY == 0


@pytest.mark.parametrize(("game_id", "players", "options"), configurations(), ids=str)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_obeys_the_engine_contract(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(f"{game_id}/{players}/{options}/{seed}")
    match, events = new_match(game_id, players, options, seed=seed)
    check_events(match, events)
    record: list[RecordedAction] = []
    now = 0.0
    for step in range(MAX_STEPS):
        checked = is_checked(step) or not match.to_act
        if checked:
            check_snapshot(match, now)
        to_act = match.to_act
        if not to_act:
            break
        seat = rng.choice(list(to_act))
        if checked:
            listed = check_legal_actions(match, seat)
            check_refusals(match, seat, listed, rng)
        else:
            listed = list(itertools.islice(legal_actions(match, seat), 4096))
        action = rng.choice(listed)
        now += rng.choice((0.5, 1.0, 2.5))
        previous = match
        before = json.dumps(previous.to_json(), sort_keys=True) if checked else ""
        match, events = apply_action(match, seat, action.to_json(), now)
        if checked:
            assert json.dumps(previous.to_json(), sort_keys=True) == before, "apply changed the old state"
        check_events(match, events)
        record.append(RecordedAction(seat, action.to_json(), now))
    else:
        pytest.fail(f"{game_id} did not end within {MAX_STEPS} steps")

    result = match.result
    assert result is not None and match.is_over
    assert set(result.winners) <= set(range(players))
    if result.scores is not None:
        assert len(result.scores) == players
    for seat in range(players):
        assert list(legal_actions(match, seat)) == []
        with pytest.raises(MatchOver):
            apply_action(match, seat, record[-1].action)
    replayed = replay(game_id, players, match.options, seed, record)
    assert replayed.to_json() == match.to_json()


def check_snapshot(match: Match, now: float) -> None:
    """The snapshot survives JSON unchanged, and no view reads what its viewer may not see."""
    encoded = json.dumps(match.to_json())
    assert Match.from_json(json.loads(encoded)).to_json() == match.to_json()
    game = match.game
    for seat in [None, *range(match.players)]:
        seen = view(match, seat, now)
        json.dumps(seen)
        hidden = list(game.hidden_paths(match.state, seat, now))
        if hidden:
            masked = dataclasses.replace(match, state=mask(match.state, hidden))
            assert view(masked, seat, now) == seen, f"the view of seat {seat} depends on hidden state"
    if not match.is_over:
        check_ended_views(match, now)


def check_ended_views(match: Match, now: float) -> None:
    """Were the arena to end the match now (everyone else left, or it was aborted), every viewer would
    see the same view, and it would show what the public view hides."""
    ended = view(match, None, now, ended=True)
    for seat in range(match.players):
        assert view(match, seat, now, ended=True) == ended, f"seat {seat} sees its own view of an ended match"
    hidden = list(match.game.hidden_paths(match.state, None, now))
    if hidden:
        masked = dataclasses.replace(match, state=mask(match.state, hidden))
        try:
            shows_hidden = view(masked, None, now, ended=True) != ended
        except (IndexError, KeyError, TypeError):
            shows_hidden = True  # it reads a hidden leaf (a stand-in index points nowhere)
        assert shows_hidden, "the ended view still hides the hidden state"


def check_legal_actions(match: Match, seat: int) -> list[Action]:
    """The seat has legal actions, each one is accepted as listed, and the count agrees."""
    listed = list(itertools.islice(legal_actions(match, seat), 4096))
    assert listed, f"seat {seat} must act but has no legal action"
    count = count_legal_actions(match, seat)
    if len(listed) < 4096:
        assert count == len(listed)
    else:
        assert count >= len(listed)
    assert len({json.dumps(a.to_json(), sort_keys=True) for a in listed}) == len(listed), "duplicate actions"
    for action in listed[:CHECKED_ACTIONS]:
        assert validate_action(match, seat, json.loads(json.dumps(action.to_json()))) == action
        assert label(match, action).strip(), "every legal action has a label"
    for index in {0, len(listed) // 2, len(listed) - 1}:
        assert nth_legal_action(match, seat, index) == listed[index], "unranking disagrees with the listing"
    return listed


def check_refusals(match: Match, seat: int, listed: list[Action], rng: random.Random) -> None:
    """Actions that are not legal are refused with the code that says why."""
    legal = {json.dumps(a.to_json(), sort_keys=True) for a in listed}
    sample = listed[0].to_json()
    with pytest.raises(MalformedAction):
        validate_action(match, seat, {"type": "no.such-action"})
    with pytest.raises(MalformedAction):
        validate_action(match, seat, {**sample, "unexpected": 1})
    with pytest.raises(InvalidSeat):
        validate_action(match, match.players, sample)
    waiting = [s for s in range(match.players) if s not in match.to_act]
    if waiting:
        with pytest.raises(NotYourTurn):
            validate_action(match, waiting[0], sample)
    for _ in range(8):
        candidate = perturb(rng.choice(listed), rng)
        if candidate is None:
            continue
        try:
            parsed = validate_action(match, seat, candidate)
        except (IllegalAction, MalformedAction) as error:
            if isinstance(error, IllegalAction):
                assert error.rule and error.message.startswith(error.rule)
            continue
        except EngineError as error:  # pragma: no cover - reported as a failure
            pytest.fail(f"{candidate} raised {error.code}, expected an illegal or malformed action")
        is_listed = json.dumps(parsed.to_json(), sort_keys=True) in legal
        assert is_listed or len(listed) >= 4096, f"{candidate} was accepted but is not listed as legal"


def perturb(action: Action, rng: random.Random) -> dict[str, Any] | None:
    """The action with one integer field moved to another value, or ``None`` if it has none."""
    data = action.to_json()
    ints = [name for name, hint in field_types(type(action)).items() if hint is int]
    if not ints:
        return None
    name = rng.choice(ints)
    data[name] = data[name] + rng.choice((-3, -2, -1, 1, 2, 3, 17, 60))
    return data


def check_events(match: Match, events: list[Any]) -> None:
    for event in events:
        json.dumps(event.to_json())
        if event.visible_to is not None:
            assert event.visible_to and set(event.visible_to) <= set(range(match.players))


def mask(state: Any, paths: list[Any]) -> Any:
    """A copy of ``state`` with a stand-in of the same type at every hidden leaf."""
    masked = copy.deepcopy(state)
    for number, path in enumerate(paths):
        parent = masked
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = stand_in(parent[path[-1]], number)
    return masked


def stand_in(value: Any, number: int) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return -1_000_000 - number
    if isinstance(value, str):
        return f"?hidden-{number}?"
    if value is None:
        return None
    raise TypeError(f"hidden paths must name leaves, not {type(value).__name__}")


def test_views_match_the_declared_view_type() -> None:
    """Each game's views carry exactly the keys its ``view_type`` declares (the API's schema)."""
    for game_id, players, options in configurations():
        match, _ = new_match(game_id, players, options, seed=7)
        declared = set(get_game(game_id).view_type.__annotations__)
        for seat in [None, *range(players)]:
            assert set(view(match, seat)) == declared
