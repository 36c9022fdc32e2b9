"""What knowing is worth in Pipifax: the greedy policy with every card known, against the greedy bot.

Both seats play the greedy policy (``engine.bots.pipifax``): the greedy bot from its memory of every
flip, as the server plays it, and the other seat from a memory that holds every card's animal (it
cheats: no bot of the server does). Seats alternate who starts, match by match. The share of matches
the all-knowing seat wins bounds what any search can gain from inferring hidden cards, and says how
much of the game is knowing (``docs/bots.md``, the ladder).

    python -m bench.pipifax_knowledge_bench [--matches 1000]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import engine
from engine.actions import Action
from engine.bots import choose_action, new_memory, remember
from engine.bots import pipifax as greedy
from engine.bots.memory import Memory
from engine.match import Match

GAME = "pipifax"


#: A seat's player against the greedy bot: its action, from the match, the seat's memory and the seed.
Player = Callable[[Match, Memory, int], Action]


def share_against_greedy(seed: int, seat: int, player: Player | None) -> float:
    """What ``seat`` scores in the two-player match of ``seed`` (seat 0 starting), played by ``player``
    (``None``: the greedy bot) against the greedy bot in the other seat: 1 for a win, 0 for a loss,
    0.5 for a shared win."""
    match: Match
    match, _ = engine.new_match(GAME, 2, {"first_player": 0}, seed)
    memories = [new_memory(GAME), new_memory(GAME)]
    while (result := match.game.result(match.state)) is None:
        mover = match.to_act[0]
        if mover == seat and player is not None:
            action = player(match, memories[mover], seed)
        else:
            action = choose_action(match, mover, "greedy", memory=memories[mover])
        match, events = engine.apply_action(match, mover, action)
        memories = [remember(GAME, memory, s, events) for s, memory in enumerate(memories)]
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def knowing(match: Match, memory: Memory, seed: int) -> Action:
    """The greedy policy with a memory that holds every card's animal (it cheats)."""
    every_card = {"animals": list(match.state["animals"])}
    return greedy.greedy_action(match, match.to_act[0], random.Random(f"knowing/{seed}/{match.version}"), every_card)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    args = parser.parse_args()
    score = sum(share_against_greedy(seed, seed % 2, knowing) for seed in range(args.matches))
    print(f"greedy knowing every card against the greedy bot: {score:g} of {args.matches} ({score / args.matches:.1%})")


if __name__ == "__main__":
    main()
