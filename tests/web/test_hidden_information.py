"""The seat page never shows another seat's hidden cards: checked against the stored truth.

Each seat page is opened mid-game for seat 0; the hands of the other seats, read from the store,
must appear nowhere in the page (not as a card, not in a label, not in the event log), while the
seat's own hand does (so the check would see a leak).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.games.girafferaffe import readable_state
from tests.live_server import LiveServer
from tests.web.api_helpers import create, play_random, stored_table


def open_seat(page: Page, server: LiveServer, created: dict[str, object], seat: int) -> None:
    seats = created["seats"]
    assert isinstance(seats, list)
    token = next(entry["token"] for entry in seats if entry["seat"] == seat)
    match_id = created["match"]["match_id"]  # type: ignore[index]
    page.goto(f"{server.url}/play/seat.html?match={match_id}#token={token}")


def page_text(page: Page) -> str:
    """Everything the page holds: its markup (attributes included) and its visible text."""
    return page.content() + "\n" + page.inner_text("body")


def test_girafferaffe_seat_page_hides_the_other_hands(page: Page, web_server: LiveServer, artifacts: Path) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 3, "seed": 8})
    match = play_random(web_server, created, 4, random.Random(8))
    open_seat(page, web_server, created, 0)
    expect(page.locator("body")).to_have_attribute("data-version", str(match["version"]))
    hands = readable_state(stored_table(web_server, match["match_id"]).match.state)["hands"]
    own = page.locator(".composer [data-card]")
    expect(own).to_have_count(len(hands[0]) * (2 if 0 in match["to_act"] else 1))  # button and face when acting
    text = page_text(page)
    public_cards = {card for tree in match["view"]["trees"] for play in tree["plays"] for card in play["cards"]}
    hidden = {card for seat in (1, 2) for card in hands[seat] if card != "copy"}  # copy cards are all alike
    assert hidden and not hidden & public_cards
    for card in hands[0]:
        assert card in text
    for card in hidden:  # as an id or a label, never as a prefix of another card ("yellow-1" of "yellow-12")
        assert re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text) is None, card
        assert re.search(rf"\b{card.replace('-', ' ')}\b(?! ?\d)", text) is None, card
    page.screenshot(path=str(artifacts / "seat-girafferaffe.png"), full_page=True)


@pytest.mark.parametrize("moves", [0, 4])
def test_pili_pili_seat_page_hides_the_other_hands(page: Page, web_server: LiveServer, moves: int) -> None:
    created = create(web_server, {"game": "pili-pili", "players": 3, "seed": 4})
    match = play_random(web_server, created, moves, random.Random(4))
    open_seat(page, web_server, created, 0)
    expect(page.locator("body")).to_have_attribute("data-version", str(match["version"]))
    hands = stored_table(web_server, match["match_id"]).match.state["hands"]
    on_table = {played["card"] for played in match["view"]["trick"] + (match["view"]["last_trick"] or [])}
    shown = {
        int(value) for value in page.locator("[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    }
    assert set(hands[0]) <= shown  # the own hand is there
    assert shown <= set(hands[0]) | on_table  # and nothing else but the cards on the table
    text = page_text(page)
    for card in {card for seat in (1, 2) for card in hands[seat]} - on_table:
        name = "the Joker" if card == 0 else f"card {card}"
        assert re.search(rf"{name}\b", text) is None, card
    expect(page.locator(".scores tr[data-seat]")).to_have_count(3)
