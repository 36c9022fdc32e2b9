"""Every page type, at desktop and at phone width: no serious or critical axe-core violation, nothing
wider than the window; and the actions a person takes, taken by keyboard alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import Json, create, play_random, public, stored_table
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow

#: Players and random moves that bring each game to the middle of a match.
MID_GAME = {"pipifax": (3, 3), "taiga": (3, 8), "girafferaffe": (3, 6), "pili-pili": (4, 5)}


def mid_game(server: LiveServer, game: str) -> Json:
    players, moves = MID_GAME[game]
    created = create(server, {"game": game, "players": players, "seed": 21})
    play_random(server, created, moves, random.Random(21))
    return created


def page_urls(server: LiveServer) -> dict[str, str]:
    """One address of every page type: the start page, the join page, waiting, seat, match, replay, embedded."""
    urls = {"start": f"{server.url}/play/"}
    waiting = create(server, {"game": "taiga", "players": 2, "seats": [{"name": "ada"}, {"open": True}]})
    waiting_id = waiting["match"]["match_id"]
    urls["join"] = f"{server.url}/play/join.html?match={waiting_id}&seat=1"
    urls["waiting-seat"] = (
        f"{server.url}/play/seat.html?match={waiting_id}#token={waiting['seats'][0]['token']}&host={waiting['host_token']}"
    )
    for game in MID_GAME:
        created = mid_game(server, game)
        match_id = created["match"]["match_id"]
        seat = public(server, match_id)["to_act"][0]
        token = next(entry["token"] for entry in created["seats"] if entry["seat"] == seat)
        urls[f"seat-{game}"] = f"{server.url}/play/seat.html?match={match_id}#token={token}"
        urls[f"match-{game}"] = f"{server.url}/play/match.html?id={match_id}"
    finished = create(server, {"game": "pipifax", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    urls["replay"] = f"{server.url}/play/replay.html?id={finished['match']['match_id']}&version=3"
    urls["embed-seat"] = urls["seat-taiga"].replace("#", "&embed=1#")
    return urls


@pytest.fixture(scope="module")
def every_page_type(web_server: LiveServer) -> dict[str, str]:
    """The pages of ``page_urls``, made once for both widths: the pages only read their matches."""
    return page_urls(web_server)


def settled(page: Page, kind: str) -> None:
    """Wait until the page has drawn what it loads."""
    if kind == "start":
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
    elif kind == "join":
        expect(page.locator(".join-form")).to_be_visible()
    elif kind == "replay":
        expect(page.locator(".replay-step")).to_be_visible()
    else:
        expect(page.locator("section.board")).to_be_visible()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_every_page_type_passes_axe_and_fits_the_window(
    open_context: Callable[..., BrowserContext],
    web_server: LiveServer,
    every_page_type: dict[str, str],
    axe_script: Path,
    *,
    artifacts: Path,
    width: str,
) -> None:
    page = open_context(DESKTOP if width == "desktop" else PHONE).new_page()
    found: dict[str, object] = {}
    for kind, url in every_page_type.items():
        if kind == "replay":  # the bots finish it meanwhile (the replay page needs a match that is over)
            match_id = url.split("id=")[1].split("&")[0]
            page.goto(f"{web_server.url}/play/match.html?id={match_id}")
            expect(page.locator("body")).to_have_attribute("data-status", "finished")
        page.goto(url)
        settled(page, kind)
        page.locator("details.how-to-play").evaluate_all("nodes => nodes.forEach(n => n.open = true)")
        violations = axe_violations(page, axe_script)
        if violations:
            found[kind] = violations
        no_overflow(page)
        page.screenshot(path=str(artifacts / f"page-{kind}-{width}.png"), full_page=True)
    assert found == {}, dump(found)


def tab_to(page: Page, selector: str, presses: int = 120) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_match_is_started_and_played_by_keyboard_and_the_focus_stays_on_the_board(
    page: Page, web_server: LiveServer
) -> None:
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    tab_to(page, "#game")
    page.keyboard.press("End")  # the last game in the list
    expect(page.locator("#game")).to_have_value("taiga")
    tab_to(page, "#seat-1")
    page.keyboard.press("Home")  # seat 1's first choice, an open seat,
    page.keyboard.press("ArrowDown")  # then a seat for a friend,
    page.keyboard.press("ArrowDown")  # and the next one, a bot
    assert page.locator("#seat-1").input_value().startswith("bot:")
    tab_to(page, "#pace")
    page.keyboard.press("Home")  # the bots do not wait
    tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_url("**/seat.html?match=*#token=*")
    body = page.locator("body")
    for _ in range(3):
        expect(body).to_have_attribute("data-my-turn", "true")
        version = int(body.get_attribute("data-version") or "0")
        tab_to(page, "section.board button.legal, .actions button.legal-action")
        page.keyboard.press("Enter")
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        # After the move the focus is on the board (or an action button there again), never the page itself.
        assert page.evaluate("document.activeElement !== document.body"), "the focus fell to the page"
        assert page.evaluate("!!document.activeElement.closest('#table')")
        match_id = page.url.split("match=")[1].split("#")[0]
        if stored_table(web_server, match_id).is_over:
            break


def test_the_replay_moves_one_step_per_key_even_pressed_quickly(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    final = public(web_server, match_id)["version"]
    assert final > 12
    page.goto(f"{web_server.url}/play/replay.html?id={match_id}")
    step = page.locator(".replay-step")
    expect(step).to_have_attribute("data-version", "0")
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-version", "10")
    expect(page.locator("body")).to_have_attribute("data-version", "10")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-version", "6")
    tab_to(page, "button.next")
    for _ in range(3):
        page.keyboard.press("Enter")
    expect(step).to_have_attribute("data-version", "9")
