"""No outage of the arena is scored against a seat: the time the arena itself could not serve is given
back to every clock that ran meanwhile.

Every serving API process beats every :data:`BEAT_EVERY` seconds (``api/http/app.py``'s heartbeat); a
gap longer than :data:`DOWN_AFTER` between two beats (the server down, or its store unreachable, or
the machine stopped) is recorded as an outage when the beats come back. Then:

- the referees hold every timeout while the beats are stale (nobody could act: :func:`serving`);
- a referee extends the clocks of every match in play by the time each decision ran during the outage
  (:func:`credit_outages`: one ``clocks_extended`` version per match, in its log and its record);
- a timeout about to be applied anywhere (a referee's, or a request's that finds a deadline passed)
  first takes in the outages its match has not been credited for (``credited`` in
  ``api/usecases/matches/writing.py``), so no race between the beats coming back and the referee's
  pass scores one.

A referee down alone is no outage: the API served, and a seat could act.
"""

from __future__ import annotations

import logging
import os
import socket

from api.store.outages import OutageLog
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import credited

log = logging.getLogger(__name__)

#: Seconds between two heartbeats of a serving API process.
BEAT_EVERY = 1.0
#: Seconds without a heartbeat after which the arena counts as down (a beat late by more is an outage).
DOWN_AFTER = 3.0
#: Seconds a referee may spend extending the clocks of one outage before another may take over.
CREDIT_LEASE = 60


def beat(ctx: Context) -> bool:
    """A serving process's heartbeat; whether it ended an outage (the referees are woken to credit it)."""
    ended = OutageLog(ctx.store).beat(ctx.clock.now(), DOWN_AFTER)
    if ended:
        log.warning("the arena was down (no API process beat for over %.0f s): clocks will be extended", DOWN_AFTER)
    return ended


def serving(ctx: Context) -> bool:
    """Whether the API is serving now: it beat within :data:`DOWN_AFTER` seconds (or never beat, as an app
    in a test does not). A referee holds timeouts while it is not."""
    last = OutageLog(ctx.store).last_beat()
    return last is None or ctx.clock.now() - last <= DOWN_AFTER


def credit_outages(ctx: Context) -> int:
    """Extend the clocks of every match in play for the outages not credited yet (one referee at a time);
    how many matches had a clock extended."""
    outages = OutageLog(ctx.store)
    pending = outages.after(outages.credited())
    if not pending or not outages.take_lease(f"{socket.gethostname()}-{os.getpid()}", CREDIT_LEASE):
        return 0
    extended = 0
    try:
        for match_id in outages.matches_in_play():
            try:
                table = load_table(ctx, match_id)
            except Exception:  # expired meanwhile, or unreadable: nothing to extend
                continue
            if credited(ctx, table) is not table:
                extended += 1
        outages.mark_credited(pending[-1][1])
    finally:
        outages.give_back()
    if extended:
        log.warning("extended the clocks of %d matches in play for the arena's outage", extended)
    return extended
