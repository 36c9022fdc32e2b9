"""The join page follows the match live: a seat someone else takes and a match its host calls off
show at once, without a reload; and what a person may still run into there reads as a sentence,
never as a raw code."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import requests
from playwright.sync_api import BrowserContext, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, Json, create
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow

WIDTHS = {"desktop": DESKTOP, "phone": PHONE}

#: An error line that shows a code ("match/full: ...") instead of a sentence.
RAW_CODE = re.compile(r"\b[a-z]+/[a-z_]+\b")


def waiting_match(server: LiveServer) -> Json:
    return create(server, {"game": "taiga", "players": 3, "seats": [{"name": "ada"}, {"open": True}, {"open": True}]})


def join(server: LiveServer, match_id: str, name: str, seat: int) -> requests.Response:
    return requests.post(f"{server.url}/matches/{match_id}/join", json={"name": name, "seat": seat}, timeout=TIMEOUT)


def abort(server: LiveServer, created: Json) -> None:
    answer = requests.post(
        f"{server.url}/matches/{created['match']['match_id']}/abort",
        headers={"Authorization": f"Bearer {created['host_token']}"},
        timeout=TIMEOUT,
    )
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_join_page_follows_the_match_live(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, artifacts: Path, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    created = waiting_match(web_server)
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/join.html?match={match_id}&seat=1")
    expect(page.get_by_role("button", name="Take seat 1")).to_be_visible()
    expect(page.locator("header h1")).to_have_text("Join a match: Taiga")
    page.evaluate("window.loadedOnce = true")
    page.fill("#join-name", "cy")  # typing, while the match changes under the page

    # Someone else takes seat 1: the page offers seat 2 at once, and keeps what was typed.
    assert join(web_server, match_id, "bea", 1).status_code == 201
    expect(page.locator(".join-form")).to_contain_text("Seat 1 was taken by bea; seat 2 is still open.")
    expect(page.get_by_role("button", name="Take seat 2")).to_be_visible()
    expect(page.get_by_role("button", name="Take seat 1")).to_have_count(0)
    expect(page.locator("#join-name")).to_have_value("cy")
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)

    # The host calls the match off: nothing is offered any more, and the page says why.
    abort(web_server, created)
    expect(page.locator(".no-seat")).to_contain_text("The host called this match off: no seat can be taken.")
    expect(page.locator("button.take-seat")).to_have_count(0)
    expect(page.locator("body")).to_have_attribute("data-status", "aborted")
    assert page.evaluate("window.loadedOnce") is True  # followed, never reloaded
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    no_overflow(page)
    page.screenshot(path=str(artifacts / f"join-aborted-{width}.png"), full_page=True)


def test_a_full_match_on_the_join_page_says_it_has_started(page: Page, web_server: LiveServer) -> None:
    created = waiting_match(web_server)
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/join.html?match={match_id}&seat=2")
    expect(page.get_by_role("button", name="Take seat 2")).to_be_visible()
    assert join(web_server, match_id, "bea", 1).status_code == 201
    assert join(web_server, match_id, "cy", 2).status_code == 201
    expect(page.locator(".no-seat")).to_contain_text("Every seat is taken: the match has started.")
    expect(page.locator(".no-seat a")).to_have_text("Watch it")


def test_a_seat_lost_in_a_race_reads_as_a_sentence(page: Page, web_server: LiveServer) -> None:
    """The page cannot hear of a seat taken while its stream is held up: the refusal then reads as a
    sentence, and the page shows the seats still open."""
    # The page hears nothing live: its stream is held up, never answered. (A refused stream would count as a lost
    # connection, and the next answer as one come back, which reads the match again: the page could then learn of
    # the abort below before the click, and offer no seat to click.)
    page.route(re.compile(r"/matches/[^/]+/stream"), lambda route: None)
    created = waiting_match(web_server)
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/join.html?match={match_id}&seat=1")
    expect(page.get_by_role("button", name="Take seat 1")).to_be_visible()
    assert join(web_server, match_id, "bea", 1).status_code == 201
    page.fill("#join-name", "cy")
    page.get_by_role("button", name="Take seat 1").click()
    error = page.locator("#error")
    expect(error).to_have_text("Someone else took that seat just now. The page shows the seats still open.")
    expect(error).to_have_attribute("data-code", "match/full")
    expect(page.get_by_role("button", name="Take seat 2")).to_be_visible()

    abort(web_server, created)
    page.get_by_role("button", name="Take seat 2").click()
    expect(error).to_have_text("This match is over or was called off by its host: no seat can be taken any more.")
    expect(page.locator(".no-seat")).to_contain_text("The host called this match off")
    assert not RAW_CODE.search(error.text_content() or "")
