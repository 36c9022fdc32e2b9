"""The request headers the match and tournament routes read, parsed into the values the use cases take:
the token an ``Authorization: Bearer`` header presents, the versions an ``If-Match`` names, an
``Idempotency-Key``; and the headers of an answer that one client may see."""

from __future__ import annotations

import re

from arena.matches.idempotency import check_idempotency_key
from arena.matches.versions import Expected
from arena.tokens import Claim, seat_claim

#: A version as If-Match may name it: ``7``, ``"7"`` or ``W/"7"``.
VERSION_TAG = re.compile(r'(?:W/)?"([0-9]{1,18})"|([0-9]{1,18})')


def presented_token(authorization: str | None) -> str | None:
    """The token an ``Authorization`` header presents: ``None`` without one, ``""`` for a scheme other
    than ``Bearer`` (no token of ours)."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def seat_claim_of(authorization: str | None) -> Claim:
    """The seat (or host) an ``Authorization: Bearer <token>`` header claims, or a 401."""
    return seat_claim(presented_token(authorization))


def expected_versions(if_match: str | None) -> Expected:
    """The versions an ``If-Match`` header names: one, a list, any (``*``), or none (missing or blank)."""
    if if_match is None or not if_match.strip():
        return Expected.unnamed()
    if if_match.strip() == "*":
        return Expected.any()
    tags = [VERSION_TAG.fullmatch(part.strip()) for part in if_match.split(",")]
    return Expected(frozenset(int(tag[1] or tag[2]) for tag in tags if tag is not None), if_match)


def idempotency_key(header: str | None) -> str | None:
    """An ``Idempotency-Key`` header's key, checked (422 ``request/invalid`` for a malformed one)."""
    return check_idempotency_key(header)


def private_headers(version: int) -> dict[str, str]:
    """Headers of a body that one client may see (tokens, or what one seat sees), at ``version``."""
    return {"ETag": f'"{version}"', "Cache-Control": "private, no-store", "Vary": "Authorization"}
