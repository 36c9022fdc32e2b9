"""``arena tournament run``: create (or resume) the tournament, dispatch its matches, show it, write the results.

The dispatcher looks at the schedule with the host token every ``poll`` seconds and enqueues one
RQ job per playing match whose seats are local programs (:mod:`arena_runner.planning`), starts the
long-lived entrants once (and again if one stops before the tournament is over, reporting the
match it left as a crash), and starts ``workers`` local ``arena worker`` processes. Everything it
needs to go on after a restart is on the server, in Redis, or in ``<output>/state.json``.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import redis
from arena_sdk import Arena, ArenaError, MatchOverError
from arena_sdk.tournaments import Host, create_tournament_from
from rq import Queue, Retry, Worker
from rq.job import Job
from rq.registry import StartedJobRegistry

from arena_runner import outputs, planning, processes, state
from arena_runner.config import EntrantConfig, RunConfig
from arena_runner.display import Display

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


class Runner:
    def __init__(self, config: RunConfig) -> None:
        self.config = config
        self.arena = Arena(config.url)
        self.stop_requested = threading.Event()
        self.queue: Queue | None = None
        if config.redis_url:
            self.queue = Queue(config.queue, connection=redis.Redis.from_url(config.redis_url))
        self.workers: list[subprocess.Popen[bytes]] = []
        self.entrants: dict[str, subprocess.Popen[bytes]] = {}
        self.restarts: dict[str, int] = {}
        self.cleaned_at = 0.0

    # --- the tournament ----------------------------------------------------------------------

    def resume_or_create(self) -> state.RunState:
        """The tournament of this output directory: the one in its state file, or a new one."""
        found = state.load(self.config.output)
        if found is not None:
            return found
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
        """Run the tournament to its end (or until SIGTERM/SIGINT); write the results; the exit status."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda _signum, _frame: self.stop_requested.set())
        status = "running"
        try:
            # Workers first: a match's clock runs from its creation, so they had better be ready for it.
            self.start_workers()
            run = self.resume_or_create()
            host = Host(self.arena, run.tournament_id, run.host_token)
            print(f"tournament {run.tournament_id} ({self.config.output / state.FILE_NAME})", flush=True)
            with Display(self.config.display) as display:
                while not self.stop_requested.is_set():
                    schedule = host.schedule().to_dict()
                    status = schedule["status"]
                    self.dispatch(run, host, schedule["matches"])
                    if status in ("running", "open"):
                        self.keep_entrants(run, host, schedule["matches"])
                    display.update(host.tournament().to_dict())
                    if status not in ("running", "open"):
                        break
                    self.stop_requested.wait(self.config.poll)
            if status in ("finished", "cancelled"):
                self.wait_for_jobs(run)
        finally:
            self.stop_children()
        if status not in ("finished", "cancelled"):
            print("stopped before the end: run again with the same --output to continue", flush=True)
            return 1
        for path in outputs.write(self.config.url, run.tournament_id, self.config.output):
            print(f"wrote {path}", flush=True)
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
        if time.monotonic() - self.cleaned_at >= CLEANUP_EVERY:
            StartedJobRegistry(queue=self.queue).cleanup()
            self.cleaned_at = time.monotonic()

    def wait_for_jobs(self, run: state.RunState, timeout: float = 60.0) -> None:
        """Let the last jobs finish (their programs exit once their match is over) before stopping workers."""
        if self.queue is None:
            return
        prefix = planning.job_id(run.tournament_id, 0)[:-1]
        deadline = time.monotonic() + timeout
        registry = StartedJobRegistry(queue=self.queue)
        while time.monotonic() < deadline and not self.stop_requested.is_set():
            busy = [j for j in [*registry.get_job_ids(), *self.queue.get_job_ids()] if j.startswith(prefix)]
            if not busy:
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
        logs = self.config.output / "logs"
        command = [sys.executable, "-m", "api.cli", "worker", "--redis", self.config.redis_url]
        command += ["--queue", self.config.queue, "--logs", str(logs)]
        for number in range(self.config.workers):
            self.workers.append(processes.start(command, logs / f"worker-{number}.log"))
        deadline = time.monotonic() + WORKERS_START
        while Worker.count(queue=self.queue) < len(self.workers) and time.monotonic() < deadline:
            if any(process.poll() is not None for process in self.workers):
                raise RuntimeError(f"a local worker stopped at once: see {logs}")
            self.stop_requested.wait(0.1)

    def keep_entrants(self, run: state.RunState, host: Host, rows: list[dict[str, Any]]) -> None:
        """Start each long-lived entrant once; one that stopped early forfeits its match (crash) and starts again."""
        for index, entrant in enumerate(self.config.entrants):
            if not (entrant.is_program and entrant.mode == "entrant"):
                continue
            process = self.entrants.get(entrant.name)
            if process is not None and process.poll() is None:
                continue
            if process is not None:
                if process.returncode == 0 or self.restarts.get(entrant.name, 0) >= RESTARTS:
                    continue
                self.restarts[entrant.name] = self.restarts.get(entrant.name, 0) + 1
                for row in rows:
                    if row["state"] == "playing" and index in row["entrants"]:
                        self.report_crash(host, row["index"], row["entrants"].index(index))
            self.entrants[entrant.name] = self.start_entrant(run, entrant)

    def start_entrant(self, run: state.RunState, entrant: EntrantConfig) -> subprocess.Popen[bytes]:
        command = [*entrant.command, "--url", self.config.url, "--tournament", run.tournament_id]
        command += ["--token", run.tokens[entrant.name]]
        return processes.start(command, self.config.output / "logs" / f"entrant-{entrant.name}.log")

    def stop_children(self) -> None:
        """Stop the long-lived entrants, then the workers (each finishes its match first)."""
        for process in self.entrants.values():
            processes.stop(process)
        for process in self.workers:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.workers:
            try:
                process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                processes.stop(process, grace=1.0)


def report(url: str, tournament_id: str, output: Path) -> int:
    """``arena tournament report ID``: write the result files again."""
    for path in outputs.write(url, tournament_id, output):
        print(f"wrote {path}", flush=True)
    return 0
