"""Sampling benchmark: k uniform legal actions by unranking, against listing every legal action.

The space is Girafferaffe's worst case: a 15-card hand of 11 number cards and all 4 copy cards on an
empty Any tree, 427,186 plays. A sample counts the plays, draws k distinct indexes and unranks each
(:func:`engine.sample_legal_actions`); the alternative lists all of them. Run on one core:

    python -m bench.sampling_bench [--k 100] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine import Match, count_legal_actions, legal_actions, new_match, sample_legal_actions
from engine.games.girafferaffe.cards import NUMBER_CARDS
from engine.games.girafferaffe.deal import make_state


def worst_case() -> Match:
    """The largest Girafferaffe action space: 15 cards (4 copies) on an empty Any tree."""
    hand = [*NUMBER_CARDS[0:11:2], *NUMBER_CARDS[30:35], "copy", "copy", "copy", "copy"]
    state = make_state([hand, ["green-1"]])
    return Match("girafferaffe", 2, {"mode": "standard", "robot_cards": 15, "first_player": 0}, 1, 0, state)


def median_seconds(call: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def compare(name: str, match: Match, seat: int, filters: dict[str, str], *, k: int, repeats: int) -> None:
    total = count_legal_actions(match, seat, filters)
    seeds = iter(range(10**9))
    sample = median_seconds(lambda: sample_legal_actions(match, seat, k, next(seeds), filters), repeats * 20)
    listing = median_seconds(lambda: sum(1 for _ in legal_actions(match, seat, filters)), repeats)
    print(f"{name}: {total:,} legal actions")
    print(f"  sample k={k:<5}      {sample * 1e3:10.2f} ms")
    print(f"  list all            {listing * 1e3:10.2f} ms")
    print(f"  listing / sampling  {listing / sample:10.1f} x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--k", type=int, default=100, help="sample size")
    parser.add_argument("--repeats", type=int, default=5, help="runs of the full listing (samples run 20x more)")
    args = parser.parse_args()
    match = worst_case()
    compare("girafferaffe worst case, Any tree", match, 0, {"tree": "any"}, k=args.k, repeats=args.repeats)
    compare("girafferaffe worst case, all trees", match, 0, {}, k=args.k, repeats=args.repeats)
    opening, _ = new_match("girafferaffe", 2, {}, seed=1)
    compare("girafferaffe opening deal (seed 1)", opening, opening.to_act[0], {}, k=args.k, repeats=args.repeats)


if __name__ == "__main__":
    main()
