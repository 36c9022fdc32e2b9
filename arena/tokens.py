"""Tokens: ``<match id>.<seat>.<secret>`` for a seat, ``<match id>.host.<secret>`` for the host.

The secret is 32 random bytes. Only a SHA-256 digest of each token is stored with the match, so a
leaked snapshot gives no token. The match id and seat in the token say what it claims; the digest
proves the claim.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets

from arena.errors import ArenaError

HOST = "host"


@dataclasses.dataclass(frozen=True)
class Claim:
    """What a presented token claims: a seat of a match, or (``seat`` None) its host."""

    match_id: str
    seat: int | None
    token: str

    @property
    def is_host(self) -> bool:
        return self.seat is None


def new_token(match_id: str, seat: int | None) -> str:
    """A fresh token for ``seat`` of ``match_id`` (``None``: the host)."""
    return f"{match_id}.{HOST if seat is None else seat}.{secrets.token_urlsafe(32)}"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


TOKEN_SHAPE = re.compile(r"([A-Za-z0-9_-]{1,64})\.([0-9]{1,3}|host)\.([A-Za-z0-9_-]{32,128})")


def parse_token(token: str) -> Claim | None:
    """The claim a token makes, or ``None`` if it is not shaped like a token."""
    shape = TOKEN_SHAPE.fullmatch(token)
    if shape is None:
        return None
    return Claim(shape[1], None if shape[2] == HOST else int(shape[2]), token)


def proves(token: str, stored_digest: str | None) -> bool:
    """Whether ``token`` is the one whose digest was stored (constant-time comparison)."""
    return stored_digest is not None and hmac.compare_digest(digest(token), stored_digest)


def seat_claim(token: str | None) -> Claim:
    """The seat (or host) a presented token claims (``None``: none presented), or a 401."""
    if token is None:
        raise ArenaError("auth/missing_token", "this endpoint needs 'Authorization: Bearer <seat token>'")
    claim = parse_token(token)
    if claim is None:
        raise ArenaError("auth/invalid_token", "the bearer token is not a seat or host token")
    return claim
