"""Which version a move was decided at: what ``If-Match`` names (or a socket frame's ``version``).

A move is checked against the match as it is and written with compare-and-set, so it is never applied
to a version it was not checked on; :class:`Expected` adds the client's own guard, refusing a move
decided at a version the match has left (412 ``match/stale_version``). ``*`` (RFC 9110, 13.1.1) opts
out of that guard on purpose.
"""

from __future__ import annotations

import dataclasses

from arena.errors import ArenaError


@dataclasses.dataclass(frozen=True)
class Expected:
    """The versions a move may apply at (``None``: any current version), and how the client named them
    (``None``: it named none, which a move may not do: 428 ``match/version_required``)."""

    versions: frozenset[int] | None
    named: str | None

    @classmethod
    def exactly(cls, version: int) -> Expected:
        return cls(frozenset((version,)), str(version))

    @classmethod
    def any(cls) -> Expected:
        return cls(None, "*")

    @property
    def single(self) -> int | None:
        """The one version named, if one is (a move decided at it may be checked against a copy of it)."""
        if self.versions is None or len(self.versions) != 1:
            return None
        return next(iter(self.versions))

    @classmethod
    def unnamed(cls) -> Expected:
        """No version named (``If-Match`` missing or blank)."""
        return cls(frozenset(), None)

    def check(self, current: int) -> int:
        """``current`` if a move may apply at it, else 412 ``match/stale_version`` saying where the match is
        (428 ``match/version_required`` when no version was named)."""
        if self.named is None:
            raise ArenaError("match/version_required", "send 'If-Match: <version>' (the ETag of the match)")
        if self.versions is not None and current not in self.versions:
            raise ArenaError(
                "match/stale_version",
                f"If-Match {self.named!r} is not the match's version {current}; fetch it and decide again",
                current_version=current,
            )
        return current
