"""The secret of a webhook and the signature of each delivery. Pure.

Every delivery carries ``Arena-Signature: t=<unix seconds>,v1=<hex>``, where ``<hex>`` is the
HMAC-SHA256, keyed with the webhook's secret (its UTF-8 bytes, ``whsec_`` included), of
``"<t>.<body>"``: the timestamp, a dot, and the request body's exact bytes. The timestamp lets a
receiver refuse an old delivery replayed by someone who recorded it; the SDKs' ``verify_signature``
check both in one call.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: The header that carries the signature.
SIGNATURE_HEADER = "Arena-Signature"
#: What every secret starts with, so a reader can tell it from a token.
SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """A fresh random secret (256 bits), returned once when the webhook is created."""
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The hex HMAC-SHA256 of ``"<timestamp>.<body>"`` under ``secret``."""
    return hmac.new(secret.encode(), b"%d." % timestamp + body, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Arena-Signature`` value of ``body`` sent at ``timestamp`` (unix seconds)."""
    return f"t={timestamp},v1={signature(secret, timestamp, body)}"
