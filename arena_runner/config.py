"""What a host asks the runner for: a TOML file and flags, read into a :class:`RunConfig` (pure: no I/O but the file).

A config file (every key optional; flags override it)::

    url = "http://127.0.0.1:8000"          # the API
    redis = "redis://127.0.0.1:6379/0"     # the API's Redis (RQ queues live there too)
    output = "runs/taiga"                  # state, logs and results
    concurrency = 4                        # matches at once, and local workers unless `workers` says otherwise
    lease = 15                             # seconds of the presence lease the runner renews on its entrants
    handshake_timeout = 60                 # seconds each program has to ask for its probe match (0: no handshake)

    [tournament]                           # the body of POST /tournaments, less `entrants`
    game = "taiga"
    players_per_match = 2
    format = "round-robin"
    time_control = { per_action = 5, on_timeout = "forfeit" }

    [[entrants]]                           # a program launched for each match: <command> --url U --match M --token T
    name = "random"
    command = ["python", "examples/random_bot.py"]

    [[entrants]]                           # a program started once: <command> --url U --tournament T --token E
    name = "looper"
    command = ["python", "examples/tournament_entrant.py"]
    mode = "entrant"

    [[entrants]]                           # a server bot
    name = "greedy"
    bot = "greedy"

    [[entrants]]                           # a program with its own clock (its opponents keep the tournament's)
    name = "slow"
    command = ["python", "examples/random_bot.py"]
    time_control = { per_action = 20 }
"""

from __future__ import annotations

import dataclasses
import os
import shlex
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

Mode = Literal["match", "entrant"]

#: The queue the runner and ``arena worker`` use unless told otherwise.
DEFAULT_QUEUE = "arena-matches"
#: The keys of ``[tournament]`` (the create body's fields other than ``entrants``).
TOURNAMENT_KEYS = (
    "game",
    "options",
    "players_per_match",
    "format",
    "rounds",
    "games_per_pairing",
    "duplicate",
    "seed",
    "time_control",
    "concurrency",
    "max_illegal",
    "sprt",
)


#: The top-level keys of a config file.
FILE_KEYS = (
    "url",
    "redis",
    "output",
    "concurrency",
    "workers",
    "queue",
    "match_timeout",
    "lease",
    "handshake_timeout",
    "tournament",
    "entrants",
)
#: The keys of ``[tournament] time_control`` (each has a flag too).
TIME_CONTROL_KEYS = ("per_action", "on_timeout", "first_decision")
#: The keys of the tournament's time control an entrant's own clock takes from it unless it says otherwise.
INHERITED_TIME_CONTROL_KEYS = ("on_timeout", "first_decision")
#: The seconds of the presence lease when the config gives none.
DEFAULT_LEASE = 15.0
#: The seconds a program has to pass its handshake when the config gives none.
DEFAULT_HANDSHAKE = 60.0


class ConfigError(ValueError):
    """The config file or flags do not describe a tournament the runner can run."""


@dataclasses.dataclass(frozen=True)
class EntrantConfig:
    """One entrant: a local program (per match, or a long-lived ``entrant``), or a server ``bot``."""

    name: str
    command: tuple[str, ...] = ()
    mode: Mode = "match"
    bot: str | None = None
    #: The program's own time control (the API's ``TimeControlRequest``), over the tournament's; None: the
    #: tournament's.
    time_control: Mapping[str, Any] | None = None

    @property
    def is_program(self) -> bool:
        return self.bot is None

    def request(self) -> dict[str, Any]:
        """This entrant in the body of ``POST /tournaments``."""
        if self.bot is not None:
            return {"name": self.name, "bot": self.bot}
        if self.time_control is not None:
            return {"name": self.name, "time_control": dict(self.time_control)}
        return {"name": self.name}


@dataclasses.dataclass(frozen=True)
class RunConfig:
    """Everything ``arena tournament run`` needs."""

    url: str
    redis_url: str
    output: Path
    tournament: Mapping[str, Any]
    entrants: tuple[EntrantConfig, ...]
    workers: int
    queue: str = DEFAULT_QUEUE
    #: Seconds a match's programs may run before the job kills them (and reports them crashed).
    match_timeout: float = 3600.0
    #: Seconds between two looks at the schedule.
    poll: float = 0.5
    display: bool = True
    #: Seconds of the presence lease the runner holds (and renews) on its entrants.
    lease: float = DEFAULT_LEASE
    #: Seconds each program has to ask for its probe match before the tournament starts (0: no handshake).
    handshake_timeout: float = DEFAULT_HANDSHAKE

    def body(self) -> dict[str, Any]:
        """The body of ``POST /tournaments``."""
        return {**self.tournament, "entrants": [e.request() for e in self.entrants], "start": True}

    def entrant(self, name: str) -> EntrantConfig:
        return next(e for e in self.entrants if e.name == name)


