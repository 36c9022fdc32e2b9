"""The ``arena`` command: run the server and its referee, write the OpenAPI spec."""

from __future__ import annotations

import argparse
import errno
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from api.gunicorn_conf import gunicorn_command
from api.redis_server import RedisServer


def bind_error(host: str, port: int) -> OSError | None:
    """Why a server could not listen on ``host:port`` now (errno EADDRINUSE: taken), or ``None``."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, protocol) as probe:
            # As gunicorn and Redis bind: a listener fails this, a closed connection's TIME_WAIT does not.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as error:
        return error
    return None


def fail(message: str) -> int:
    """Say why ``arena`` stops, on stderr; the exit status."""
    print(f"arena: {message}", file=sys.stderr, flush=True)
    return 1


def serve(args: argparse.Namespace) -> int:
    """Run the API under gunicorn (settings: api/gunicorn_conf.py); without REDIS_URL, start a Redis server first.

    Nothing starts unless the ports are free, and the embedded Redis locks its data directory, so a
    second ``arena serve`` never writes the same append-only file.
    """
    env = dict(os.environ)
    ports = [(args.host, args.port, "--port or ARENA_PORT")]
    if not env.get("REDIS_URL") and args.redis_port is not None:
        ports.append(("127.0.0.1", args.redis_port, "--redis-port"))
    for host, port, option in ports:
        error = bind_error(host, port)
        if error is not None and error.errno == errno.EADDRINUSE:
            return fail(
                f"port {port} on {host} is already in use (another arena serve?), so nothing was started: "
                f"stop that server, or choose another port with {option}"
            )
        if error is not None:
            return fail(f"cannot listen on {host}:{port} ({error.strerror or error}), so nothing was started")
    embedded: RedisServer | None = None
    if not env.get("REDIS_URL"):
        try:
            embedded = RedisServer(Path(args.data_dir), port=args.redis_port).start()
        except RuntimeError as error:  # no server binary, the data directory locked, or it did not start
            return fail(str(error))
        env["REDIS_URL"] = embedded.url
        print(f"arena: started Redis on {embedded.url} (AOF in {args.data_dir})", flush=True)
    env.update(ARENA_HOST=args.host, ARENA_PORT=str(args.port), ARENA_WORKERS=str(args.workers))
    if args.access_log:
        env["ARENA_ACCESS_LOG"] = "-"
    command = gunicorn_command("api.wsgi:app")
    print(f"arena: serving on http://{args.host}:{args.port} (docs at /docs)", flush=True)
    server = subprocess.Popen(command, env=env)
    referee = subprocess.Popen([sys.executable, "-m", "api.cli", "referee"], env=env)

    def forward(signum: int, _frame: object) -> None:
        server.send_signal(signum)
        referee.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    try:
        return server.wait()
    finally:
        referee.terminate()
        referee.wait()
        if embedded is not None:
            embedded.stop()


def run_referee(_args: argparse.Namespace) -> int:
    """Apply timeouts and play server bots for every match of the Redis server at REDIS_URL."""
    import threading

    from api.referee.runner import Referee
    from api.settings import Settings
    from api.store import MatchStore

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: stop.set())
    signal.signal(signal.SIGINT, lambda _signum, _frame: stop.set())
    from api.tournaments.service import sweep
    from api.tournaments.store import TournamentStore

    store = MatchStore.connect(Settings.from_environment())
    tournaments = TournamentStore(store)
    Referee(store, sweep=lambda: sweep(tournaments)).run(stop)
    return 0


def write_openapi(args: argparse.Namespace) -> int:
    """Write the spec the app produces (no Redis needed) to a file or stdout."""
    from api.spec import openapi_document

    text = json.dumps(openapi_document(), indent=2, sort_keys=True) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="arena", description="Tabletop Arena: a game server for programs.")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help="run the API (and, without REDIS_URL, a Redis server for it)")
    run.add_argument("--host", default=os.environ.get("ARENA_HOST", "127.0.0.1"))
    run.add_argument("--port", type=int, default=int(os.environ.get("ARENA_PORT", "8000")))
    run.add_argument("--workers", type=int, default=int(os.environ.get("ARENA_WORKERS", "4")))
    run.add_argument("--data-dir", default=os.environ.get("ARENA_DATA_DIR", ".arena-data"))
    run.add_argument("--redis-port", type=int, default=None, help="port of the embedded Redis (default: a free one)")
    run.add_argument("--access-log", action="store_true", help="log every request to stdout")
    run.set_defaults(handler=serve)

    referee = commands.add_parser("referee", help="apply deadlines and play server bots (arena serve runs one)")
    referee.set_defaults(handler=run_referee)

    spec = commands.add_parser("openapi", help="write the OpenAPI spec")
    spec.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")
    spec.set_defaults(handler=write_openapi)

    args = parser.parse_args(argv)
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
