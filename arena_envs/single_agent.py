"""The Gymnasium environment: one seat is the agent, the other seats are played by a policy you pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
from gymnasium import spaces

import engine
from arena_envs.encoding import DEFAULT_SAMPLE_SIZE, Observation, to_json_text
from arena_envs.offline_match import IllegalMove, IllegalPolicy, OfflineMatch, RewardScheme
from arena_envs.policies import Opponent, check_opponent, opponent_action

#: The most deals a reset tries for one on which the agent's seat gets to act (Pipifax can end early).
MAX_DEALS = 100


class ArenaEnv(gymnasium.Env[Observation, Any]):
    """A Tabletop Arena match seen from ``seat``; the other seats are played by ``opponents``.

    Observations and actions are those of the AEC environment (:mod:`arena_envs.encoding`). After
    the agent's action, the other seats act (in ``to_act`` order, as in the AEC environment) until
    the agent's seat is the first to act again or the match is over. The reward is 0 until the end,
    then the seat's final reward. Each info holds ``events``: what the seat saw since its previous
    step (its opponents' moves among them), as ``turn.events`` online. A deal that ends before the
    agent's seat ever acts (a Pipifax opponent can win on its first turn) is skipped at reset for the
    next seed drawn.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int,
        seat: int = 0,
        opponents: Opponent = "random",
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        reward: RewardScheme = "win",
        sample_size: int = DEFAULT_SAMPLE_SIZE,
        seconds_per_action: float = 1.0,
        illegal: IllegalPolicy = "lose",
        render_mode: str | None = None,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} does not exist; seats are 0-{players - 1}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        check_opponent(opponents)
        self.table = OfflineMatch(
            game, players, options, sample_size=sample_size, reward=reward, seconds_per_action=seconds_per_action
        )
        self.seat = seat
        self.opponents = opponents
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space: spaces.Space[Observation] = self.table.encoding.observation_space()
        self.action_space: spaces.Space[Any] = self.table.encoding.action_space()
        self._first_seed = seed

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new match: from ``seed`` if given (the match seed itself), else a seed drawn from ``np_random``.

        ``options`` is accepted for the API's sake and ignored: the game options are the constructor's.
        """
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        match_seed = self._draw_seed() if seed is None else seed
        for _ in range(MAX_DEALS):
            self.table.reset(match_seed)
            self._play_opponents()
            if not self.table.is_over:
                return self.table.observe(self.seat), self._info({})
            match_seed = self._draw_seed()
        raise RuntimeError(f"{MAX_DEALS} deals in a row ended before seat {self.seat} could act")

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index into the observation's ``actions``, or an action's JSON), then the opponents."""
        if self.table.is_over:
            raise RuntimeError("the match is over: call reset()")
        try:
            self.table.act(self.seat, action)
        except IllegalMove as error:
            if self.illegal == "raise":
                raise
            return self.table.observe(self.seat), -1.0, True, False, {"illegal_action": str(error)}
        self._play_opponents()
        observation = self.table.observe(self.seat)
        if not self.table.is_over:
            return observation, 0.0, False, False, self._info({})
        reward = self.table.final_rewards()[self.seat]
        return observation, reward, True, False, self._info(self.table.final_info(self.seat))

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        """``info`` with ``events``: what the agent's seat saw since its previous step (``turn.events`` online)."""
        return {**info, "events": self.table.events_since_last_step(self.seat)}

    def render(self) -> str | None:
        """``ansi``: the spectator's view as JSON text (the whole table once the match is over)."""
        if self.render_mode != "ansi":
            return None
        return to_json_text({"game": self.table.game_id, **engine.view(self.table.match, None, self.table.now)})

    def _play_opponents(self) -> None:
        """Let the other seats act until the agent's seat is the first to act or the match is over."""
        while not self.table.is_over:
            seat = self.table.to_act[0]
            if seat == self.seat:
                return
            self.table.act(seat, opponent_action(self.table, seat, self.opponents))

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(0, 2**63 - 1))


def single_agent_env(
    game: str,
    players: int,
    seat: int = 0,
    opponents: Opponent = "random",
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    **settings: Any,
) -> ArenaEnv:
    """A Gymnasium environment of ``game`` played by ``seat``, the other seats by ``opponents``.

    ``opponents``: a server bot (``"random"``, ``"greedy"``) or ``policy(view, actions) -> action``
    over the API's JSON. ``settings`` as for :func:`arena_envs.aec_env`.
    """
    return ArenaEnv(game, players, seat, opponents, options=options, seed=seed, **settings)
