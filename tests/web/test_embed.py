"""A seat page embedded in a page of another origin (``?embed=1``): the board alone, and
``postMessage`` to the parent for each version, the seat's turn and the end.

The host page is docs/web.md's example (tests/web/embed_host), served from its own origin, which
the API's ``ARENA_FRAME_ANCESTORS`` lists (tests/web/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import requests
from playwright.sync_api import Frame, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, create, public
from tests.web.browser import StaticServer


def messages(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.arenaMessages")
    return found


def test_an_embedded_seat_page_draws_the_board_and_tells_its_parent(
    page: Page, web_server: LiveServer, embed_host: StaticServer, artifacts: Path
) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 4, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    seat_page = f"{web_server.url}/play/seat.html?match={match_id}&embed=1#token={created['seats'][0]['token']}"
    page.goto(f"{embed_host.origin}/index.html?src={quote(seat_page, safe='')}")
    frame = page.frame_locator("#arena")
    expect(frame.locator("section.board")).to_be_visible()
    expect(frame.locator("body")).to_have_attribute("data-my-turn", "true")
    # The board alone: no header, no log, no links away, no rules panel.
    expect(frame.locator("header")).to_be_hidden()
    expect(frame.locator("a.home")).to_be_hidden()
    for absent in (".log", ".how-to-play", "a[href*='match.html']"):
        assert frame.locator(absent).count() == 0, absent
    page.wait_for_function("window.arenaMessages.some(m => m.type === 'arena.turn')")
    assert messages(page)[:2] == [
        {"type": "arena.version", "match_id": match_id, "version": 0},
        {"type": "arena.turn", "match_id": match_id, "version": 0},
    ]

    frame.locator(".discs button.legal").first.click()  # a move from inside the frame
    page.wait_for_function("window.arenaMessages.some(m => m.type === 'arena.version' && m.version >= 1)")
    page.screenshot(path=str(artifacts / "embed-seat-desktop.png"), full_page=True)

    # The other seat resigns: the match is over, and the frame says so.
    resigned = requests.post(
        f"{web_server.url}/matches/{match_id}/resign",
        headers={"Authorization": f"Bearer {created['seats'][1]['token']}"},
        timeout=TIMEOUT,
    )
    assert resigned.status_code == 200, resigned.text
    final = public(web_server, match_id)
    page.wait_for_function("window.arenaMessages.some(m => m.type === 'arena.over')")
    over = [m for m in messages(page) if m["type"] == "arena.over"]
    assert over == [{"type": "arena.over", "match_id": match_id, "version": final["version"]}]
    versions = [m["version"] for m in messages(page) if m["type"] == "arena.version"]
    assert versions == sorted(set(versions)) and versions[-1] == final["version"]  # each once, in order
    expect(page.locator("#messages li").last).to_contain_text("arena.")


def test_an_embedded_match_page_tells_its_parent_whose_turn_it_is(
    page: Page, web_server: LiveServer, embed_host: StaticServer
) -> None:
    created = create(
        web_server, {"game": "pipifax", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "random"}], "pace_ms": 300}
    )
    match_id = created["match"]["match_id"]
    watched = f"{web_server.url}/play/match.html?id={match_id}&embed=1"
    page.goto(f"{embed_host.origin}/index.html?src={quote(watched, safe='')}")
    page.wait_for_function("window.arenaMessages.some(m => m.type === 'arena.version' && m.version >= 2)")
    kinds = {m["type"] for m in messages(page)}
    assert {"arena.version", "arena.turn"} <= kinds
    assert all(m["match_id"] == match_id for m in messages(page))


def frame_of(page: Page) -> Frame:
    """The embedded page's frame (the host page's one frame)."""
    element = page.locator("#arena").element_handle()
    assert element is not None
    frame = element.content_frame()
    assert frame is not None
    frame.wait_for_load_state()
    return frame


def take_a_turn_in(frame: Frame, version: int) -> None:
    """One move from inside the frame at ``version``: a disc to flip, else the first action listed."""
    frame.wait_for_function(
        "v => document.body.dataset.version === String(v) && document.body.dataset.myTurn === 'true'", arg=version
    )
    discs = frame.locator(".discs button.legal")
    (discs.first if discs.count() else frame.locator(".actions button.legal-action").first).click()
    frame.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version, timeout=90_000)


@pytest.mark.timeout(600)
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_embedded_seat_posts_every_version_once_and_in_order(
    page: Page, web_server: LiveServer, embed_host: StaticServer, width: str
) -> None:
    """A Taiga match against the greedy bot, played from inside the frame: the bot's versions come
    with the answer to each move, and each still gets its own message. At desktop width the match is
    played to the end; at a phone's width (the frame 390 px wide), ten moves."""
    created = create(
        web_server,
        {
            "game": "taiga",
            "players": 2,
            "seed": 7,
            "options": {"first_player": 0},
            "seats": [{"name": "ada"}, {"bot": "greedy"}],
        },
    )
    match_id = created["match"]["match_id"]
    seat_page = f"{web_server.url}/play/seat.html?match={match_id}&embed=1#token={created['seats'][0]['token']}"
    page.goto(f"{embed_host.origin}/index.html?src={quote(seat_page, safe='')}")
    if width == "phone":
        page.evaluate("document.getElementById('arena').width = 390")
    frame = frame_of(page)
    moves = 10 if width == "phone" else 500
    for _ in range(moves):
        match = public(web_server, match_id)
        if match["status"] != "active":
            break
        take_a_turn_in(frame, match["version"])
    match = public(web_server, match_id)
    if width == "desktop":
        assert match["status"] == "finished"
        page.wait_for_function("window.arenaMessages.some(m => m.type === 'arena.over')")
    else:
        page.wait_for_function(
            "v => window.arenaMessages.some(m => m.type === 'arena.version' && m.version === v)", arg=match["version"]
        )
    versions = [m["version"] for m in messages(page) if m["type"] == "arena.version"]
    assert versions == list(range(match["version"] + 1)), versions  # every version, once, in order
    bot_versions = [
        v
        for v in range(1, match["version"] + 1)
        if v not in {m["version"] for m in messages(page) if m["type"] == "arena.turn"}
    ]
    assert bot_versions, "the bot's versions are among those posted"
    assert all(m["match_id"] == match_id for m in messages(page))
