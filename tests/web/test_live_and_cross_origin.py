"""Pages follow a match live over its event streams, and work from another origin with CORS.

The other origin is Python's ``http.server`` serving the same client files on another port; the
pages reach the API through ``?api=<its URL>``, and the API's ``ARENA_CORS_ORIGINS`` names that
origin (tests/web/conftest.py).
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from api.redis_server import free_port
from tests.live_server import LiveServer
from tests.web.api_helpers import create, play_random, stored_table
from tests.web.browser import StaticServer


def test_the_match_page_updates_without_a_reload(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 6})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")
    status = page.locator(".status")
    expect(status).to_have_attribute("data-version", "0")
    page.evaluate("window.loadedOnce = true")
    rng = random.Random(6)
    for version in (1, 2, 3):
        match = play_random(web_server, created, 1, rng)
        assert match["version"] == version
        expect(status).to_have_attribute("data-version", str(version))
        for disc in match["view"]["discs"]:
            expect(page.locator(f"[data-disc='{disc['disc']}'] .face")).to_have_text(disc["up"].replace("_", " "))
    assert page.evaluate("window.loadedOnce") is True  # the same document all along
    expect(page.locator(".log li").last).to_contain_text("v3")


def test_the_seat_page_follows_its_stream_and_becomes_its_turn(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 9, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    token = created["seats"][1]["token"]
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={token}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "false")
    page.evaluate("window.loadedOnce = true")
    rng = random.Random(9)
    while stored_table(web_server, match_id).to_act == (0,):  # seat 0 plays until its turn passes
        play_random(web_server, {"match": created["match"], "seats": created["seats"][:1]}, 1, rng)
    version = stored_table(web_server, match_id).version
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator(".pipifax-cards button.legal").first).to_be_visible()
    assert page.evaluate("window.loadedOnce") is True


def test_the_client_works_from_another_origin(page: Page, web_server: LiveServer, static_server: StaticServer) -> None:
    api_requests: list[str] = []
    page.on(
        "request", lambda request: api_requests.append(request.url) if request.url.startswith(web_server.url) else None
    )
    page.goto(f"{static_server.origin}/index.html?api={web_server.url}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#catalogue li")).to_have_count(4)
    page.select_option("#game", "pipifax")
    page.click("#start")  # a JSON POST: preflighted, then answered with CORS headers
    page.wait_for_url(re.compile(rf"^{re.escape(static_server.origin)}/seat\.html\?match=.+&api=.+#token="))
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    version = body.get_attribute("data-version")
    page.locator(".pipifax-cards button.legal").first.click()  # Authorization header, If-Match, the seat stream
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    assert any("/seat-stream" in url for url in api_requests)
    assert any(url.endswith("/actions") for url in api_requests)
    assert all("token" not in url.lower() for url in api_requests)  # the token never travels in a URL
    page.get_by_role("link", name="Watch as a spectator").click()  # EventSource across origins
    expect(page.locator(".status")).to_have_attribute("data-version", re.compile(r"^[1-9][0-9]*$"))


def test_an_api_that_cannot_be_reached_is_named_with_what_to_check(page: Page, web_server: LiveServer) -> None:
    """A refused connection or a CORS refusal: the browser says only "Failed to fetch"; the page says more."""
    nowhere = f"http://127.0.0.1:{free_port()}"
    page.goto(f"{web_server.url}/play/?api={nowhere}")
    error = page.locator("#error")
    expect(error).to_contain_text(f"network/unreachable: Could not reach the API at {nowhere}")
    expect(error).to_contain_text("Check that the server is running and that the address is right")
    expect(error).to_contain_text(f"ARENA_CORS_ORIGINS lists this page's origin, {web_server.url}")
