"""Engine benchmark: per game, the median and 90th percentile time of one step, and random full games per second.

One step is what the server does for a bot's turn: list the legal actions of the seat to act (at most 256),
then validate and apply one of them, and let go of what it made (the listing and the events), as a
request does when it ends: freeing a step's listing is timed with that step's listing, never with the
next step. The baseline, measured in the same run, is the least any step
costs: seeding the version's random stream and copying a small state dict. After the table, each
game's step figure over all its configurations, split into its two parts (the listing, which a bot's
request for its legal actions pays, and the apply, which the move itself pays), and Girafferaffe's
against its goal and broken down by how many actions a step listed. Run on one core:

    python -m bench.engine_bench [--seconds 2] [game ...]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable

from engine import (
    Match,
    all_games,
    apply_action,
    count_legal_actions,
    get_game,
    legal_actions,
    new_match,
    validate_action,
)
from engine.random_stream import stream
from tests.engine.conformance import option_grid

#: Girafferaffe's goal for the median step (issue 25; it was 20 us in issue 14, on a slower day), in seconds.
GIRAFFERAFFE_STEP_GOAL = 25e-6


def baseline_step(state: dict[str, object]) -> Callable[[], object]:
    """The floor under any step: a fresh seeded stream and a shallow copy of the state."""
    return lambda: (stream(1, 2).random(), dict(state))


def time_call(call: Callable[[], object], repeats: int = 2000) -> float:
    """Median seconds of one ``call`` over ``repeats`` runs."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        call()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e9


#: One step: how many legal actions were listed, and the seconds the listing and the apply took.
Step = tuple[int, float, float]

#: The ranges of listed actions that Girafferaffe's steps are broken down by.
LISTED_RANGES = ((0, 2), (3, 10), (11, 50), (51, 150), (151, 256))


def step_times(game_id: str, players: int, options: dict[str, object], seconds: float) -> list[Step]:
    """Each step (legal actions + apply) over random playouts for about ``seconds``."""
    rng = random.Random(0)
    samples: list[Step] = []
    deadline = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < deadline:
        seed += 1
        match, _ = new_match(game_id, players, options, seed=seed)
        now = 0.0
        while match.to_act and time.perf_counter() < deadline:
            seat = match.to_act[0]
            now += 1.0
            start = time.perf_counter_ns()
            actions = list(itertools.islice(legal_actions(match, seat), 256))
            listed = time.perf_counter_ns()
            match, events = apply_action(match, seat, actions[rng.randrange(len(actions))], now)
            del events
            applied = time.perf_counter_ns()
            count = len(actions)
            # The step lets go of its own listing, timed with it: left to the next step's listing, the
            # freeing of 256 plays was charged to a step that may list none.
            del actions
            freed = time.perf_counter_ns()
            samples.append((count, (listed - start + freed - applied) / 1e9, (applied - listed) / 1e9))
    return samples


def games_per_second(game_id: str, players: int, options: dict[str, object], seconds: float) -> float:
    """Random full games per second (setup included) over about ``seconds``."""
    rng = random.Random(1)
    finished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match: Match = new_match(game_id, players, options, seed=finished)[0]
        now = 0.0
        while match.to_act:
            seat = match.to_act[0]
            now += 1.0
            actions = list(itertools.islice(legal_actions(match, seat), 256))
            match, _ = apply_action(match, seat, actions[rng.randrange(len(actions))], now)
        finished += 1
    return finished / (time.perf_counter() - start)


