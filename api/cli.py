"""The ``arena`` command: run the server, its referee and its webhook worker, write the OpenAPI spec,
replay and verify records."""

from __future__ import annotations

import argparse
import errno
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from api.clock import SYSTEM
from api.gunicorn_conf import gunicorn_command
from api.observability.logs import exit_now
from api.settings import Settings, redis_url_given

if TYPE_CHECKING:  # imported by serve, which starts one: redis-py is more than the other commands need
    from api.store.redis_server import RedisServer


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


def prepare_metrics_dir(env: dict[str, str]) -> str | None:
    """Set ``PROMETHEUS_MULTIPROC_DIR`` in ``env`` to an empty directory, shared by the server's
    workers and its referee (``/metrics`` sums what they write there): the one given, emptied of an
    earlier run's values, or a new temporary one, which is returned (to be removed at exit)."""
    given = env.get("PROMETHEUS_MULTIPROC_DIR")
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink(missing_ok=True)
        return None
    made = env["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="arena-metrics-")
    return made


def serve(args: argparse.Namespace) -> int:
    """Run the API under gunicorn (settings: api/gunicorn_conf.py); without REDIS_URL, start a Redis server first.

    The server's workers and its referee share one metrics directory (``PROMETHEUS_MULTIPROC_DIR``,
    emptied first), so ``/metrics`` shows all of them. Nothing starts unless the ports are free, and
    the embedded Redis locks its data directory, so a second ``arena serve`` never writes the same
    append-only file.
    """
    env = dict(os.environ)  # what the server, its referee and its webhook worker inherit
    ports = [(args.host, args.port, "--port or ARENA_PORT")]
    if not redis_url_given() and args.redis_port is not None:
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
    from api.store.redis_server import RedisServer

    embedded: RedisServer | None = None
    if not redis_url_given():
        try:
            embedded = RedisServer(Path(args.data_dir), port=args.redis_port).start()
        except RuntimeError as error:  # no server binary, the data directory locked, or it did not start
            return fail(str(error))
        env["REDIS_URL"] = embedded.url
        print(f"arena: started Redis on {embedded.url} (AOF in {args.data_dir})", flush=True)
    env.update(ARENA_HOST=args.host, ARENA_PORT=str(args.port), ARENA_WORKERS=str(args.workers))
    made_metrics_dir = prepare_metrics_dir(env)
    if args.access_log:
        env["ARENA_ACCESS_LOG"] = "-"
    command = gunicorn_command("api.wsgi:app")
    print(f"arena: serving on http://{args.host}:{args.port} (docs at /docs)", flush=True)
    server = subprocess.Popen(command, env=env)
    helpers: list[subprocess.Popen[bytes]] = []
    stopping: list[int] = []

    def forward(signum: int, _frame: object) -> None:
        stopping.append(signum)
        server.send_signal(signum)
        for helper in helpers:
            helper.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    try:
        # The referee and the webhook worker start once the API answers: started together, they would take
        # CPU from its workers' start (each imports the app), and nothing is due before it serves anyway.
        wait_until_serving(args.host, args.port, server, HELPERS_AFTER)
        if server.poll() is None and not stopping:
            for name in ("referee", "webhooks"):
                helpers.append(subprocess.Popen([sys.executable, "-m", "api.cli", name], env=env))
        return server.wait()
    finally:
        for helper in helpers:
            helper.terminate()
        for helper in helpers:
            helper.wait()
        if embedded is not None:
            embedded.stop()
        if made_metrics_dir is not None:
            shutil.rmtree(made_metrics_dir, ignore_errors=True)


#: How long ``arena serve`` waits for its API to answer before it starts the referee and webhook worker anyway.
HELPERS_AFTER = 60.0


def wait_until_serving(host: str, port: int, server: subprocess.Popen[bytes], limit: float) -> bool:
    """Wait until the API answers ``GET /health`` with 200 at ``host:port``, the server exits, or ``limit``
    seconds pass; whether it answered."""
    address = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    deadline = SYSTEM.monotonic() + limit
    while server.poll() is None and SYSTEM.monotonic() < deadline:
        connection = http.client.HTTPConnection(address, port, timeout=2)
        try:
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return True
        except OSError:
            pass  # not listening yet, or no worker has the app yet
        finally:
            connection.close()
        SYSTEM.sleep(0.05)
    return False


def run_referee(_args: argparse.Namespace) -> int:
    """Apply timeouts and play server bots for every match of the Redis server at REDIS_URL.

    Logs JSON lines to stderr. Its metrics (the referee lag, the bots' decisions) go where the API's
    do when it shares their ``PROMETHEUS_MULTIPROC_DIR`` (as under ``arena serve``); with
    ``ARENA_REFEREE_METRICS_PORT`` it also serves them itself at ``http://<host>:<port>/metrics``.
    """
    import threading

    from api.observability.logs import configure_logging
    from api.observability.metrics import serve_metrics
    from api.workers.referee.runner import start_referee

    configure_logging()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: stop.set())
    signal.signal(signal.SIGINT, lambda _signum, _frame: stop.set())
    settings = Settings.from_environment()
    if settings.referee_metrics_port is not None:
        serve_metrics(settings.referee_metrics_port)
    start_referee(settings).run(stop)
    exit_now()  # nothing to tear down: a stop takes no interpreter teardown's seconds
    return 0


