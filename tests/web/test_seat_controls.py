"""Acting from the seat page: by keyboard alone (Girafferaffe's tree and cards too), by a click or a Space
press the page redraws under, and resigning; the page draws each version once."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from engine.games.pili_pili import mission_card
from tests.live_server import LiveServer
from tests.web.api_helpers import act, create, legal, play_random, public, stored_table


def seat_url(server: LiveServer, created: dict[str, object], seat: int) -> str:
    match = created["match"]
    seats = created["seats"]
    assert isinstance(match, dict) and isinstance(seats, list)
    return f"{server.url}/play/seat.html?match={match['match_id']}#token={seats[seat]['token']}"


def test_a_turn_taken_with_the_keyboard_only(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 3, "options": {}})
    match = play_random(web_server, created, 0, random.Random(3))
    seat = match["to_act"][0]
    page.goto(seat_url(web_server, created, seat))
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    for disc in page.locator(".discs .disc").all():  # every disc has a text alternative
        assert (disc.get_attribute("aria-label") or "").startswith("disc ")
    for _ in range(60):  # Tab through the page to the first legal disc
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.discs button.legal')"):
            break
    else:
        raise AssertionError("no legal disc is reachable with Tab")
    chosen = int(page.evaluate("document.activeElement.dataset.disc"))
    page.keyboard.press("Enter")
    expect(body).to_have_attribute("data-version", "1")
    table = stored_table(web_server, match["match_id"])
    assert table.match.state["last_disc"] == chosen


def test_girafferaffe_cards_and_a_tree_chosen_by_keyboard(page: Page, web_server: LiveServer) -> None:
    """Enter chooses a tree and a card, and the focus stays on what was pressed when the page redraws
    (tests/web/test_girafferaffe_play.py checks the choice against the server's legal plays)."""
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 12})
    match = play_random(web_server, created, 0, random.Random(12))
    seat = match["to_act"][0]
    page.goto(seat_url(web_server, created, seat))
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    expect(page.locator("button.tree-choice[data-tree='pair']")).to_have_class("tree-choice legal")
    page.locator("button.tree-choice[data-tree='pair']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("button.tree-choice[data-tree='pair']")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.key") == "tree-pair"
    card = page.locator(".composer button.hand-card.legal").first
    key = card.get_attribute("data-key")
    card.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f".composer button.hand-card[data-key='{key}']")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.key") == key
    page.keyboard.press("Enter")
    expect(page.locator(f".composer button.hand-card[data-key='{key}']")).to_have_attribute("aria-pressed", "false")
    assert stored_table(web_server, match["match_id"]).version == 0


