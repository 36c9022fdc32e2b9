"""The documentation keeps up with the code: every game has a rules page naming its options and rulings."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine import Game, all_games

ROOT = Path(__file__).parents[1]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.id)
def test_each_game_has_a_rules_page_with_its_options_and_rulings(game: Game[Any]) -> None:
    info = game.info
    page = ROOT / "docs" / "rules" / f"{info.id}.md"
    assert page.exists(), f"missing rules page {page}"
    text = page.read_text()
    assert info.rulings, f"{info.id} lists no rulings in its catalogue entry"
    for ruling, _ in info.rulings:
        assert re.search(rf"\b{ruling}\b", text), f"ruling {ruling} is not on {page.name}"
    for option in info.options:
        assert f"`{option.name}`" in text, f"option {option.name} is not on {page.name}"
    for action in game.action_types:
        assert action.TYPE in text, f"action {action.TYPE} is not on {page.name}"
    assert f"({info.id}.md)" in (ROOT / "docs" / "rules" / "README.md").read_text()


def test_the_readme_names_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make serve" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()