def run_webhooks(_args: argparse.Namespace) -> int:
    """Deliver the webhooks of every match and tournament of the Redis server at REDIS_URL."""
    import threading

    from api.workers.webhooks.worker import start_worker

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: stop.set())
    signal.signal(signal.SIGINT, lambda _signum, _frame: stop.set())
    start_worker(Settings.from_environment()).run(stop)
    exit_now()  # nothing to tear down: a stop takes no interpreter teardown's seconds
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


def run_tournament(args: argparse.Namespace) -> int:
    """Create (or resume) a tournament and run it with local programs (arena_runner, the tournaments extra)."""
    from arena_sdk import ArenaError, ConnectionFailedError
    from redis.exceptions import ConnectionError as RedisConnectionError

    from arena_runner.config import ConfigError, build, read_file
    from arena_runner.runner import Runner

    try:
        file = read_file(Path(args.config)) if args.config else {}
        config = build(file, vars(args))
    except ConfigError as error:
        return fail(str(error))
    try:
        return Runner(config).run()
    except (RedisConnectionError, ConnectionFailedError) as error:  # before the server ever answered: a wrong address?
        return fail(f"cannot reach the API or its Redis ({error}); run again with the same --output to continue")
    except ArenaError as error:  # the tournament refused (an unknown bot, options the game refuses, ...)
        return fail(f"{config.url} refused: {error.message} ({error.code})")


def report_tournament(args: argparse.Namespace) -> int:
    """Write a tournament's results (JSON, CSV, PNG) again; a one-line error when there is no such tournament."""
    from arena_runner.host_commands import HostCommandError, report

    try:
        paths = report(Path(args.output), args.tournament_id, args.url, Settings.from_environment().url)
    except HostCommandError as error:
        return fail(str(error))
    for path in paths:
        print(f"wrote {path}", flush=True)
    return 0


def tournament_status(args: argparse.Namespace) -> int:
    """Show the run's tournament: progress, matches playing, standings, SPRT (the runner's state file's token)."""
    from arena_runner.host_commands import HostCommandError, status

    try:
        print("\n".join(status(Path(args.output), args.url)), flush=True)
    except HostCommandError as error:
        return fail(str(error))
    return 0


def steer_tournament(args: argparse.Namespace) -> int:
    """Pause, resume or cancel the run's tournament with the runner's state file's token."""
    from arena_runner.host_commands import HostCommandError, steer

    try:
        print(steer(Path(args.output), args.action, args.url), flush=True)
    except HostCommandError as error:
        return fail(str(error))
    return 0


