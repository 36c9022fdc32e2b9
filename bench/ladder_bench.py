"""The bots' ladder: random, greedy and the three search levels in round robins of every game, offline.

It uses the project's own tournament machinery, in its pure parts: ``arena.tournaments.schedule.plan``
schedules a round robin of the five bots with duplicate deals (every deal replayed in every seat
rotation, so the luck of the deal cancels out), and ``arena.tournaments.standings`` ranks them by
openskill's Plackett-Luce rating as a tournament does. The matches are played with the engine, no
server: each seat by its bot, with the memory the server keeps for it.

Tables: every game with two players, and Girafferaffe and Pili Pili with four (a round robin of
four-seat tables: every four of the five bots, each deal in all four rotations). Then the anchor
duels: every other bot (``--anchor-bots``) against ``greedy`` over ``--anchor-deals`` duplicate
deals (twice as many two-player matches) of every game, whose scores the catalogue quotes
(``engine.bots.levels``).

For each table it prints the standings (ordinal = mu - 3 sigma, points, mean rank) and the
pairwise Elo difference of each bot over the one below it, with its 95% interval and the
likelihood of superiority, from their head-to-head results at the same tables (ranked ahead: a
win; level: a draw), counted as the standings count them. :func:`pairwise_elo` computes those here,
match by match (trinomial); the tournaments' crosstable (``arena.tournaments.reports``) now gives
pairwise Elo and LOS by duplicate deal (pentanomial), which this bench should move to.

Each match's outcome is appended as a JSON line to ``--results`` as soon as it is played, and a run
skips the matches already there, so a long run can be stopped and resumed; the progress goes to
``--progress``. With ``--processes`` above 1 the matches are shared among that many worker
processes (only on a quiet machine: the figures are results, not times).

With ``--through-api`` the same matches are played through a live server instead (its seeds, its
bots, its referee and thinkers: ``bench/ladder_api.py``), ``--api-matches`` at a time, and each
server match is replayed in process to check that every action came out the same. Outcomes of both
kinds share the results file, and the report prints the in-process tables and the server's side by
side. Run:

    python -m bench.ladder_bench [--deals 50] [--four-player-deals 10] [--anchor-deals 200] [--processes 1]
    python -m bench.ladder_bench --through-api [--api-matches 4] [--deals 0 --four-player-deals 0] ...
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.tournaments.schedule import Pairing, plan
from arena.tournaments.sprt import elo_estimate
from arena.tournaments.standings import Ledger, Outcome, pair_of, standings
from bench import ladder_api
from engine import apply_action, get_game, new_match
from engine.bots import BOT_IDS, choose_action, everyone_recalls, everyone_remembers

#: The ladder's bots, weakest first: the order it should come out in.
LADDER = BOT_IDS
#: The tables of the ladder: each game with two players, the games that the issue asks for with four.
TABLES: tuple[tuple[str, int], ...] = (
    ("pipifax", 2),
    ("taiga", 2),
    ("girafferaffe", 2),
    ("pili-pili", 2),
    ("girafferaffe", 4),
    ("pili-pili", 4),
)
#: The anchors: each of these bots against ``greedy``, two players, every game.
ANCHOR_BOTS = ("random", "search-1", "search-2", "search-3")
#: The bot every anchor duel is against.
YARDSTICK = "greedy"
GAMES = ("pipifax", "taiga", "girafferaffe", "pili-pili")
#: The tournament seed every schedule derives from (its match seeds are stable across runs).
SEED = 2026
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959964


@dataclass(frozen=True)
class Job:
    """One match to play: which table it belongs to, its pairing, and the bot in each seat."""

    section: str  # e.g. "ladder/pili-pili/4" or "anchor/taiga/search-3"
    game: str
    pairing: Pairing
    bots: tuple[str, ...]  # the bot in each seat
    names: tuple[str, ...]  # the section's entrants, by entrant index

    @property
    def key(self) -> str:
        return f"{self.section}/{self.pairing.index}"


def play(job: Job) -> dict[str, Any]:
    """Play one match offline, each seat by its bot with its memory; the outcome as a JSON record."""
    players = len(job.bots)
    started = time.process_time()
    match, events = new_match(job.game, players, {}, seed=job.pairing.seed)
    seen = everyone_recalls(job.game, players, events)
    now = 0.0
    while match.to_act:
        seat = match.to_act[0]
        action = choose_action(match, seat, job.bots[seat], memory=seen[seat])
        now += 1.0
        match, events = apply_action(match, seat, action, now)
        seen = everyone_remembers(job.game, seen, events)
    result = match.result
    assert result is not None
    ranks = result.ranks(get_game(job.game).info.score_order, range(players))
    return {
        "key": job.key,
        "section": job.section,
        "names": list(job.names),
        "outcome": Outcome(
            index=job.pairing.index,
            entrants=job.pairing.entrants,
            ranks=tuple(ranks[seat] for seat in range(players)),
            winners=tuple(result.winners),
            scores=result.scores,
            forfeits=tuple(None for _ in range(players)),
        ).to_json(),
        "cpu_seconds": time.process_time() - started,
    }


def jobs(
    deals: int,
    four_player_deals: int,
    anchor_deals: int,
    games: Sequence[str],
    *,
    ladder: Sequence[str] = LADDER,
    anchor_bots: Sequence[str] = ANCHOR_BOTS,
) -> Iterator[Job]:
    """Every match of the run: the anchor duels first (each of ``anchor_bots`` against greedy, the
    strongest first, on the same deals), then the round robins of the ``ladder``'s bots (weakest first)."""
    for game in games:
        if anchor_deals == 0:
            continue
        schedule = plan("round-robin", 2, 2, games_per_pairing=anchor_deals, duplicate=True, seed=SEED + 1)
        for bot in sorted(anchor_bots, key=LADDER.index, reverse=True):
            duel = (bot, YARDSTICK)
            for pairing in schedule:
                yield Job(f"anchor/{game}/{bot}", game, pairing, tuple(duel[e] for e in pairing.entrants), duel)
    for game, players in TABLES:
        count = deals if players == 2 else four_player_deals
        if game not in games or count == 0:
            continue
        names = tuple(ladder)
        schedule = plan("round-robin", len(names), players, games_per_pairing=count, duplicate=True, seed=SEED)
        for pairing in schedule:
            yield Job(f"ladder/{game}/{players}", game, pairing, tuple(names[e] for e in pairing.entrants), names)


