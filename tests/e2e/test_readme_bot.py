"""The README's ten-line bot runs as printed, on every game, against a live server."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.live_server import LiveServer

README = Path(__file__).parents[2] / "README.md"


def readme_bot() -> str:
    """The code block under "A bot in ten lines"."""
    section = README.read_text().split("## A bot in ten lines", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, "no code block under 'A bot in ten lines'"
    return found.group(1)


@pytest.mark.parametrize(("game", "players"), [("pipifax", 2), ("taiga", 3), ("girafferaffe", 3), ("pili-pili", 4)])
def test_the_readme_bot_plays_a_whole_match(live_server: LiveServer, game: str, players: int) -> None:
    code = readme_bot()
    assert 'create_match("pipifax", players=2)' in code and "http://127.0.0.1:8000" in code
    code = code.replace("http://127.0.0.1:8000", live_server.url)
    code = code.replace('create_match("pipifax", players=2)', f'create_match("{game}", players={players})')
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {})  # the README's own code, run as a reader would
    assert "winners=" in printed.getvalue(), printed.getvalue()


def readme_section_code(title: str) -> str:
    """The first code block under the README's ``## <title>``."""
    section = README.read_text().split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, f"no code block under {title!r}"
    return found.group(1)


def test_the_readme_bot_that_remembers_plays_a_whole_match_against_greedy(live_server: LiveServer) -> None:
    code = readme_section_code("A bot that remembers")
    assert "http://127.0.0.1:8000" in code and "seat.turns()" in code
    printed = io.StringIO()
    scope: dict[str, object] = {}
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace("http://127.0.0.1:8000", live_server.url), str(README), "exec"), scope)
    assert "winners=" in printed.getvalue(), printed.getvalue()
    seen = scope["seen"]
    assert isinstance(seen, dict) and seen, "the bot remembered no card"


def test_the_readme_record_check_runs_as_printed(live_server: LiveServer) -> None:
    code = readme_section_code("Records and fair deals")
    assert "http://127.0.0.1:8000" in code and "verify(record, commitment)" in code
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace("http://127.0.0.1:8000", live_server.url), str(README), "exec"), {})
    assert printed.getvalue().startswith("CheckedRecord(") and "status='finished'" in printed.getvalue()
    assert '\n[Game "Taiga"]\n' in printed.getvalue() and "\n1. " in printed.getvalue(), "and the match as text"
