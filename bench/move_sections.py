"""Where an HTTP move's CPU goes inside the app, without gunicorn and without sampling.

Calls the API's WSGI app in this process, under gevent as a worker runs it, on a real Redis: plays
Pipifax matches to their end with HTTP moves (both seats, ``If-Match`` on each, as
``bench/server_cpu_bench.py``'s players do) and prints this process's CPU per move (the few
microseconds of building each request and reading its answer included). With ``--sections`` it
also times named functions on the move's path, each wrapped to add up its real time per call (a
section that calls Redis includes the wait for it, and each wrapper adds about 0.3 us); a sampling
profiler on this machine leans towards frames that make system calls, so this counts instead.
``--bare`` plays the least move of ``bench/bare_app.py`` instead, for the same figures without the
arena.

    python -m bench.move_sections [--matches 20] [--repeats 5] [--sections] [--bare]
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402 (after gevent's patching, as in a worker)
import functools  # noqa: E402
import importlib  # noqa: E402
import io  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import orjson  # noqa: E402

from api.store.redis_server import RedisServer  # noqa: E402
from bench.server_cpu_bench import legal_flip  # noqa: E402

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

#: The sections ``--sections`` times: ``module:function`` or ``module:Class.method``.
SECTIONS = (
    "api.http.blueprint:json_body",
    "api.usecases.matches.reading:known_table",
    "arena.matches.table:Table.from_record",
    "arena.matches.access:authorise",
    "arena.matches.table:Table.act",
    "engine.match:apply_action",
    "arena.matches.table:Table.with_deadlines",
    "arena.matches.views:match_resource",
    "api.usecases.matches.writing:commit",
    "api.store.lua:LuaScript.__call__",
    "api.usecases.matches.writing:settle",
    "api.http.matches.routes:answer",
)


def call(app: WsgiApp, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> Any:
    """One request to ``app`` as gunicorn would make it; the answer's JSON."""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in (headers or {}).items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    statuses: list[str] = []
    answer = b"".join(app(environ, lambda status, _headers, _error=None: statuses.append(status)))
    if not statuses[0].startswith(("200", "201")):
        raise RuntimeError(f"{method} {path}: {statuses[0]} {answer[:300]!r}")
    return orjson.loads(answer)


def api_match(app: WsgiApp) -> int:
    """Create a Pipifax match through the API and play it to its end; how many moves it took."""
    created = call(app, "POST", "/matches", orjson.dumps({"game": "pipifax", "players": 2}))
    path = f"/matches/{created['match']['match_id']}/actions"
    tokens = [f"Bearer {seat['token']}" for seat in created["seats"]]
    match, moves = created["match"], 0
    while match["status"] != "finished":
        headers = {"Authorization": tokens[match["to_act"][0]], "If-Match": str(match["version"])}
        match = call(app, "POST", path, orjson.dumps(legal_flip(match["view"])), headers)
        moves += 1
    return moves


def bare_match(app: WsgiApp) -> int:
    """Play one match of ``bench/bare_app.py``'s least move to its end; how many moves it took."""
    match, moves = call(app, "GET", "/bare/move/sections"), 0
    while match["status"] != "finished":
        match = call(app, "POST", "/bare/move/sections", orjson.dumps(legal_flip(match["view"])))
        moves += 1
    return moves


def timed(spec: str, totals: dict[str, list[float]]) -> None:
    """Wrap the function ``spec`` names, where it is defined and wherever it was imported by name."""
    module_name, _, qualified = spec.partition(":")
    module = importlib.import_module(module_name)
    owner: Any = module
    name = qualified
    if "." in qualified:
        class_name, name = qualified.split(".")
        owner = getattr(module, class_name)
    original = getattr(owner, name)
    totals[spec] = total = [0.0, 0.0]

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            total[0] += time.perf_counter() - start
            total[1] += 1

    setattr(owner, name, wrapper)
    if owner is module:
        for other in list(sys.modules.values()):
            if getattr(other, name, None) is original:
                setattr(other, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20, help="matches per repeat (a Pipifax match: ~950 moves)")
    parser.add_argument("--repeats", type=int, default=5, help="the least CPU per move of these is printed")
    parser.add_argument("--sections", action="store_true", help="also time the functions of SECTIONS")
    parser.add_argument("--bare", action="store_true", help="the least move of bench/bare_app.py instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = data  # the API's metrics, multiprocess as under gunicorn
        if args.bare:
            os.environ["REDIS_URL"] = redis_server.url
            from bench.bare_app import app as bare_app

            app, play = bare_app.wsgi_app, bare_match
        else:
            from api.http.app import create_app
            from api.settings import Settings

            app, play = create_app(Settings(redis_url=redis_server.url)).wsgi_app, api_match
        totals: dict[str, list[float]] = {}
        if args.sections and not args.bare:
            for spec in SECTIONS:
                timed(spec, totals)
        for _ in range(3):
            play(app)  # warm-up: imports, the Redis script, the first metrics files
        per_move = []
        for _ in range(args.repeats):
            for total in totals.values():
                total[:] = [0.0, 0.0]
            start, moves = time.process_time(), 0
            for _ in range(args.matches):
                moves += play(app)
            per_move.append((time.process_time() - start) / moves)
        what = "least move (bench/bare_app.py)" if args.bare else "HTTP move (the API)"
        print(
            f"{what}: {min(per_move) * 1e6:.1f} us of CPU per move, in-process under gevent (least of {args.repeats})"
        )
        for spec, (seconds, calls) in totals.items():
            print(f"  {spec:<48}{seconds / calls * 1e6:8.2f} us per call, {calls / moves:.2f} calls per move")


if __name__ == "__main__":
    main()