def pairwise_elo(wins: int, draws: int, losses: int) -> tuple[float, float, float, float] | None:
    """A's Elo difference over B from their head-to-head results, its 95% interval and the likelihood
    of superiority (LOS, the chance that A is the stronger, from wins and losses; draws say nothing).

    Interim, for this bench only: the tournaments' crosstable (``arena.tournaments.reports``) has its
    own, by duplicate deal, which this should call instead. The Elo and its interval are
    ``arena.tournaments.sprt.elo_estimate``'s (the normal approximation on the mean score).
    """
    estimate = elo_estimate(wins, draws, losses)
    if estimate is None:
        return None
    elo, low, high = estimate
    decisive = wins + losses
    los = 0.5 if decisive == 0 else 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * decisive)))
    return elo, low, high, los


def head_to_head(outcomes: Iterable[Outcome], a: int, b: int) -> tuple[int, int, int]:
    """Wins, draws and losses of entrant ``a`` against ``b`` at the same tables, as the standings count
    them (the head-to-head cell of the pair in their :class:`~arena.tournaments.standings.Ledger`)."""
    ledger = Ledger()
    for outcome in outcomes:
        ledger.add(outcome)
    ahead, behind, level = ledger.cell(pair_of(a, b)).of(a < b)
    return ahead, level, behind


