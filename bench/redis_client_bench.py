"""Redis client CPU per command: redis-py against the least a client can do, plain and under gevent.

The floor of ``bench/server_cpu_bench.py`` is one Redis GET and one SET through redis-py, and a
move makes two round trips through it (the scripts that read and write the match). This says how
much of such a round trip is the client library and how much is the round trip itself:

- ``raw``: one GET of a 2 KB value as RESP bytes on the client's own socket, the answer parsed by
  hiredis: the system calls of loopback TCP and nothing else;
- ``GET``, ``SET 2 KB`` and ``EVALSHA`` (a script doing one GET) through ``redis.Redis``, as the
  store and the floor send them.

Each figure is the client process's CPU (user + system) per command, the median over rounds, with
the wall time per command next to it. The same measurements run again in a child process with
gevent's monkey patching, as the API's gevent workers run them. The Redis server is started here.

    python -m bench.redis_client_bench [--commands 5000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

VALUE = b"x" * 2048
KEY = "bench:client:value"


def measure(url: str, commands: int, rounds: int) -> list[tuple[str, float, float]]:
    """(name, CPU seconds, wall seconds) per command for each way of sending one."""
    import hiredis
    import redis

    client = redis.Redis.from_url(url)
    client.set(KEY, VALUE)
    script = client.script_load("return redis.call('GET', KEYS[1])")
    connection = redis.Redis.from_url(url).connection_pool.get_connection()  # connected; its socket is used raw
    sock = connection._sock
    assert sock is not None
    request = f"*2\r\n$3\r\nGET\r\n${len(KEY)}\r\n{KEY}\r\n".encode()

    def raw() -> object:
        sock.sendall(request)
        reader = hiredis.Reader()
        while True:
            reader.feed(sock.recv(65536))
            reply = reader.gets()
            if reply is not False:
                return reply

    ways: list[tuple[str, Callable[[], object]]] = [
        ("raw GET (socket + hiredis)", raw),
        ("redis-py GET", lambda: client.get(KEY)),
        ("redis-py SET 2 KB", lambda: client.set(KEY, VALUE)),
        ("redis-py EVALSHA (1 GET)", lambda: client.evalsha(script, 1, KEY)),
    ]
    figures = []
    for name, send in ways:
        for _ in range(commands // 10):  # warm-up
            send()
        cpu, wall = [], []
        for _ in range(rounds):
            cpu_start, wall_start = time.process_time(), time.perf_counter()
            for _ in range(commands):
                send()
            cpu.append((time.process_time() - cpu_start) / commands)
            wall.append((time.perf_counter() - wall_start) / commands)
        figures.append((name, statistics.median(cpu), statistics.median(wall)))
    return figures


def report(title: str, figures: list[tuple[str, float, float]]) -> None:
    raw_cpu = figures[0][1]
    print(title)
    print(f"  {'command':<30}{'CPU':>10}{'wall':>10}{'CPU x raw':>11}")
    for name, cpu, wall in figures:
        print(f"  {name:<30}{cpu * 1e6:>8.1f}us{wall * 1e6:>8.1f}us{cpu / raw_cpu:>11.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=5000, help="commands per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per way of sending")
    parser.add_argument("--gevent-child", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.gevent_child:
        from gevent import monkey

        monkey.patch_all()
        figures = measure(args.gevent_child, args.commands, args.rounds)
        report("under gevent (monkey-patched, as the API's workers):", figures)
        return

    from api.store.redis_server import RedisServer

    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        report("plain:", measure(server.url, args.commands, args.rounds))
        sys.stdout.flush()
        child = [sys.executable, "-m", "bench.redis_client_bench", "--gevent-child", server.url]
        subprocess.run([*child, "--commands", str(args.commands), "--rounds", str(args.rounds)], check=True)


if __name__ == "__main__":
    main()
