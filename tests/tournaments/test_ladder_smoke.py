"""A short run of the ladder bench: the tournament machinery schedules it, the engine plays it, the
standings and pairwise Elo come out, and a run resumes where it stopped. No strength is asserted here:
the bench measures it (``python -m bench.ladder_bench``)."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from arena.tournaments.standings import Outcome
from bench.ladder_bench import head_to_head, jobs, pairwise_elo, read_results, run

#: A short ladder, so that the smoke test stays quick (the one anchor duel still plays search-3).
SHORT_LADDER = ["random", "greedy", "search-1"]


def arguments(results: Path, progress: Path) -> argparse.Namespace:
    return argparse.Namespace(
        deals=1,
        four_player_deals=0,
        anchor_deals=1,
        games=["girafferaffe"],
        bots=SHORT_LADDER,
        anchor_bots=["search-3"],
        processes=1,
        results=str(results),
        progress=str(progress),
        through_api=False,
    )


def test_a_short_ladder_plays_every_pairing_and_reports_standings_and_elo(tmp_path: Path) -> None:
    results, progress = tmp_path / "results.jsonl", tmp_path / "progress.txt"
    text = run(arguments(results, progress))
    records = read_results(results)
    # A round robin of three bots with one duplicate deal: three pairs, each deal in both seatings;
    # and the anchor duel's one deal, in both seatings.
    assert len(records) == 3 * 2 + 2
    assert {record["section"] for record in records} == {"ladder/girafferaffe/2", "anchor/girafferaffe/search-3"}
    ladder = [record for record in records if record["section"] == "ladder/girafferaffe/2"]
    for bot in range(len(SHORT_LADDER)):
        assert sum(bot in record["outcome"]["entrants"] for record in ladder) == 4
    deals: dict[int, list[tuple[int, ...]]] = {}
    for job in jobs(1, 0, 0, ["girafferaffe"], ladder=SHORT_LADDER):
        deals.setdefault(job.pairing.seed, []).append(job.pairing.entrants)
    assert all(len(seatings) == 2 and seatings[0] == seatings[1][::-1] for seatings in deals.values()), (
        "each deal is played once in each seating"
    )
    for name in SHORT_LADDER:
        assert f"| {name} |" in text
    assert "| search-1 - greedy |" in text and "| girafferaffe | search-3 | 2 |" in text
    assert progress.read_text().startswith(f"{len(records)}/{len(records)} matches")
    again = run(arguments(results, progress))
    assert read_results(results) == records, "a run plays nothing it has already played"
    assert again == text
    assert all(json.dumps(record) for record in records)


def test_pairwise_elo_of_head_to_head_results() -> None:
    assert pairwise_elo(0, 0, 0) is None
    even = pairwise_elo(5, 2, 5)
    assert even is not None and even[0] == 0.0 and even[1] < 0.0 < even[2] and even[3] == 0.5
    ahead = pairwise_elo(30, 0, 10)
    assert ahead is not None
    elo, low, high, los = ahead
    assert low < elo < high and 150 < elo < 250 and los > 0.99
    clean = pairwise_elo(10, 0, 0)
    assert clean is not None and clean[0] == math.inf and clean[3] > 0.99


def test_head_to_head_counts_each_side_s_finishes_at_shared_tables() -> None:
    def outcome(index: int, entrants: tuple[int, ...], ranks: tuple[int, ...]) -> Outcome:
        winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
        return Outcome(index, entrants, ranks, winners, None, (None,) * len(entrants))

    outcomes = [
        outcome(0, (0, 1), (1, 2)),  # 0 ahead of 1
        outcome(1, (1, 0), (1, 2)),  # 1 ahead of 0
        outcome(2, (1, 2), (1, 2)),  # 0 not at the table: 1 ahead of 2
        outcome(3, (2, 0, 1), (1, 1, 3)),  # 0 ahead of 1 at a three-seat table
        outcome(4, (0, 1), (1, 1)),  # level
    ]
    assert head_to_head(outcomes, 0, 1) == (2, 1, 1)
    assert head_to_head(outcomes, 1, 0) == (1, 1, 2)
    assert head_to_head(outcomes, 2, 1) == (1, 0, 1)
    assert head_to_head(outcomes, 0, 2) == (0, 1, 0)
