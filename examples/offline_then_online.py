"""A policy tested offline against the Gymnasium environment, then played online, unchanged, through the SDK.

    pip install -e '.[envs]' -e ./sdk
    python examples/offline_then_online.py --url http://127.0.0.1:8000 --game taiga --matches 20

The policy is a plain function of what a bot sees, ``policy(view, actions) -> action``, all as the
API's JSON: ``view`` is the seat view's ``view`` and ``actions`` its legal actions (all of them, or a
uniform sample where there are many). Offline, ``arena_envs`` hands it exactly that; online,
:func:`adapter` turns it into the ``choose`` of ``Seat.play``. It prints one JSON line per stage.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from arena_client.models import SeatView
from arena_sdk import Arena

import arena_envs

#: ``policy(view, actions) -> action``, as ``arena_envs`` and the API both spell them.
Policy = arena_envs.PolicyFunction


def policy(view: dict[str, Any], actions: list[dict[str, Any]]) -> Mapping[str, Any]:
    """A small policy for every game: in Taiga, stop flipping after a find while the circle holds little;
    otherwise a legal action drawn by what the seat sees. The same view and the same actions, in any
    order, always give the same choice.
    """
    if view["game"] == "taiga":
        passes = [action for action in actions if action["type"] == "taiga.pass"]
        if passes and view["circle"] < 2:
            return passes[0]
    ordered = sorted(actions, key=lambda action: json.dumps(action, sort_keys=True))
    return random.Random(json.dumps(view, sort_keys=True)).choice(ordered)


def play_offline(choose: Policy, game: str, players: int, matches: int, seed: int) -> dict[str, Any]:
    """Play ``matches`` matches as seat 0 against the random bot; every action must be legal."""
    env = arena_envs.single_agent_env(game, players, seat=0, opponents="random", illegal="raise")
    wins = 0
    for number in range(matches):
        observation, _ = env.reset(seed=seed + number)
        over = False
        while not over:
            action = choose(arena_envs.decode_view(observation), arena_envs.decode_legal_actions(observation))
            observation, reward, over, _, _ = env.step(action)
        wins += reward > 0
    return {"stage": "offline", "game": game, "matches": matches, "wins": wins}


def adapter(choose: Policy) -> Callable[[SeatView, list[Any]], Any]:
    """``Seat.play``'s ``choose`` from a policy over the API's JSON: it gets the seat view's ``view`` and
    the actions' JSON and answers with the action model it picked."""

    def choose_model(seen: SeatView, actions: list[Any]) -> Any:
        view: dict[str, Any] = seen.to_dict()["view"]
        listed = [action.to_dict() for action in actions]
        chosen = dict(choose(view, listed))
        return actions[listed.index(chosen)]  # a policy picks among the actions it was given

    return choose_model


def play_online(choose: Policy, url: str, game: str, players: int, seed: int | None) -> dict[str, Any]:
    """Play one match on the server as seat 0 against its random bot."""
    arena = Arena(url)
    bots = [{"bot": "random"} for _ in range(players - 1)]
    created = arena.create_match(game, players, seed=seed, seats=[{"name": "me"}, *bots])
    mine = next(seat for seat in created.seats if seat.seat == 0)
    final = arena.seat(created.match.match_id, mine.token).play(adapter(choose))
    winners = final.result.winners if final.result else []
    return {"stage": "online", "match": created.match.match_id, "winners": winners, "won": 0 in winners}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--game", default="taiga", help="the game")
    parser.add_argument("--players", type=int, default=2, help="seats: yours and the random bots'")
    parser.add_argument("--matches", type=int, default=20, help="offline matches")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first offline match")
    args = parser.parse_args()

    print(json.dumps(play_offline(policy, args.game, args.players, args.matches, args.seed)), flush=True)
    print(json.dumps(play_online(policy, args.url, args.game, args.players, None)), flush=True)


if __name__ == "__main__":
    main()