def girafferaffe_worst_case() -> None:
    """A 15-card hand with all four copy cards on an empty Any tree: the largest action space."""
    from engine.games.girafferaffe.cards import NUMBER_CARDS
    from engine.games.girafferaffe.deal import make_state

    hand = [*NUMBER_CARDS[0:11:2], *NUMBER_CARDS[30:35], "copy", "copy", "copy", "copy"]
    state = make_state([hand, ["green-1"]])
    match = Match("girafferaffe", 2, {"mode": "standard", "robot_cards": 15, "first_player": 0}, 1, 0, state)
    any_tree = {"tree": "any"}
    total = count_legal_actions(match, 0, any_tree)
    largest = max(itertools.islice(legal_actions(match, 0, any_tree), 5000), key=lambda a: len(a.to_json()["cards"]))
    print(f"girafferaffe worst case: 15 cards (4 copies) on an empty Any tree: {total} legal plays")
    print(f"  count (Any tree)     {time_call(lambda: count_legal_actions(match, 0, any_tree), 200) * 1e6:10.1f} us")
    print(f"  count (all trees)    {time_call(lambda: count_legal_actions(match, 0), 200) * 1e6:10.1f} us")
    first_100 = time_call(lambda: list(itertools.islice(legal_actions(match, 0, any_tree), 100)), 200)
    print(f"  list the first 100   {first_100 * 1e6:10.1f} us")
    print(f"  list all             {time_call(lambda: sum(1 for _ in legal_actions(match, 0, any_tree)), 3):10.3f} s")
    print(
        f"  validate one play    {time_call(lambda: validate_action(match, 0, largest.to_json()), 500) * 1e6:10.1f} us"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=1.5, help="time spent per measurement")
    args = parser.parse_args()
    games = [get_game(g) for g in args.games] if args.games else all_games()
    floor = time_call(baseline_step({"a": [1] * 24, "b": 2}))
    print(f"baseline (seeded stream + state copy): {floor * 1e6:.2f} us")
    print(f"{'game':<14}{'players':>8}  {'options':<36}{'step p50':>10}{'p90':>10}{'x base':>8}{'games/s':>10}")
    per_game: dict[str, list[Step]] = {}
    for game in games:
        grid = list(option_grid(game))
        for players, options in grid:
            samples = step_times(game.info.id, players, options, args.seconds)
            per_game.setdefault(game.info.id, []).extend(samples)
            median, p90 = step_figure(samples)
            rate = games_per_second(game.info.id, players, options, args.seconds)
            shown = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
            print(
                f"{game.info.id:<14}{players:>8}  {shown:<36}{median * 1e6:>8.1f}us{p90 * 1e6:>8.1f}us"
                f"{median / floor:>8.1f}{rate:>10.1f}"
            )
    print("step per game, all configurations together (p50 of its parts: the listing, the apply):")
    for game_id, samples in per_game.items():
        median, p90 = step_figure(samples)
        listing = statistics.median(step[1] for step in samples)
        applying = statistics.median(step[2] for step in samples)
        print(
            f"  {game_id:<14} p50 {median * 1e6:8.1f} us   p90 {p90 * 1e6:8.1f} us   "
            f"list {listing * 1e6:6.1f} us   apply {applying * 1e6:6.1f} us   ({len(samples)} steps)"
        )
    if "girafferaffe" in per_game:
        median, _ = step_figure(per_game["girafferaffe"])
        verdict = "met" if median <= GIRAFFERAFFE_STEP_GOAL else "not met"
        print(
            f"girafferaffe step p50 {median * 1e6:.1f} us against the goal of {GIRAFFERAFFE_STEP_GOAL * 1e6:.0f} us: "
            f"{verdict} ({median / GIRAFFERAFFE_STEP_GOAL:.2f} x the goal)"
        )
        girafferaffe_by_listed(per_game["girafferaffe"])
        girafferaffe_worst_case()


def girafferaffe_by_listed(steps: list[Step]) -> None:
    """Girafferaffe's steps by how many actions were listed: the share of steps and their median."""
    print("girafferaffe steps by actions listed:")
    for low, high in LISTED_RANGES:
        chosen = [step for step in steps if low <= step[0] <= high]
        if chosen:
            median = statistics.median(listing + applying for _, listing, applying in chosen)
            applied = statistics.median(applying for _, _, applying in chosen)
            share = len(chosen) / len(steps)
            print(
                f"  {low:>3}-{high:<3} actions  {share:6.1%} of steps   p50 {median * 1e6:8.1f} us"
                f"   apply {applied * 1e6:6.1f} us"
            )


def step_figure(steps: list[Step]) -> tuple[float, float]:
    """The median and the 90th percentile of step times, in seconds."""
    samples = [listing + applying for _, listing, applying in steps]
    return statistics.median(samples), statistics.quantiles(samples, n=10)[-1]


if __name__ == "__main__":
    main()
