"""``arena tournament run``: create (or resume) the tournament, dispatch its matches, show it, write the results.

Before a new tournament is created, every program passes its handshake (:mod:`arena_runner.handshake`).
The dispatcher then looks at the matches playing with the host token every ``poll`` seconds and
enqueues one RQ job per match whose seats are local programs (:mod:`arena_runner.planning`),
starts the long-lived entrants once (and again if one stops before the tournament is over,
reporting the match it left as a crash), starts ``workers`` local ``arena worker`` processes, and
renews the presence lease it holds on its entrants (with a session of its own, and the number of live
workers as its capacity; at once when a match job says its match ended in a timeout, whose outcome the
server holds until a renewal after it, and when a match was voided, which lapses the lease of an entrant whose
program never asked): while the runner is away (killed, or its machine down), none of
their matches starts, and those that started without their programs (or whose programs timed out once it
was gone, even if it was started again before its lease lapsed: ``runner_lost``) are voided and played
again once it is back. A local worker that dies mid-match has that match reported lost on the next renewal
(``worker_lost``).
Everything it needs to go on after a restart is on the server, in Redis, or in ``<output>/state.json``.

An outage of the API or its Redis does not stop it (:mod:`arena_runner.outage`): it says that it
waits, for how long so far and when it tries again, keeps its workers and programs running, and
goes on once they answer. It says each match over in a line (:mod:`arena_runner.lines`).

Ctrl-C (or SIGTERM) says "stopping", pauses the tournament, calls off the matches its programs are
playing (they are played again on resume: nothing is lost) and returns within :data:`STOP_WITHIN`
seconds; running the same command again resumes it.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

import httpx
import redis
from arena_sdk import Arena, ArenaError, MatchOverError
from arena_sdk.tournaments import Host, create_tournament_from
from rq import Queue, Retry, Worker
from rq.job import Job
from rq.registry import StartedJobRegistry

from arena_runner import handshake, lines, outputs, planning, processes, state
from arena_runner.config import EntrantConfig, RunConfig
from arena_runner.display import Display
from arena_runner.jobs import TIMED_OUT
from arena_runner.outage import Outage, is_outage
from arena_runner.worker import live_jobs, live_workers

#: How often RQ retries a match job that failed or whose worker was lost.
JOB_RETRIES = 2
#: How long RQ keeps a finished or failed job (so it is never enqueued again): a week.
KEEP_JOBS = 7 * 24 * 3600
#: Times a long-lived entrant is started again after it stopped early.
RESTARTS = 3
#: Seconds the local workers get to start before the tournament does.
WORKERS_START = 60.0
#: Seconds between two cleanups of RQ's registry of started jobs (which notices lost workers).
CLEANUP_EVERY = 10.0
#: Seconds within which a stop requested by Ctrl-C or SIGTERM returns.
STOP_WITHIN = 10.0
#: Seconds each server call may take while stopping.
STOP_CALL_TIMEOUT = 2.0
#: Exit status of a run whose every match with a local program ended in a crash forfeit.
ALL_CRASHED = 3
#: Exit status of a run stopped by a failed handshake.
HANDSHAKE_FAILED = 2
#: Seconds each call retries a dropped connection or a 503 before the run says it waits for the arena.
CALL_RETRY_FOR = 5.0
#: Seconds after the arena answers again before RQ's registry of started jobs is cleaned: the workers'
#: heartbeats, missed while Redis was down, catch up first (so no job still running is taken as lost).
CLEANUP_AFTER_OUTAGE = 20.0
#: Times in all a local worker that stopped by itself is started again.
WORKER_RESTARTS = 5
#: Seconds between two reads of the whole schedule (for the lines of matches over), at least ...
SCHEDULE_EVERY = 1.0
#: ... and one second more per this many scheduled matches.
SCHEDULE_ROWS_PER_SECOND = 4000
#: The statuses of a tournament still going on, and of one over.
LIVE = ("running", "open", "paused")
OVER = ("finished", "cancelled")

T = TypeVar("T")


class Runner:
    def __init__(self, config: RunConfig) -> None:
        self.config = config
        # Calls retry a dropped connection or a 503 briefly; a longer outage is the run's to wait out (ride_out).
        self.arena = Arena(config.url, retry_for=CALL_RETRY_FOR)
        self.stop_requested = threading.Event()
        self.queue: Queue | None = None
        if config.redis_url:
            self.queue = Queue(config.queue, connection=redis.Redis.from_url(config.redis_url))
        self.workers: list[subprocess.Popen[bytes]] = []
        self.worker_restarts = 0
        self.entrants: dict[str, subprocess.Popen[bytes]] = {}
        self.restarts: dict[str, int] = {}
        #: When each long-lived entrant was first seen stopped, and the outage that excused its last restart.
        self.stopped_at: dict[str, float] = {}
        self.excused: dict[str, int] = {}
        self.cleaned_at = 0.0
        self.leased_at = -float("inf")
        #: This process's name on its renewals: a runner started again (its machine lost) renews with another,
        #: so the server voids the timeouts its death caused (``runner_lost``) instead of scoring them.
        self.session = uuid.uuid4().hex
        #: Matches a local worker was playing when it died by itself, to report on the next renewal; the
        #: pids of the dead workers already looked at.
        self.lost: set[str] = set()
        self.dead_workers: set[int] = set()
        #: Matches whose job said they ended in a timeout, renewed for already (once each).
        self.renewed_for_timeouts: set[str] = set()
        #: The tournament's matches voided and played again, as last seen: a void ``absent`` lapses the lease of
        #: the entrant whose program never asked (its matches wait for a renewal), so a new one renews at once.
        self.replayed_seen = 0
        #: The job each local worker (by pid) was last seen playing: a dead worker's is read from RQ's record,
        #: or from here when that record no longer names it.
        self.jobs_seen: dict[int, str] = {}
        self.outage = Outage()
        self.display = Display(config.display)
        self.names = [entrant.name for entrant in config.entrants]
        self.announcer = lines.Announcer(started=True)
        self.counts: list[lines.Tally] = []
        #: The progress the lines of matches over were last brought up to date with, and when.
        self.told: tuple[int, ...] = ()
        self.told_at = -float("inf")

    # --- the tournament ----------------------------------------------------------------------

    def resume_or_create(self) -> state.RunState | None:
        """The tournament of this output directory: the one in its state file, or a new one once every
        program has passed its handshake (``None`` when one failed: the run stops)."""
        found = state.load(self.config.output)
        if found is not None:
            self.announcer = lines.Announcer(started=False)  # what was over before is counted, not listed
            return found
        if self.config.handshake_timeout > 0 and any(e.is_program for e in self.config.entrants):
            print("handshake: starting each program once", flush=True)
            failed = [o for o in handshake.shake_hands(self.arena, self.config, self.config.entrants) if not o.passed]
            for outcome in failed:
                print(outcome.message(), file=sys.stderr, flush=True)
            if failed:
                return None
        created = create_tournament_from(self.arena, self.config.body())
        run = state.RunState(
            created.tournament.tournament_id,
            created.host_token,
            self.config.url,
            {entrant.name: entrant.token for entrant in created.entrants},
        )
        state.save(self.config.output, run)
        return run

    def run(self) -> int:
        """Run the tournament to its end (or until SIGTERM/SIGINT); write the results; the exit status.

        Until the server has answered once, a server that cannot be reached stops the run at once (a
        wrong URL is said at once); after that an outage of the API or its Redis is waited out."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda _signum, _frame: self.stop_requested.set())
        status = "running"
        run: state.RunState | None = None
        try:
            run = self.resume_or_create()
            if run is None:
                return HANDSHAKE_FAILED
            host = Host(self.arena, run.tournament_id, run.host_token)
            print(f"tournament {run.tournament_id} ({self.config.output / state.FILE_NAME})", flush=True)
            self.renew_lease(host)
            # Workers before the tournament resumes: a match's programs had better be ready for it.
            self.ride_out(self.start_workers)
            # The lease just held said the capacity before any worker was up (none: no match starts);
            # say it again now they are, rather than a third of the lease later.
            self.leased_at = -float("inf")
            self.ride_out(lambda: self.resume_if_paused(host))
            with self.display:
                while not self.stop_requested.is_set():
                    looked = self.ride_out(lambda: self.look(run, host))
                    if looked is None:
                        break  # stopped while waiting out an outage
                    status = looked
                    if status in OVER:
                        break
                    self.stop_requested.wait(self.config.poll)
            if status in OVER:
                self.ride_out(lambda: self.wait_for_jobs(run))
        finally:
            if self.stop_requested.is_set() and run is not None and status not in OVER:
                self.stop(run)
            else:
                self.stop_children()
        if status not in OVER:
            print("stopped before the end: run again with the same --output to continue", flush=True)
            return 1
        paths = self.ride_out(lambda: outputs.write(self.config.url, run.tournament_id, self.config.output))
        for path in paths or ():
            print(f"wrote {path}", flush=True)
        if paths is None:
            return 1
        written = json.loads((self.config.output / "tournament.json").read_text())
        counts = lines.tallies(written["matches"], len(self.names))
        self.display.final(written["tournament"], written["standings"], counts)
        crashed = self.ride_out(lambda: self.crash_status(run))
        return 1 if crashed is None else crashed

    def resume_if_paused(self, host: Host) -> None:
        if host.tournament(limit=1).status.value == "paused":
            host.resume()  # paused by the Ctrl-C that stopped the last run

    def look(self, run: state.RunState, host: Host) -> str:
        """One look at the tournament: renew the lease, hand out the matches playing, keep the programs and
        workers running, say what ended; its status."""
        self.note_lost_workers(run)  # before the renewal, which reports them
        self.renew_lease(host)
        rows = host.schedule("playing").to_dict()["matches"]
        tournament = host.tournament().to_dict()
        self.dispatch(run, host, rows)
        if tournament["progress"]["replayed"] > self.replayed_seen:
            self.replayed_seen = tournament["progress"]["replayed"]
            self.leased_at = -float("inf")
        self.renew_lease(host)  # at once after a void, or a match job's timeout (see dispatch): both wait for it
        if tournament["status"] in LIVE:
            self.keep_entrants(run, host, rows)
            self.keep_workers()
        self.tell(host, tournament)
        return str(tournament["status"])

    def tell(self, host: Host, tournament: dict[str, Any]) -> None:
        """Say each match over (and attempt voided) once, and show the standings with each entrant's matches won,
        drawn and lost. The whole schedule is read only when the progress moved, and not more often than
        once a second per :data:`SCHEDULE_ROWS_PER_SECOND` matches."""
        progress = tournament["progress"]
        moved = (progress["finished"], progress["replayed"], progress["done"])
        due = self.told_at + max(SCHEDULE_EVERY, progress["scheduled"] / SCHEDULE_ROWS_PER_SECOND)
        if moved != self.told and (time.monotonic() >= due or tournament["status"] in OVER):
            rows = host.schedule().to_dict()["matches"]
            self.told, self.told_at = moved, time.monotonic()
            self.counts = lines.tallies(rows, len(self.names))
            for line in self.announcer.lines(rows, self.names):
                self.display.say(line)
        self.display.update(tournament, self.counts)

    def ride_out(self, step: Callable[[], T]) -> T | None:
        """``step()``, tried again after an outage of the API or its Redis (with a growing pause, said on each
        try) until it is done; ``None`` if a stop was asked for meanwhile. Other errors raise."""
        while True:
            began = time.monotonic()
            try:
                result = step()
            except Exception as error:
                if not is_outage(error):
                    raise
                now = time.monotonic()
                wait = self.outage.failed(now, since=began)
                self.display.outage(self.outage.waiting_line(error, wait, now))
                self.note_stopped_entrants(now)
                if self.stop_requested.wait(wait):
                    return None
                continue
            lasted = self.outage.answered(time.monotonic())
            if lasted is not None:
                self.display.outage(None)
                self.display.say(Outage.back_line(lasted))
            return result

    def renew_lease(self, host: Host) -> None:
        """Renew the presence lease on the entrants, a third of its length before it would lapse (at once when
        there are lost matches to report: the server then voids them, if they time out, instead of scoring)."""
        if not any(e.is_program for e in self.config.entrants):
            return
        if self.lost or time.monotonic() - self.leased_at >= self.config.lease / 3:
            per_match = self.queue is not None and any(e.mode == "match" for e in self.config.entrants if e.is_program)
            lost = sorted(self.lost)
            capacity = live_workers(self.queue) if per_match and self.queue is not None else None
            host.hold_presence(self.config.lease, capacity=capacity, lost=lost or None, session=self.session)
            self.lost.difference_update(lost)
            self.leased_at = time.monotonic()

    def note_lost_workers(self, run: state.RunState) -> None:
        """Note the match each local worker that died by itself (not stopped by this runner) was playing: its
        RQ worker's current job, found by its pid on this host, names it (or the job it was last seen playing,
        when RQ's record no longer says)."""
        if self.queue is None or self.stop_requested.is_set():
            return
        dead = {process.pid for process in self.workers if process.poll() is not None} - self.dead_workers
        here = socket.gethostname()
        jobs = {w.pid: w.get_current_job_id() for w in Worker.all(queue=self.queue) if w.hostname == here}
        seen = {pid: job for pid, job in jobs.items() if pid is not None and job is not None and pid not in dead}
        self.jobs_seen.update(seen)
        for pid in dead:
            match_id = planning.match_of_job(run.tournament_id, jobs.get(pid) or self.jobs_seen.get(pid))
            if match_id is not None:
                self.lost.add(match_id)
                self.display.say(f"a local worker died playing match {match_id}: reported lost")
            self.jobs_seen.pop(pid, None)
        self.dead_workers |= dead

    def stop(self, run: state.RunState) -> None:
        """Stop within :data:`STOP_WITHIN` seconds: pause the tournament, call off the matches the programs
        are playing (they are played again on resume), and stop every child."""
        deadline = time.monotonic() + STOP_WITHIN - 1.0
        print("stopping: pausing the tournament; matches our programs are playing will be played again", flush=True)
        arena = Arena(self.config.url, timeout=STOP_CALL_TIMEOUT, retry_for=STOP_CALL_TIMEOUT)
        host = Host(arena, run.tournament_id, run.host_token)
        try:
            if host.tournament(limit=1).status.value == "running":
                host.pause()
            for row in host.schedule("playing").matches:
                local = [e for e in row.entrants if self.config.entrants[e].is_program]
                if local and isinstance(row.match_id, str) and isinstance(row.host_token, str):
                    with contextlib.suppress(MatchOverError):  # it ended first: it is recorded
                        arena.abort(row.match_id, row.host_token)
                if time.monotonic() > deadline - 4.0:
                    break
        except (ArenaError, httpx.HTTPError, TimeoutError) as error:
            print(f"stopping: the server did not answer ({error}); the lease lapses by itself", flush=True)
        self.stop_children(grace=max(0.5, deadline - time.monotonic()))

    def crash_status(self, run: state.RunState) -> int:
        """:data:`ALL_CRASHED` when every match with a local program ended in a crash forfeit of one, else 0."""
        rows = Host(self.arena, run.tournament_id, run.host_token).schedule("done").to_dict()["matches"]
        local = [
            row
            for row in rows
            if any(self.config.entrants[e].is_program for e in row["entrants"]) and row["forfeits"] is not None
        ]
        crashed = [
            row
            for row in local
            if any(
                cause == "crash" and self.config.entrants[entrant].is_program
                for entrant, cause in zip(row["entrants"], row["forfeits"], strict=True)
            )
        ]
        if local and len(crashed) == len(local):
            logs = self.config.output / "logs"
            print(f"every match of the local programs ended in a crash forfeit: see {logs}", file=sys.stderr)
            return ALL_CRASHED
        return 0

    # --- match jobs --------------------------------------------------------------------------

    def dispatch(self, run: state.RunState, host: Host, rows: list[dict[str, Any]]) -> None:
        """Enqueue a job for each playing match with local seats that has none; report jobs RQ gave up on."""
        jobs = planning.match_jobs(
            run.tournament_id,
            url=self.config.url,
            host_token=run.host_token,
            rows=rows,
            entrants=self.config.entrants,
            timeout=self.config.match_timeout,
        )
        if not jobs:
            return
        if self.queue is None:
            raise RuntimeError("per-match programs need Redis for their job queue")
        self.cleanup_lost_workers()
        found = Job.fetch_many([job.job_id for job in jobs], connection=self.queue.connection)
        statuses = {
            job.job_id: None if rq_job is None else rq_job.get_status(refresh=False).value
            for job, rq_job in zip(jobs, found, strict=True)
        }
        timed_out = {
            job.match_id for job, rq_job in zip(jobs, found, strict=True) if rq_job and rq_job.meta.get(TIMED_OUT)
        }
        if timed_out - self.renewed_for_timeouts:
            # The server holds the outcome of a match over in a timeout (its row still playing) until a renewal
            # after it says the runner was there: renew now rather than a third of the lease later.
            self.renewed_for_timeouts |= timed_out
            self.leased_at = -float("inf")
        decided = planning.plan(jobs, statuses)
        for job in decided.enqueue:
            self.queue.enqueue(
                "arena_runner.jobs.play_match",
                job.to_json(),
                job_id=job.job_id,
                job_timeout=int(job.timeout) + 60,
                result_ttl=KEEP_JOBS,
                failure_ttl=KEEP_JOBS,
                retry=Retry(max=JOB_RETRIES),
                description=f"match {job.index} of tournament {job.tournament_id}",
            )
        for job in decided.given_up:
            for seat in job.seats:
                self.report_crash(host, job.index, seat.seat)

    def cleanup_lost_workers(self) -> None:
        """Have RQ notice started jobs whose worker stopped sending heartbeats (it retries or fails them)."""
        assert self.queue is not None
        after_outage = (
            self.outage.ended_at is not None and time.monotonic() - self.outage.ended_at < CLEANUP_AFTER_OUTAGE
        )
        if not after_outage and time.monotonic() - self.cleaned_at >= CLEANUP_EVERY:
            StartedJobRegistry(queue=self.queue).cleanup()
            self.cleaned_at = time.monotonic()

    def wait_for_jobs(self, run: state.RunState, timeout: float = 60.0) -> None:
        """Let the last jobs finish (their programs exit once their match is over) before stopping workers. A job
        whose worker died (killed, its machine lost) is nobody's to finish: it is not waited for."""
        if self.queue is None:
            return
        prefix = planning.job_prefix(run.tournament_id)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.stop_requested.is_set():
            if not live_jobs(self.queue, prefix):
                return
            self.stop_requested.wait(self.config.poll)

    @staticmethod
    def report_crash(host: Host, index: int, seat: int) -> None:
        try:
            host.report_crash(index, seat)
        except MatchOverError:
            pass  # it ended first: nothing to report
        except ArenaError as error:
            if error.status != 409:
                raise

    # --- processes ---------------------------------------------------------------------------

    def start_workers(self) -> None:
        if self.queue is None or not any(e.is_program and e.mode == "match" for e in self.config.entrants):
            return
        if not self.workers:
            self.workers = [self.start_worker(number) for number in range(self.config.workers)]
        deadline = time.monotonic() + WORKERS_START
        while Worker.count(queue=self.queue) < len(self.workers) and time.monotonic() < deadline:
            if any(process.poll() is not None for process in self.workers):
                raise RuntimeError(f"a local worker stopped at once: see {self.config.output / 'logs'}")
            self.stop_requested.wait(0.1)

    def start_worker(self, number: int) -> subprocess.Popen[bytes]:
        logs = self.config.output / "logs"
        command = [sys.executable, "-m", "api.cli", "worker", "--redis", self.config.redis_url]
        command += ["--queue", self.config.queue, "--logs", str(logs)]
        return processes.start(command, logs / f"worker-{number}.log", new_session=True)

    def keep_workers(self) -> None:
        """Start again a local worker that stopped by itself (at most :data:`WORKER_RESTARTS` times in all), once
        :meth:`note_lost_workers` has looked at it: one that died since that look is started again on the next,
        so the match it was playing is reported lost rather than forgotten with its process."""
        for number, process in enumerate(self.workers):
            if process.poll() is None or process.pid not in self.dead_workers:
                continue
            if self.stop_requested.is_set() or self.worker_restarts >= WORKER_RESTARTS:
                continue
            self.worker_restarts += 1
            log = self.config.output / "logs" / f"worker-{number}.log"
            self.display.say(f"local worker {number} stopped (exit status {process.returncode}): started again ({log})")
            self.workers[number] = self.start_worker(number)

    def keep_entrants(self, run: state.RunState, host: Host, rows: list[dict[str, Any]]) -> None:
        """Start each long-lived entrant once. One that stopped early forfeits its match (crash) and starts again
        (at most :data:`RESTARTS` times); one that stopped during an outage of the arena, or just after it,
        stopped because of it (its SDK gave up waiting): it starts again, once per outage, and forfeits nothing."""
        now = time.monotonic()
        for index, entrant in enumerate(self.config.entrants):
            if not (entrant.is_program and entrant.mode == "entrant"):
                continue
            process = self.entrants.get(entrant.name)
            if process is not None and process.poll() is None:
                self.stopped_at.pop(entrant.name, None)
                continue
            if process is not None:
                stopped_at = self.stopped_at.setdefault(entrant.name, now)
                if self.outage.excuses(stopped_at) and self.excused.get(entrant.name) != self.outage.count:
                    self.excused[entrant.name] = self.outage.count
                    self.display.say(
                        f"entrant {entrant.name!r} stopped during an outage of the arena (exit status "
                        f"{process.returncode}): started again, its match not forfeited"
                    )
                    self.entrants[entrant.name] = self.start_entrant(run, entrant)
                    continue
                if process.returncode == 0 or self.restarts.get(entrant.name, 0) >= RESTARTS:
                    continue
                self.restarts[entrant.name] = self.restarts.get(entrant.name, 0) + 1
                for row in rows:
                    if row["state"] == "playing" and index in row["entrants"]:
                        self.report_crash(host, row["index"], row["entrants"].index(index))
            self.stopped_at.pop(entrant.name, None)
            self.entrants[entrant.name] = self.start_entrant(run, entrant)

    def note_stopped_entrants(self, now: float) -> None:
        """Note when each long-lived entrant was first seen stopped (during an outage: no call to the arena)."""
        for name, process in self.entrants.items():
            if process.poll() is not None:
                self.stopped_at.setdefault(name, now)

    def start_entrant(self, run: state.RunState, entrant: EntrantConfig) -> subprocess.Popen[bytes]:
        command = [*entrant.command, "--url", self.config.url, "--tournament", run.tournament_id]
        command += ["--token", run.tokens[entrant.name]]
        log = self.config.output / "logs" / f"entrant-{entrant.name}.log"
        return processes.start(command, log, new_session=True)

    def stop_children(self, grace: float = 120.0) -> None:
        """Stop the long-lived entrants, then the workers (each finishes its match first, within ``grace``)."""
        deadline = time.monotonic() + grace
        for process in self.entrants.values():
            if process.poll() is None:
                processes.signal_group(process, signal.SIGTERM)
        for process in self.workers:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in [*self.entrants.values(), *self.workers]:
            processes.stop_group(process, max(0.1, deadline - time.monotonic()))
