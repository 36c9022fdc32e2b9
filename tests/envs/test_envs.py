"""The offline environments: PettingZoo's and Gymnasium's own checks for every game and player count,
whole matches to the end, seeded determinism, hidden information and the API's action JSON."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import arena_envs
import engine
from arena_envs.encoding import action_key
from tests.engine.conformance import configurations

CONFIGURATIONS = configurations()

#: The warnings PettingZoo's and Gymnasium's checkers give for any dict observation with text in it.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
    "Action mask numpy array is all zeros",  # the masks of the seats stepped out after the end
    "Not able to test alternative render modes",
)

#: How observations spell JSON: compact.
COMPACT: dict[str, Any] = {"separators": (",", ":")}

#: The full check of every seat's observation: every step at first, then one step in this many.
CHECK_EVERY = 50


def checked(step: int) -> bool:
    return step < 2 * CHECK_EVERY or step % CHECK_EVERY == 0


def only_expected_warnings(run: Callable[[], None]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


def legal_keys(match: engine.Match, seat: int) -> set[str]:
    return {action_key(action.to_json()) for action in engine.legal_actions(match, seat)}


def masked_choice(observation: dict[str, Any], rng: random.Random) -> int:
    return rng.choice([int(i) for i in np.flatnonzero(observation["action_mask"])])


def play_aec(env: arena_envs.ArenaAECEnv, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Play a whole match, choosing uniformly among the unmasked indexes; yields each acting agent and observation."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield agent, observation
        env.step(masked_choice(observation, rng))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS, ids=str)
def test_pettingzoo_api_test_passes(game: str, players: int, options: dict[str, Any]) -> None:
    only_expected_warnings(lambda: api_test(arena_envs.aec_env(game, players, options, seed=7), num_cycles=10))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS, ids=str)
def test_gymnasium_env_checker_passes(game: str, players: int, options: dict[str, Any]) -> None:
    env = arena_envs.single_agent_env(game, players, options=options)
    only_expected_warnings(lambda: check_env(env, skip_render_check=True))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS, ids=str)
def test_a_whole_match_follows_the_engine_and_hides_what_it_must(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """Each agent to act is the first of ``to_act``, its mask is exactly its legal actions (or a sample
    of them), and every seat's observation is its own engine view: nothing another seat may not see."""
    env = arena_envs.aec_env(game, players, options)
    table = env.table
    for step, (agent, observation) in enumerate(play_aec(env, seed=3)):
        seat = int(agent.removeprefix("seat_"))
        assert seat == table.to_act[0]
        offered = arena_envs.decode_legal_actions(observation)
        total = engine.count_legal_actions(table.match, seat)
        assert len({action_key(a) for a in offered}) == len(offered) == min(total, env.table.encoding.size)
        if total <= len(offered):  # all of them: exactly the legal actions
            assert {action_key(a) for a in offered} == legal_keys(table.match, seat)
        else:  # a sample of a huge space: each one legal
            assert all(engine.validate_action(table.match, seat, a) for a in offered)
        if checked(step):
            for other in range(players):
                seen = env.observe(f"seat_{other}")
                assert seen["view"] == json.dumps(
                    {"game": game, **engine.view(table.match, other, table.now)}, **COMPACT
                )
                assert seen["action_mask"].any() == (other in table.to_act)
    assert table.is_over and not env.agents
    result = table.match.result
    assert result is not None


def test_pili_pili_observations_never_show_another_seats_hand() -> None:
    env = arena_envs.aec_env("pili-pili", 4, {"missions": "none"})
    hands_seen = 0
    for agent, observation in play_aec(env, seed=11):
        seat = int(agent.removeprefix("seat_"))
        view = arena_envs.decode_view(observation)
        if view["phase"] == "over":
            continue
        for owner, shown in enumerate(view["seats"]):
            if owner != seat:
                assert all(card is None for card in shown["hand"])
            else:
                hands_seen += any(card is not None for card in shown["hand"])
    assert hands_seen


@pytest.mark.parametrize("game", ["pipifax", "taiga", "girafferaffe", "pili-pili"])
def test_the_same_seed_plays_the_same_match(game: str) -> None:
    def trajectory(seed: int) -> list[tuple[str, str, str]]:
        env = arena_envs.aec_env(game, 3)
        steps = [(agent, obs["view"], obs["actions"]) for agent, obs in play_aec(env, seed)]
        return [*steps, ("rewards", json.dumps(env.table.final_rewards()), "")]

    first = trajectory(5)
    assert trajectory(5) == first
    assert trajectory(6) != first


@pytest.mark.parametrize("game", ["pipifax", "taiga", "girafferaffe", "pili-pili"])
def test_reset_with_a_seed_deals_as_the_engine_does_with_that_seed(game: str) -> None:
    env = arena_envs.single_agent_env(game, 2, seat=0)
    dealt = engine.new_match(game, 2, None, 12345)[0]
    env.reset(seed=12345)
    if env.table.match.version == 0:  # the agent's seat is first: the opponent has not acted yet
        assert env.table.match == dealt
    assert env.table.match.seed == 12345


def test_the_single_agent_env_is_deterministic_with_a_seed_in_the_constructor() -> None:
    def episode() -> list[str]:
        env = arena_envs.single_agent_env("taiga", 3, seat=1, opponents="greedy", seed=99)
        observation, _ = env.reset()
        views, over, rng = [observation["view"]], False, random.Random(0)
        while not over:
            observation, _, over, _, _ = env.step(masked_choice(observation, rng))
            views.append(observation["view"])
        return views

    assert episode() == episode()


