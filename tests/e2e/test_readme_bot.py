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
