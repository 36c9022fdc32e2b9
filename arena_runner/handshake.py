"""The handshake: before a tournament starts, each program is started once and must ask for a probe match.

A program that cannot start (a missing module, a wrong path, a crash at import) would otherwise
crash every match it is given. So the runner gives each program a match of its own first, through
the same interface as the tournament's: a program launched per match gets a probe match on the
server (its seat against the game's random bot), ``<command> --url U --match M --token T``; a
long-lived entrant gets a probe tournament of one table (``--tournament T --token E``) and must
take its match from ``next``. The program passes once it has asked for that match (the seat's
``asked``); it fails if it exits first, or when ``timeout`` seconds go by. Every probe runs at once;
each is stopped and its match called off afterwards. A failure names the program and shows the end
of its output. A probe tournament the server refuses because the address holds as many unfinished
tournaments as it allows (``ARENA_MAX_LIVE_TOURNAMENTS``) waits for another probe of the run to end (its
tournament cancelled frees a place) and is created then.
"""

from __future__ import annotations

import dataclasses
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arena_client.models import CreatedTournament
from arena_sdk import Arena, ArenaError, TournamentQuotaError
from arena_sdk.tournaments import Host, create_tournament_from

from arena_runner import processes
from arena_runner.config import EntrantConfig, RunConfig

#: Seconds between two looks at a probe.
LOOK_EVERY = 0.2
#: Lines of a failed program's output shown with its failure.
OUTPUT_LINES = 20
#: The server bot that fills the other seats of a probe match.
PROBE_BOT = "random"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How one program's handshake went."""

    entrant: str
    passed: bool
    reason: str
    log: Path

    def message(self) -> str:
        """Why the run stops, with the end of the program's output."""
        lines = self.log.read_text(errors="replace").splitlines()[-OUTPUT_LINES:] if self.log.exists() else []
        output = "\n".join(f"  | {line}" for line in lines) or "  | (no output)"
        return f"entrant {self.entrant!r} failed its handshake: {self.reason}. Its output ({self.log}):\n{output}"


