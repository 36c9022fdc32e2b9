"""Seats for friends only, as people meet them: the host makes one on the start page and gets its invitation
link, a friend (on a phone) takes the seat through that link, and a stranger neither sees the match in
the public list nor can take the seat without the link."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from tests.live_server import LiveServer
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow


def test_a_seat_for_a_friend_is_taken_only_through_its_invitation_link(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, artifacts: Path
) -> None:
    host = open_context(DESKTOP).new_page()
    host.goto(f"{web_server.url}/play/")
    expect(host.locator("body")).to_have_attribute("data-ready", "true")
    host.select_option("#game", "taiga")
    host.select_option("#players", "2")
    host.select_option("#seat-1", "friend")
    expect(host.locator("#form-note")).to_contain_text("1 seat for a friend")
    host.fill("#name", "ann")
    host.click("#start")

    # The host's seat page holds the friend's invitation link (in its fragment, never sent anywhere).
    share = host.locator('.share-links li[data-seat="1"] input.share-link')
    expect(share).to_have_value(re.compile(r"#invitation=[\w-]+$"))
    link = share.input_value()
    assert "/play/join.html?" in link and "seat=1" in link and "#invitation=" in link, link
    match_id = host.evaluate("new URLSearchParams(location.search).get('match')")
    violations = axe_violations(host, axe_script)
    assert violations == [], dump(violations)

    # A stranger: the public list does not show the match, and its seat without the link is not offered.
    stranger = open_context(DESKTOP).new_page()
    stranger.goto(f"{web_server.url}/play/")
    expect(stranger.locator("body")).to_have_attribute("data-ready", "true")
    expect(stranger.locator(f'#waiting tr[data-match="{match_id}"]')).to_have_count(0)
    stranger.goto(link.split("#", 1)[0])
    expect(stranger.locator(".no-seat")).to_contain_text("for friends the host invited")
    expect(stranger.locator("button.take-seat")).to_have_count(0)
    violations = axe_violations(stranger, axe_script)
    assert violations == [], dump(violations)

    # The friend, on a phone, takes the seat through the link and plays from the seat page.
    friend = open_context(PHONE).new_page()
    friend.goto(link)
    expect(friend.get_by_role("button", name="Take seat 1")).to_be_visible()
    violations = axe_violations(friend, axe_script)
    assert violations == [], dump(violations)
    no_overflow(friend)
    friend.fill("#join-name", "bea")
    friend.get_by_role("button", name="Take seat 1").click()
    friend.wait_for_url("**/play/seat.html?**")
    expect(friend.locator("header h1")).to_contain_text("Taiga")
    expect(host.locator("body")).to_have_attribute("data-status", "active")
    friend.screenshot(path=str(artifacts / "invitation-friend-seat-phone.png"), full_page=True)
