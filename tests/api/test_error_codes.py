"""One list of error codes (``arena/error_codes.py``), and the code, the spec and the docs held to it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import engine
from api.http.errors import HTTP_CODES
from api.spec import openapi_document
from arena.error_codes import ERROR_CODES

ROOT = Path(__file__).resolve().parents[2]
#: The modules that raise or answer errors.
SOURCES = sorted(path for package in ("api", "arena", "engine") for path in (ROOT / package).rglob("*.py"))
#: The layers that raise refusals by code alone: the HTTP layer maps each code to its status.
BELOW_HTTP = [path for path in SOURCES if not path.is_relative_to(ROOT / "api" / "http")]
#: A string that is an error code: ``<area>/<name>``, lower case.
CODE = re.compile(r"^[a-z]+/[a-z_]+$")
#: Strings of that shape that are media types, not codes.
MEDIA_TYPES = {"application", "text", "multipart", "image", "audio", "video", "font", "model", "message"}


def code_of(node: ast.AST) -> str | None:
    """The error code ``node`` is a literal of, if it is one."""
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return None
    text = node.value
    return text if CODE.match(text) and text.split("/")[0] not in MEDIA_TYPES else None


def code_literals(path: Path) -> Iterator[str]:
    """Every string constant in the module at ``path`` shaped like an error code."""
    if path.name == "error_codes.py":
        return
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if (code := code_of(node)) is not None:
            yield code


def status_and_code_pairs(path: Path) -> Iterator[tuple[int, str, int]]:
    """``(status, code, line)`` of each call in ``path`` that names both as literals, one after the other
    (``ArenaError("match/full", ...)``, ``ErrorReply(507, "store/full", ...)``, a tuple ``(414, ..., "code")``)."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        items = node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else []
        for first, *rest in zip(items, items[1:], items[2:], strict=False):
            if isinstance(first, ast.Constant) and isinstance(first.value, int) and 100 <= first.value < 600:
                named = next((code for item in rest if (code := code_of(item)) is not None), None)
                if named is not None:
                    yield first.value, named, first.lineno


def test_every_code_in_the_code_is_listed() -> None:
    unlisted = sorted(
        f"{path.relative_to(ROOT)}: {code}"
        for path in SOURCES
        for code in code_literals(path)
        if code not in ERROR_CODES
    )
    assert not unlisted, f"codes missing from arena/error_codes.py: {unlisted}"


def test_where_a_status_is_named_beside_a_code_the_list_gives_it() -> None:
    """Only what answers outside the app's error handlers names a status (gunicorn's own refusals, the
    rate limiter, the last-resort 500); each must be one the list gives its code."""
    pairs = [(path, *pair) for path in SOURCES for pair in status_and_code_pairs(path)]
    assert len(pairs) >= 3  # the scan finds them
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {status} {code}"
        for path, status, code, line in pairs
        if code in ERROR_CODES and status not in ERROR_CODES[code].statuses
    ]
    assert not wrong, f"statuses arena/error_codes.py does not give these codes: {wrong}"


def test_below_the_http_layer_refusals_name_a_code_and_never_a_status() -> None:
    """The domain, the store and the use cases raise :class:`arena.errors.ArenaError` with a code alone."""
    named = [
        f"{path.relative_to(ROOT)}:{line}: {status} {code}"
        for path in BELOW_HTTP
        if path.name not in ("gunicorn_worker.py", "error_codes.py")
        for status, code, line in status_and_code_pairs(path)
    ]
    assert not named, f"statuses named below the HTTP layer: {named}"


def test_every_listed_code_is_used() -> None:
    used = {code for path in SOURCES for code in code_literals(path)}
    assert set(ERROR_CODES) - used == set(), "listed codes nothing answers: remove them or use them"


def test_every_engine_error_has_a_listed_code() -> None:
    def subclasses(cls: type[engine.EngineError]) -> Iterator[type[engine.EngineError]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    found = {cls.__name__: cls.code for cls in subclasses(engine.EngineError)}
    assert len(found) >= 8
    assert {name: code for name, code in found.items() if code not in ERROR_CODES} == {}


def test_werkzeug_errors_have_listed_codes_of_their_status() -> None:
    for status, code in HTTP_CODES.items():
        assert status in ERROR_CODES[code].statuses, (status, code)


def test_the_spec_enumerates_the_listed_codes() -> None:
    error = openapi_document()["components"]["schemas"]["Error"]
    assert error["properties"]["code"]["enum"] == list(ERROR_CODES)


def documented_errors() -> dict[str, set[int]]:
    """The codes of docs/api.md's error table, each with the statuses of the rows naming it."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]  # past the head and its rule
    found: dict[str, set[int]] = {}
    for row in rows:
        status, codes, _ = row.strip("|").split("|", 2)
        for code in re.findall(r"`([^`]+)`", codes):
            found.setdefault(code, set()).add(int(status))
    return found


def test_the_docs_error_table_lists_every_code_with_its_statuses() -> None:
    assert documented_errors() == {code: set(entry.statuses) for code, entry in ERROR_CODES.items()}