def run_worker(args: argparse.Namespace) -> int:
    """Take match jobs from the RQ queues on the API's Redis (arena_runner, the tournaments extra)."""
    from arena_runner.config import DEFAULT_QUEUE
    from arena_runner.worker import run

    if not args.redis:
        return fail("arena worker needs the API's Redis: --redis or REDIS_URL")
    return run(args.redis, args.queue or [DEFAULT_QUEUE], None if args.logs is None else Path(args.logs), args.burst)


def verify_records(args: argparse.Namespace) -> int:
    """Check records offline: each seed against its commitment, every version replayed, the result.

    A match id (anything that is not a file) is fetched from ``--url`` first.
    """
    from api.record_files import RecordsUnreadable, could_be_match_id, fetch_record, read_records
    from arena.records.verify import RecordInvalid, verify_record

    try:
        path = Path(args.target)
        if path.exists() or not could_be_match_id(args.target):
            records = read_records(path)  # a missing file is said to be missing, never fetched
        else:
            records = [fetch_record(args.url, args.target)]
    except RecordsUnreadable as error:
        return fail(str(error))
    failed = 0
    for record in records:
        name = record.get("match_id", "?")
        try:
            verified = verify_record(record, args.commitment)
        except RecordInvalid as invalid:
            failed += 1
            print(f"FAIL {name}: {invalid}", flush=True)
            continue
        opened = "the seed opens its commitment" if verified.committed else "no commitment (an old record)"
        print(
            f"ok   {name}: {verified.game}, {verified.status} at version {verified.last_version}, "
            f"result {json.dumps(verified.result)}; {opened}; every version replays{scored(record)}",
            flush=True,
        )
    return 1 if failed else 0


def replay_records(args: argparse.Namespace) -> int:
    """Replay records offline, checking every version and the result, and a tournament's line its scoring
    (``--versions`` prints each version)."""
    from api.record_files import RecordsUnreadable, read_records
    from arena.records.verify import RecordInvalid, check_end, replay_record

    failed = 0
    for file in args.files:
        try:
            records = read_records(Path(file))
        except RecordsUnreadable as error:
            failed += 1
            print(f"arena: {error}", file=sys.stderr, flush=True)
            continue
        for record in records:
            name = record.get("match_id", "?")
            try:
                last = None
                for step in replay_record(record):
                    last = step.table
                    if args.versions:
                        print(f"  {version_line(step.entry)}", flush=True)
                assert last is not None
                check_end(record, last)
            except RecordInvalid as invalid:
                failed += 1
                print(f"FAIL {name}: {invalid}", flush=True)
                continue
            print(
                f"ok   {name}: {last.match.game_id}, {last.status} at version {last.version}, "
                f"result {json.dumps(last.result())}{scored(record)}",
                flush=True,
            )
    return 1 if failed else 0


def scored(record: dict[str, Any]) -> str:
    """How a tournament's line (checked against the replay) says the tournament scored the match, or ''."""
    tournament = record.get("tournament")
    if not isinstance(tournament, dict) or "entrants" not in tournament:
        return ""
    return (
        f"; tournament {tournament['tournament_id']} match {tournament['index']}: entrants "
        f"{json.dumps(tournament['entrants'])} scored {json.dumps(tournament['points'])}"
    )


def version_line(entry: dict[str, object]) -> str:
    """One replayed version as a line: who did what (an action's label, or an arena step's events)."""
    events = entry["events"]
    assert isinstance(events, list)
    if entry["action"] is not None:
        what = str(entry.get("label"))
    else:
        what = ", ".join(str(event["kind"]) for event in events) or "-"
    seat = "" if entry["seat"] is None else f"seat {entry['seat']}: "
    return f"v{entry['version']} {seat}{what}"


def tuple_of(kind: str, value: str) -> tuple[str, str]:
    return kind, value


