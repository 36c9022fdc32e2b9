"""Evaluation efficiency: per game, how many two-player matches separate a stronger bot from a weaker one
at 95% confidence, with and without duplicate deals.

Each duel is a two-entrant gauntlet from ``arena.tournaments.schedule.plan``: entrant 0 (the stronger
bot) against entrant 1, ``--pairs`` deals, each deal played once in each of the two seat rotations.
Without duplicate every match has its own seed; with it both rotations of a deal share one, so each
bot plays the same deal from each seat and the luck of the deal cancels out. Two duels per game:
the server's greedy bot against random, and a closer one, greedy against *half-greedy* (a bot of
this bench that plays greedy's move with probability 1/2 and random's otherwise), where duplicate
shows what it buys. Bots remember the events their seat saw, as the server's bots do.

A match scores 1 for entrant 0 when it ranks ahead, 1/2 when level, 0 behind (the arena's ranks).
The unit of evidence is a deal: the mean score of its two matches (the two halves of a duplicate
deal are not independent, so only whole deals are). Reported per duel and mode:

- the per-match score variance, and the effective per-match variance: twice the variance of a
  deal's mean score (a deal costs two matches), which is what the matches needed scale with;
- fixed-n: the matches needed for the 95% interval of the mean score to exclude 1/2,
  ``2 * z^2 * var(deal) / (mean - 1/2)^2``, with the mean of both modes (the true mean is the same
  in both; only its noise differs), so that its ratio is the ratio of the effective variances;
- sequential: the matches played until the 95% Student's t interval of the mean deal score first
  excludes 1/2, averaged over ``--trials`` runs that draw deals at random (with replacement) from
  the deals played; one lost and one won pseudo-deal are counted in from the start, so that a few
  all-won deals do not look certain (a run stops at ``--cap`` matches, shown with ">=");
- the ratio without/with duplicate of each.

Run on one core (the default takes about two minutes):

    python -m bench.evaluation_bench [--pairs 200] [--trials 1000] [--cap 20000] [game ...]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from arena.tournaments.schedule import plan
from arena.tournaments.standings import Z975, t975
from engine import Match, all_games, apply_action, get_game, new_match
from engine.actions import Action
from engine.bots import Memory, choose_action, everyone_recalls, everyone_remembers

#: Girafferaffe's 2-player default is its standard mode; no game needs other options for 2 players.
TWO_PLAYER_OPTIONS: dict[str, dict[str, object]] = {"girafferaffe": {"mode": "standard"}}
#: The duels: (stronger bot, weaker bot).
DUELS = (("greedy", "random"), ("greedy", "mixed-0.5"), ("greedy", "mixed-0.8"))
MIXED = "mixed-"


def decide(match: Match, seat: int, bot: str, seen: Memory) -> Action:
    """The action of ``bot`` for ``seat``; ``mixed-p`` flips a coin of its own (seeded by match, version, seat)."""
    if bot.startswith(MIXED):
        coin = random.Random(f"{bot}/{match.seed}/{match.version}/{seat}").random()
        bot = "greedy" if coin < float(bot.removeprefix(MIXED)) else "random"
    return choose_action(match, seat, bot, memory=seen)


def play(game_id: str, seed: int, bots: Sequence[str]) -> float:
    """One two-player match, seat ``i`` played by ``bots[i]``: seat 0's score (1 ahead, 1/2 level, 0 behind)."""
    match, events = new_match(game_id, 2, TWO_PLAYER_OPTIONS.get(game_id, {}), seed=seed)
    seen = everyone_recalls(game_id, 2, events)
    now = 0.0
    while match.to_act:
        seat = match.to_act[0]
        now += 1.0
        match, events = apply_action(match, seat, decide(match, seat, bots[seat], seen[seat]), now)
        seen = everyone_remembers(game_id, seen, events)
    result = match.result
    assert result is not None
    ranks = result.ranks(get_game(game_id).info.score_order, range(2))
    return 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0


def duel(game_id: str, bots: tuple[str, str], pairs: int, duplicate: bool, seed: int) -> list[tuple[float, float]]:
    """Entrant 0's score in both matches of every deal of a two-entrant gauntlet."""
    deals: dict[int, list[float]] = {}
    for pairing in plan("gauntlet", 2, 2, games_per_pairing=pairs, duplicate=duplicate, seed=seed):
        seated = tuple(bots[entrant] for entrant in pairing.entrants)
        score = play(game_id, pairing.seed, seated)
        deals.setdefault(pairing.deal, []).append(score if pairing.entrants[0] == 0 else 1 - score)
    return [(a, b) for a, b in deals.values()]


