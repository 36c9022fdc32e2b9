"""The start page lists the catalogue and the lobby: a waiting match is joined, a live one watched."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from engine import all_games
from tests.live_server import LiveServer
from tests.web.api_helpers import create, stored_table


def test_join_a_waiting_match_and_watch_a_live_one(page: Page, web_server: LiveServer) -> None:
    waiting = create(web_server, {"game": "taiga", "players": 2, "seats": [{"name": "ada"}, {"open": True}]})
    live = create(web_server, {"game": "pipifax", "players": 2})
    waiting_id, live_id = waiting["match"]["match_id"], live["match"]["match_id"]
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    for game in all_games():
        expect(page.locator(f"#catalogue li[data-game='{game.info.id}']")).to_contain_text(game.info.title)
    expect(page.locator(f"#active tr[data-match='{live_id}']")).to_contain_text("pipifax")
    row = page.locator(f"#waiting tr[data-match='{waiting_id}']")
    expect(row).to_contain_text("ada, (open)")
    page.fill("#name", "grace")
    row.get_by_role("button", name="Join").click()
    page.wait_for_url(re.compile(rf"/play/seat\.html\?match={re.escape(waiting_id)}#token="))
    expect(page.locator(".seats .seat.me")).to_contain_text("grace (seat 1)")
    table = stored_table(web_server, waiting_id)
    assert table.status == "active" and table.seats[1].name == "grace"

    page.goto(f"{web_server.url}/play/")
    page.locator(f"#active tr[data-match='{live_id}']").get_by_role("link", name="Watch").click()
    expect(page.locator(".status")).to_contain_text("pipifax, version 0, active")
