"""People with people: the host shares a link per open seat, a friend takes it in another browser,
and the two play a whole match against each other; a waiting match is right on every page, and the
host may abort it.

The host plays at desktop width, the friend at phone width, so every game is photographed at both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import public, stored_table
from tests.web.conftest import PHONE, no_overflow
from tests.web.person import fill_form, play_to_the_end, start

GAMES = {"pipifax": {}, "taiga": {}, "girafferaffe": {"mode": "standard"}, "pili-pili": {"missions": "standard"}}


def share_link(host: Page, seat: int) -> str:
    field = host.locator(f".waiting-room .share-links li[data-seat='{seat}'] input.share-link")
    expect(field).to_be_visible()
    link = field.input_value()
    assert f"seat={seat}" in link and "token" not in link  # a join link carries no secret
    return link


def take_seat(guest: Page, link: str, name: str, seat: int) -> None:
    guest.goto(link)
    expect(guest.get_by_role("button", name=f"Take seat {seat}")).to_be_visible()
    guest.fill("#join-name", name)
    guest.get_by_role("button", name=f"Take seat {seat}").click()
    guest.wait_for_url("**/seat.html?match=*#token=*")
    expect(guest.locator(".seats .seat.me")).to_contain_text(f"{name} (seat {seat})")


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", list(GAMES))
def test_two_people_play_a_whole_match_through_a_shared_link(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, artifacts: Path, game: str
) -> None:
    host = open_context().new_page()
    guest = open_context(PHONE).new_page()
    fill_form(host, web_server, game, options=GAMES[game], players=2, seats={1: "open"}, name="ada")
    match_id = start(host)
    expect(host.locator("body")).to_have_attribute("data-status", "waiting")
    expect(host.locator(".status")).to_contain_text("waiting for 1 more player")
    assert host.locator(".actions").count() == 0 and host.locator("button.resign").count() == 0
    host.evaluate("window.loadedOnce = true")
    host.screenshot(path=str(artifacts / f"people-{game}-waiting-desktop.png"), full_page=True)

    take_seat(guest, share_link(host, 1), "bea", 1)
    # The host's waiting room is gone without a reload: the match started when the seat was taken.
    expect(host.locator("body")).to_have_attribute("data-status", "active")
    expect(host.locator(".waiting-room")).to_have_count(0)
    expect(host.locator(".seats .seat[data-seat='1']")).to_contain_text("bea (seat 1)")
    assert host.evaluate("window.loadedOnce") is True

    final = play_to_the_end(web_server, match_id, {0: host, 1: guest}, prefer_board=game in ("pipifax", "taiga"))
    assert final["status"] == "finished"
    table = stored_table(web_server, match_id)
    assert [seat.name for seat in table.seats] == ["ada", "bea"]
    for page in (host, guest):
        expect(page.locator(".status")).to_contain_text("Match over")
    no_overflow(guest)
    host.screenshot(path=str(artifacts / f"people-{game}-end-desktop.png"), full_page=True)
    guest.screenshot(path=str(artifacts / f"people-{game}-end-phone.png"), full_page=True)


def test_a_waiting_match_is_right_on_every_page_and_the_host_can_abort_it(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, artifacts: Path
) -> None:
    host = open_context().new_page()
    guest = open_context(PHONE).new_page()
    fill_form(host, web_server, "taiga", players=3, seats={1: "open", 2: "open"}, name="ada")
    match_id = start(host)
    expect(host.locator(".waiting-room .share-links li")).to_have_count(2)
    take_seat(guest, share_link(host, 2), "bea", 2)

    # Still waiting for seat 1: nobody's turn, nothing to resign, and the room says so on both pages.
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-status", "waiting")
        expect(page.locator(".waiting-room .share-links li")).to_have_count(1)  # the host's page updated live
        expect(page.locator(".waiting-room .share-links li[data-seat='1']")).to_be_visible()
        expect(page.locator(".status")).to_contain_text("waiting for 1 more player")
        assert page.get_by_text("Not your turn").count() == 0
        assert page.locator("button.resign").count() == 0
        assert page.locator(".actions").count() == 0
    assert guest.locator("button.abort").count() == 0  # only the host holds the host token
    no_overflow(guest)
    guest.screenshot(path=str(artifacts / "people-waiting-joined-phone.png"), full_page=True)

    # The host aborts, after saying yes; the friend's page follows.
    host.get_by_role("button", name="Abort the match").click()
    expect(host.locator(".host [role=alert]")).to_contain_text("Abort this match")
    host.get_by_role("button", name="Keep the match").click()
    assert public(web_server, match_id)["status"] == "waiting"
    host.get_by_role("button", name="Abort the match").click()
    host.get_by_role("button", name="Yes, abort").click()
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-status", "aborted")
        expect(page.locator(".status")).to_contain_text("called the match off")
    assert stored_table(web_server, match_id).status == "aborted"
    host.screenshot(path=str(artifacts / "people-aborted-desktop.png"), full_page=True)


def test_a_taken_seat_link_offers_the_seat_still_open(
    open_context: Callable[..., BrowserContext], web_server: LiveServer
) -> None:
    host = open_context().new_page()
    fill_form(host, web_server, "pipifax", players=3, seats={1: "open", 2: "open"})
    start(host)
    link = share_link(host, 1)
    first, second = open_context().new_page(), open_context().new_page()
    take_seat(first, link, "bea", 1)
    second.goto(link)
    expect(second.locator(".join-form")).to_contain_text("Seat 1 was taken by bea; seat 2 is still open.")
    second.fill("#join-name", "cy")
    second.get_by_role("button", name="Take seat 2").click()
    expect(second.locator(".seats .seat.me")).to_contain_text("cy (seat 2)")
    expect(host.locator("body")).to_have_attribute("data-status", "active")