def json_object(text: str) -> dict[str, Any]:
    """A flag's JSON object (``--options '{"variant": "short"}'``)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"not JSON: {error}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("a JSON object is needed, as {...}")
    return value


def sprt_flag(text: str) -> dict[str, float]:
    """``ELO0,ELO1[,ALPHA,BETA]`` as the tournament's ``sprt``."""
    try:
        numbers = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("expected ELO0,ELO1[,ALPHA,BETA] as numbers") from None
    if len(numbers) not in (2, 4):
        raise argparse.ArgumentTypeError("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")
    return dict(zip(("elo0", "elo1", "alpha", "beta"), numbers, strict=False))


def add_tournament_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser], settings: Settings) -> None:
    """``arena tournament run|report|status|pause|resume|cancel`` and ``arena worker``."""
    tournament = commands.add_parser("tournament", help="run tournaments of local programs (docs/tournaments.md)")
    actions = tournament.add_subparsers(dest="action", required=True)
    run = actions.add_parser("run", help="create (or resume) a tournament and play it with local programs")
    run.add_argument("--config", help="a TOML file (flags override it)")
    run.add_argument("--url", default=None, help="the API (default: ARENA_URL or http://127.0.0.1:8000)")
    run.add_argument("--redis", default=None, help="the API's Redis, for the match queue (default: REDIS_URL)")
    run.add_argument("--output", default=None, help="directory for state, logs and results (resumes what is there)")
    run.add_argument("--game", default=None)
    run.add_argument("--options", type=json_object, default=None, metavar="JSON", help="the game's options")
    run.add_argument("--players-per-match", type=int, default=None)
    run.add_argument("--format", default=None, choices=["round-robin", "swiss", "gauntlet"])
    run.add_argument("--rounds", type=int, default=None)
    run.add_argument("--games-per-pairing", type=int, default=None)
    run.add_argument(
        "--duplicate", action=argparse.BooleanOptionalAction, default=None, help="every rotation of a deal shares it"
    )
    run.add_argument("--seed", type=int, default=None)
    run.add_argument("--per-action", type=float, default=None, help="seconds per decision")
    run.add_argument("--on-timeout", default=None, choices=["forfeit", "bot"], help="what a late seat gets")
    run.add_argument(
        "--first-decision", type=float, default=None, help="seconds a decision waits for a program to first ask"
    )
    run.add_argument("--max-illegal", type=int, default=None)
    run.add_argument(
        "--sprt", type=sprt_flag, default=None, metavar="ELO0,ELO1[,ALPHA,BETA]", help="stop at the SPRT's verdict"
    )
    run.add_argument("--concurrency", type=int, default=None, help="matches at once (and local workers)")
    run.add_argument("--workers", type=int, default=None, help="local workers (default: 2 x concurrency; 0: none)")
    run.add_argument("--queue", default=None, help="the RQ queue (default: arena-matches)")
    run.add_argument("--match-timeout", type=float, default=None, help="seconds a match's programs may run")
    run.add_argument("--lease", type=float, default=None, help="seconds of the presence lease on the entrants")
    run.add_argument(
        "--handshake-timeout", type=float, default=None, help="seconds each program has to start (0: no handshake)"
    )
    # One list in the order given (a gauntlet's entrant 0 is the first): (kind, NAME=VALUE) pairs.
    for flag, kind, meta, text in [
        ("--entrant", "command", "NAME=COMMAND", "a program run for each match"),
        ("--long-lived", "entrant", "NAME=COMMAND", "a program run once, for the whole tournament"),
        ("--bot", "bot", "NAME=BOT", "a server bot"),
    ]:
        run.add_argument(flag, action="append", dest="entrants", metavar=meta, help=text, type=partial(tuple_of, kind))
    run.add_argument(
        "--entrant-per-action",
        action="append",
        metavar="NAME=SECONDS",
        help="an entrant's own seconds per decision, over --per-action (its opponents keep theirs; repeatable)",
    )
    run.set_defaults(handler=run_tournament)
    run.add_argument(
        "--quiet", action="store_true", help="no live display: a line per match over, as without a terminal"
    )
    report = actions.add_parser("report", help="write a tournament's results again (JSON, CSV, PNG)")
    report.add_argument("tournament_id", nargs="?", help="default: the tournament of --output's state file")
    report.add_argument("--url", default=None, help="the API (default: the state file's, else ARENA_URL)")
    report.add_argument(
        "--output", default=".", help="directory to write to, holding the runner's state (default: here)"
    )
    report.set_defaults(handler=report_tournament)
    state_help = "the runner's --output, where its state.json is (default: here)"
    status = actions.add_parser("status", help="show a run's tournament: progress, matches playing, standings")
    status.add_argument("--output", default=".", help=state_help)
    status.add_argument("--url", default=None, help="the API (default: the state file's)")
    status.set_defaults(handler=tournament_status)
    for action, text in [
        ("pause", "no match starts until resume; matches playing finish"),
        ("resume", "matches start again"),
        ("cancel", "abort the matches playing and never start the rest"),
    ]:
        steer = actions.add_parser(action, help=f"{action} a run's tournament: {text}")
        steer.add_argument("--output", default=".", help=state_help)
        steer.add_argument("--url", default=None, help="the API (default: the state file's)")
        steer.set_defaults(handler=steer_tournament)
    worker = commands.add_parser("worker", help="play tournament match jobs from the queue on the API's Redis")
    worker.add_argument(
        "--redis",
        default=settings.redis_url if redis_url_given() else None,
        help="the API's Redis (default: REDIS_URL)",
    )
    worker.add_argument("--queue", action="append", help="queue to work on (repeatable; default: arena-matches)")
    worker.add_argument("--logs", default=None, help="directory for the programs' output (default: discarded)")
    worker.add_argument("--burst", action="store_true", help="stop once the queues are empty")
    worker.set_defaults(handler=run_worker)