def test_step_takes_the_action_json_as_well_as_an_index() -> None:
    env = arena_envs.aec_env("taiga", 2, seed=1)
    env.reset()
    observation = env.observe(env.agent_selection)
    action = arena_envs.decode_legal_actions(observation)[0]
    index = arena_envs.decode_index(observation, action)
    env.step(action)
    by_json = env.table.match
    env.reset(seed=1)
    env.step(index)
    assert env.table.match == by_json


def test_huge_spaces_are_sampled_and_any_legal_action_json_is_accepted() -> None:
    env = arena_envs.aec_env("girafferaffe", 2, {"mode": "standard"}, seed=2, sample_size=16)
    env.reset()
    seat = env.table.to_act[0]
    assert engine.count_legal_actions(env.table.match, seat) > 1000
    observation = env.observe(env.agent_selection)
    assert observation["action_mask"].shape == (16,) and observation["action_mask"].all()
    offered = {action_key(a) for a in arena_envs.decode_legal_actions(observation)}
    outside = next(
        a.to_json() for a in engine.legal_actions(env.table.match, seat) if action_key(a.to_json()) not in offered
    )
    env.step(outside)
    assert env.table.match.version == 1


def test_an_illegal_action_loses_the_match_or_raises() -> None:
    env = arena_envs.aec_env("taiga", 3, seed=4)
    env.reset()
    observation = env.observe(env.agent_selection)
    masked = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    offender = env.agent_selection
    env.step(masked)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1 and "illegal_action" in env.infos[offender]
    assert sum(env.rewards.values()) == -1

    strict = arena_envs.single_agent_env("taiga", 3, illegal="raise", seed=4)
    observation, _ = strict.reset()
    with pytest.raises(arena_envs.IllegalMove):
        strict.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    with pytest.raises(arena_envs.IllegalMove):
        strict.step({"type": "taiga.flip", "disc": 99})
    with pytest.raises(TypeError):
        strict.step("flip")


def test_opponents_may_be_a_bot_or_a_policy_function() -> None:
    seen: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def last_action(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
        seen.append((view, actions))
        return actions[-1]

    env = arena_envs.single_agent_env("pili-pili", 3, seat=2, opponents=last_action, seed=8)
    env.reset()
    assert seen and all(view["game"] == "pili-pili" and actions for view, actions in seen)
    assert env.table.to_act[0] == 2
    with pytest.raises(ValueError, match="no bot"):
        arena_envs.single_agent_env("taiga", 2, opponents="smart")
    with pytest.raises(ValueError, match="seat"):
        arena_envs.single_agent_env("taiga", 2, seat=2)


@pytest.mark.parametrize("bot", engine.bots.BOT_IDS)
def test_every_server_bot_is_an_opponent(bot: str) -> None:
    env = arena_envs.single_agent_env("pili-pili", 2, seat=0, opponents=bot, options={"first_player": 1}, seed=6)
    observation, _ = env.reset()
    assert env.table.to_act == [0]
    assert env.table.match.version > 0, "the opponent played the first bet"
    assert observation["action_mask"].any()


def test_a_search_bot_plays_as_an_opponent_as_it_plays_on_the_server() -> None:
    """Each opponent decision is the bot's own from the match and its seat's memory, kept as the server keeps it."""
    from arena_envs.offline_match import OfflineMatch
    from arena_envs.policies import opponent_action
    from engine.bots import choose_action, recall

    bot = "search-1"
    options = {"missions": "expert"}
    table = OfflineMatch("pili-pili", 2, options)
    table.reset(seed=4)
    match, events = engine.new_match("pili-pili", 2, options, 4)
    seen = list(events)
    decided = 0
    while decided < 12:  # a round or two: each decision of a search bot costs up to a tenth of a second
        seat = table.to_act[0]
        if seat == 1:
            assert table.memories[1] == recall("pili-pili", 1, seen)
            action = opponent_action(table, 1, bot)
            assert action == choose_action(table.match, 1, bot, memory=table.memories[1])
            decided += 1
        else:
            action = next(iter(engine.legal_actions(table.match, 0)))
        table.act(seat, action)
        match, events = engine.apply_action(match, seat, action, table.now - table.seconds_per_action)
        seen += events
        assert match == table.match
    assert table.memories[1]["played"], "the memory the opponent decides with holds what it saw"


def test_rewards_by_rank_spread_from_plus_one_to_minus_one() -> None:
    env = arena_envs.aec_env("pili-pili", 4, {"missions": "none"}, reward="rank")
    for _ in play_aec(env, seed=1):
        pass
    result = env.table.match.result
    assert result is not None
    ranks = result.ranks("lower", range(4))
    rewards = env.table.final_rewards()
    assert all(rewards[seat] == 1.0 - 2.0 * (ranks[seat] - 1) / 3 for seat in range(4))
    assert all(rewards[seat] == 1.0 for seat in result.winners)


def test_solo_girafferaffe_rewards_the_single_seat_by_its_result() -> None:
    env = arena_envs.aec_env("girafferaffe", 1, {"mode": "solo"})
    for _ in play_aec(env, seed=2):
        pass
    result = env.table.match.result
    assert result is not None
    assert env.table.final_rewards() == {0: 1.0 if 0 in result.winners else -1.0}