class ProbePlaces:
    """The run's probe tournaments that are on the server (or being created), so that a probe refused for the
    quota of live tournaments waits for one of them to end rather than failing its program."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._live = 0
        self._ended = 0

    def ended(self) -> int:
        """How many probe tournaments of the run have ended so far."""
        with self._changed:
            return self._ended

    def creating(self) -> None:
        """A probe tournament is being created: it may hold a place from now on."""
        with self._changed:
            self._live += 1

    def not_created(self) -> None:
        """Its creation failed: it holds no place."""
        with self._changed:
            self._live -= 1
            self._changed.notify_all()

    def freed(self) -> None:
        """A probe tournament ended (cancelled): its place is free."""
        with self._changed:
            self._live -= 1
            self._ended += 1
            self._changed.notify_all()

    def wait_for_one(self, seen: int) -> bool:
        """Wait until a probe tournament of the run ends after the first ``seen`` (at once if one has); ``False``
        once none is on the server or being created (other tournaments of the address hold the places:
        waiting would not free one)."""
        with self._changed:
            self._changed.wait_for(lambda: self._ended > seen or self._live == 0)
            return self._ended > seen


class Probe:
    """One program's probe: its match (or tournament) on the server, and the program launched on it."""

    def __init__(
        self, arena: Arena, config: RunConfig, entrant: EntrantConfig, places: ProbePlaces | None = None
    ) -> None:
        self.arena = arena
        self.places = places or ProbePlaces()
        self.config = config
        self.entrant = entrant
        self.log = config.output / "logs" / f"handshake-{entrant.name}.log"
        self.match_id: str | None = None
        self.seat_token: str | None = None
        self.host_token: str | None = None
        self.host: Host | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def _time_control(self) -> dict[str, Any]:
        return {"per_action": 600.0, "on_timeout": "forfeit", "first_decision": self.config.handshake_timeout}

    def start(self) -> None:
        tournament = self.config.tournament
        players = int(tournament["players_per_match"])
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.log.write_bytes(b"")
        if self.entrant.mode == "match":
            seats: list[dict[str, Any]] = [{"name": self.entrant.name}]
            seats += [{"bot": PROBE_BOT} for _ in range(players - 1)]
            created = self.arena.create_match(
                tournament["game"], players, tournament.get("options"), seats=seats, time_control=self._time_control()
            )
            self.match_id = created.match.match_id
            self.seat_token = next(seat.token for seat in created.seats if seat.seat == 0)
            self.host_token = created.host_token
            command = [*self.entrant.command, "--url", self.config.url, "--match", self.match_id]
            command += ["--token", self.seat_token]
        else:
            body: dict[str, Any] = {
                "game": tournament["game"],
                "options": tournament.get("options") or {},
                "players_per_match": players,
                "format": "gauntlet",
                "time_control": self._time_control(),
                "entrants": [{"name": self.entrant.name}]
                + [{"name": f"probe-{n}", "bot": PROBE_BOT} for n in range(max(1, players - 1))],
            }
            created_tournament = self._create_tournament(body)
            tournament_id = created_tournament.tournament.tournament_id
            self.host = Host(self.arena, tournament_id, created_tournament.host_token)
            token = created_tournament.entrants[0].token
            command = [*self.entrant.command, "--url", self.config.url, "--tournament", tournament_id]
            command += ["--token", token]
        self.process = processes.start(command, self.log)

    def _create_tournament(self, body: dict[str, Any]) -> CreatedTournament:
        """The probe tournament, once the server has a place for it (see :class:`ProbePlaces`)."""
        while True:
            seen = self.places.ended()
            self.places.creating()
            try:
                return create_tournament_from(self.arena, body)
            except TournamentQuotaError:
                self.places.not_created()
                if not self.places.wait_for_one(seen):
                    raise
            except BaseException:
                self.places.not_created()
                raise

    def asked(self) -> bool:
        """Whether the program has asked for its probe match."""
        match_id = self.match_id
        if match_id is None and self.host is not None:
            rows = self.host.schedule("playing").matches
            match_id = next((row.match_id for row in rows if 0 in row.entrants and isinstance(row.match_id, str)), None)
        if match_id is None:
            return False
        match = self.arena.match(match_id)
        return any(seat.asked for seat in match.seats if seat.name == self.entrant.name)

    def stop(self) -> None:
        """Stop the program and call its probe off."""
        if self.process is not None:
            processes.stop(self.process, grace=2.0)
        try:
            if self.host is not None:
                self.host.cancel()
            elif self.match_id is not None and self.host_token is not None:
                self.arena.abort(self.match_id, self.host_token)
        except ArenaError:
            pass  # over already: nothing to call off
        finally:
            if self.host is not None:
                self.places.freed()


def shake_hands(arena: Arena, config: RunConfig, entrants: Sequence[EntrantConfig]) -> list[Outcome]:
    """Probe every program at once; how each went (a failure first shows when the probe ends)."""
    places = ProbePlaces()
    probes = [Probe(arena, config, entrant, places) for entrant in entrants if entrant.is_program]
    outcomes: dict[str, Outcome] = {}
    lock = threading.Lock()

    def run(probe: Probe) -> None:
        outcome = _probe(probe, config.handshake_timeout)
        with lock:
            outcomes[probe.entrant.name] = outcome

    threads = [threading.Thread(target=run, args=(probe,), name=f"handshake-{probe.entrant.name}") for probe in probes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [outcomes[probe.entrant.name] for probe in probes]


def _probe(probe: Probe, timeout: float) -> Outcome:
    name = probe.entrant.name
    try:
        probe.start()
        assert probe.process is not None
        deadline = time.monotonic() + timeout
        while True:
            if probe.asked():
                return Outcome(name, True, "it asked for its probe match", probe.log)
            code = probe.process.poll()
            if code is not None and not probe.asked():
                return Outcome(
                    name, False, f"its program exited with status {code} before asking for its match", probe.log
                )
            if time.monotonic() > deadline:
                return Outcome(name, False, f"its program did not ask for its match within {timeout:g} s", probe.log)
            time.sleep(LOOK_EVERY)  # a pause between two looks at the probe
    except OSError as error:
        return Outcome(name, False, f"its program could not be started ({error})", probe.log)
    except ArenaError as error:
        return Outcome(name, False, f"the server refused its probe ({error})", probe.log)
    finally:
        probe.stop()
