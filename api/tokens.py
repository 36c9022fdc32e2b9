"""Seat tokens: ``<match id>.<seat>.<secret>``, where the secret is 32 random bytes.

Only a SHA-256 digest of each token is stored with the match, so a leaked snapshot gives no token.
The match id and seat in the token say which seat it claims; the digest proves the claim.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets


@dataclasses.dataclass(frozen=True)
class SeatClaim:
    """What a presented token claims: a seat of a match."""

    match_id: str
    seat: int
    token: str


def new_token(match_id: str, seat: int) -> str:
    return f"{match_id}.{seat}.{secrets.token_urlsafe(32)}"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


TOKEN_SHAPE = re.compile(r"([A-Za-z0-9_-]{1,64})\.([0-9]{1,3})\.([A-Za-z0-9_-]{32,128})")


def parse_token(token: str) -> SeatClaim | None:
    """The claim a token makes, or ``None`` if it is not shaped like a seat token."""
    shape = TOKEN_SHAPE.fullmatch(token)
    if shape is None:
        return None
    return SeatClaim(shape[1], int(shape[2]), token)


def proves(claim: SeatClaim, digests: list[str]) -> bool:
    """Whether the token is the one issued for the claimed seat (constant-time comparison)."""
    return 0 <= claim.seat < len(digests) and hmac.compare_digest(digest(claim.token), digests[claim.seat])
