"""The PettingZoo AEC environment: every seat of a match is an agent, ``seat_0`` to ``seat_{n-1}``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

import engine
from arena_envs.encoding import DEFAULT_SAMPLE_SIZE, Observation, to_json_text
from arena_envs.offline_match import IllegalMove, IllegalPolicy, OfflineMatch, RewardScheme


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    return int(agent.removeprefix("seat_"))


class ArenaAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """A Tabletop Arena match as a PettingZoo AEC environment.

    The agent to act is the first seat of the match's ``to_act``. Simultaneous phases (Pili Pili's
    secret choices) are serialised: each seat in ``to_act`` takes its turn, in seat order, and no
    seat sees another's secret choice before the engine reveals it. Observations and actions are
    described in :mod:`arena_envs.encoding`; ``step`` takes an index or the action's JSON (the
    API's). Each agent's info holds ``events``: what its seat saw since its previous step, as
    ``turn.events`` online (the API's event JSON). Rewards come at the end only (see
    :func:`arena_envs.offline_match.final_rewards`).
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        reward: RewardScheme = "win",
        sample_size: int = DEFAULT_SAMPLE_SIZE,
        seconds_per_action: float = 1.0,
        illegal: IllegalPolicy = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.table = OfflineMatch(
            game,
            players,
            options,
            sample_size=sample_size,
            reward=reward,
            seconds_per_action=seconds_per_action,
        )
        self.metadata = {**self.metadata, "name": f"arena_{self.table.game_id.replace('-', '_')}_v0"}
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        observation_space = self.table.encoding.observation_space()
        action_space = self.table.encoding.action_space()
        self.observation_spaces: dict[str, spaces.Space[Any]] = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces: dict[str, spaces.Space[Any]] = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = random.Random(seed)
        self._first_seed = seed

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: from ``seed`` if given (the match seed itself), else the next seed drawn.

        ``options`` is accepted for the API's sake and ignored: the game options are the constructor's.
        """
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None:
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.getrandbits(63)
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._note_events()
        self.agent_selection = agent_name(self.table.to_act[0])

    def observe(self, agent: str) -> Observation:
        return self.table.observe(seat_of(agent))

    def step(self, action: Any) -> None:
        """Play ``action`` (an index into the observation's ``actions``, or an action's JSON) for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = seat_of(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            self.table.act(seat, action)
        except IllegalMove as error:
            if self.illegal == "raise":
                raise
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": str(error)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        if self.table.is_over:
            for seat_id, reward in self.table.final_rewards().items():
                self.rewards[agent_name(seat_id)] = reward
                self.infos[agent_name(seat_id)] = self.table.final_info(seat_id)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(self.table.to_act[0])
        self._note_events()
        self._accumulate_rewards()

    def _note_events(self) -> None:
        """Each agent's info holds the events its seat saw since its previous step (``turn.events`` online)."""
        for agent in self.agents:
            self.infos[agent]["events"] = self.table.events_since_last_step(seat_of(agent))

    def render(self) -> str | None:
        """``ansi``: the spectator's view as JSON text (the whole table once the match is over)."""
        if self.render_mode != "ansi":
            return None
        return to_json_text({"game": self.table.game_id, **engine.view(self.table.match, None, self.table.now)})

    def close(self) -> None:
        """Nothing to release: the engine holds no resources."""


def aec_env(
    game: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    **settings: Any,
) -> ArenaAECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (see :class:`ArenaAECEnv`).

    ``settings``: ``reward`` (``"win"`` or ``"rank"``), ``sample_size`` (huge spaces, default 100),
    ``seconds_per_action``, ``illegal`` (``"lose"`` or ``"raise"``), ``render_mode`` (``"ansi"``).
    """
    return ArenaAECEnv(game, players, options, seed, **settings)
