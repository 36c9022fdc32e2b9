"""Who may do what with a match: the seat a token proves, and the host's token.

A token says which match and seat it claims (``arena/tokens.py``); the table holds only the digest of
each token, which proves the claim. A token of another match, another seat or the host's where a
seat's is needed is 403; one that proves nothing is 401.
"""

from __future__ import annotations

from arena.errors import ArenaError
from arena.matches.table import Table
from arena.tokens import Claim, proves


def authorise(table: Table, claim: Claim, seat: int | None = None) -> int:
    """The seat the token proves in this match; 401 for a bad token, 403 for another match or seat."""
    if claim.match_id != table.match_id:
        raise ArenaError("auth/wrong_match", "this token belongs to another match")
    if claim.seat is None:
        if proves(claim.token, table.host_digest):
            raise ArenaError("auth/not_a_seat", "this is the host token; a seat's token is needed here")
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")
    if not (0 <= claim.seat < len(table.seats) and proves(claim.token, table.seats[claim.seat].digest)):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")
    if seat is not None and seat != claim.seat:
        raise ArenaError("auth/wrong_seat", f"this token is for seat {claim.seat}, not seat {seat}", seat=claim.seat)
    return claim.seat


def authorise_host(table: Table, claim: Claim) -> None:
    """Pass only the match's host token; a seat token is 403."""
    if claim.match_id != table.match_id:
        raise ArenaError("auth/wrong_match", "this token belongs to another match")
    if claim.seat is not None:
        authorise(table, claim)
        raise ArenaError("auth/not_host", "only the host token (from POST /matches) may do this")
    if not proves(claim.token, table.host_digest):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this match")
