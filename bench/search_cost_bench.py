"""Search bots' cost: CPU time per decision of ``search-1``..``search-3``, per game and player count.

Each configuration plays ``--matches`` matches in which one seat (a different one each match) is the
search bot and every other seat the greedy bot, each match on its own fixed seed, and times every
decision of the search seat as CPU time of this process (``time.process_time``: what the decision
costs, not how long a busy machine took to give it the CPU). It prints, per level, the simulations
per decision and the median, 90th and 99th percentile and largest decision in milliseconds, then
the two-player figures as the catalogue's descriptions carry them
(``engine.bots.search.MEASURED_CPU_MS``). The aim (issue 26): ``search-3`` at most 200 ms at the
median and 1 s at the 99th percentile in every game. Run on one core:

    python -m bench.search_cost_bench [--matches 6] [--levels 1 2 3] [game ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

from engine import apply_action, new_match
from engine.bots import choose_action, everyone_recalls, everyone_remembers
from engine.bots.search import SEARCH_BOT_IDS, simulations

#: The configurations measured: every game with two players, the four-player tables of the ladder, and
#: each game's largest table.
CONFIGURATIONS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("pipifax", 2, {}),
    ("pipifax", 5, {"variant": "wild"}),
    ("taiga", 2, {}),
    ("taiga", 6, {}),
    ("girafferaffe", 2, {}),
    ("girafferaffe", 4, {}),
    ("girafferaffe", 5, {"mode": "rounds"}),
    ("girafferaffe", 1, {"mode": "solo"}),
    ("pili-pili", 2, {}),
    ("pili-pili", 2, {"missions": "expert"}),
    ("pili-pili", 4, {}),
    ("pili-pili", 8, {"missions": "expert"}),
)


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def decision_times(game_id: str, players: int, options: dict[str, Any], bot: str, matches: int) -> list[float]:
    """CPU seconds of each decision of ``bot`` over ``matches`` matches against the greedy bot."""
    times: list[float] = []
    for number in range(matches):
        searching = number % players
        match, events = new_match(game_id, players, options, seed=7000 + number)
        seen = everyone_recalls(game_id, players, events)
        now = 0.0
        while match.to_act:
            seat = match.to_act[0]
            if seat == searching:
                start = time.process_time()
                action = choose_action(match, seat, bot, memory=seen[seat])
                times.append(time.process_time() - start)
            else:
                action = choose_action(match, seat, "greedy", memory=seen[seat])
            now += 1.0
            match, events = apply_action(match, seat, action, now)
            seen = everyone_remembers(game_id, seen, events)
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per configuration and level")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3], choices=[1, 2, 3])
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    args = parser.parse_args(argv)
    columns = ("median", "p90", "p99", "max")
    print(
        f"{'game':13} {'players':>7} {'options':26} {'bot':9} {'sims':>5} {'n':>5} "
        + " ".join(f"{c:>8}" for c in columns)
    )
    two_player: dict[str, list[tuple[int, int]]] = {}
    for game_id, players, options in CONFIGURATIONS:
        if args.games and game_id not in args.games:
            continue
        for level in args.levels:
            bot = SEARCH_BOT_IDS[level - 1]
            times = [1000 * t for t in decision_times(game_id, players, options, bot, args.matches)]
            budget = simulations(new_match(game_id, players, options, seed=0)[0], level)
            median, p90, p99 = statistics.median(times), percentile(times, 0.9), percentile(times, 0.99)
            print(
                f"{game_id:13} {players:7} {options or ''!s:26} {bot:9} {budget:5} "
                f"{len(times):5} {median:8.1f} {p90:8.1f} {p99:8.1f} {max(times):8.1f}",
                flush=True,
            )
            if players == 2 and not options:
                two_player.setdefault(game_id, []).append((round(median), round(p99)))
    print("\nMEASURED_CPU_MS (two players, median and p99 per level):")
    for game_id, figures in two_player.items():
        print(f"    {game_id!r}: {tuple(figures)},")


if __name__ == "__main__":
    main()
