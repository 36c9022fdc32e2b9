"""The start page: the catalogue, a form that offers every mode and nothing the server would refuse,
and the lobby: a waiting match is joined, a live one watched, idle ones left out."""

from __future__ import annotations

import itertools
import re

import requests
from playwright.sync_api import Page, expect

from engine import all_games
from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, create, leave_idle, public, stored_log, stored_table
from tests.web.person import fill_form, start


def test_join_a_waiting_match_and_watch_a_live_one(page: Page, web_server: LiveServer) -> None:
    waiting = create(web_server, {"game": "taiga", "players": 2, "seats": [{"name": "ada"}, {"open": True}]})
    live = create(web_server, {"game": "pipifax", "players": 2})
    waiting_id, live_id = waiting["match"]["match_id"], live["match"]["match_id"]
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    for game in all_games():
        expect(page.locator(f"#catalogue li[data-game='{game.info.id}']")).to_contain_text(game.info.title)
    expect(page.locator(f"#active tr[data-match='{live_id}']")).to_contain_text("pipifax")
    row = page.locator(f"#waiting tr[data-match='{waiting_id}']")
    expect(row).to_contain_text("ada, (open)")
    page.fill("#name", "grace")
    row.get_by_role("button", name="Join").click()
    page.wait_for_url(re.compile(rf"/play/seat\.html\?match={re.escape(waiting_id)}#token="))
    expect(page.locator(".seats .seat.me")).to_contain_text("grace (seat 1)")
    table = stored_table(web_server, waiting_id)
    assert table.status == "active" and table.seats[1].name == "grace"

    page.goto(f"{web_server.url}/play/")
    page.locator(f"#active tr[data-match='{live_id}']").get_by_role("link", name="Watch").click()
    expect(page.locator(".status")).to_contain_text("pipifax, version 0, active")


def players_offered(page: Page) -> list[int]:
    return [int(value) for value in page.locator("#players option").evaluate_all("nodes => nodes.map(n => n.value)")]


def test_the_form_offers_each_modes_player_counts_and_only_the_options_that_apply(
    page: Page, web_server: LiveServer
) -> None:
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", "girafferaffe")
    assert players_offered(page) == [2, 3, 4, 5]  # standard: never 1 (the server would refuse it)
    expect(page.locator("#option-robot_cards")).to_be_hidden()
    page.select_option("#option-mode", label="solo")
    assert players_offered(page) == [1]
    expect(page.locator("#seats .seat-choice")).to_have_count(1)
    expect(page.locator("#option-robot_cards")).to_be_visible()
    expect(page.locator("#option-first_player")).to_be_hidden()
    page.select_option("#option-mode", label="rounds")
    assert players_offered(page) == [2, 3, 4, 5]
    page.select_option("#players", "4")
    expect(page.locator("#seats .seat-choice")).to_have_count(4)
    assert page.locator("#option-first_player option").count() == 5  # drawn at random, or seat 0-3

    page.select_option("#game", "pili-pili")
    assert players_offered(page) == list(range(2, 9))
    expect(page.locator("#option-mission_deck")).to_be_hidden()  # refused with missions none
    page.select_option("#option-missions", label="expert")
    expect(page.locator("#option-mission_deck")).to_be_visible()

    # Every game's options come from the catalogue.
    catalogue = requests.get(f"{web_server.url}/games", timeout=TIMEOUT).json()["games"]
    for game in catalogue:
        page.select_option("#game", game["id"])
        shown = page.locator("#options [data-option]").evaluate_all("nodes => nodes.map(n => n.dataset.option)")
        assert shown == [option["name"] for option in game["options"]]


def test_a_bot_only_match_from_the_form_is_paced_and_watched_move_by_move(page: Page, web_server: LiveServer) -> None:
    fill_form(page, web_server, "taiga", players=2, seats={0: "bot:greedy", 1: "bot:random"}, pace="1000")
    match_id = start(page)
    assert "#host=" in page.url  # the match page, as its host
    assert public(web_server, match_id)["pace_ms"] == 1000
    expect(page.locator(".pace")).to_contain_text("1 s")
    first = int(page.locator("body").get_attribute("data-version") or "0")
    for version in range(first + 1, first + 4):  # each version is drawn before the next one comes
        expect(page.locator("body")).to_have_attribute("data-version", str(version))
    entries = stored_log(web_server, match_id)[: first + 4]
    assert all(b["at"] - a["at"] >= 1.0 for a, b in itertools.pairwise(entries))  # one version per second
    expect(page.get_by_role("button", name="Abort the match")).to_be_visible()


def test_idle_matches_leave_the_waiting_and_live_lists(page: Page, web_server: LiveServer) -> None:
    waiting = create(
        web_server, {"game": "pipifax", "players": 3, "seats": [{"name": "ada"}, {"open": True}, {"open": True}]}
    )
    live = create(web_server, {"game": "taiga", "players": 2})
    fresh = create(web_server, {"game": "taiga", "players": 2})
    for created in (waiting, live):
        leave_idle(web_server, created["match"]["match_id"], 16 * 60)
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator(f"#active tr[data-match='{fresh['match']['match_id']}']")).to_be_visible()
    assert page.locator(f"tr[data-match='{live['match']['match_id']}']").count() == 0
    assert page.locator(f"tr[data-match='{waiting['match']['match_id']}']").count() == 0
    expect(page.locator("#idle-note")).to_contain_text("15 minutes")


def test_each_bot_offered_for_a_seat_says_how_strong_it_is(page: Page, web_server: LiveServer) -> None:
    """A person choosing an opponent sees what its level means: the catalogue's sentence, with the
    level's measured score against greedy, beside the seat it is chosen for."""
    catalogue = requests.get(f"{web_server.url}/games/taiga", timeout=TIMEOUT).json()
    strengths = {bot["id"]: bot["strength"] for bot in catalogue["bots"]}
    fill_form(page, web_server, "taiga", players=2, seats={0: "you", 1: "bot:search-3"})
    expect(page.locator("#seat-strength-1")).to_have_text(strengths["search-3"])
    expect(page.locator("#seat-strength-1")).to_contain_text("Against greedy it scores")
    expect(page.locator("#seat-strength-0")).to_have_text("")
    page.select_option("#seat-1", "bot:random")
    expect(page.locator("#seat-strength-1")).to_have_text(strengths["random"])
    page.select_option("#seat-0", "bot:greedy")
    expect(page.locator("#seat-strength-0")).to_have_text(strengths["greedy"])
    expect(page.locator("#seat-1 option[value='bot:search-2']")).to_have_attribute("title", strengths["search-2"])