def main(argv: list[str] | None = None) -> int:
    settings = Settings.from_environment()
    parser = argparse.ArgumentParser(prog="arena", description="Tabletop Arena: a game server for programs.")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help="run the API (and, without REDIS_URL, a Redis server for it)")
    run.add_argument("--host", default=settings.host)
    run.add_argument("--port", type=int, default=settings.port)
    run.add_argument("--workers", type=int, default=settings.workers)
    run.add_argument("--data-dir", default=settings.data_dir)
    run.add_argument("--redis-port", type=int, default=None, help="port of the embedded Redis (default: a free one)")
    run.add_argument("--access-log", action="store_true", help="log every request to stdout")
    run.set_defaults(handler=serve)

    referee = commands.add_parser("referee", help="apply deadlines and play server bots (arena serve runs one)")
    referee.set_defaults(handler=run_referee)

    webhooks = commands.add_parser("webhooks", help="deliver webhooks (arena serve runs one; several may run)")
    webhooks.set_defaults(handler=run_webhooks)

    spec = commands.add_parser("openapi", help="write the OpenAPI spec")
    spec.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")
    spec.set_defaults(handler=write_openapi)

    verify = commands.add_parser(
        "verify", help="check a match's record offline: its seed against its commitment, every version, the result"
    )
    verify.add_argument("target", help="a record file (JSON, or JSON lines), or a match id to fetch from --url")
    verify.add_argument("--url", default=settings.url)
    verify.add_argument("--commitment", default=None, help="the seed_commitment you saw when the match started")
    verify.set_defaults(handler=verify_records)

    replay = commands.add_parser("replay", help="replay record files offline, checking every version and the result")
    replay.add_argument("files", nargs="+", help="record files: one JSON record, or JSON lines of them")
    replay.add_argument("--versions", action="store_true", help="print every version as it is replayed")
    replay.set_defaults(handler=replay_records)

    add_tournament_commands(commands, settings)

    args = parser.parse_args(argv)
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
