"""Your turn when you are away: the tab's title and icon say it; with your consent (and the browser's
permission) a notification does while the page is in the background. The start page lists the
seats this browser holds, kept in the browser only, and forgets them on request."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import Json, create, play_random, public, stored_table
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow
from tests.web.person import fill_form, start

WIDTHS = {"desktop": DESKTOP, "phone": PHONE}

#: Run before the page's scripts: the page can be sent to the background (`window.goAway()`), as
#: when its person switches tabs, and every notification it shows is recorded.
AWAY_AND_RECORDED = """
window.away = false;
Object.defineProperty(document, "visibilityState", { get: () => (window.away ? "hidden" : "visible") });
Object.defineProperty(document, "hidden", { get: () => window.away });
window.goAway = () => { window.away = true; document.dispatchEvent(new Event("visibilitychange")); };
window.shownNotifications = [];
window.Notification = new Proxy(window.Notification, {
  construct(target, args) {
    window.shownNotifications.push({ title: args[0], body: args[1] && args[1].body });
    return Reflect.construct(target, args);
  },
});
"""


def until_turn_passes(server: LiveServer, created: Json, mover: int, rng: random.Random) -> Json:
    """Random moves of ``mover`` (over HTTP) until another seat is to act; the match then."""
    one = {"match": created["match"], "seats": [created["seats"][mover]]}
    match = public(server, created["match"]["match_id"])
    while match["status"] == "active" and match["to_act"] == [mover]:
        match = play_random(server, one, 1, rng)
    return match


def icon_badge(page: Page) -> str | None:
    return page.locator("link[rel='icon']").get_attribute("data-badge")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_tab_title_and_icon_say_it_is_your_turn(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 9, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][1]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "false")
    expect(page).to_have_title("Pipifax, seat 1 - Tabletop Arena")
    expect(page.locator("header h1")).to_have_text("Your seat: Pipifax")
    assert icon_badge(page) == "false"
    plain = page.locator("link[rel='icon']").get_attribute("href") or ""
    assert plain.startswith("data:image/png")

    until_turn_passes(web_server, created, 0, random.Random(9))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page).to_have_title("Your turn: Pipifax, seat 1 - Tabletop Arena")
    assert icon_badge(page) == "true"
    assert (page.locator("link[rel='icon']").get_attribute("href") or "") not in ("", plain)  # the badge is drawn


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_notification_only_with_consent_and_only_while_away(
    browser_context_with_notifications: Callable[..., BrowserContext],
    web_server: LiveServer,
    axe_script: Path,
    width: str,
) -> None:
    page = browser_context_with_notifications(WIDTHS[width]).new_page()
    page.add_init_script(AWAY_AND_RECORDED)
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 9, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    rng = random.Random(9)
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][1]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "false")

    # Without consent: away, the turn comes, and nothing but the title says it.
    page.evaluate("window.goAway()")
    until_turn_passes(web_server, created, 0, rng)
    expect(page).to_have_title("Your turn: Pipifax, seat 1 - Tabletop Arena")
    assert page.evaluate("window.shownNotifications") == []

    # Consent given: the next turn, while away, is notified once.
    page.evaluate("window.away = false")
    page.get_by_role("button", name="Notify me when it is my turn").click()
    expect(page.get_by_role("button", name="Stop the notifications")).to_be_visible()
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    no_overflow(page)
    seat1 = {"match": created["match"], "seats": [created["seats"][1]]}
    version = stored_table(web_server, match_id).version
    play_random(web_server, seat1, 1, rng)
    while public(web_server, match_id)["to_act"] == [1]:  # seat 1 found: it plays on until the turn passes
        play_random(web_server, seat1, 1, rng)
    expect(page.locator("body")).to_have_attribute("data-my-turn", "false")
    page.evaluate("window.goAway()")
    until_turn_passes(web_server, created, 0, rng)
    assert stored_table(web_server, match_id).version > version
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    page.wait_for_function("window.shownNotifications.length === 1")
    assert page.evaluate("window.shownNotifications") == [
        {"title": "Your turn: Pipifax, seat 1", "body": "It is your turn to play. Open the page to make your move."}
    ]
    # Turned off: no more.
    page.evaluate("window.away = false")
    page.get_by_role("button", name="Stop the notifications").click()
    expect(page.get_by_role("button", name="Notify me when it is my turn")).to_be_visible()


@pytest.fixture
def browser_context_with_notifications(
    open_desktop_context: Callable[..., BrowserContext], web_server: LiveServer
) -> Callable[..., BrowserContext]:
    """A maker of contexts whose person allows the server's notifications when asked, in the desktop
    Chromium (the headless shell has no ``Notification``)."""

    def make(viewport: ViewportSize) -> BrowserContext:
        context = open_desktop_context(viewport)
        context.grant_permissions(["notifications"], origin=web_server.url)
        return context

    return make


@pytest.mark.timeout(300)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_start_page_lists_your_matches_and_forgets_them(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, artifacts: Path, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#your-matches-section")).to_be_hidden()  # a fresh browser holds no seat

    # Two matches started from this browser: one against a bot, one waiting for a friend.
    fill_form(page, web_server, "taiga", players=2, seats={1: "bot:greedy"})
    playing = start(page)
    token = page.url.split("#token=")[1].split("&")[0]
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    fill_form(page, web_server, "pipifax", players=2, seats={1: "open"})
    waiting = start(page)
    expect(page.locator("body")).to_have_attribute("data-status", "waiting")

    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    rows = page.locator("#your-matches tr[data-match]")
    expect(rows).to_have_count(2)
    expect(rows.first).to_have_attribute("data-match", waiting)  # the newest first
    expect(page.locator(f"#your-matches tr[data-match='{waiting}'] .standing")).to_have_text(
        "Waiting for 1 more player."
    )
    expect(page.locator(f"#your-matches tr[data-match='{playing}'] .standing")).to_have_text("Your turn!")
    # The live list leads to your seat, not to watching your own match.
    expect(page.locator(f"#active tr[data-match='{playing}']").get_by_role("link", name="Your seat")).to_be_visible()
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    no_overflow(page)
    page.screenshot(path=str(artifacts / f"your-matches-{width}.png"), full_page=True)

    # Back to the seat from the list.
    page.locator(f"#your-matches tr[data-match='{playing}'] a.open-seat").click()
    page.wait_for_url(f"**/seat.html?match={playing}#token=*")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    assert f"#token={token}" in page.url

    # The token went nowhere but the API, never in a URL's path or query.
    assert all(url.startswith(web_server.url) for url in sent), sent
    assert not any(token in url.split("#")[0] for url in sent)

    # Forgotten, one, then all: gone from the list and from the browser's storage.
    page.goto(f"{web_server.url}/play/")
    expect(rows).to_have_count(2)
    page.locator(f"#your-matches tr[data-match='{playing}'] button.forget-seat").click()
    expect(rows).to_have_count(1)
    stored = page.evaluate("localStorage.getItem('tabletop-arena.seats')") or ""
    assert token not in stored and waiting in stored
    page.get_by_role("button", name="Forget every seat in this browser").click()
    expect(page.locator("#your-matches-section")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tabletop-arena.seats')") is None
