"""A tournament's tokens: ``<tournament id>.e<entrant>.<secret>`` for a named entrant,
``<tournament id>.host.<secret>`` for its host.

As a match's tokens (``arena/tokens.py``): the secret is 32 random bytes, only a digest of each token
is stored, the token says what it claims and the digest proves it. The authorising functions take
the token as presented (``None``: none) and check it against the tournament, so a request for a
tournament that does not exist is told so before anything about its token.
"""

from __future__ import annotations

import re
import secrets

from arena.errors import ArenaError
from arena.tokens import proves
from arena.tournaments.record import Tournament

HOST = "host"
TOKEN_SHAPE = re.compile(r"([A-Za-z0-9_-]{1,64})\.(e[0-9]{1,5}|host)\.([A-Za-z0-9_-]{32,128})")


def new_token(tournament_id: str, entrant: int | None) -> str:
    """``<tournament id>.e<entrant>.<secret>`` for an entrant, ``<tournament id>.host.<secret>`` for the host."""
    who = HOST if entrant is None else f"e{entrant}"
    return f"{tournament_id}.{who}.{secrets.token_urlsafe(32)}"


def claim_of(token: str | None) -> tuple[str, int | None, str]:
    """The tournament, entrant (``None``: host) and token a presented token claims, or a 401."""
    if token is None:
        raise ArenaError("auth/missing_token", "this endpoint needs 'Authorization: Bearer <token>'")
    shape = TOKEN_SHAPE.fullmatch(token)
    if shape is None:
        raise ArenaError("auth/invalid_token", "the bearer token is not a tournament entrant or host token")
    return shape[1], None if shape[2] == HOST else int(shape[2][1:]), token


def authorise_entrant(tournament: Tournament, token: str | None) -> int:
    """The named entrant ``token`` proves in ``tournament``; 401 for a bad token, 403 for another's."""
    tournament_id, entrant, token = claim_of(token)
    if tournament_id != tournament.tournament_id:
        raise ArenaError("auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is None:
        raise ArenaError("auth/not_an_entrant", "this is the host token; an entrant's token is needed here")
    if not (entrant < len(tournament.entrants) and proves(token, tournament.entrants[entrant].digest)):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this tournament")
    return entrant


def authorise_host(tournament: Tournament, token: str | None) -> None:
    """Pass only the tournament's host token; an entrant's is 403."""
    tournament_id, entrant, token = claim_of(token)
    if tournament_id != tournament.tournament_id:
        raise ArenaError("auth/wrong_tournament", "this token belongs to another tournament")
    if entrant is not None:
        raise ArenaError("auth/not_host", "only the host token (from POST /tournaments) may do this")
    if not proves(token, tournament.host_digest):
        raise ArenaError("auth/invalid_token", "the bearer token is not valid for this tournament")
