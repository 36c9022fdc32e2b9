"""Idempotency: a request sent again with the same ``Idempotency-Key`` gets the answer it got the first time.

A creation or a move with a key remembers its answer (a status, as HTTP numbers them, and the body) in
the same atomic write as the version it made (``api/store``), for 24 hours. A retry is compared by
its fingerprint, a digest of its body that ignores key order and spacing: the same key with another
body is refused. The transports (HTTP, the seat socket) carry the answer as they carry any other.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping
from typing import Any

import orjson

from arena.errors import ArenaError

#: What an ``Idempotency-Key`` may be: 1 to 255 visible ASCII characters.
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,255}")


def check_idempotency_key(key: str | None) -> str | None:
    """``key`` if it is a valid ``Idempotency-Key`` (or ``None``), else 422 ``request/invalid``."""
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise ArenaError(
            "request/invalid", "Idempotency-Key must be 1-255 visible ASCII characters", field="Idempotency-Key"
        )
    return key


def fingerprint(body: Any) -> str:
    """A digest of a request body that does not depend on key order or spacing."""
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


@dataclasses.dataclass(frozen=True)
class Answer:
    """What a creation or a move answers (``status``: 201 for a creation, 200 for a move), and whether it
    is one remembered for its ``Idempotency-Key`` rather than made now."""

    status: int
    body: dict[str, Any]
    replayed: bool = False

    def remembered(self, fingerprint: str) -> dict[str, Any]:
        """The answer as its key remembers it."""
        return {"fingerprint": fingerprint, "status": self.status, "body": self.body}

    @classmethod
    def replay(cls, remembered: Mapping[str, Any], fingerprint: str) -> Answer:
        """The remembered answer, or 422 ``request/idempotency_mismatch`` if the key came with another body."""
        if remembered["fingerprint"] != fingerprint:
            raise ArenaError(
                "request/idempotency_mismatch",
                "this Idempotency-Key was used with a different request body; use a new key for a new request",
            )
        return cls(remembered["status"], remembered["body"], replayed=True)