def read_file(path: Path) -> dict[str, Any]:
    """A TOML config file as a dict, or ``ConfigError`` saying what is wrong with it."""
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except OSError as error:
        raise ConfigError(f"cannot read the config file {path}: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"the config file {path} is not valid TOML: {error}") from None


def parse_entrant(spec: Mapping[str, Any]) -> EntrantConfig:
    """One ``[[entrants]]`` table: ``name`` and either ``command`` (a list or a shell-like string, with an
    optional ``time_control`` of its own) or ``bot``."""
    name = spec.get("name")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"an entrant needs a name: {dict(spec)}")
    unknown = set(spec) - {"name", "command", "mode", "bot", "time_control"}
    if unknown:
        raise ConfigError(f"entrant {name!r} has unknown keys: {sorted(unknown)}")
    bot, command, mode = spec.get("bot"), spec.get("command"), spec.get("mode", "match")
    control = spec.get("time_control")
    if (bot is None) == (command is None):
        raise ConfigError(f"entrant {name!r} needs either a command (a program you run) or a bot (a server bot)")
    if bot is not None:
        if not isinstance(bot, str):
            raise ConfigError(f"entrant {name!r}: bot must be a string")
        if control is not None:
            raise ConfigError(f"entrant {name!r}: a server bot is never timed, so it takes no time_control")
        return EntrantConfig(name, bot=bot)
    if control is not None and not isinstance(control, Mapping):
        raise ConfigError(f"entrant {name!r}: time_control must be a table, e.g. {{ per_action = 2 }}")
    if isinstance(command, str):
        command = shlex.split(command)
    if not (isinstance(command, list) and command and all(isinstance(part, str) for part in command)):
        raise ConfigError(f"entrant {name!r}: command must be a non-empty list of strings or a command line")
    if mode not in ("match", "entrant"):
        raise ConfigError(f"entrant {name!r}: mode must be 'match' (one run per match) or 'entrant' (one run)")
    return EntrantConfig(
        name, command=tuple(command), mode=mode, time_control=None if control is None else dict(control)
    )


FlagKind = Literal["command", "entrant", "bot"]


def parse_flag_entrant(kind: FlagKind, flag: str) -> EntrantConfig:
    """``NAME=COMMAND LINE`` (``--entrant``, per match; ``--long-lived``, run once) or ``NAME=BOT`` (``--bot``)."""
    name, sep, value = flag.partition("=")
    if not sep or not name or not value:
        raise ConfigError(f"expected NAME=VALUE, got {flag!r}")
    if kind == "bot":
        return parse_entrant({"name": name, "bot": value})
    return parse_entrant({"name": name, "command": value, "mode": "entrant" if kind == "entrant" else "match"})


def parse_entrant_per_action(flag: str) -> tuple[str, float]:
    """``NAME=SECONDS`` (``--entrant-per-action``): an entrant's own seconds per decision."""
    name, sep, value = flag.partition("=")
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not sep or not name or not seconds > 0:
        raise ConfigError(f"expected NAME=SECONDS (seconds above 0), got {flag!r}")
    return name, seconds


def with_own_clocks(
    entrants: Sequence[EntrantConfig], per_action: Sequence[str], tournament: Mapping[str, Any]
) -> list[EntrantConfig]:
    """The entrants with their own time controls: ``--entrant-per-action NAME=SECONDS`` over the file's, each
    taking the tournament's ``on_timeout`` and ``first_decision`` unless it gives its own (so that only the
    clock differs from the tournament's)."""
    names = [e.name for e in entrants]
    controls = {e.name: e.time_control for e in entrants}
    for name, seconds in map(parse_entrant_per_action, per_action):
        if name not in controls:
            raise ConfigError(f"--entrant-per-action names no entrant: {name!r} (entrants: {names})")
        controls[name] = {"per_action": seconds}
    shared = tournament.get("time_control") or {}
    inherited = {key: shared[key] for key in INHERITED_TIME_CONTROL_KEYS if key in shared}
    chosen: list[EntrantConfig] = []
    for entrant in entrants:
        control = controls[entrant.name]
        if control is not None and not entrant.is_program:
            raise ConfigError(f"entrant {entrant.name!r}: a server bot is never timed, so it takes no time control")
        own = None if control is None else {**inherited, **control}
        chosen.append(dataclasses.replace(entrant, time_control=own))
    return chosen