def format_elo(found: tuple[float, float, float, float] | None) -> str:
    if found is None:
        return "no games"
    elo, low, high, los = found
    return f"{_signed(elo)} [{_signed(low)}, {_signed(high)}], LOS {los:.1%}"


def _signed(value: float) -> str:
    return "+inf" if value == math.inf else "-inf" if value == -math.inf else f"{value + 0.0:+.0f}"


def report(records: Iterable[dict[str, Any]]) -> str:
    """The standings of every table and the anchor duels, as text: in process, then through the API."""
    by_section: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for record in records:
        by_section.setdefault((record.get("where", "offline"), record["section"]), []).append(record)
    lines: list[str] = []
    for where in ("offline", "api"):
        sections = sorted((section for kind, section in by_section if kind == where), key=_section_order)
        if not sections:
            continue
        lines.append(f"\n# {'In process' if where == 'offline' else 'Through the API'}")
        if where == "api":
            alike, checked = ladder_api.agreement(
                record for (kind, _), found in by_section.items() if kind == "api" for record in found
            )
            lines.append(f"\n{alike} of {checked} server matches replayed in process action for action.")
        anchors: list[str] = []
        for section in sections:
            found = sorted(by_section[where, section], key=lambda record: int(record["outcome"]["index"]))
            outcomes = [Outcome.from_json(record["outcome"]) for record in found]
            names = tuple(found[0].get("names", LADDER))
            if section.startswith("anchor/"):
                anchors.append(_anchor_line(section, names, outcomes, _cost(found)))
            else:
                lines += _ladder_lines(section, names, outcomes, _cost(found))
        if anchors:
            lines += [
                "",
                f"## Against {YARDSTICK}, two players",
                "",
                ANCHOR_HEADER,
                "|---|---|---|---|---|---|---|",
                *anchors,
            ]
    return "\n".join(lines)


def _cost(found: Sequence[dict[str, Any]]) -> str:
    if "cpu_seconds" in found[0]:
        return f"{sum(record['cpu_seconds'] for record in found) / 60:.0f} CPU minutes"
    return f"{sum(record.get('wall_seconds', 0.0) for record in found) / 60:.0f} match-minutes on the server"


def _section_order(section: str) -> tuple[int, int, str, int]:
    kind, game, rest = section.split("/")
    if kind == "anchor":
        return (1, GAMES.index(game), "", -LADDER.index(rest))
    return (0, GAMES.index(game), rest, 0)


def compared(names: Sequence[str]) -> list[tuple[int, int]]:
    """The pairs whose Elo difference is reported (stronger first, by entrant index): each bot over the
    one below it, and search-3 over greedy."""
    pairs = [(level + 1, level) for level in range(len(names) - 1)]
    if "search-3" in names and "greedy" in names:
        pairs.append((names.index("search-3"), names.index("greedy")))
    return pairs


def _ladder_lines(section: str, names: Sequence[str], outcomes: list[Outcome], cost: str) -> list[str]:
    table = standings(list(names), outcomes, len(outcomes[0].entrants))
    lines = [f"\n## {section}: {len(outcomes)} matches ({cost})", ""]
    lines.append("| place | bot | matches | wins | points | mean rank | ordinal (mu - 3 sigma) |")
    lines.append("|---|---|---|---|---|---|---|")
    for place, entrant in enumerate(table.entrants, start=1):
        mean_rank = "-" if entrant.mean_rank is None else f"{entrant.mean_rank:.2f}"
        lines.append(
            f"| {place} | {entrant.name} | {entrant.matches} | {entrant.wins} | {entrant.points:.1f} | {mean_rank} "
            f"| {entrant.ordinal:.2f} |"
        )
    lines += ["", "| pair | won-drawn-lost | Elo of the first [95%] |", "|---|---|---|"]
    for stronger, weaker in compared(names):
        wins, draws, losses = head_to_head(outcomes, stronger, weaker)
        found = pairwise_elo(wins, draws, losses)
        lines.append(f"| {names[stronger]} - {names[weaker]} | {wins}-{draws}-{losses} | {format_elo(found)} |")
    order = [entrant.name for entrant in table.entrants]
    verdict = "as expected" if order == list(names)[::-1] else "NOT as expected"
    return [*lines, "", f"Order in the standings (points first): {' > '.join(order)} ({verdict})."]


