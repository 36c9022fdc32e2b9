"""Small things a player meets: the event log numbers its entries as they stand in the whole log;
every page is headed with the game's name; the start form cites no rule code a player cannot look
up there; a tree has one name wherever it shows (tests/web/test_girafferaffe_play.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import requests
from playwright.sync_api import BrowserContext, Page, Route, expect

from engine import all_games
from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, Json, create, public
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow

WIDTHS = {"desktop": DESKTOP, "phone": PHONE}

#: A rule's code cited in parentheses: "(R9)", "(R10, R11)", "(G2)".
RULE_CODE = re.compile(r"\(\s*[A-Z]{1,2}\d+")


def public_events(server: LiveServer, match_id: str) -> list[Json]:
    events: list[Json] = []
    after = -1
    while True:
        page = requests.get(f"{server.url}/matches/{match_id}/events?after={after}&limit=1000", timeout=TIMEOUT).json()
        events += page["events"]
        if not page["has_more"]:
            return events
        after = page["next_after"]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_log_numbers_its_latest_entries_as_they_stand_in_the_whole_log(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    created = create(web_server, {"game": "taiga", "players": 3, "seed": 3, "seats": [{"bot": "random"}] * 3})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")  # the bots play it out meanwhile
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    events = public_events(web_server, match_id)
    assert len(events) > 200
    first = len(events) - 199
    log = page.locator("ol.log")
    expect(log.locator("li")).to_have_count(200)
    expect(log).to_have_attribute("start", str(first))
    oldest = events[first - 1]
    expect(log.locator("li").first).to_contain_text(f"v{oldest['version']} {oldest['kind'].replace('_', ' ')}")
    expect(page.locator(".log-note")).to_have_text(
        f"The latest 200 of {len(events)} events ({first - 1} earlier ones are not shown)."
    )
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)


@pytest.mark.parametrize("kind", ["match", "seat"])
def test_a_match_that_ends_while_its_page_opens_shows_its_last_events(
    page: Page, web_server: LiveServer, kind: str
) -> None:
    """The page reads the log, then the match: a match that ended in between is over when the page
    reads it, and the events of its end, which no stream brings now, are read and shown too."""
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 5})
    match_id, token = created["match"]["match_id"], created["seats"][1]["token"]

    def log_then_resign(route: Route) -> None:
        response = route.fetch()  # the log as it stands, the match still in play
        resigned = requests.post(
            f"{web_server.url}/matches/{match_id}/resign",
            headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
            timeout=TIMEOUT,
        )
        assert resigned.status_code == 200, resigned.text
        route.fulfill(response=response)

    page.route(re.compile(r"/(seat-)?events\?after=-1&"), log_then_resign)  # the first page of the log only
    opened = "match.html?id=" if kind == "match" else "seat.html?match="
    page.goto(f"{web_server.url}/play/{opened}{match_id}#token={token}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    events = public_events(web_server, match_id)
    last = events[-1]
    expect(page.locator("ol.log li")).to_have_count(len(events))
    expect(page.locator("ol.log li").last).to_contain_text(f"v{last['version']} {last['kind'].replace('_', ' ')}")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_every_page_is_headed_with_its_game(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    for game in all_games():
        players = 1 if game.info.id == "girafferaffe" else 2
        options = {"mode": "solo"} if game.info.id == "girafferaffe" else {}
        created = create(web_server, {"game": game.info.id, "players": players, "options": options})
        match_id = created["match"]["match_id"]
        page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][0]['token']}")
        expect(page.locator("header h1")).to_have_text(f"Your seat: {game.info.title}")
        expect(page).to_have_title(re.compile(rf"^(Your turn: )?{game.info.title}, seat 0 - Tabletop Arena$"))
        page.goto(f"{web_server.url}/play/match.html?id={match_id}")
        expect(page.locator("header h1")).to_have_text(f"Watch a match: {game.info.title}")
        no_overflow(page)
    finished = create(web_server, {"game": "pipifax", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    match_id = finished["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    page.goto(f"{web_server.url}/play/replay.html?id={match_id}")
    expect(page.locator("header h1")).to_have_text("Replay: Pipifax")
    assert public(web_server, match_id)["status"] == "finished"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_start_form_cites_no_rule_code(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    page.goto(f"{web_server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    cited = [
        option.description
        for game in all_games()
        for option in game.info.options
        if RULE_CODE.search(option.description)
    ]
    assert cited, "the catalogue cites rule codes, which the form leaves out"
    for game in all_games():
        page.select_option("#game", game.info.id)
        helps = page.locator("#options .option-help").all_text_contents()
        titles = page.locator("#options [data-option]").evaluate_all("nodes => nodes.map(n => n.title)")
        assert len(helps) == len(game.info.options)
        for text in [*helps, *titles]:
            assert not RULE_CODE.search(text), text
    page.select_option("#game", "girafferaffe")
    expect(page.locator("#options .row[data-for='mode'] .option-help")).to_have_text(
        "standard: one game, 2-5 players; rounds: rounds until a player holds two rotten apples, 2-5 players; "
        "solo: one player against the robot."
    )
    no_overflow(page)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_replay_of_a_match_in_play_opens_once_it_ends(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 4})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/replay.html?id={match_id}")
    expect(page.locator(".not-over")).to_contain_text("its replay opens here when it ends")
    violations = axe_violations(page, axe_script)
    assert violations == [], dump(violations)
    resigned = requests.post(
        f"{web_server.url}/matches/{match_id}/resign",
        headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
        timeout=TIMEOUT,
    )
    assert resigned.status_code == 200, resigned.text
    expect(page.locator(".replay-step")).to_have_attribute("data-version", "0")
    expect(page.locator(".position")).to_contain_text(f"of {public(web_server, match_id)['version']}")
