"""Checking that a webhook delivery comes from the server: one call, no server code needed.

The server signs each delivery with the webhook's secret (shown once, in the answer that created
the match or tournament): ``Arena-Signature: t=<unix seconds>,v1=<hex>``, the HMAC-SHA256 of
``"<t>.<body>"``. Verify it against the request's exact body bytes, before parsing them::

    if not verify_signature(secret, request.headers.get("Arena-Signature"), request.body):
        return 400
    event = json.loads(request.body)  # deduplicate by event["id"]: a delivery may come twice
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time

#: How old (or how far ahead of this clock) a signature may be, by default, in seconds.
DEFAULT_TOLERANCE = 300.0

_TIMESTAMP = re.compile(r"[0-9]{1,12}")


def verify_signature(
    secret: str,
    header: str | None,
    body: bytes | str,
    tolerance: float | None = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> bool:
    """Whether ``header`` (the ``Arena-Signature`` value) signs ``body`` under ``secret``, and was made
    within ``tolerance`` seconds of ``now`` (default: this clock; ``tolerance=None``: any age).

    ``body`` must be the request's bytes as received (a ``str`` is taken as UTF-8): parsed and
    dumped again, JSON rarely comes back byte for byte. Any ``v1`` in the header may match.
    """
    if not header:
        return False
    timestamp: str | None = None
    signatures: list[bytes] = []
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            timestamp = value
        elif name == "v1":
            signatures.append(value.encode("ascii", "replace"))
    if timestamp is None or not _TIMESTAMP.fullmatch(timestamp) or not signatures:
        return False
    if tolerance is not None and abs((time.time() if now is None else now) - int(timestamp)) > tolerance:
        return False
    signed = timestamp.encode() + b"." + (body.encode() if isinstance(body, str) else body)
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest().encode()
    return any(hmac.compare_digest(expected, signature) for signature in signatures)
