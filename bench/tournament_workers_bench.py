"""Tournament throughput with 1, 2 and 4 ``arena worker`` processes, with per-match bot processes.

A gauntlet of the server's greedy bot against 8 random-bot programs (each launched once per match
by a worker: ``examples/random_bot.py``), both seat orders: 16 matches, up to 8 at once. Each run
is a fresh tournament with ``--concurrency N``, which lets N matches play at once and starts N
local workers; matches per second is the tournament's matches over the runner's wall time (start
to exit, workers' start-up included).

    python -m bench.tournament_workers_bench [--workers 1 2 4] [--game pipifax] [--field 8]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from api.store.redis_server import RedisServer
from bench.servers import ROOT, GunicornServer, RefereeProcess

BOT = ROOT / "examples" / "random_bot.py"


def run(server: GunicornServer, redis_url: str, output: Path, *, game: str, field: int, workers: int) -> float:
    command = [sys.executable, "-m", "api.cli", "tournament", "run", "--url", server.url, "--redis", redis_url]
    command += ["--output", str(output), "--quiet", "--game", game, "--players-per-match", "2"]
    command += ["--format", "gauntlet", "--per-action", "30", "--concurrency", str(workers), "--workers", str(workers)]
    command += ["--bot", "greedy=greedy"]
    command += [f"--entrant=r{n}={sys.executable} {BOT}" for n in range(field)]
    command += ["--queue", f"bench-{workers}-{time.time_ns()}"]
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=server.env)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--game", default="pipifax")
    parser.add_argument("--field", type=int, default=8, help="random-bot programs against the greedy bot")
    args = parser.parse_args()
    matches = 2 * args.field
    print(f"tournament workers ({args.game} gauntlet, {matches} matches, per-match bot processes)")
    with (
        tempfile.TemporaryDirectory() as scratch,
        RedisServer(Path(scratch) / "redis") as redis_server,
        GunicornServer(redis_server.url, workers=2) as server,
    ):
        referee = RefereeProcess(server).start()
        try:
            for workers in args.workers:
                output = Path(scratch) / f"run-{workers}"
                seconds = run(server, redis_server.url, output, game=args.game, field=args.field, workers=workers)
                print(f"  {workers} worker(s): {seconds:7.2f} s  {matches / seconds:5.2f} matches/s", flush=True)
        finally:
            referee.stop()


if __name__ == "__main__":
    main()
