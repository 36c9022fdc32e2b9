"""Whether a tournament match that ended in a named seat's timeout is scored now, held, or void because the
arena lost the program's runner (``runner_lost``) or one of its workers (``worker_lost``).

A timeout is the program's own fault only if its host was there when its clock ran out. A host (a runner)
that holds a presence lease on the seat's entrant renews it every few seconds, each renewal kept with
when it came (:class:`~arena.tournaments.dispatch.Renewal`):

- a renewal that came strictly *after* the timeout says the runner lived on: the timeout is scored;
- a lease that lapsed first (its last renewal's own end passed, no renewal since the timeout) says the
  runner is gone: the match is void ``runner_lost``;
- until one of those, the match is held: its outcome waits, at most until the lease's end.

Each runner process renews with a session of its own, kept with since when it renews. A session that
began renewing after the seat's program asked for the match (or, not knowing when it asked, after the
timeout) says the runner that hosted the program was lost, killed and started again within its lease:
the match is void ``runner_lost`` at once, whatever the new session renews. Renewals without a session
(older hosts) prove the runner lived on, as before.

A renewal at the very moment of the timeout proves nothing about after it: the match stays held. An
entrant never leased (a server bot, a program its host plays without a runner) is scored as it ended.
A runner that says, on a renewal, that a worker playing the match died (``lost``) has a timeout in it void
``worker_lost``, whoever renewed when (a match its programs played to the end is scored). A seat whose
program never asked at all, though the match awaited it, makes the match ``absent`` instead, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from arena.tournaments.dispatch import Renewal

#: What becomes of a match that ended in timeouts of leased entrants.
Verdict = Literal["score", "hold", "runner_lost"]


def timeouts_in(entries: Iterable[Mapping[str, Any]]) -> dict[int, float]:
    """When each seat forfeited by a timeout, from a match's log entries (a ``timeout`` event whose
    ``on_timeout`` is ``forfeit``; the stand-in's decisions are no forfeit)."""
    found: dict[int, float] = {}
    for entry in entries:
        for event in entry.get("events") or ():
            data = event.get("data") or {}
            if event.get("kind") == "timeout" and data.get("on_timeout") == "forfeit":
                found.setdefault(int(data["seat"]), float(entry["at"]))
    return found


def runner_verdict(
    timed_out: Mapping[int, float],
    renewals: Mapping[int, Renewal],
    now: float,
    asked: Mapping[int, float] | None = None,
) -> Verdict:
    """What becomes of a match whose entrants in ``timed_out`` (entrant -> when its seat timed out) let
    their clocks run out, given each leased entrant's last renewal and when its program first asked for the
    match (``asked``; left out: the timeout's time), at ``now``: ``runner_lost`` as soon as one of their
    runners is gone (its lease lapsed, or a session renews that began after its program asked), else
    ``hold`` while one may still be, else ``score``."""
    verdict: Verdict = "score"
    for entrant, at in timed_out.items():
        renewal = renewals.get(entrant)
        if renewal is None:
            continue  # never leased: the timeout is its own
        hosted = min(at, (asked or {}).get(entrant, at))
        if renewal.session is not None and (renewal.since is None or renewal.since > hosted):
            return "runner_lost"  # another process renews than the one that hosted the program: that one died
        if renewal.at > at:
            continue  # its runner renewed after the timeout: the timeout is its own
        if renewal.until < now:
            return "runner_lost"
        verdict = "hold"
    return verdict
