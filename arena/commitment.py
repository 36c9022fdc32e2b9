"""Commitments to a seed: published before anyone moves, opened when the match (or tournament) is over.

A commitment is the hex SHA-256 of ``"<seed>:<salt>"``: the seed in decimal, the salt 32 random
bytes in hex. The salt keeps the seed from being found by trying seeds against the commitment (a
seed alone has at most 63 bits, and a host may choose a small one); the digest binds the server to
the seed it published the commitment for, so it cannot deal again after seeing moves.
docs/fairness.md explains what this proves and what it does not. The SDK checks it the same way
(``arena_sdk.records``), without this module.
"""

from __future__ import annotations

import hashlib
import secrets

from engine import Event

#: Random bytes in a salt.
SALT_BYTES = 32


def new_salt() -> str:
    """A fresh salt: 32 random bytes from the operating system, as 64 hex digits."""
    return secrets.token_hex(SALT_BYTES)


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: the hex SHA-256 of ``"<seed>:<salt>"``."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


#: The kind of the public event that opens every match's log (version 0) with its commitment.
COMMITTED = "seed_committed"


def commitment_event(commitment: str) -> Event:
    """The public event that publishes a match's commitment, first among its setup's events."""
    return Event(COMMITTED, {"seed_commitment": commitment})
