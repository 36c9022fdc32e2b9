"""Keeping the record of a match that is over, off every move's path.

Keeping a record reads the match's whole log and replays it (``api.usecases.matches.compact``): about
30 µs per version, so a quarter to a third of a second of CPU for a match of 10,000 versions
(docs/performance.md, "A long match"). Done by the request whose move
ended the match, it would make that one move cost as much as the match is long, and hold up the
other requests of its worker meanwhile. So the write that ends a match marks it due at once in the
referee's due set, like a bot's turn; the referee that claims it hands it to its thinker processes
(``api/workers/referee/thinker.py``), which run :func:`keep` at a lower CPU priority than the API, and then
takes the match out of the due set.

Until it is kept, a match that is over serves everything from its log as before (its record is
built from the log on request), so nothing waits for the keeper: a record is only smaller, and a
tournament's copy of it lasts as long as the tournament.
"""

from __future__ import annotations

import logging

from api.store.errors import TournamentNotFound
from api.store.matches import MatchStore
from api.store.tournaments import TournamentStore
from api.usecases.matches import compact, load_table
from api.usecases.tournaments import slot_of_match

log = logging.getLogger(__name__)


def keep(store: MatchStore, match_id: str) -> bool:
    """Keep the record of match ``match_id`` if it is over (and copy it to its tournament's records);
    whether the match has a record now. Raises ``MatchNotFound`` when the match is gone, and the
    store's errors when it cannot be reached (the referee's lease tries again)."""
    table = load_table(store, match_id)
    if not table.is_over:
        return False
    compact(store, table, swap=store.settings.compact_finished)
    record = store.record(match_id)
    if record is None:
        return False  # its log does not replay exactly (logged): the log stays, as the record's source
    if table.tournament is not None:
        tournament_id, index = table.tournament
        tournaments = TournamentStore(store)
        try:
            slot = slot_of_match(tournaments.load(tournament_id), index, match_id)
        except TournamentNotFound:
            return True  # the tournament expired: the match's own record is all there is
        if slot is None:
            log.error("tournament %s: match %s is none of its match %d's attempts", tournament_id, match_id, index)
        else:
            tournaments.keep_record(tournament_id, slot, record)
    return True
