"""What anyone sees of a tournament: its resource (settings, status, a page of entrants and standings,
progress, the SPRT), its schedule (with the tokens of matches playing, for the host only), and the
SPRT's summary. Pure: the use cases read the stored rows, leases and tokens and pass them in; the seed
and salt show only once the tournament is over."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

from arena.tournaments.matches import match_id_of
from arena.tournaments.record import Tournament
from arena.tournaments.sprt import elo_estimate, stopped_estimate_note
from arena.tournaments.standings import Cell, Counts, Outcome, Pair, Standings, rank_entrants

#: Entrants and standings rows a tournament's resource shows unless asked for another page.
PAGE = 50


def standings(
    tournament: Tournament, rows: Mapping[int, Counts], cells: Mapping[Pair, Cell], away: Collection[int]
) -> Standings:
    """The whole table, best first, with why held entrants' matches wait (``away``: entrants whose host's
    presence lease has lapsed)."""
    held = tournament.held(set(away)) if tournament.under_way else {}
    return rank_entrants(
        [e.name for e in tournament.entrants], rows, cells, tournament.settings.players_per_match, held
    )


def entrants_page(tournament: Tournament, leases: Mapping[int, float], offset: int, limit: int) -> dict[str, Any]:
    """A page of the entrants, with their kind and (named ones the host leases) until when they are present."""
    rows = [
        {
            "entrant": i,
            "name": e.name,
            "kind": "player" if e.bot is None else "bot",
            "bot": e.bot,
            "time_control": None if e.time_control is None else dict(e.time_control),
            "concurrency": e.limit,
            "lease_until": leases.get(i),
        }
        for i, e in enumerate(tournament.entrants[offset : offset + limit], start=offset)
    ]
    return {"entrants": rows, "offset": offset, "limit": limit, "total": len(tournament.entrants)}


def tournament_body(
    tournament: Tournament, entrants: Mapping[str, Any], table: Standings, offset: int, limit: int
) -> dict[str, Any]:
    """The tournament as anyone sees it, with a page of its entrants and standings (from ``offset``); its
    seed only once it is over."""
    s = tournament.settings
    return {
        "tournament_id": tournament.tournament_id,
        "game": s.game,
        "options": dict(s.options),
        "players_per_match": s.players_per_match,
        "format": s.format,
        "rounds": s.rounds,
        "games_per_pairing": s.games_per_pairing,
        "duplicate": s.duplicate,
        "time_control": None if s.time_control is None else dict(s.time_control),
        "adjudicate_after": s.adjudicate_after,
        "concurrency": s.concurrency,
        "max_illegal": s.max_illegal,
        "seed": s.seed if tournament.is_over else None,
        "salt": s.salt if tournament.is_over else None,
        "seed_commitment": s.seed_commitment,
        "status": tournament.status,
        "version": tournament.version,
        "entrant_count": len(tournament.entrants),
        "entrants": entrants["entrants"],
        "progress": tournament.progress(),
        "standings": table.page(offset, limit),
        "sprt": sprt_summary(tournament),
        "created_at": tournament.created_at,
        "updated_at": tournament.updated_at,
    }


def sprt_summary(tournament: Tournament) -> dict[str, Any] | None:
    """The SPRT's state: counts, LLR and bounds, verdict, Elo estimate (``None`` without an SPRT)."""
    s = tournament.settings
    if s.sprt is None:
        return None
    wins, draws, losses = tournament.sprt_counts()
    tally = tournament.sprt_tally
    lower, upper = s.sprt.bounds()
    estimate = elo_estimate(wins, draws, losses)
    return {
        "elo0": s.sprt.elo0,
        "elo1": s.sprt.elo1,
        "alpha": s.sprt.alpha,
        "beta": s.sprt.beta,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "llr": tournament.sprt_llr(),
        "lower_bound": lower,
        "upper_bound": upper,
        "verdict": tournament.verdict,
        "waiting": 0 if tally is None else len(tally.waiting),
        "elo_note": stopped_estimate_note(tournament.verdict),
        "elo": None
        if estimate is None or not math.isfinite(estimate[0])
        else {"elo": estimate[0], "low": _finite(estimate[1]), "high": _finite(estimate[2])},
    }


def _finite(value: float) -> float | None:
    """``value``, or ``None`` for an infinite bound (JSON has no infinity)."""
    return value if math.isfinite(value) else None


def schedule_rows(
    tournament: Tournament,
    indexes: range | list[int],
    outcomes: Mapping[int, Outcome],
    tokens: Mapping[int, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """The scheduled matches at ``indexes`` with their state and outcome, the tokens of those in
    ``tokens`` (the host's view of the matches playing), and the attempts voided before, with why."""
    rows = []
    for index in indexes:
        pairing, slot_state = tournament.pairings[index], tournament.states[index]
        outcome = outcomes.get(index)
        found = tokens.get(index)
        rows.append(
            {
                "index": index,
                "round": pairing.round,
                "table": pairing.table,
                "deal": pairing.deal,
                "rotation": pairing.rotation,
                "entrants": list(pairing.entrants),
                "state": slot_state,
                "match_id": None
                if slot_state == "skipped" or (slot_state == "pending" and tournament.attempt(index) == 0)
                else match_id_of(tournament, index),
                "seed": pairing.seed if tournament.is_over else None,
                "ranks": None if outcome is None else list(outcome.ranks),
                "forfeits": None if outcome is None else list(outcome.forfeits),
                "voided": [
                    {"match_id": match_id_of(tournament, index, attempt), "reason": reason}
                    for attempt, reason in enumerate(tournament.voids.get(index, ()))
                ],
                "tokens": None if found is None else found["seats"],
                "host_token": None if found is None else found["host_token"],
            }
        )
    return rows
