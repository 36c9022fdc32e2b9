"""Which pending matches start now: the limits a tournament's director keeps.

A pending match starts, in schedule order, while all of these hold:

- the tournament plays fewer than its ``concurrency`` matches at once;
- each of its entrants plays fewer than its own ``concurrency`` matches at once (a named entrant: 1
  unless it said more; a server bot: no limit unless it said one);
- none of its entrants is away (its host's presence lease lapsed);
- for each presence lease that said a ``capacity`` (how many matches the host's live workers can
  play at once), fewer than that many matches with one of the lease's entrants are playing;
- under an SPRT, it lies within the test's window: at most a few matches past the earliest result
  that could bring the verdict (:mod:`arena.tournaments.sprt_tally`).

A match that cannot start now is passed over, not waited for: later ones of other entrants may start.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Capacity:
    """A presence lease's capacity: at most ``capacity`` matches with one of ``entrants`` play at once."""

    capacity: int
    entrants: frozenset[int]


@dataclass(frozen=True)
class Renewal:
    """An entrant's last lease renewal: when it came and until when it ran, as its host asked (the director
    may end the lease sooner, but never changes this: it is what says whether the host was there), and the
    host process's ``session`` (``None``: a host that sends none) with ``since`` when that session has been
    the one renewing (its first renewal since another's, or since one without a session)."""

    at: float
    until: float
    session: str | None = None
    since: float | None = None


@dataclass(frozen=True)
class Presence:
    """The presence leases of a tournament's entrants: until when each runs, each one's last renewal, the
    capacities they said, and the matches their hosts reported lost (a worker playing them died)."""

    leases: Mapping[int, float] = field(default_factory=dict)
    capacities: tuple[Capacity, ...] = ()
    renewals: Mapping[int, Renewal] = field(default_factory=dict)
    lost: frozenset[str] = frozenset()

    def away(self, now: float) -> set[int]:
        """The entrants whose lease has lapsed (entrants never leased are never away)."""
        return {entrant for entrant, until in self.leases.items() if until < now}


def lease_group(entrants: Collection[int]) -> str:
    """A short name for the entrants one lease holds: those leased together share a capacity."""
    text = ",".join(str(e) for e in sorted(set(entrants)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def startable(
    pending: Sequence[int],
    playing: Sequence[int],
    entrants_at: Callable[[int], Sequence[int]],
    limits: Sequence[int | None],
    *,
    room: int,
    away: Collection[int] = (),
    capacities: Sequence[Capacity] = (),
    below: int | None = None,
) -> list[int]:
    """The matches of ``pending`` (schedule indexes, ascending) that may start now, in schedule order.

    ``playing``: the matches playing now; ``entrants_at(i)``: who sits at match ``i``; ``limits[e]``:
    entrant ``e``'s matches at once (``None``: any number); ``room``: how many more the tournament may
    start; ``below``: no match at this index or later starts (an SPRT's window).
    """
    load = Counter(e for index in playing for e in entrants_at(index))
    in_play = [sum(1 for index in playing if group.entrants.intersection(entrants_at(index))) for group in capacities]
    gone = set(away)
    chosen: list[int] = []
    for index in pending:
        if len(chosen) >= room or (below is not None and index >= below):
            break
        seated = entrants_at(index)
        if gone.intersection(seated):
            continue
        if any(limits[e] is not None and load[e] >= (limits[e] or 0) for e in seated):
            continue
        groups = [g for g, group in enumerate(capacities) if group.entrants.intersection(seated)]
        if any(in_play[g] >= capacities[g].capacity for g in groups):
            continue
        chosen.append(index)
        load.update(seated)
        for g in groups:
            in_play[g] += 1
    return chosen
