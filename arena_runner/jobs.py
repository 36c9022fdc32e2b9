"""The RQ job of one match: launch each local seat's program, wait for them, report the ones that crashed.

Runs in ``arena worker``. A program is ``<command> --url U --match M --token T``; one that exits
(non-zero or not) or is killed while its seat still plays a match that is not over has crashed,
and the host reports it (``POST /tournaments/{id}/forfeits``), so its seat forfeits and the
tournament goes on. A job run again (a lost worker's, retried) finds the match as it is now: it
launches programs only for seats still playing a match not over, and new programs resume it.

An outage of the API does not end the job: it waits with a growing pause (its programs keep
running) until the API answers or the job's time is up. A program that stopped during the outage
or just after it stopped because of it (its SDK gave up waiting): it is launched again, up to
:data:`RELAUNCHES` times, and resumes its seat; its seat does not forfeit. Each attempt at a match
(a voided one is played again as a new match) writes its programs' output to files of its own:
``<tournament>-match<index>-attempt<n>-seat<seat>.log``.

A match over in a timeout of one of its seats is noted on the job (:data:`TIMED_OUT`, in RQ's meta): the server
holds such a match's outcome until its runner renews its lease after the timeout, and the runner, seeing
the note, renews at once instead of a third of a lease later.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import redis
from arena_client.models import Match
from arena_sdk import Arena, MatchOverError
from arena_sdk.tournaments import Host
from rq import get_current_job

from arena_runner import processes
from arena_runner.outage import Outage, describe, is_outage, seconds

#: Where ``arena worker --logs DIR`` has the programs' output written (unset: discarded).
LOGS_ENV = "ARENA_WORKER_LOGS"
#: Seconds programs get to exit by themselves once their seats are out (a program still deciding is stopped).
GRACE = 2.0
#: Seconds between two looks at the match while its programs run.
LOOK_EVERY = 1.0
#: Seconds each look retries a dropped connection or a 503 before the job counts an outage.
CALL_RETRY_FOR = 5.0
#: Times a seat's program is launched again after it stopped because of an outage.
RELAUNCHES = 3
OVER = ("finished", "aborted")
#: The key of a job's meta saying its match is over and one of its seats timed out (the runner renews its lease).
TIMED_OUT = "timed_out"


def seats_playing(match: Match) -> set[int]:
    """The seats still playing a match that is not over (none once it is)."""
    if match.status.value in OVER:
        return set()
    return {seat.seat for seat in match.seats if seat.state.value == "playing"}


def over_in_a_timeout(match: Match, seats: set[int]) -> bool:
    """Whether the match is over and one of ``seats`` forfeited it by a timeout."""
    return match.status.value in OVER and any(s.seat in seats and s.state.value == "timed_out" for s in match.seats)


def log_name(tournament_id: str, index: int, attempt: int, seat: int) -> str:
    """The file of one seat's program in one attempt at a match (each attempt has its own)."""
    return f"{tournament_id}-match{index}-attempt{attempt + 1}-seat{seat}.log"