def open_a_pass_every_seat_makes_at_once(page: Page, server: LiveServer) -> tuple[str, list[str]]:
    """Pili Pili's S1 pass, a choice every seat makes at once (so the match moves on while a person is
    still to choose), open on seat 0's page at version 3: the match's id and the seats' tokens."""
    options = {"missions": "standard", "mission_deck": [mission_card("S1", 4, count=1, direction="left")]}
    created = create(server, {"game": "pili-pili", "players": 3, "seed": 2, "options": {**options, "first_player": 0}})
    match_id = created["match"]["match_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for seat in range(3):
        act(server, match_id, tokens[seat], {"type": "pili-pili.bet", "tricks": 0 if seat < 2 else 1})
    assert public(server, match_id)["to_act"] == [0, 1, 2]
    page.goto(seat_url(server, created, 0))
    body = page.locator("body")
    expect(body).to_have_attribute("data-version", "3")
    expect(body).to_have_attribute("data-my-turn", "true")
    return match_id, tokens


def seat_1_passes(page: Page, server: LiveServer, match_id: str, tokens: list[str]) -> None:
    """Seat 1 passes: version 4, on the page too, and still seat 0's turn."""
    act(server, match_id, tokens[1], legal(server, match_id, tokens[1], limit=1)["actions"][0])
    expect(page.locator("body")).to_have_attribute("data-version", "4")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")


def a_pass_pressed_while_another_seat_passes(
    page: Page, server: LiveServer, press: Callable[[Locator], None], release: Callable[[], None]
) -> None:
    """Between the `press` on seat 0's first pass and its `release`, seat 1 passes: the page has the new
    version meanwhile, and the release passes the card pressed."""
    match_id, tokens = open_a_pass_every_seat_makes_at_once(page, server)
    chosen = page.locator(".actions button.legal-action").first
    passed = chosen.get_attribute("data-key")
    assert passed
    press(chosen)
    seat_1_passes(page, server, match_id, tokens)
    release()
    expect(page.locator("body")).to_have_attribute("data-version", "5")
    table = stored_table(server, match_id)
    assert table.match.state["pending"][0] == json.loads(passed)["cards"], "the card pressed was passed"


#: Counts the draws of the page's table (each replaces its children at once) from the page's start.
COUNT_TABLE_DRAWS = """document.addEventListener("DOMContentLoaded", () => {
  window.tableDraws = 0;
  new MutationObserver(() => window.tableDraws++).observe(document.getElementById("table"), {childList: true});
});"""


def test_the_page_draws_a_version_once(page: Page, web_server: LiveServer) -> None:
    """The seat's stream opens with its turn at the version the page already shows, which draws nothing
    anew (a redraw replaces every button, one under a person's pointer too); the next version, still
    the seat's turn, is drawn once."""
    page.add_init_script(COUNT_TABLE_DRAWS)
    match_id, tokens = open_a_pass_every_seat_makes_at_once(page, web_server)
    seat_1_passes(page, web_server, match_id, tokens)
    assert page.evaluate("window.tableDraws") == 2


def test_a_click_the_page_redraws_under_between_press_and_release_still_acts(
    page: Page, web_server: LiveServer
) -> None:
    """The page redraws at a new version only once the mouse button is released, so the press and the
    release land on the same button and the click acts (a redraw between the two would take the button
    away and the browser would click nothing)."""

    def press(button: Locator) -> None:
        # hover() finds the button again should the page draw it anew while the pointer moves there.
        button.hover()
        page.mouse.down()

    a_pass_pressed_while_another_seat_passes(page, web_server, press, page.mouse.up)


def test_a_space_press_the_page_redraws_under_before_its_release_still_acts(page: Page, web_server: LiveServer) -> None:
    """Space clicks a button at its release (Enter at its press), and only the button it went down on,
    so the page holds a new version back while Space is down on a button, as it does while a mouse
    button is."""

    def press(button: Locator) -> None:
        button.focus()
        page.keyboard.down(" ")

    a_pass_pressed_while_another_seat_passes(page, web_server, press, lambda: page.keyboard.up(" "))


def test_a_seat_resigns_from_its_page_only_once_it_confirms(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "pipifax", "players": 3, "seed": 21})
    match_id = created["match"]["match_id"]
    page.goto(seat_url(web_server, created, 1))
    expect(page.locator("body")).to_have_attribute("data-version", "0")

    # The first press only asks; "Keep playing" takes the question back, and nothing is sent. By
    # keyboard: the focus goes from one button to the other as the page redraws.
    page.locator("button.resign").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".leave [role=alert]")).to_contain_text("cannot be undone")
    expect(page.locator("button.cancel-resign")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("button.resign")).to_be_focused()
    stored = stored_table(web_server, match_id)
    assert stored.version == 0 and stored.seats[1].state == "playing"

    # Confirmed: the seat is out, the match goes on for the other two, and the page says so.
    page.locator("button.resign").click()
    page.locator("button.confirm-resign").click()
    expect(page.locator(".seat-out")).to_contain_text("You resigned")
    expect(page.locator("button.resign")).to_have_count(0)
    stored = stored_table(web_server, match_id)
    assert stored.seats[1].state == "resigned"
    assert [info.state for seat, info in enumerate(stored.seats) if seat != 1] == ["playing", "playing"]
    assert stored.status == "active"


def test_resigning_a_two_player_match_from_the_page_ends_it_with_the_other_seat_winning(
    page: Page, web_server: LiveServer
) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 22, "options": {}})
    match_id = created["match"]["match_id"]
    page.goto(seat_url(web_server, created, 0))
    page.locator("button.resign").click()
    page.locator("button.confirm-resign").click()
    expect(page.locator("a.replay-link")).to_be_visible()
    expect(page.locator("button.resign")).to_have_count(0)
    stored = stored_table(web_server, match_id)
    assert stored.status == "finished"
    result = stored.result()
    assert result is not None and result["winners"] == [1]
