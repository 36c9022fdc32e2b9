"""Offline environments over the engine, for training and testing bots without a server.

``pip install 'tabletop-arena[envs]'``. :func:`aec_env` is a PettingZoo AEC environment in which
every seat is an agent; :func:`single_agent_env` a Gymnasium environment in which one seat is the
agent and a policy you pass plays the others. Both use the API's action JSON and the API's seat
view, so a policy tested here plays online unchanged (docs/envs.md).
"""

from arena_envs.aec import ArenaAECEnv, aec_env
from arena_envs.encoding import (
    DEFAULT_SAMPLE_SIZE,
    Observation,
    decode_index,
    decode_legal_actions,
    decode_view,
)
from arena_envs.offline_match import IllegalMove, RewardScheme, final_rewards
from arena_envs.policies import Opponent, PolicyFunction
from arena_envs.single_agent import ArenaEnv, single_agent_env

__all__ = [
    "DEFAULT_SAMPLE_SIZE",
    "ArenaAECEnv",
    "ArenaEnv",
    "IllegalMove",
    "Observation",
    "Opponent",
    "PolicyFunction",
    "RewardScheme",
    "aec_env",
    "decode_index",
    "decode_legal_actions",
    "decode_view",
    "final_rewards",
    "single_agent_env",
]