def sequential_matches(deal_means: Sequence[float], trials: int, cap: int, seed: int) -> tuple[float, bool]:
    """Mean matches until the 95% t interval of the mean deal score excludes 1/2 (see the module docstring),
    and whether any run reached ``cap``."""
    rng = random.Random(seed)
    total = 0
    capped = False
    for _ in range(trials):
        count, total_score, total_square = 2, 1.0, 1.0  # the pseudo-deals: one scoring 0, one scoring 1
        matches = 0
        while True:
            value = deal_means[rng.randrange(len(deal_means))]
            count += 1
            total_score += value
            total_square += value * value
            matches += 2
            mean = total_score / count
            variance = max(0.0, (total_square - count * mean * mean) / (count - 1))
            if abs(mean - 0.5) > t975(count - 1) * math.sqrt(variance / count):
                break
            if matches >= cap:
                capped = True
                break
        total += matches
    return total / trials, capped


@dataclass(frozen=True)
class Row:
    """One duel in one mode."""

    mean: float
    match_variance: float
    effective_variance: float
    sequential: float
    capped: bool
    seconds: float

    def fixed(self, mean: float) -> float:
        """The matches a fixed-size test needs when the true mean score is ``mean``."""
        gap = abs(mean - 0.5)
        return Z975**2 * self.effective_variance / gap**2 if gap else math.inf


def measure(
    game_id: str, bots: tuple[str, str], duplicate: bool, *, pairs: int, trials: int, cap: int, seed: int
) -> Row:
    start = time.perf_counter()
    deals = duel(game_id, bots, pairs, duplicate, seed)
    seconds = time.perf_counter() - start
    scores = [s for deal in deals for s in deal]
    means = [(a + b) / 2 for a, b in deals]
    mean = statistics.fmean(scores)
    sequential, capped = sequential_matches(means, trials, cap, seed)
    return Row(mean, statistics.variance(scores), 2 * statistics.variance(means), sequential, capped, seconds)


def ratio(without: float, with_: float) -> str:
    if math.isinf(without) or math.isinf(with_) or with_ == 0:
        return "-"
    return f"{without / with_:.2f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--pairs", type=int, default=200, help="deals per duel and mode (each played twice)")
    parser.add_argument("--trials", type=int, default=1000, help="sequential runs drawn from the deals played")
    parser.add_argument("--cap", type=int, default=20_000, help="the most matches one sequential run may play")
    parser.add_argument("--seed", type=int, default=2026, help="the tournament seed of every duel")
    args = parser.parse_args()
    games = [get_game(g) for g in args.games] if args.games else all_games()
    print(
        f"{args.pairs} deals x 2 seat rotations per duel and mode; sequential: mean of {args.trials} runs;"
        " 'indep.' = own seed per match, 'dup.' = both rotations of a deal on one seed"
    )
    header = (
        f"{'game':<13}{'duel':<23}{'mode':<7}{'score':>7}{'var/match':>10}{'eff. var':>10}"
        f"{'fixed n':>9}{'seq. n':>9}{'fixed ratio':>12}{'seq. ratio':>11}{'play s':>8}"
    )
    print(header)
    for game in games:
        for bots in DUELS:
            rows = {
                duplicate: measure(
                    game.info.id, bots, duplicate, pairs=args.pairs, trials=args.trials, cap=args.cap, seed=args.seed
                )
                for duplicate in (False, True)
            }
            pooled = (rows[False].mean + rows[True].mean) / 2
            for duplicate, row in rows.items():
                fixed_ratio = ratio(rows[False].fixed(pooled), rows[True].fixed(pooled)) if duplicate else ""
                seq_ratio = ratio(rows[False].sequential, rows[True].sequential) if duplicate else ""
                seq = f"{'>=' if row.capped else ''}{row.sequential:.0f}"
                needed = row.fixed(pooled)
                fixed = "-" if math.isinf(needed) else f"{needed:.1f}" if needed < 10 else f"{needed:.0f}"
                print(
                    f"{game.info.id:<13}{' vs '.join(bots):<23}{'dup.' if duplicate else 'indep.':<7}"
                    f"{row.mean:>7.3f}{row.match_variance:>10.4f}{row.effective_variance:>10.4f}"
                    f"{fixed:>9}{seq:>9}{fixed_ratio:>12}{seq_ratio:>11}{row.seconds:>8.1f}"
                )


if __name__ == "__main__":
    main()
