"""``arena tournament status|pause|resume|cancel|report``: a host's commands on a run, with the tournament and
the host token the runner keeps in ``<output>/state.json`` (no token to copy into a request by hand).

Each reads the state file of the runner's output directory (``--output``, default: here) and asks the
server the runner uses (the state file's, unless ``--url`` says otherwise). A running runner goes
on as the tournament does: it stops starting matches while paused, and writes the results once
the tournament is cancelled. Every failure is a :class:`HostCommandError` saying what went wrong
in a line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx
from arena_client.models import Tournament
from arena_sdk import Arena, ArenaError, NotFoundError
from arena_sdk.tournaments import Host, all_standings

from arena_runner import lines, outputs, state
from arena_runner.outage import describe, is_outage

#: Seconds each command retries a dropped connection or a 503 before it says the server cannot be reached.
RETRY_FOR = 10.0

T = TypeVar("T")


class HostCommandError(Exception):
    """A host command cannot do what it was asked (no state file, no server, a refusal): says why in a line."""


@dataclasses.dataclass(frozen=True)
class HostedRun:
    """The tournament of a runner's output directory, as its host."""

    run: state.RunState
    url: str

    @property
    def host(self) -> Host:
        return Host(Arena(self.url, retry_for=RETRY_FOR), self.run.tournament_id, self.run.host_token)


def hosted_run(output: Path, url: str | None = None) -> HostedRun:
    """The run whose state is in ``output`` (``url``: another address of its server)."""
    path = state.path_in(output)
    try:
        run = state.load(output)
    except (OSError, ValueError, KeyError) as error:
        raise HostCommandError(f"cannot read {path}: {error}") from None
    if run is None:
        raise HostCommandError(
            f"no {path}: give the directory `arena tournament run` keeps its state in (its --output)"
        )
    return HostedRun(run, (url or run.url).rstrip("/"))


def asked(hosted: HostedRun, call: Callable[[], T]) -> T:
    """``call()``, its failures said in a line: the server unreachable, the tournament gone, a refusal."""
    try:
        return call()
    except Exception as error:
        if is_outage(error):
            raise HostCommandError(f"cannot reach {hosted.url} ({describe(error)})") from None
        if isinstance(error, NotFoundError):
            raise HostCommandError(
                f"no tournament {hosted.run.tournament_id!r} at {hosted.url} (it may have expired)"
            ) from None
        if isinstance(error, ArenaError):
            raise HostCommandError(f"{hosted.url} refused: {error.message} ({error.code})") from None
        raise


def status(output: Path, url: str | None = None) -> list[str]:
    """The tournament's state in lines: its progress, the matches playing, the whole standings, the SPRT."""
    hosted = hosted_run(output, url)
    host = hosted.host
    tournament = asked(hosted, lambda: host.tournament(limit=1)).to_dict()
    standings = [line.to_dict() for line in asked(hosted, lambda: all_standings(host.arena, host.tournament_id))]
    rows = asked(hosted, host.schedule).to_dict()["matches"]
    names = [""] * tournament["entrant_count"]
    for line in standings:
        names[line["entrant"]] = line["name"]
    return lines.status_lines(tournament, standings, rows, names)


def steer(output: Path, action: str, url: str | None = None) -> str:
    """``pause``, ``resume`` or ``cancel`` the tournament; a line saying what it is now."""
    hosted = hosted_run(output, url)
    host = hosted.host
    calls: dict[str, Callable[[], Tournament]] = {"pause": host.pause, "resume": host.resume, "cancel": host.cancel}
    tournament = asked(hosted, calls[action])
    said = {
        "pause": "no match starts until `arena tournament resume`; the matches playing finish and are recorded",
        "resume": "matches start again",
        "cancel": "the matches playing were aborted, the rest never start; the runner writes the results",
    }[action]
    return f"tournament {host.tournament_id}: {lines.progress_text(tournament.to_dict())}. {said.capitalize()}"


def report(output: Path, tournament_id: str | None, url: str | None, default_url: str) -> list[Path]:
    """Write the result files into ``output``: of ``tournament_id`` at ``url`` (or ``default_url``), or without an
    id, of the run whose state is in ``output``; their paths."""
    if tournament_id is None:
        hosted = hosted_run(output, url)
        tournament_id, url = hosted.run.tournament_id, hosted.url
    url = (url or default_url).rstrip("/")
    try:
        return outputs.write(url, tournament_id, output)
    except httpx.HTTPStatusError as error:
        if error.response.status_code == 404:
            raise HostCommandError(f"no tournament {tournament_id!r} at {url} (it may have expired)") from None
        raise HostCommandError(
            f"{url} answered {error.response.status_code} for tournament {tournament_id!r}"
        ) from None
    except httpx.HTTPError as error:
        raise HostCommandError(f"cannot reach {url} ({error})") from None
    except ArenaError as error:
        raise HostCommandError(f"{url} gave no records of tournament {tournament_id!r} ({error})") from None
