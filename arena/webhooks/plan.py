"""What a webhook delivers next, and each delivery's body. Pure.

A webhook keeps a delivered-up-to :class:`Cursor`; from it and what its match or tournament holds
now, :func:`match_steps` and :func:`standings_steps` list the next steps in order. Each step moves
the cursor; some also send a delivery. A webhook sees exactly what the public event stream shows:

- ``version``: one delivery per version of the match with public events, holding them (the
  public stream's ``event`` items of that version), id ``<match id>.<version>``;
- ``match_over``: the match ended, ``{version, status, result}`` as the stream's ``match_over``,
  id ``<match id>.over``;
- ``standings``: a tournament's status or standings changed, ``{version, status, progress,
  standings}`` as ``GET /tournaments/{id}`` shows them, id ``<tournament id>.standings.<version>``
  (when several changes come while a delivery waits, the latest is sent: standings are a state,
  not a log).

Every body is the same envelope: ``{id, type, match_id | tournament_id, occurred_at, data}``, the
same bytes on every attempt (only the signature's timestamp changes), so a receiver deduplicates
by ``id``.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import orjson

#: The event types a match's webhook may ask for (all of them by default).
MATCH_EVENT_TYPES = ("version", "match_over")
#: The event types a tournament's webhook may ask for (all of them by default).
TOURNAMENT_EVENT_TYPES = ("standings",)

#: The cursor's mark once a match's end has been handled: nothing follows.
OVER = "over"


@dataclasses.dataclass(frozen=True)
class Cursor:
    """Where a webhook's deliveries stand: every version up to ``version`` is handled (delivered,
    given up as a dead letter, or with nothing to send; ``-1``: none yet). ``mark`` is :data:`OVER`
    once a match's end is handled, or, for a tournament, the digest of the standings last handled."""

    version: int = -1
    mark: str = ""

    def __str__(self) -> str:
        return f"{self.version}:{self.mark}" if self.mark else str(self.version)

    @classmethod
    def parse(cls, text: str) -> Cursor:
        """The cursor :meth:`__str__` wrote (empty: none yet)."""
        if not text:
            return cls()
        version, _, mark = text.partition(":")
        return cls(int(version), mark)


@dataclasses.dataclass(frozen=True)
class Delivery:
    """One POST: its event id and type, and the JSON body."""

    event_id: str
    type: str
    body: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Step:
    """One move of the cursor, with the delivery it sends (``None``: nothing to send for it).

    ``final``: nothing can follow (a match's end, or a tournament's last state, is handled).
    """

    cursor: Cursor
    delivery: Delivery | None
    final: bool = False


@dataclasses.dataclass(frozen=True)
class PublicVersion:
    """One version of a match as the public sees it: when it was written and its public events."""

    version: int
    at: float
    events: Sequence[Mapping[str, Any]]


@dataclasses.dataclass(frozen=True)
class MatchEnding:
    """How a match that is over ended: its last version, status, result and when."""

    version: int
    status: str
    result: Mapping[str, Any] | None
    at: float


@dataclasses.dataclass(frozen=True)
class TournamentState:
    """What a tournament's webhook reports: the tournament at ``version`` as anyone sees it."""

    version: int
    status: str
    over: bool
    at: float
    progress: Mapping[str, Any]
    standings: Mapping[str, Any]


def envelope(event_id: str, event_type: str, subject: tuple[str, str], at: float, data: Any) -> dict[str, Any]:
    """A delivery's body: ``subject`` is ``("match_id", id)`` or ``("tournament_id", id)``."""
    return {"id": event_id, "type": event_type, subject[0]: subject[1], "occurred_at": at, "data": data}


def match_steps(
    match_id: str,
    cursor: Cursor,
    wanted: Collection[str],
    *,
    versions: Sequence[PublicVersion],
    latest: int,
    ending: MatchEnding | None,
) -> list[Step]:
    """The next steps of a match's webhook at ``cursor``.

    ``versions`` are the public versions after the cursor that were read (a page, in order; none are
    needed when ``version`` deliveries are not wanted), ``latest`` the match's version now and
    ``ending`` how it ended, if it is over. The end is handled once every version is.
    """
    if cursor.mark == OVER:
        return []
    subject = ("match_id", match_id)
    steps: list[Step] = []
    position = cursor.version
    if "version" in wanted:
        for item in versions:
            if item.version <= position or item.version > latest:
                continue
            delivery = None
            if item.events:
                event_id = f"{match_id}.{item.version}"
                data = {"version": item.version, "events": list(item.events)}
                delivery = Delivery(event_id, "version", envelope(event_id, "version", subject, item.at, data))
            steps.append(Step(Cursor(item.version), delivery))
            position = item.version
    elif latest > position:
        steps.append(Step(Cursor(latest), None))
        position = latest
    if ending is not None and position == latest:
        delivery = None
        if "match_over" in wanted:
            event_id = f"{match_id}.over"
            data = {"version": ending.version, "status": ending.status, "result": ending.result}
            delivery = Delivery(event_id, "match_over", envelope(event_id, "match_over", subject, ending.at, data))
        steps.append(Step(Cursor(latest, OVER), delivery, final=True))
    return steps


def standings_digest(status: str, standings: Mapping[str, Any]) -> str:
    """A short digest of what a ``standings`` delivery reports, to tell a change from none."""
    canonical = orjson.dumps([status, standings], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(canonical).hexdigest()[:32]


def standings_steps(tournament_id: str, cursor: Cursor, wanted: Collection[str], state: TournamentState) -> list[Step]:
    """The next step of a tournament's webhook at ``cursor``: its standings if they changed."""
    if cursor.version >= state.version:
        return [Step(cursor, None, final=True)] if state.over else []
    digest = standings_digest(state.status, state.standings)
    delivery = None
    if digest != cursor.mark and "standings" in wanted:
        event_id = f"{tournament_id}.standings.{state.version}"
        data = {
            "version": state.version,
            "status": state.status,
            "progress": dict(state.progress),
            "standings": dict(state.standings),
        }
        delivery = Delivery(
            event_id, "standings", envelope(event_id, "standings", ("tournament_id", tournament_id), state.at, data)
        )
    return [Step(Cursor(state.version, digest), delivery, final=state.over)]


def needs_look(cursor: Cursor, version: int, over: bool) -> bool:
    """Whether a webhook at ``cursor`` may have something to do for a resource at ``version``
    (``over``: it has ended, so its end may be left to handle)."""
    return cursor.version < version or over
