"""The arena's refusals: one exception carrying a stable code from the one catalogue (:mod:`arena.error_codes`).

The domain says *what* was refused and why, never how a transport answers it: the HTTP layer alone
maps a code to its status (``api/http/errors.py``), and the seat socket to its close codes. The
engine's own refusals (:class:`engine.EngineError`) carry codes from the same catalogue.
"""

from __future__ import annotations

from typing import Any

from arena.error_codes import ERROR_CODES


class ArenaError(Exception):
    """A refusal of the arena's rules: ``code`` (listed in :data:`~arena.error_codes.ERROR_CODES`), a message
    for people and structured ``details`` (the field at fault, the version now, the seats still open)."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        if code not in ERROR_CODES:
            raise KeyError(f"{code!r} is not listed in arena/error_codes.py")
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = details
