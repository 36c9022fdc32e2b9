"""Seat tokens: ``<match id>.<seat>.<secret>``, where the secret is 32 random bytes.

Only a SHA-256 digest of each token is stored with the match, so a leaked snapshot gives no token.
The match id and seat in the token say which seat it claims; the digest proves the claim.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
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


def parse_token(token: str) -> SeatClaim | None:
    """The claim a token makes, or ``None`` if it is not shaped like a seat token."""
    parts = token.split(".")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[0] or len(parts[2]) < 32:
        return None
    return SeatClaim(parts[0], int(parts[1]), token)


def proves(claim: SeatClaim, digests: list[str]) -> bool:
    """Whether the token is the one issued for the claimed seat (constant-time comparison)."""
    return 0 <= claim.seat < len(digests) and hmac.compare_digest(digest(claim.token), digests[claim.seat])
