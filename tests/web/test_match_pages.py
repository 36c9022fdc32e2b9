"""Each game's match page renders a mid-game public view; a finished match replays version by version.

Structure is compared with the public view the API serves (how many cards, discs, trees, seats...),
not pixels; screenshots are saved under test-artifacts/web/ for people to look at.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import create, play_random, public

#: Players and random moves that bring each game to the middle of a match.
MID_GAME = {"pipifax": (3, 3), "taiga": (3, 8), "girafferaffe": (3, 6), "pili-pili": (3, 5)}


def check_board(page: Page, view: dict[str, Any]) -> None:
    """The board shows every element of the game's public view."""
    board = page.locator(f"section.board.game-{view['game']}")
    expect(board).to_be_visible()
    if view["game"] == "pipifax":
        expect(board.locator(".card")).to_have_count(len(view["cards"]))
        for card in view["cards"]:
            located = board.locator(f"[data-position='{card['position']}']")
            located_class = located.get_attribute("class") or ""
            assert located_class.startswith(f"card colour-{card['colour']}"), located_class
            label = located.get_attribute("aria-label") or ""
            if "revealed" in located_class:  # just turned over (tests/web/test_reveals.py checks these)
                assert "just turned over" in label
            elif card["face_up"]:
                assert "face-up" in located_class and card["animal"].replace("_", " ") in label
            else:
                assert "face down" in label
        expect(board).to_contain_text(f"Die: {view['die']}")
    elif view["game"] == "taiga":
        expect(board.locator(".disc")).to_have_count(len(view["discs"]))
        for disc in view["discs"]:
            label = f"disc {disc['disc']}: {disc['up'].replace('_', ' ')} up"
            if disc["down"]:
                label += f", {disc['down'].replace('_', ' ')} down"
            # A disc just flipped also says what its other side is, and that it was just flipped.
            pattern = re.escape(label) + r"(, [a-z ]+ down)?(, just flipped)?"
            expect(board.locator(f"[data-disc='{disc['disc']}']")).to_have_attribute("aria-label", re.compile(pattern))
        rows = board.locator(".scores tr[data-seat]")
        expect(rows).to_have_count(view["players"])
        for seat, score in enumerate(view["scores"]):
            expect(rows.nth(seat)).to_contain_text(str(score))
    elif view["game"] == "girafferaffe":
        expect(board.locator("li.tree")).to_have_count(len(view["trees"]))
        for tree in view["trees"]:
            plays = board.locator(f"li.tree[data-tree='{tree['id']}'] .plays > li")
            expect(plays).to_have_count(len(tree["plays"]))
            for index, play in enumerate(tree["plays"]):
                expect(plays.nth(index).locator(".gcard")).to_have_count(len(play["cards"]) + len(play["copies"]))
        expect(board.locator(".scores tr[data-seat]")).to_have_count(view["players"])
        assert board.locator(".composer").count() == 0  # a spectator has no hand
    else:
        expect(board.locator(".scores tr[data-seat]")).to_have_count(view["players"])
        expect(board.locator("ol.trick").first.locator("li")).to_have_count(len(view["trick"]))
        expect(board).to_contain_text(f"Phase: {view['phase']}")
        on_table = [played["card"] for played in view["trick"] + (view["last_trick"] or [])]
        shown = board.locator("[data-card]:not(.reveal [data-card])")
        assert shown.count() == len(on_table)  # the only faces a spectator sees: the cards on the table


@pytest.mark.parametrize("game", sorted(MID_GAME))
def test_a_mid_game_match_page(page: Page, web_server: LiveServer, artifacts: Path, game: str) -> None:
    players, moves = MID_GAME[game]
    created = create(web_server, {"game": game, "players": players, "seed": 21})
    match = play_random(web_server, created, moves, random.Random(21))
    page.goto(f"{web_server.url}/play/match.html?id={match['match_id']}")
    status = page.locator(".status")
    expect(status).to_have_attribute("data-version", str(match["version"]))
    expect(status).to_contain_text(f"{game}, version {match['version']}, active")
    seats = page.locator(".seats .seat")
    expect(seats).to_have_count(players)
    for seat in range(players):
        expected = "to-act" if seat in match["to_act"] else "seat"
        assert expected in (seats.nth(seat).get_attribute("class") or "")
    check_board(page, match["view"])
    expect(page.locator(".log li").first).to_contain_text("v0")
    page.screenshot(path=str(artifacts / f"match-{game}.png"), full_page=True)


def test_a_finished_match_replays_step_by_step(page: Page, web_server: LiveServer, artifacts: Path) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")  # the bots play it out meanwhile
    expect(page.locator(".status")).to_have_attribute("data-status", "finished")
    final = public(web_server, match_id)
    page.click("a.replay-link")
    step = page.locator(".replay-step")
    expect(step).to_have_attribute("data-version", "0")
    expect(page.locator(".position")).to_contain_text(f"version 0 of {final['version']}")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-version", "1")
    expect(step).to_contain_text("seat")  # version 1 is the first action, named with its label and seat
    page.get_by_role("button", name="Next").click()
    expect(step).to_have_attribute("data-version", "2")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_attribute("data-version", "1")
    page.get_by_role("button", name="Last").click()
    expect(step).to_have_attribute("data-version", str(final["version"]))
    expect(page.locator(".status")).to_contain_text("Match over")
    check_board(page, final["view"])
    page.screenshot(path=str(artifacts / "replay-taiga.png"), full_page=True)
