"""Bot benchmark: per game, the greedy bot against the random bot over two-player matches.

Seats alternate between the bots from one match to the next, each match with its own fixed seed, so
a run is reproducible. The greedy bot's score counts a win as 1 and a shared win (a draw) as 1/2;
the 95% interval is Wilson's score interval on that share (exact for wins and losses, a close
approximation once half points occur). Time per decision is the mean wall time of one
``choose_action`` call, per bot. Games whose greedy bot can remember public events (Pipifax, Taiga)
are played twice: from the match snapshot alone, as ``choose_action(match, seat, bot)`` is called,
and with the events each seat saw. Run on one core:

    python -m bench.bots_bench [--matches 500] [game ...]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import all_games, apply_action, get_game, new_match
from engine.bots import choose_action, everyone_recalls, everyone_remembers

#: Girafferaffe's 2-player default is its standard mode; no game needs other options for 2 players.
TWO_PLAYER_OPTIONS: dict[str, dict[str, object]] = {"girafferaffe": {"mode": "standard"}}
#: Games whose greedy bot uses the events a seat saw, when it is given them.
REMEMBERING = ("pipifax", "taiga")
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959964


@dataclass
class Tally:
    """The greedy bot's score over the matches played, and each bot's decision times."""

    matches: int = 0
    score: float = 0.0
    seconds: dict[str, float] = field(default_factory=lambda: {"greedy": 0.0, "random": 0.0})
    decisions: dict[str, int] = field(default_factory=lambda: {"greedy": 0, "random": 0})


def wilson_interval(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``share`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play_duel(game_id: str, seed: int, bots: Sequence[str], memory: bool, tally: Tally) -> None:
    """One two-player match, seat ``i`` played by ``bots[i]``; adds the result and timings to ``tally``."""
    match, events = new_match(game_id, 2, TWO_PLAYER_OPTIONS.get(game_id, {}), seed=seed)
    seen = everyone_recalls(game_id, 2, events)
    now = 0.0
    while match.to_act:
        seat = match.to_act[0]
        bot = bots[seat]
        start = time.perf_counter()
        action = choose_action(match, seat, bot, memory=seen[seat] if memory else None)
        tally.seconds[bot] += time.perf_counter() - start
        tally.decisions[bot] += 1
        now += 1.0
        match, events = apply_action(match, seat, action, now)
        seen = everyone_remembers(game_id, seen, events)
    result = match.result
    assert result is not None
    greedy_seat = bots.index("greedy")
    if greedy_seat in result.winners:
        tally.score += 1 / len(result.winners)
    tally.matches += 1


def duel(game_id: str, matches: int, memory: bool) -> Tally:
    tally = Tally()
    for number in range(matches):
        bots = ("greedy", "random") if number % 2 == 0 else ("random", "greedy")
        play_duel(game_id, number, bots, memory, tally)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--matches", type=int, default=500, help="two-player matches per game (and memory setting)")
    args = parser.parse_args()
    games = [get_game(g) for g in args.games] if args.games else all_games()
    print(f"greedy vs random, {args.matches} two-player matches each, seats alternated; a shared win counts 1/2")
    header = f"{'greedy score':>14}{'95% interval':>18}{'greedy/decision':>18}{'random/decision':>18}"
    print(f"{'game':<14}{'memory':<8}{header}")
    for game in games:
        settings = (False, True) if game.info.id in REMEMBERING else (False,)
        for memory in settings:
            tally = duel(game.info.id, args.matches, memory)
            share = tally.score / tally.matches
            low, high = wilson_interval(share, tally.matches)
            per = {bot: tally.seconds[bot] / max(1, tally.decisions[bot]) * 1e6 for bot in tally.seconds}
            print(
                f"{game.info.id:<14}{'events' if memory else 'none':<8}{share:>13.1%}"
                f"{f'[{low:.1%}, {high:.1%}]':>18}{per['greedy']:>16.1f}us{per['random']:>16.1f}us"
            )


if __name__ == "__main__":
    main()