def build(file: Mapping[str, Any], flags: Mapping[str, Any], env: Mapping[str, str] | None = None) -> RunConfig:
    """The run's config: flags (``None``: not given) over the file over the environment's defaults.

    ``flags["entrants"]`` is a list of ``(kind, NAME=VALUE)`` (see :func:`parse_flag_entrant`), after the file's;
    ``flags["entrant_per_action"]`` a list of ``NAME=SECONDS`` (see :func:`parse_entrant_per_action`).
    """
    env = os.environ if env is None else env
    unknown = set(file) - set(FILE_KEYS)
    if unknown:
        raise ConfigError(f"unknown keys in the config file: {sorted(unknown)}")
    tournament = dict(file.get("tournament", {}))
    unknown = set(tournament) - set(TOURNAMENT_KEYS)
    if unknown:
        raise ConfigError(f"unknown keys in [tournament]: {sorted(unknown)} (allowed: {list(TOURNAMENT_KEYS)})")
    for key in TOURNAMENT_KEYS:
        if flags.get(key) is not None:
            tournament[key] = flags[key]
    control = {key: flags[key] for key in TIME_CONTROL_KEYS if flags.get(key) is not None}
    if control:
        tournament["time_control"] = {**(tournament.get("time_control") or {}), **control}
        if "per_action" not in tournament["time_control"]:
            raise ConfigError("a time control needs per_action (--per-action, or time_control in [tournament])")
    concurrency = flags.get("concurrency") if flags.get("concurrency") is not None else file.get("concurrency")
    if concurrency is not None:
        tournament["concurrency"] = concurrency
    for key in ("game", "players_per_match", "format"):
        if key not in tournament:
            raise ConfigError(f"the tournament needs {key!r} (in [tournament] or as --{key.replace('_', '-')})")
    entrants = [parse_entrant(spec) for spec in file.get("entrants", [])]
    # In the order given: a gauntlet's entrant 0 is the first one.
    entrants += [parse_flag_entrant(kind, flag) for kind, flag in flags.get("entrants") or ()]
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise ConfigError(f"two entrants share a name: {names}")
    if not entrants:
        raise ConfigError("the tournament has no entrants ([[entrants]], --entrant, --long-lived or --bot)")
    entrants = with_own_clocks(entrants, flags.get("entrant_per_action") or (), tournament)
    # Twice the matches at once: a job outlives its match by a few seconds (its programs exit, a last look),
    # and the tournament starts the next match at once, whose clock must not run while it waits for a worker.
    workers = _first(flags.get("workers"), file.get("workers"), None if concurrency is None else 2 * concurrency, 2)
    url = _first(flags.get("url"), file.get("url"), env.get("ARENA_URL"), "http://127.0.0.1:8000")
    redis_url = _first(flags.get("redis"), file.get("redis"), env.get("REDIS_URL"))
    output = _first(flags.get("output"), file.get("output"))
    if redis_url is None and any(e.is_program and e.mode == "match" for e in entrants):
        raise ConfigError("programs launched per match need the API's Redis: --redis, `redis` or REDIS_URL")
    if output is None:
        raise ConfigError("the runner needs an output directory (--output or `output`): it keeps its state there")
    if not isinstance(workers, int) or workers < 0:
        raise ConfigError(f"workers must be a whole number, 0 or more: {workers!r}")
    return RunConfig(
        url=str(url).rstrip("/"),
        redis_url=str(redis_url or ""),
        output=Path(output),
        tournament=tournament,
        entrants=tuple(entrants),
        workers=workers,
        queue=str(_first(flags.get("queue"), file.get("queue"), DEFAULT_QUEUE)),
        match_timeout=float(_first(flags.get("match_timeout"), file.get("match_timeout"), 3600.0)),
        display=not flags.get("quiet", False),
        lease=_seconds("lease", _first(flags.get("lease"), file.get("lease"), DEFAULT_LEASE), minimum=1.0),
        handshake_timeout=_seconds(
            "handshake_timeout",
            _first(flags.get("handshake_timeout"), file.get("handshake_timeout"), DEFAULT_HANDSHAKE),
            minimum=0.0,
        ),
    )


def _seconds(name: str, value: Any, minimum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < minimum:
        raise ConfigError(f"{name} must be a number of seconds, at least {minimum:g}: {value!r}")
    return float(value)


def _first(*values: Any) -> Any:
    return next((value for value in values if value is not None), None)


def command_line(command: Sequence[str]) -> str:
    return shlex.join(command)
