"""Every stable error code the server answers with: one list, the source of the spec's ``Error.code`` enum.

Each code names one kind of failure; clients switch on it, never on the message. A code keeps its
meaning for good; a new failure gets a new code here first. ``tests/api/test_error_codes.py`` holds
the code to this list: every code literal in ``api/`` and ``engine/``, every engine error class,
and the table in docs/api.md ("Errors") must match it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable


@dataclasses.dataclass(frozen=True)
class ErrorCode:
    """A stable code, the HTTP statuses it is answered with (the first is its usual one), and what it means."""

    code: str
    statuses: tuple[int, ...]
    meaning: str

    @property
    def status(self) -> int:
        """The status the code is answered with unless the raiser says otherwise."""
        return self.statuses[0]


def _codes(*entries: tuple[str, int | tuple[int, ...], str]) -> dict[str, ErrorCode]:
    found: dict[str, ErrorCode] = {}
    for code, statuses, meaning in entries:
        assert code not in found, f"{code} is listed twice"
        found[code] = ErrorCode(code, statuses if isinstance(statuses, tuple) else (statuses,), meaning)
    return found


#: Every stable code, by code, in the order docs/api.md lists them.
ERROR_CODES: dict[str, ErrorCode] = _codes(
    ("request/bad_request", 400, "the body is not valid JSON"),
    ("request/too_deep", 400, "the body's arrays and objects nest deeper than 32 levels"),
    ("auth/missing_token", 401, "no bearer token where one is needed"),
    ("auth/invalid_token", 401, "a token the server does not know, or not valid for this match or tournament"),
    ("auth/wrong_match", 403, "a token of another match"),
    ("auth/wrong_seat", 403, "a seat token where `?seat=` names another seat"),
    ("auth/not_a_seat", 403, "the host token where a seat's token is needed"),
    ("auth/not_host", 403, "a seat's or entrant's token where the host's is needed"),
    ("auth/wrong_tournament", 403, "a token of another tournament"),
    ("auth/not_an_entrant", 403, "the tournament's host token where an entrant's is needed"),
    ("auth/invalid_invitation", 403, "an invitation-only seat joined without its invitation, or with another's"),
    ("match/not_found", 404, "no such match (it may have expired)"),
    ("match/version_not_found", 404, "no such version of the match (a replay past its last version)"),
    ("game/unknown", (404, 422), "no such game (422 when a tournament names it)"),
    ("tournament/not_found", 404, "no such tournament (it may have expired)"),
    ("tournament/no_such_match", 404, "no match of the tournament's schedule at this index"),
    ("tournament/no_sprt", 404, "the tournament runs no SPRT"),
    ("webhook/not_found", 404, "the match or tournament was created without a webhook"),
    ("request/not_found", 404, "no such route"),
    ("request/method_not_allowed", 405, "a method the path does not take; `Allow` lists those it does"),
    ("action/not_your_turn", 409, "the seat may not act now"),
    ("action/too_late", 409, "the seat's deadline passed before its action came"),
    ("match/over", 409, "the match is finished or aborted"),
    ("match/waiting", 409, "the match waits for its open seats to be joined"),
    ("match/full", 409, "no open seat is left, or the one asked for is taken"),
    ("match/not_over", 409, "a replay of a match still waiting or active"),
    ("match/moved_on", 409, "a search bot's decision for a turn the match has left (inside the referee only)"),
    ("record/sealed", 409, "the record of a tournament's match while its tournament runs"),
    ("record/unavailable", 409, "a match whose stored log does not replay to a record"),
    ("seat/out", 409, "the seat has left the match (resigned, timed out, disqualified)"),
    ("request/idempotency_key_reused", 409, "an `Idempotency-Key` whose remembered match has expired"),
    ("tournament/started", 409, "the tournament's entries are closed"),
    ("tournament/full", 409, "the tournament takes no more entrants"),
    ("tournament/over", 409, "the tournament is over or cancelled"),
    ("tournament/not_running", 409, "a pause or presence of a tournament that is not running"),
    ("tournament/not_paused", 409, "a resume of a tournament that is not paused"),
    ("match/stale_version", 412, "the match is not at the `If-Match` version; `details.current_version` says where"),
    ("request/too_large", 413, "a body over `ARENA_MAX_BODY_BYTES`"),
    ("request/uri_too_long", 414, "a request line over 4094 bytes (answered by gunicorn, before any route)"),
    ("request/unsupported_media_type", 415, "a body not sent as `application/json`"),
    ("request/invalid", 422, "a field, query parameter or header out of its bounds; `details` says which"),
    ("request/idempotency_mismatch", 422, "an `Idempotency-Key` sent again with another body"),
    ("action/malformed", 422, "not an action of the match's game; `details.allowed` lists its types"),
    ("action/illegal", 422, "an action the rules forbid now; `details.rule` names the rule"),
    ("action/invalid_seat", 422, "a seat number the match does not have"),
    ("match/invalid_options", 422, "a player count or option the game does not allow"),
    ("match/too_large", 422, "a match too large to store; nothing was stored"),
    ("bot/unknown", 422, "a server bot the game does not have; `details.allowed` lists those it has"),
    ("record/invalid", 422, "a record that does not check out: `details` names the version that fails"),
    ("webhook/refused_url", 422, "a webhook URL the server will not call; nothing was stored"),
    ("tournament/invalid", 422, "a tournament its entrants cannot play (too few, nothing to schedule, ...)"),
    ("request/upgrade_required", 426, "a WebSocket route asked without `Upgrade: websocket`"),
    ("match/version_required", 428, "`If-Match` missing or blank"),
    ("rate/limited", 429, "past a rate limit; retry after `Retry-After` seconds"),
    ("match/quota", 429, "the client holds `ARENA_MAX_LIVE_MATCHES` unfinished matches; nothing was stored"),
    (
        "tournament/quota",
        429,
        "the client holds `ARENA_MAX_LIVE_TOURNAMENTS` unfinished tournaments; nothing was stored",
    ),
    ("request/headers_too_large", 431, "over 100 header fields, or one over 8190 bytes (answered by gunicorn)"),
    ("server/error", 500, "an unexpected failure, logged by the server; never answered by design"),
    ("store/unavailable", 503, "the store cannot be reached; retry after `Retry-After` seconds"),
    ("store/busy", 503, "too many writes raced the same match or tournament; retry after `Retry-After` seconds"),
    ("store/full", 507, "the store is at its `maxmemory`; nothing was written; retry after `Retry-After` seconds"),
)


def codes_of(status: int) -> list[str]:
    """The codes answered with ``status``, in list order."""
    return [entry.code for entry in ERROR_CODES.values() if status in entry.statuses]


def code_list(codes: Iterable[str]) -> str:
    """``codes`` as Markdown for a description: `` `a`, `b` ``; each must be a listed code."""
    found = list(codes)
    unknown = [code for code in found if code not in ERROR_CODES]
    if unknown:
        raise KeyError(f"not listed in arena/error_codes.py: {unknown}")
    return ", ".join(f"`{code}`" for code in found)
