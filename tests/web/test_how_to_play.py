"""Each game page's "How to play" panel is the "The game" section of the game's rules doc."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from api.http.web.how_to_play import MODULE, module_text, panels
from engine import all_games
from tests.live_server import LiveServer
from tests.web.api_helpers import create


def test_the_generated_module_is_up_to_date_with_the_rules_docs() -> None:
    assert MODULE.read_text() == module_text(), "run: python -m api.http.web.how_to_play"


def test_every_game_has_a_panel_with_text() -> None:
    found = panels()
    assert set(found) == {game.info.id for game in all_games()}
    for blocks in found.values():
        assert blocks and all(block.get("text") or block.get("items") for block in blocks)
        text = str(blocks)
        assert "**" not in text and "`" not in text and "](" not in text  # plain text, not Markdown


@pytest.mark.parametrize("game", [game.info.id for game in all_games()])
def test_the_match_page_shows_the_panel_of_its_game(page: Page, web_server: LiveServer, game: str) -> None:
    players = 1 if game == "girafferaffe" else 2
    options = {"mode": "solo"} if game == "girafferaffe" else {}
    created = create(web_server, {"game": game, "players": players, "options": options})
    page.goto(f"{web_server.url}/play/match.html?id={created['match']['match_id']}")
    panel = page.locator("details.how-to-play")
    expect(panel).to_be_visible()
    panel.locator("summary").click()  # opens it
    for block in panels()[game]:
        for text in block.get("items") or [block["text"]]:
            expect(panel).to_contain_text(text)
    expect(panel.locator(".hint")).to_contain_text("On this page:")
