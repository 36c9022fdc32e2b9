"""Acting from the seat page: by keyboard alone, and Girafferaffe's free choice of cards and a tree.

Girafferaffe has too many plays to list, so its page lets the player choose any cards and a tree
and leaves the judgement to the server: a legal choice is played, an illegal one is refused with
the server's message and changes nothing.
"""

from __future__ import annotations

import random

import requests
from playwright.sync_api import Page, expect

from engine.games.girafferaffe import readable_state
from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, create, play_random, stored_table


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


def test_girafferaffe_cards_and_a_tree_chosen_by_clicking(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 12})
    match = play_random(web_server, created, 0, random.Random(12))
    seat = match["to_act"][0]
    token = created["seats"][seat]["token"]
    page.goto(seat_url(web_server, created, seat))
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    expect(page.locator(".legal-count")).to_contain_text("legal action")

    # By keyboard: Enter chooses a card, and the focus stays on it when the page redraws.
    first = page.locator(".composer button.hand-card").first
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".composer button.hand-card").first).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.key") == "hand-0"
    page.keyboard.press("Enter")
    expect(page.locator(".composer button.hand-card").first).to_have_attribute("aria-pressed", "false")

    # An illegal choice: a single card on the Pair tree. The server refuses it; nothing changes.
    hand = readable_state(stored_table(web_server, match["match_id"]).match.state)["hands"][seat]
    page.locator(f".composer button.hand-card[data-card='{hand[0]}']").click()
    page.locator("button.tree-choice[data-tree='pair']").click()
    page.locator("button.play-chosen").click()
    expect(page.locator("#error")).to_contain_text("action/illegal")
    assert stored_table(web_server, match["match_id"]).version == 0

    # A legal play, as the API lists it for a tree: chosen card by card, then the tree.
    listed = requests.get(
        f"{web_server.url}/matches/{match['match_id']}/legal-actions?filter=tree=pair&limit=1",
        headers={"Authorization": f"Bearer {token}"},
        timeout=TIMEOUT,
    ).json()
    assert listed["total"] >= 1, "seed 12 deals seat a pair"
    play = listed["actions"][0]
    page.reload()
    expect(body).to_have_attribute("data-my-turn", "true")
    expect(page.locator("button.tree-choice[data-tree='pair']")).to_have_class("tree-choice legal")
    for card in play["cards"]:
        page.locator(f".composer button.hand-card[data-card='{card}']:not(.chosen)").first.click()
    for index, copied in enumerate(play["copies"]):  # a copy card, and the card it copies
        page.locator(".composer button.hand-card[data-card='copy']:not(.chosen)").first.click()
        page.locator(".composer .hand-slot select").nth(index).select_option(copied)
    page.locator("button.tree-choice[data-tree='pair']").click()
    expect(page.locator("button.play-chosen")).to_be_enabled()
    page.locator("button.play-chosen").click()
    expect(body).to_have_attribute("data-version", "1")
    after = stored_table(web_server, match["match_id"]).match
    assert not set(play["cards"]) & set(readable_state(after.state)["hands"][seat])  # the chosen cards left the hand
    on_tree = page.locator("li.tree[data-tree='pair'] .plays > li")
    expect(on_tree).to_have_count(1)
    expect(on_tree.locator(".gcard")).to_have_count(len(play["cards"]) + len(play["copies"]))


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
