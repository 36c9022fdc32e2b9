"""A tournament's matches: their ids (fixed by their creation keys), where each one's tokens and record are
kept, the request that creates each, and how each one that ended counts (or why it is void)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from arena.matches.creation import match_id_for
from arena.matches.table import Table
from arena.tournaments.dispatch import Renewal
from arena.tournaments.holds import runner_verdict
from arena.tournaments.record import Tournament, VoidReason, match_key
from arena.tournaments.standings import Outcome


def match_id_of(tournament: Tournament, index: int, attempt: int | None = None) -> str:
    """The id of the tournament's match at schedule ``index`` (its current attempt unless ``attempt``
    says which; fixed by its creation key)."""
    return match_id_for(match_key(tournament, index, attempt))


def slot_of(tournament: Tournament, index: int, attempt: int | None = None) -> str:
    """Where the tokens and the record of the match at ``index`` are kept (its current attempt unless
    ``attempt`` says which)."""
    attempt = tournament.attempt(index) if attempt is None else attempt
    return str(index) if attempt == 0 else f"{index}/{attempt}"


def slot_of_match(tournament: Tournament, index: int, match_id: str) -> str | None:
    """Where the tokens and the record of match ``match_id`` are kept, if it is an attempt at ``index``."""
    for attempt in range(tournament.attempt(index) + 1):
        if match_id_of(tournament, index, attempt) == match_id:
            return slot_of(tournament, index, attempt)
    return None


def outcome_of(tournament: Tournament, index: int, table: Table) -> Outcome | VoidReason:
    """How the finished match at ``index`` went, or why it is void: ``aborted`` (no result), or
    ``absent`` (a program never asked for the match it was awaited in, so it never decided anything there;
    played again while :meth:`~arena.tournaments.record.Tournament.may_replay`, else scored as it ended)."""
    result = table.result()
    if result is None:
        return "aborted"
    if absent_entrants(tournament, index, table) and tournament.may_replay(index):
        return "absent"
    scores = result.get("scores")
    return Outcome(
        index=index,
        entrants=tournament.pairings[index].entrants,
        ranks=tuple(result["ranks"]),
        winners=tuple(result["winners"]),
        scores=None if scores is None else tuple(float(score) for score in scores),
        forfeits=tournament.forfeits_of(index, [seat.state for seat in table.seats]),
    )


def settled_outcome(
    tournament: Tournament,
    index: int,
    table: Table,
    *,
    timed_out_at: Mapping[int, float],
    renewals: Mapping[int, Renewal],
    lost: Collection[str],
    now: float,
) -> Outcome | VoidReason | None:
    """:func:`outcome_of`, or ``None`` while the outcome is held (``arena/tournaments/holds.py``), when a
    named seat timed out (``timed_out_at``: seat -> when): ``worker_lost`` if the match's id is among those
    its runner reported ``lost``, ``runner_lost`` if the runner of a leased entrant of those seats is gone.
    Both are played again while :meth:`~arena.tournaments.record.Tournament.may_replay`; past that, nothing
    is held and the match is scored as it ended. A match played to its end is scored, whatever was
    reported: only a loss on time is the arena's to excuse."""
    if table.result() is None or not tournament.may_replay(index) or absent_entrants(tournament, index, table):
        return outcome_of(tournament, index, table)  # aborted, absent, or scored past the replays
    entrants = tournament.pairings[index].entrants
    timed_out = {
        entrants[seat]: at
        for seat, at in timed_out_at.items()
        if seat < len(entrants) and tournament.is_named(entrants[seat])
    }
    if timed_out and table.match_id in lost:
        return "worker_lost"
    asked: dict[int, float] = {}  # when each timed-out entrant's program first asked: its runner then hosted it
    for seat in timed_out_at:
        first = table.asked[seat] if table.has_asked(seat) else None
        if first is not None and seat < len(entrants):
            asked[entrants[seat]] = first
    verdict = runner_verdict(timed_out, renewals, now, asked)
    if verdict == "runner_lost":
        return "runner_lost"
    if verdict == "hold":
        return None
    return outcome_of(tournament, index, table)


def timed_out_seats(table: Table) -> list[int]:
    """The seats of a finished match that forfeited by a timeout."""
    return [seat for seat, info in enumerate(table.seats) if info.state == "timed_out"]


def absent_entrants(tournament: Tournament, index: int, table: Table) -> list[int]:
    """The named entrants of the match at ``index`` whose programs never asked for it, though it awaited them:
    a decision came to their seats, or they left it (a crash before the first request). A seat no decision
    ever came to (a server bot won on its opening turn) lost nothing to its program's absence: the same seed
    would end the match the same way, so it is scored as it ended."""
    entrants = tournament.pairings[index].entrants
    return [
        entrants[seat]
        for seat, info in enumerate(table.seats)
        if info.kind == "player"
        and not table.has_asked(seat)
        and (table.had_decision(seat) or info.is_out)
        and tournament.is_named(entrants[seat])
    ]


def match_request(tournament: Tournament, index: int) -> dict[str, Any]:
    """The create request of the match at schedule ``index``: the tournament's game, options, time control
    and adjudication, the pairing's seed, and a seat per entrant (its bot, for a server bot; its own
    time control, for an entrant that has one)."""
    s = tournament.settings
    pairing = tournament.pairings[index]
    seats: list[dict[str, Any]] = []
    for entrant_index in pairing.entrants:
        entrant = tournament.entrants[entrant_index]
        if entrant.bot is not None:
            seats.append({"name": entrant.name, "bot": entrant.bot})
        elif entrant.time_control is not None:
            seats.append({"name": entrant.name, "time_control": dict(entrant.time_control)})
        else:
            seats.append({"name": entrant.name})
    request: dict[str, Any] = {
        "game": s.game,
        "players": s.players_per_match,
        "options": dict(s.options),
        "seed": pairing.seed,
        "seats": seats,
        "time_control": None if s.time_control is None else dict(s.time_control),
    }
    if s.adjudicate_after is not None:
        request["adjudicate_after"] = s.adjudicate_after
    return request
