"""The connection's state is on the page: offline, reconnecting, back; and a move made while it was
lost waits, is said to wait, and lands once when the connection is back.

The browser reaches the API through a relay the test cuts (tests/web/browser.py): its streams and
its seat socket drop and new connections are refused, as when a network goes away; the browser's
own offline mode is switched on and off too, for its `offline` and `online` events.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import create, play_random, stored_log, stored_table
from tests.web.browser import CuttableProxy
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow

#: How long the seat page shows what became of a move that waited for the connection (seat.js's NOTE_MS).
NOTE_SHOWN_MS = 10_000

#: Each width once over the seat socket and once over the seat stream and POST.
CASES = {"desktop-socket": (DESKTOP, True), "phone-stream": (PHONE, False), "phone-socket": (PHONE, True)}


@pytest.fixture
def proxy(web_server: LiveServer) -> Iterator[CuttableProxy]:
    with CuttableProxy(web_server.port) as relay:
        yield relay


@pytest.mark.timeout(300)
@pytest.mark.parametrize("case", list(CASES))
def test_a_lost_connection_is_said_and_a_move_made_meanwhile_lands_once(
    open_context: Callable[..., BrowserContext],
    web_server: LiveServer,
    proxy: CuttableProxy,
    axe_script: Path,
    *,
    artifacts: Path,
    case: str,
) -> None:
    viewport, socket = CASES[case]
    context = open_context(viewport)
    context.clock.install()  # the page's timers run as usual, and the test may move its time on (below)
    page = context.new_page()
    if not socket:
        page.add_init_script("delete window.WebSocket")  # a browser without WebSocket: the seat stream and POST
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 9, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    page.goto(f"{proxy.origin}/play/seat.html?match={match_id}#token={created['seats'][0]['token']}")
    body, line = page.locator("body"), page.locator("#connection")
    expect(body).to_have_attribute("data-my-turn", "true")
    expect(line).to_be_empty()  # nothing to say while the connection holds
    page.evaluate("window.loadedOnce = true")

    # The network goes away: the page says it is offline, and that nothing is lost.
    proxy.cut()
    context.set_offline(True)
    expect(line).to_have_attribute("data-state", "offline")
    expect(line).to_contain_text("You are offline")
    expect(line).to_contain_text("You may still choose your move")
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    no_overflow(page)
    page.screenshot(path=str(artifacts / f"connection-offline-{case}.png"))

    # The network is back but the server still cannot be reached: reconnecting.
    context.set_offline(False)
    expect(line).to_have_attribute("data-state", "reconnecting")
    expect(line).to_contain_text("Reconnecting")

    # A move made meanwhile waits, and the page says what will become of it.
    page.locator(".pipifax-cards button.legal").first.click()
    expect(line).to_contain_text("Your move waits for the connection")
    expect(page.locator(".pipifax-cards button.legal")).to_have_count(0)  # no second move while one waits
    assert stored_table(web_server, match_id).version == 0
    page.screenshot(path=str(artifacts / f"connection-move-waits-{case}.png"))

    # Back: the move is sent once, and the page says so.
    proxy.restore()
    expect(line).to_have_attribute("data-state", "back")
    expect(line).to_contain_text("Connected again")
    expect(line).to_contain_text("Your move was sent when the connection came back, and played once.")
    expect(body).to_have_attribute("data-version", "1")
    expect(page.locator("#error")).to_be_empty()
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    table = stored_table(web_server, match_id)
    assert table.version == 1  # seat 1 is a person who has not moved: only the one move was made
    actions = [entry for entry in stored_log(web_server, match_id) if entry.get("action")]
    assert len(actions) == 1, actions
    assert page.evaluate("window.loadedOnce") is True  # the same page all along, never reloaded
    # The notes go after a while: ten seconds of the page's time (seat.js's NOTE_MS, "Connected again"
    # goes sooner), passed at once rather than waited out.
    page.clock.fast_forward(NOTE_SHOWN_MS)
    expect(line).to_be_empty()


def test_the_match_page_says_when_it_lost_the_server_and_catches_up(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, proxy: CuttableProxy
) -> None:
    """A spectator's page: the moves made while the connection was lost show once it is back."""
    page = open_context(PHONE).new_page()
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 6})
    match_id = created["match"]["match_id"]
    page.goto(f"{proxy.origin}/play/match.html?id={match_id}")
    status = page.locator(".status")
    expect(status).to_have_attribute("data-version", "0")
    proxy.cut()
    expect(page.locator("#connection")).to_contain_text("Reconnecting")
    moved = play_random(web_server, created, 3, random.Random(6))
    proxy.restore()
    expect(page.locator("#connection")).to_contain_text("Connected again")
    expect(status).to_have_attribute("data-version", str(moved["version"]))
