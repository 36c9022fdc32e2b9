"""A person plays a whole Pipifax match against the server's greedy bot, by clicking in the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import stored_table

#: More of the person's flips than a Pipifax match against the greedy bot ever needs.
MAX_CLICKS = 600

OVER = "() => ['finished', 'aborted'].includes(document.querySelector('.status')?.dataset.status)"
MY_TURN_OR_OVER = f"() => document.body.dataset.myTurn === 'true' || ({OVER})()"


@pytest.mark.timeout(300)
def test_a_person_plays_pipifax_against_the_greedy_bot(page: Page, web_server: LiveServer) -> None:
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", "pipifax")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#bots select[data-seat='1']", "greedy")
    page.fill("#name", "ada")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/seat\.html\?match=[^#]+#token="))
    match_id = page.url.split("match=")[1].split("#")[0]
    assert "token" not in page.url.split("#")[0]  # the token is only in the fragment

    clicks = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate(OVER):
            break
        assert clicks < MAX_CLICKS, "the match did not end"
        version = page.locator("body").get_attribute("data-version")
        cards = page.locator(".pipifax-cards button.legal")
        assert cards.count() >= 1
        cards.first.click()
        clicks += 1
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")

    table = stored_table(web_server, match_id)
    assert table.status == "finished"
    assert clicks >= 1
    status = page.locator(".status")
    expect(status).to_contain_text("Match over")
    winner = table.result()["winners"]  # type: ignore[index]
    expect(status).to_contain_text("you" if winner == [0] else "greedy")
    assert page.locator(".pipifax-cards button.legal").count() == 0  # nothing left to click
    expect(page.locator("a.replay-link")).to_be_visible()
