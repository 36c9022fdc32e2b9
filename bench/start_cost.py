"""What a start costs: the user CPU seconds each process the arena starts spends before it does any work.

Each entry point runs in a fresh interpreter (bytecode cached: one warm-up run first) that imports what
the process imports before it serves: a gunicorn worker ``api.wsgi`` (the app's import, ``create_app()``
and its heartbeat thread), ``arena referee``, ``arena webhooks``, ``arena worker``, ``arena tournament
run`` (``api.cli`` and the modules its handler imports), and an RQ work horse's job module. The figure
is the child's user CPU (``os.wait4``), the best of ``--runs``; system CPU beside it::

    python -m bench.start_cost [--runs 5]

The API's import and ``create_app()`` are also shown apart (``api.http.app`` imported, then the app made).

Measured on the shared 2-core machine (docs/operations.md, "What a start costs", has every entry point):
an API worker's start went from 0.87 to 0.46 s of user CPU, ``arena tournament run``'s from 0.74 to 0.33 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

#: Each entry point: a name and the statements its process runs before it serves (from ``api/cli.py``'s
#: handlers, which import their subcommand's modules when they run).
ENTRY_POINTS: list[tuple[str, str]] = [
    ("python (nothing)", "pass"),
    ("api: import api.http.app", "import api.http.app"),
    ("api: import + create_app()", "from api.http.app import create_app; create_app()"),
    ("api worker: import api.wsgi", "import api.wsgi"),
    ("arena --help (api.cli)", "import api.cli"),
    (
        "arena referee",
        "import api.cli, api.observability.logs, api.observability.metrics, api.workers.referee.runner",
    ),
    ("arena webhooks", "import api.cli, api.workers.webhooks.worker"),
    ("arena worker", "import api.cli, arena_runner.config, arena_runner.worker"),
    (
        "arena tournament run",
        "import api.cli, arena_sdk, redis.exceptions, arena_runner.config, arena_runner.runner",
    ),
    ("RQ job (arena_runner.jobs)", "import arena_runner.jobs"),
]


def cpu_of(statements: str) -> tuple[float, float]:
    """User and system CPU seconds of a fresh interpreter running ``statements``."""
    # No Redis is reachable at this address: the heartbeat's first beat fails fast and the process exits.
    # Bytecode is written (and then read) even where the environment says not to, as `make test` does.
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    process = subprocess.Popen([sys.executable, "-c", statements], env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{statements!r} exited with {process.returncode}")
    return usage.ru_utime, usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="starts per entry point; the best is shown")
    parser.add_argument("--only", default=None, help="only the entry points whose name contains this")
    args = parser.parse_args()
    print(f"{'entry point':<34} {'user s':>7} {'sys s':>6}  (best of {args.runs})", flush=True)
    for name, statements in ENTRY_POINTS:
        if args.only and args.only not in name:
            continue
        cpu_of(statements)  # warm-up: bytecode written, files in the page cache
        best = min((cpu_of(statements) for _ in range(args.runs)), key=lambda cpu: cpu[0])
        print(f"{name:<34} {best[0]:>7.3f} {best[1]:>6.3f}", flush=True)


if __name__ == "__main__":
    main()
