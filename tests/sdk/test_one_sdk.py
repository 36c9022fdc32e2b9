"""One SDK in two faces: the sync face is written from the asyncio one, and the two offer the same calls.

Also: every error code docs/api.md's error table lists has its own typed class (never the bare
``ArenaError``), of the kind its status says.
"""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arena_sdk import (
    ERROR_CLASSES,
    Arena,
    ArenaError,
    AsyncArena,
    AsyncSeat,
    AsyncTurn,
    AsyncTurns,
    AuthError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    RateLimitedError,
    Seat,
    ServerError,
    StaleVersionError,
    StoreFullError,
    StoreUnavailableError,
    Turn,
    Turns,
)
from arena_sdk.errors import error_for

ROOT = Path(__file__).parents[2]

#: The names that differ between the faces by design: the async spelling and the sync one.
RENAMED = {"aclose": "close", "__aenter__": "__enter__", "__aexit__": "__exit__", "__aiter__": "__iter__"}
RENAMED["__anext__"] = "__next__"

#: The kind of error each status is.
KIND_OF_STATUS: dict[int, type[ArenaError]] = {
    400: InvalidRequestError,
    401: AuthError,
    403: AuthError,
    404: NotFoundError,
    405: InvalidRequestError,
    409: ConflictError,
    412: StaleVersionError,
    413: InvalidRequestError,
    414: InvalidRequestError,
    415: InvalidRequestError,
    422: InvalidRequestError,
    426: InvalidRequestError,
    428: InvalidRequestError,
    429: RateLimitedError,
    431: InvalidRequestError,
    500: ServerError,
    503: StoreUnavailableError,
    507: StoreFullError,
}


def test_the_sync_face_is_written_from_the_async_one() -> None:
    checked = subprocess.run(
        [sys.executable, str(ROOT / "sdk" / "scripts" / "unasync.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def public_calls(cls: type) -> dict[str, Callable[..., Any]]:
    """The public attributes of ``cls`` (and the protocol methods the faces rename), by their sync name."""
    found: dict[str, Callable[..., Any]] = {}
    for name, value in inspect.getmembers(cls):
        if name.startswith("_") and name not in RENAMED and name not in RENAMED.values():
            continue
        found[RENAMED.get(name, name)] = value
    return found


@pytest.mark.parametrize(
    ("sync", "asyncio"), [(Arena, AsyncArena), (Seat, AsyncSeat), (Turn, AsyncTurn), (Turns, AsyncTurns)]
)
def test_the_two_faces_offer_the_same_calls_name_for_name(sync: type, asyncio: type) -> None:
    sync_calls, async_calls = public_calls(sync), public_calls(asyncio)
    assert sorted(sync_calls) == sorted(async_calls)
    for name, call in sync_calls.items():
        other = async_calls[name]
        if not callable(call) or isinstance(call, type):
            continue
        assert list(inspect.signature(call).parameters) == list(inspect.signature(other).parameters), name
        assert not inspect.iscoroutinefunction(call), f"{sync.__name__}.{name} is sync"
        if inspect.iscoroutinefunction(other) or inspect.isasyncgenfunction(other):
            continue
        assert name in ("seat", "authenticated_client", "turns", "stream", "__iter__", "__aiter__"), (
            f"{asyncio.__name__}.{name} does no I/O: it should be the same in both faces"
        )


def test_the_async_face_awaits_what_the_sync_face_calls() -> None:
    for name in ("games", "create_match", "match_version", "match_webhook", "record", "abort", "join"):
        assert inspect.iscoroutinefunction(getattr(AsyncArena, name)), name
    for name in ("view", "act", "act_on_turn", "legal_actions", "wait_for_turn", "play", "resign"):
        assert inspect.iscoroutinefunction(getattr(AsyncSeat, name)), name
    assert inspect.isasyncgenfunction(AsyncSeat.stream)


def documented_error_codes() -> dict[str, set[int]]:
    """The codes of docs/api.md's error table, each with the statuses of the rows naming it."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]
    found: dict[str, set[int]] = {}
    for row in rows:
        status, codes, _ = row.strip("|").split("|", 2)
        for code in re.findall(r"`([^`]+)`", codes):
            found.setdefault(code, set()).add(int(status))
    return found


DOCUMENTED = documented_error_codes()


def test_the_docs_table_was_read() -> None:
    assert len(DOCUMENTED) > 50 and "match/stale_version" in DOCUMENTED


@pytest.mark.parametrize("code", sorted(DOCUMENTED))
def test_every_documented_code_has_a_class_of_its_own_kind(code: str) -> None:
    assert code in ERROR_CLASSES, f"{code} has no class"
    statuses = DOCUMENTED[code]
    for status in statuses:
        error = error_for(status, {"code": code, "status": status, "message": "m", "details": {}})
        assert type(error) is ERROR_CLASSES[code] and type(error) is not ArenaError
        assert (error.status, error.code, error.message) == (status, code, "m")
        # one class per code: a code answered with two statuses (game/unknown: 404, 422) is of one of their kinds
        assert any(isinstance(error, KIND_OF_STATUS[s]) for s in statuses), (code, status, type(error).__name__)
        if len(statuses) == 1:
            assert isinstance(error, KIND_OF_STATUS[status]), (code, status, type(error).__name__)


def test_one_default_for_the_number_of_legal_actions_everywhere() -> None:
    from arena_sdk import DEFAULT_LEGAL_LIMIT

    import arena_envs

    for face in (Seat, AsyncSeat):
        assert inspect.signature(face.turns).parameters["legal_limit"].default == DEFAULT_LEGAL_LIMIT
        assert inspect.signature(face.stream).parameters["legal_limit"].default == DEFAULT_LEGAL_LIMIT
        assert inspect.signature(face.play).parameters["max_actions"].default == DEFAULT_LEGAL_LIMIT
    assert arena_envs.DEFAULT_SAMPLE_SIZE == DEFAULT_LEGAL_LIMIT == 100


def test_transport_and_the_loops_are_exported() -> None:
    import arena_sdk

    for name in ("Transport", "Turns", "AsyncTurns", "Ending", "AnyEvent", "GameEvent", "ERROR_CLASSES"):
        assert name in arena_sdk.__all__ and hasattr(arena_sdk, name), name


def test_every_exported_name_is_there_and_a_bot_imports_only_what_it_uses() -> None:
    """``arena_sdk`` and ``arena_client.models`` import a name's module when it is first used: a program
    launched per match imports the sync client, not the asyncio face, tournaments, records, webhooks or every
    model. Each exported name still resolves, in a fresh interpreter."""
    script = """
import json, sys, arena_sdk, arena_client.models
first = sorted(sys.modules)
missing = [n for n in arena_sdk.__all__ if getattr(arena_sdk, n, None) is None]
missing += [n for n in arena_client.models.__all__ if getattr(arena_client.models, n, None) is None]
print(json.dumps({"first": first, "missing": missing, "models": len(arena_client.models.__all__)}))
"""
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    found = json.loads(ran.stdout)
    assert found["missing"] == []
    first = set(found["first"])
    assert {"arena_sdk.client", "arena_sdk.errors"} <= first  # the sync face and its errors come with the package
    assert not first & {"arena_sdk.aio", "arena_sdk.tournaments", "arena_sdk.records", "arena_sdk.webhooks"}
    models = [name for name in first if name.startswith("arena_client.models.")]
    assert len(models) < found["models"] / 2, f"{len(models)} of {found['models']} model modules imported"
