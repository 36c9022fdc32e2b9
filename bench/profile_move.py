"""Where an HTTP move's server CPU goes: py-spy on each API worker while clients play Pipifax moves.

Starts a Redis server and the API under gunicorn as ``bench/server_cpu_bench.py`` does, plays
``--seconds`` of its HTTP moves (the same ``Player`` clients), and meanwhile records every worker with
``py-spy record --format raw`` (folded stacks, idle samples left out). Prints the server CPU per move
and each part's share of the workers' samples (a sample counts for the first part, in the order of
``PARTS``, whose marker appears in its stack), and writes the folded stacks to ``--out`` for a flame
graph (``flamegraph.pl`` or speedscope).

    python -m bench.profile_move [--seconds 20] [--clients 3] [--workers 2] [--rate 500] [--out /tmp/move.folded]
    python -m bench.profile_move --load 'socket move'     # the move over the seat socket
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from api.store.redis_server import RedisServer
from bench.peer.seat_socket import SeatSocketPlayer
from bench.server_cpu_bench import LOADS, run_round
from bench.servers import GunicornServer, child_pids

#: Parts of a move, each found by a marker in a sample's frames (``function (file:line)``); a sample counts
#: for the first part in this order with a frame that matches, so a part includes what it calls.
PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("system calls (socket I/O) or waiting for a CPU", ()),  # the sample's innermost frame: see SYSTEM_CALLS
    ("metrics (prometheus-client)", ("(prometheus_client/", "(api/observability/metrics.py")),
    ("logging", ("(logging/", "(api/observability/logs.py")),
    ("publication: hearing other processes' writes", ("(api/store/notifier.py", "(api/store/latest.py")),
    ("engine (rules, views)", ("(engine/",)),
    ("Redis client (redis-py, our store, the script call)", ("(redis/", "(api/store/")),
    ("arena domain (table, deadlines, views, tokens)", ("(arena/",)),
    ("use cases", ("(api/usecases/",)),
    ("our HTTP layer (body, headers, answer, hooks)", ("(api/http/",)),
    ("flask-smorest, webargs, marshmallow", ("(flask_smorest/", "(webargs/", "(marshmallow/")),
    ("Flask, werkzeug (context, routing, response)", ("(flask/", "(werkzeug/")),
    ("gunicorn (HTTP parsing, environ, writing)", ("(gunicorn/", "(api/gunicorn_worker.py")),
    ("gevent", ("(gevent/",)),
]
#: The loads a round can play: ``bench/server_cpu_bench.py``'s, and the move over the seat socket.
DRIVERS = {**LOADS, "socket move": SeatSocketPlayer}
#: Innermost frames where a worker waits in the kernel (epoll) or sends and receives on a socket; py-spy
#: counts them whenever the thread is runnable, so on a busy machine they include time spent waiting
#: for a CPU (the CPU figures come from /proc, the profile only splits them).
SYSTEM_CALLS = (
    "Hub.run (gevent/hub.py",
    "SocketMixin.send (",
    "SocketMixin.recv (",
    "poll.poll (",
    "SocketMixin.getsockopt (",
)


def py_spy() -> str:
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(found).exists():
        raise SystemExit("py-spy not found (pip install py-spy)")
    return found


def record(pid: int, seconds: float, rate: int, out: Path) -> subprocess.Popen[bytes]:
    command = [py_spy(), "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate", str(rate)]
    command += ["--format", "raw", "--output", str(out), "--nonblocking"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def user_and_system(pids: list[int]) -> tuple[float, float]:
    """User and system CPU seconds the processes ``pids`` have used so far, from /proc."""
    user = system = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        user, system = user + int(fields[11]), system + int(fields[12])
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


def shares(folded: list[Path]) -> tuple[collections.Counter[str], int]:
    """Samples per part over the folded stack files, and the total."""
    counts: collections.Counter[str] = collections.Counter()
    total = 0
    for path in folded:
        for line in path.read_text().splitlines():
            stack, _, n = line.rpartition(" ")
            if not n.isdigit():
                continue  # a blank line between a worker's stacks
            total += int(n)
            frames = stack.split(";")
            if frames[-1].startswith(SYSTEM_CALLS):
                part = PARTS[0][0]
            else:
                part = next((name for name, markers in PARTS[1:] if any(m in stack for m in markers)), "other")
            counts[part] += int(n)
    return counts, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=int, default=500, help="py-spy samples per second")
    parser.add_argument("--out", type=Path, default=Path("/tmp/move.folded"))
    parser.add_argument("--app", default="api.wsgi:app")
    parser.add_argument("--load", default="move", choices=sorted(DRIVERS), help="what the clients do")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        assert redis_server.process is not None
        redis_pid = redis_server.process.pid
        with GunicornServer(redis_server.url, app=args.app, workers=args.workers) as server:
            assert server.process is not None
            run_round(server, redis_pid, args.load, args.clients, 2.0, drivers=DRIVERS)  # warm-up
            workers = child_pids(server.process.pid)
            user_before, system_before = user_and_system(workers)
            plain = run_round(server, redis_pid, args.load, args.clients, args.seconds, drivers=DRIVERS)
            user_after, system_after = user_and_system(workers)
            outs = [Path(data) / f"worker-{pid}.folded" for pid in workers]
            recorders = [record(pid, args.seconds, args.rate, out) for pid, out in zip(workers, outs, strict=True)]
            profiled: list[object] = []
            thread = threading.Thread(
                target=lambda: profiled.append(
                    run_round(server, redis_pid, args.load, args.clients, args.seconds, drivers=DRIVERS)
                )
            )
            thread.start()
            for recorder in recorders:
                recorder.wait()
            thread.join()
        moves = plain.requests + plain.creates
        print(
            f"server CPU per move (unprofiled round): {plain.cpu_per_request * 1e3:.3f} ms "
            f"(workers and master {plain.app_cpu / moves * 1e3:.3f}, Redis {plain.redis_cpu / moves * 1e3:.3f}), "
            f"{plain.rate:.0f} moves/s"
        )
        user, system = user_after - user_before, system_after - system_before
        print(f"the workers' CPU: {user / (user + system):.0%} user, {system / (user + system):.0%} system (kernel)")
        counts, total = shares([o for o in outs if o.exists()])
        args.out.write_text("".join(o.read_text() for o in outs if o.exists()))
    print(f"{total} samples on {len(workers)} workers; folded stacks in {args.out}")
    # The workers' user CPU (Python and the C it calls) split as the Python samples; the kernel's apart.
    user_ms = plain.app_cpu / moves * 1e3 * user / (user + system)
    busy = total - counts[PARTS[0][0]]
    print(f"{'part':<56}{'of samples':>11}{'of Python':>11}{'ms/move':>9}  (ms/move: the workers' user CPU split)")
    for part, n in counts.most_common():
        python = "" if part == PARTS[0][0] else f"{n / busy:.1%}"
        ms = f"{n / busy * user_ms:.3f}" if python else ""
        print(f"{part:<56}{n / total:>11.1%}{python:>11}{ms:>9}")


if __name__ == "__main__":
    main()
