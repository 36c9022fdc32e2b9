"""Seeded random streams: every draw of a match derives from (seed, version), never from process state."""

from __future__ import annotations

import random

# A prime multiplier keeps the (seed, version) -> stream mapping injective for versions below it.
_VERSION_SPAN = 1_000_003


def stream(seed: int, version: int) -> random.Random:
    """The random stream used while producing ``version`` of a match created with ``seed``."""
    return random.Random(seed * _VERSION_SPAN + version)


def options_stream(seed: int) -> random.Random:
    """The random stream that resolves options left to chance (a random first player, ruling G2).

    It is separate from the setup stream so that a match replayed with its resolved options deals
    exactly as the original did.
    """
    return random.Random(f"options/{seed}")


def new_seed() -> int:
    """A fresh 63-bit match seed from the operating system's entropy."""
    return random.SystemRandom().getrandbits(63)
