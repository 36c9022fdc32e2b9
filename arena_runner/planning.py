"""Which match jobs the dispatcher enqueues, from the schedule and the jobs RQ knows (pure: no I/O).

Each playing match with a seat played by a program launched per match gets one job, with an id
fixed by the tournament and the schedule index, so a match is handed out once however often the
dispatcher looks (or restarts). A job RQ gave up on (its retries spent, a worker lost past them)
leaves the match's local seats to be reported crashed, so the tournament goes on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from arena_runner.config import EntrantConfig

#: RQ job states in which a job will still run (or runs now): nothing to enqueue.
LIVE = ("queued", "started", "deferred", "scheduled", "created")
#: RQ job states in which a job will not run again.
GIVEN_UP = ("failed", "stopped", "canceled")


def job_id(tournament_id: str, index: int, match_id: str) -> str:
    """The RQ job id of the match ``match_id`` at schedule ``index`` (a match voided and played again is a new
    match): the same for every dispatcher, before and after restarts."""
    return f"{job_prefix(tournament_id)}{index}-{match_id}"


def job_prefix(tournament_id: str) -> str:
    """What the ids of every job of a tournament start with."""
    return f"arena-{tournament_id}-"


def match_of_job(tournament_id: str, job: str | None) -> str | None:
    """The match id in the id of a job of the tournament's (see :func:`job_id`); ``None`` for no job, or
    another tournament's."""
    prefix = job_prefix(tournament_id)
    if job is None or not job.startswith(prefix):
        return None
    index, dash, match_id = job[len(prefix) :].partition("-")
    return match_id if dash and index.isdigit() and match_id else None


@dataclasses.dataclass(frozen=True)
class SeatLaunch:
    """One seat of a match and the program that plays it."""

    seat: int
    entrant: str
    command: tuple[str, ...]
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "entrant": self.entrant, "command": list(self.command), "token": self.token}


@dataclasses.dataclass(frozen=True)
class MatchJob:
    """A job: launch the programs of one match's local seats, report the seats whose program crashed."""

    tournament_id: str
    index: int
    match_id: str
    url: str
    host_token: str
    seats: tuple[SeatLaunch, ...]
    #: Seconds the programs may run.
    timeout: float
    #: Which attempt at the match this is (0: the first; one more for each attempt voided and played again).
    attempt: int = 0

    @property
    def job_id(self) -> str:
        return job_id(self.tournament_id, self.index, self.match_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament_id": self.tournament_id,
            "index": self.index,
            "match_id": self.match_id,
            "url": self.url,
            "host_token": self.host_token,
            "seats": [seat.to_json() for seat in self.seats],
            "timeout": self.timeout,
            "attempt": self.attempt,
        }


def match_jobs(
    tournament_id: str,
    *,
    url: str,
    host_token: str,
    rows: Sequence[Mapping[str, Any]],
    entrants: Sequence[EntrantConfig],
    timeout: float,
) -> list[MatchJob]:
    """A job for each playing match (schedule ``rows`` as the host sees them) with a per-match program in a seat."""
    jobs = []
    for row in rows:
        tokens = row.get("tokens")
        if row["state"] != "playing" or not tokens or row.get("match_id") is None:
            continue
        seats = tuple(
            SeatLaunch(seat, entrants[entrant].name, entrants[entrant].command, tokens[str(seat)])
            for seat, entrant in enumerate(row["entrants"])
            if entrants[entrant].is_program and entrants[entrant].mode == "match" and str(seat) in tokens
        )
        if seats:
            attempt = len(row.get("voided") or ())
            jobs.append(
                MatchJob(tournament_id, row["index"], row["match_id"], url, host_token, seats, timeout, attempt)
            )
    return jobs


@dataclasses.dataclass(frozen=True)
class Plan:
    """What the dispatcher does this time round."""

    #: Jobs to enqueue: their match plays and no job for it exists.
    enqueue: tuple[MatchJob, ...]
    #: Jobs RQ gave up on while their match still plays: report their seats crashed.
    given_up: tuple[MatchJob, ...]


def plan(jobs: Sequence[MatchJob], statuses: Mapping[str, str | None]) -> Plan:
    """Enqueue the jobs RQ does not know (``None``); leave live and finished ones be; report given-up ones."""
    enqueue = tuple(job for job in jobs if statuses.get(job.job_id) is None)
    given_up = tuple(job for job in jobs if statuses.get(job.job_id) in GIVEN_UP)
    return Plan(enqueue, given_up)
