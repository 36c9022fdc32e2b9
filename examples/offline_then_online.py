"""A policy tested offline against the Gymnasium environment, then played online, unchanged, through the SDK.

    pip install -e '.[envs]' -e ./sdk
    python examples/offline_then_online.py --url http://127.0.0.1:8000 --game girafferaffe --matches 20

The policy is a plain function of what a bot sees, ``policy(view, actions) -> action``, all as the
API's JSON: ``view`` is the seat view's ``view`` and ``actions`` the legal actions the seat is
offered (all of them, or a uniform sample where there are more than ``OFFERED``). Offline,
``arena_envs`` hands it exactly what a seat stream's turn hands it online: the same actions in the
same order, the same sample drawn from the match's seed and version, and the server's bots choose as
the offline ones do. So one seed plays the same match on both sides, action for action, even for a
policy that picks by position in the list. It prints one JSON line per stage and a last line saying
whether the two matches were identical.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping
from typing import Any

from arena_sdk import Arena, Turn

import arena_envs

#: ``policy(view, actions) -> action``, as ``arena_envs`` and the API both spell them.
Policy = arena_envs.PolicyFunction

#: How many legal actions the policy is offered at most (Girafferaffe's plays run to the hundreds of thousands).
OFFERED = 64


def policy(view: dict[str, Any], actions: list[dict[str, Any]]) -> Mapping[str, Any]:
    """A small policy for every game: in Taiga, stop flipping after a find while the circle holds little;
    otherwise the action at a position drawn from what the seat sees (so the order of ``actions`` matters).
    """
    if view["game"] == "taiga":
        passes = [action for action in actions if action["type"] == "taiga.pass"]
        if passes and view["circle"] < 2:
            return passes[0]
    return actions[random.Random(json.dumps(view, sort_keys=True)).randrange(len(actions))]


def play_offline(choose: Policy, game: str, players: int, seed: int) -> dict[str, Any]:
    """One match as seat 0 against the random bot, offline; every action must be legal."""
    env = arena_envs.single_agent_env(game, players, seat=0, opponents="random", sample_size=OFFERED, illegal="raise")
    observation, _ = env.reset(seed=seed)
    actions: list[Mapping[str, Any]] = []
    over, info = False, dict[str, Any]()
    while not over:
        action = choose(arena_envs.decode_view(observation), arena_envs.decode_legal_actions(observation))
        actions.append(action)
        observation, _, over, _, info = env.step(action)
    return {"stage": "offline", "game": game, "seed": seed, "actions": actions, "winners": info["winners"]}


def play_online(choose: Policy, url: str, game: str, players: int, seed: int) -> dict[str, Any]:
    """The same match on the server: seat 0 through the SDK, the other seats by its random bot."""
    arena = Arena(url)
    bots = [{"bot": "random"} for _ in range(players - 1)]
    created = arena.create_match(game, players, seed=seed, seats=[{"name": "me"}, *bots])
    mine = next(seat for seat in created.seats if seat.seat == 0)
    actions: list[Mapping[str, Any]] = []

    def choose_turn(turn: Turn) -> Mapping[str, Any]:
        chosen = choose(turn.view.view.to_dict(), [action.to_dict() for action in turn.actions])
        actions.append(chosen)
        return chosen

    final = arena.seat(created.match.match_id, mine.token).play(choose_turn, max_actions=OFFERED)
    winners = list(final.result.winners) if final.result else []
    return {"stage": "online", "match": created.match.match_id, "actions": actions, "winners": winners}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--game", default="girafferaffe", help="the game")
    parser.add_argument("--players", type=int, default=2, help="seats: yours and the random bots'")
    parser.add_argument("--matches", type=int, default=20, help="offline matches to try the policy on first")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    args = parser.parse_args()

    tried = [play_offline(policy, args.game, args.players, args.seed + n) for n in range(args.matches)]
    wins = sum(0 in match["winners"] for match in tried)
    print(json.dumps({"stage": "offline", "game": args.game, "matches": args.matches, "wins": wins}), flush=True)
    online = play_online(policy, args.url, args.game, args.players, args.seed)
    summary = {key: online[key] for key in ("stage", "match", "winners")}
    print(json.dumps({**summary, "actions": len(online["actions"])}), flush=True)
    same = online["actions"] == tried[0]["actions"] and online["winners"] == tried[0]["winners"]
    print(json.dumps({"identical": same, "seed": args.seed}), flush=True)


if __name__ == "__main__":
    main()
