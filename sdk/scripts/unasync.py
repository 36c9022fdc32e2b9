"""Write the SDK's sync face (``arena_sdk/_sync/``) from its one source, the asyncio face (``arena_sdk/_async/``).

As httpcore does (its ``scripts/unasync.py``): each module of ``_async`` is copied with whole-word
substitutions (``async def`` -> ``def``, ``await x`` -> ``x``, ``AsyncSeat`` -> ``Seat``,
``asyncio_detailed`` -> ``sync_detailed``, ...), then its imports sorted and formatted by the pinned
ruff. ``--check`` writes nothing and fails when a committed sync module differs from what it would
write (``scripts/generate.sh --check`` runs it, so ``make lint`` does).

    .venv/bin/python sdk/scripts/unasync.py [--check]
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SDK = Path(__file__).resolve().parents[1] / "arena_sdk"
SOURCE, TARGET = SDK / "_async", SDK / "_sync"
RUFF = Path(sys.executable).parent / "ruff"

#: Whole-word substitutions, in order: the async spelling and its sync one.
SUBSTITUTIONS: list[tuple[str, str]] = [
    (r"async def ", "def "),
    (r"async with ", "with "),
    (r"async for ", "for "),
    (r"await ", ""),
    (r"AsyncGenerator\[(.+?), None\]", r"Generator[\1, None, None]"),
    (r"AsyncGenerator", "Generator"),
    (r"Awaitable\[(.+?)\]", r"\1"),
    (r"AsyncIterator", "Iterator"),
    (r"AsyncIterable", "Iterable"),
    (r"__aenter__", "__enter__"),
    (r"__aexit__", "__exit__"),
    (r"__aiter__", "__iter__"),
    (r"__anext__", "__next__"),
    (r"StopAsyncIteration", "StopIteration"),
    (r"aclose", "close"),
    (r"AsyncExitStack", "ExitStack"),
    (r"enter_async_context", "enter_context"),
    (r"aread", "read"),
    (r"AsyncArena", "Arena"),
    (r"AsyncSeat", "Seat"),
    (r"AsyncTurns", "Turns"),
    (r"AsyncTurn", "Turn"),
    (r"AsyncChannel", "Channel"),
    (r"AsyncChoose", "Choose"),
    (r"AsyncDecision", "Decision"),
    (r"AsyncConnection", "Connection"),
    (r"asyncio_detailed", "sync_detailed"),
    (r"get_async_httpx_client", "get_httpx_client"),
    (r"httpx\.AsyncClient", "httpx.Client"),
    (r"AsyncHTTPTransport", "HTTPTransport"),
    (r"aconnect_sse", "connect_sse"),
    (r"aiter_sse", "iter_sse"),
    (r"astream_events", "stream_events"),
    (r"aerror_of", "error_of"),
    (r"acall", "call"),
    (r"adecided", "decided"),
    (r"araise_for_foreign_error", "raise_for_foreign_error"),
    (r"asyncio\.sleep", "time.sleep"),
    (r"import asyncio", "import time"),
    (r"arena_sdk\._async", "arena_sdk._sync"),
    (r"websockets\.asyncio\.client", "websockets.sync.client"),
]
COMPILED = [
    (re.compile(rf"\b{pattern}" + (r"\b" if pattern[-1].isalnum() or pattern[-1] == "_" else "")), substitute)
    for pattern, substitute in SUBSTITUTIONS
]


def unasync_text(text: str) -> str:
    """The sync module for the async module ``text`` (before sorting and formatting)."""
    for pattern, substitute in COMPILED:
        text = pattern.sub(substitute, text)
    return text


def tidy(text: str, name: str) -> str:
    """``text`` with its imports sorted and formatted by the pinned ruff (the repository's settings)."""
    for command in (["check", "--fix-only", "--select", "I,F401", "--quiet"], ["format", "--quiet"]):
        text = subprocess.run(
            [str(RUFF), *command, "--stdin-filename", str(TARGET / name), "-"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return text


def sync_modules() -> dict[str, str]:
    """Each sync module's file name and text."""
    written: dict[str, str] = {}
    for source in sorted(SOURCE.glob("*.py")):
        header = f"# Written by sdk/scripts/unasync.py from arena_sdk/_async/{source.name}: edit that, not this.\n"
        written[source.name] = header + tidy(unasync_text(source.read_text()), source.name)
    return written


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = sync_modules()
    present = {path.name: path.read_text() for path in TARGET.glob("*.py")} if TARGET.exists() else {}
    stale = sorted(name for name in wanted.keys() | present.keys() if wanted.get(name) != present.get(name))
    if check:
        for name in stale:
            print(f"sdk/arena_sdk/_sync/{name} is out of date: run sdk/scripts/unasync.py", file=sys.stderr)
        return 1 if stale else 0
    TARGET.mkdir(exist_ok=True)
    for name in present.keys() - wanted.keys():
        (TARGET / name).unlink()
    for name, text in wanted.items():
        (TARGET / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
