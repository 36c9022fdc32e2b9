"""The tournament guide's example runs as printed against a live server (on Girafferaffe, for speed)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from tests.live_server import LiveServer

GUIDE = Path(__file__).parents[2] / "docs" / "tournaments.md"


def guide_example() -> str:
    """The first code block under "In one minute"."""
    section = GUIDE.read_text().split("## In one minute", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, "no code block under 'In one minute'"
    return found.group(1)


def test_the_guides_example_plays_the_whole_tournament(live_server: LiveServer) -> None:
    code = guide_example()
    assert '"game": "taiga"' in code and "http://127.0.0.1:8000" in code
    code = code.replace("http://127.0.0.1:8000", live_server.url).replace('"game": "taiga"', '"game": "girafferaffe"')
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(GUIDE), "exec"), {})  # the guide's own code, run as a reader would
    rows = [line.split() for line in printed.getvalue().splitlines()]
    assert sorted(row[0] for row in rows) == ["greedy", "mine", "random"], printed.getvalue()
    assert all(row[1] == "8" for row in rows), "every entrant played its 8 matches (2 opponents x 2 deals x 2 seats)"