#: The anchor table's header.
ANCHOR_HEADER = "| game | bot | matches | score | 95% interval | won-drawn-lost | Elo [95%], LOS |"


def _anchor_line(section: str, names: Sequence[str], outcomes: list[Outcome], cost: str) -> str:
    _, game, _ = section.split("/")
    wins, draws, losses = head_to_head(outcomes, 0, 1)
    n = wins + draws + losses
    share = (wins + draws / 2) / n if n else 0.0
    low, high = wilson_interval(share, n)
    return (
        f"| {game} | {names[0]} | {n} | {share:.1%} | {low:.1%}-{high:.1%} | {wins}-{draws}-{losses} "
        f"| {format_elo(pairwise_elo(wins, draws, losses))} ({cost}) |"
    )


def wilson_interval(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``share`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def read_results(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(args: argparse.Namespace) -> str:
    """Play every match of the run not yet in the results file, then report on all of them."""
    results = Path(args.results)
    done = {record["key"] for record in read_results(results)}
    planned = list(
        jobs(
            args.deals,
            args.four_player_deals,
            args.anchor_deals,
            args.games,
            ladder=args.bots,
            anchor_bots=args.anchor_bots,
        )
    )
    progress = Path(args.progress) if args.progress else None
    started = time.monotonic()
    todo = [job for job in planned if job.key not in done]
    with results.open("a") as out:
        if args.through_api:
            env = {} if args.thinkers is None else {"ARENA_THINKERS": str(args.thinkers)}
            played = ladder_api.play_through_api(planned, done, matches=args.api_matches, check=args.check, env=env)
            _collect(played, sum(1 for job in planned if f"api/{job.key}" not in done), out, progress, started)
        elif args.processes > 1:
            with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
                _collect(pool.imap_unordered(play, todo), len(todo), out, progress, started)
        else:
            _collect(map(play, todo), len(todo), out, progress, started)
    return report(read_results(results))


def _collect(played: Iterable[dict[str, Any]], total: int, out: Any, progress: Path | None, started: float) -> None:
    for count, record in enumerate(played, start=1):
        out.write(json.dumps(record) + "\n")
        out.flush()
        if progress is not None:
            elapsed = time.monotonic() - started
            progress.write_text(f"{count}/{total} matches, last {record['key']}, {elapsed / 60:.1f} minutes\n")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals per two-player table of the round robins")
    parser.add_argument("--four-player-deals", type=int, default=10, help="deals per four-player table")
    parser.add_argument(
        "--anchor-deals", type=int, default=200, help="deals of each anchor bot against greedy, per game"
    )
    parser.add_argument("--anchor-bots", nargs="+", default=list(ANCHOR_BOTS), choices=ANCHOR_BOTS)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--bots", nargs="+", default=list(LADDER), choices=LADDER, help="the ladder, weakest first")
    parser.add_argument("--processes", type=int, default=1, help="worker processes (only on a quiet machine)")
    parser.add_argument("--results", default="ladder_results.jsonl", help="where each outcome is appended")
    parser.add_argument("--progress", default="", help="a file that tells how far the run is")
    parser.add_argument("--through-api", action="store_true", help="play the matches through a live server")
    parser.add_argument("--api-matches", type=int, default=4, help="matches at once on the server")
    parser.add_argument("--thinkers", type=int, default=None, help="the server's ARENA_THINKERS (default: its own)")
    parser.add_argument(
        "--no-check", dest="check", action="store_false", help="do not replay the server's matches in process"
    )
    print(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
