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

import engine
from engine.bots import choose_action, new_memory, remember
from engine.bots import pipifax as greedy
from engine.match import Match

GAME = "pipifax"


def knowing_wins(seed: int, knowing_seat: int) -> float:
    """1 if the all-knowing seat wins the match of ``seed``, 0 if the greedy bot does (0.5: a shared win)."""
    match: Match
    match, _ = engine.new_match(GAME, 2, {"first_player": 0}, seed)
    memories = [new_memory(GAME), new_memory(GAME)]
    while (result := match.game.result(match.state)) is None:
        seat = match.to_act[0]
        if seat == knowing_seat:
            every_card = {"animals": list(match.state["animals"])}
            action = greedy.greedy_action(match, seat, random.Random(f"knowing/{seed}/{match.version}"), every_card)
        else:
            action = choose_action(match, seat, "greedy", memory=memories[seat])
        match, events = engine.apply_action(match, seat, action)
        memories = [remember(GAME, memory, s, events) for s, memory in enumerate(memories)]
    if knowing_seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    args = parser.parse_args()
    score = sum(knowing_wins(seed, seed % 2) for seed in range(args.matches))
    print(f"greedy knowing every card against the greedy bot: {score:g} of {args.matches} ({score / args.matches:.1%})")


if __name__ == "__main__":
    main()