class MatchPlay:
    """One job's match: its programs, and looks at the match that ride out an outage of the API."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = spec
        self.arena = Arena(spec["url"], retry_for=CALL_RETRY_FOR)
        self.host = Host(self.arena, spec["tournament_id"], spec["host_token"])
        self.match_id: str = spec["match_id"]
        self.index: int = spec["index"]
        self.deadline = time.monotonic() + float(spec["timeout"])
        self.outage = Outage()
        self.logs = os.environ.get(LOGS_ENV)
        self.commands = {seat["seat"]: seat for seat in spec["seats"]}
        self.launched: dict[int, subprocess.Popen[bytes]] = {}
        self.relaunched: dict[int, int] = {}
        self.timeout_noted = False

    def say(self, line: str) -> None:
        """A line in the worker's log."""
        print(f"match {self.index} of tournament {self.spec['tournament_id']}: {line}", file=sys.stderr, flush=True)

    def look(self) -> set[int] | None:
        """The seats still playing, or ``None`` while the API cannot be reached (the job waits a growing pause)."""
        began = time.monotonic()
        try:
            match = self.arena.match(self.match_id)
            playing = seats_playing(match)
            self.note_timeout(match)
        except Exception as error:
            if not is_outage(error):
                raise
            now = time.monotonic()
            wait = self.outage.failed(now, since=began)
            assert self.outage.down_since is not None
            self.say(
                f"the API cannot be reached for {seconds(now - self.outage.down_since)} ({describe(error)}): "
                f"its programs keep running; next look in {seconds(wait)}"
            )
            time.sleep(max(0.0, min(wait, self.deadline - now)))
            return None
        lasted = self.outage.answered(time.monotonic())
        if lasted is not None:
            self.say(f"the API answers again after {seconds(lasted)}")
        return playing

    def note_timeout(self, match: Match) -> None:
        """Note on this RQ job (once) that its match is over in a timeout of one of its seats: the runner then
        renews its lease at once, which lets the server score the match it holds until then."""
        if self.timeout_noted or not over_in_a_timeout(match, set(self.commands)):
            return
        job = get_current_job()
        if job is not None:
            job.meta[TIMED_OUT] = True
            try:
                job.save_meta()  # type: ignore[no-untyped-call]  # RQ leaves it untyped
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                return  # Redis is away: noted on a later look (the lease's own renewal scores it meanwhile)
        self.timeout_noted = True

    def launch(self, seat: int) -> None:
        attempt = int(self.spec.get("attempt", 0))
        log = (
            None
            if self.logs is None
            else Path(self.logs) / log_name(self.spec["tournament_id"], self.index, attempt, seat)
        )
        command = [*self.commands[seat]["command"], "--url", self.spec["url"], "--match", self.match_id]
        command += ["--token", self.commands[seat]["token"]]
        self.launched[seat] = processes.start(command, log, parent_death=signal.SIGKILL)

    def report(self, seat: int) -> bool | None:
        """Report the seat's program crashed: ``True``; ``False``: its match ended first; ``None``: an outage."""
        try:
            self.host.report_crash(self.index, seat)
        except MatchOverError:
            return False
        except Exception as error:
            if not is_outage(error):
                raise
            return None
        return True

    def play(self) -> dict[str, Any]:
        playing = self.look()
        while playing is None and time.monotonic() < self.deadline:
            playing = self.look()
        for seat in self.commands:
            if playing is not None and seat in playing:
                self.launch(seat)
        crashed: list[int] = []
        exits: dict[int, int] = {}
        stopped: dict[int, float] = {}  # seat: when its program was seen stopped, not yet judged
        over_at: float | None = None
        now = time.monotonic()
        try:
            while len(exits) < len(self.launched):
                for seat, process in self.launched.items():
                    if seat not in exits and seat not in stopped:
                        _wait_briefly(process, LOOK_EVERY / max(1, len(self.launched)))
                now = time.monotonic()
                for seat, process in self.launched.items():
                    if seat not in exits and seat not in stopped and process.poll() is not None:
                        stopped[seat] = now
                playing = self.look()
                now = time.monotonic()
                if playing is not None:
                    self.judge(stopped, playing, exits, crashed)
                    if over_at is None and not (playing & set(self.launched)):
                        over_at = now
                if (over_at is not None and now - over_at > GRACE) or now > self.deadline:
                    break
        finally:
            for seat, process in self.launched.items():
                if seat not in exits:
                    exits[seat] = processes.stop(process)
                    if now > self.deadline and seat in (self.look() or set()) and self.report(seat):
                        crashed.append(seat)
        return {
            "index": self.index,
            "match_id": self.match_id,
            "launched": sorted(self.launched),
            "exits": exits,
            "crashed": crashed,
            "relaunched": dict(self.relaunched),
        }

    def judge(self, stopped: dict[int, float], playing: set[int], exits: dict[int, int], crashed: list[int]) -> None:
        """Each program seen stopped: launched again if an outage explains it and its seat still plays; else done
        (reported crashed if its seat still plays)."""
        for seat, noticed in list(stopped.items()):
            code = self.launched[seat].returncode
            if seat in playing and self.outage.excuses(noticed) and self.relaunched.get(seat, 0) < RELAUNCHES:
                self.relaunched[seat] = self.relaunched.get(seat, 0) + 1
                self.say(f"seat {seat}'s program stopped during an outage (exit status {code}): launched again")
                del stopped[seat]
                self.launch(seat)
                continue
            if seat in playing:
                reported = self.report(seat)
                if reported is None:
                    continue  # the API went away again: judged at the next look
                if reported:
                    crashed.append(seat)
            del stopped[seat]
            exits[seat] = code


def play_match(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Play the local seats of one tournament match (a :class:`~arena_runner.planning.MatchJob` as JSON)."""
    return MatchPlay(spec).play()


def _wait_briefly(process: subprocess.Popen[bytes], timeout: float) -> None:
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=timeout)
