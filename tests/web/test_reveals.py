"""Every reveal stays on the board until the next decision, for everyone who may see it.

A seat (through the API) makes the decision; the pages of another seat and of a spectator are
checked structurally against the events and the stored truth, and photographed. Then the next
decision is made, and the reveal gives way to the next one.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import requests
from playwright.sync_api import Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, Json, act, create, play_random, public, stored_table


def seat_url(server: LiveServer, created: Json, seat: int) -> str:
    token = next(entry["token"] for entry in created["seats"] if entry["seat"] == seat)
    return f"{server.url}/play/seat.html?match={created['match']['match_id']}#token={token}"


def match_url(server: LiveServer, created: Json) -> str:
    return f"{server.url}/play/match.html?id={created['match']['match_id']}"


def token_of(created: Json, seat: int) -> str:
    token: str = next(entry["token"] for entry in created["seats"] if entry["seat"] == seat)
    return token


def events_of(server: LiveServer, match_id: str, version: int) -> list[Json]:
    page = requests.get(
        f"{server.url}/matches/{match_id}/events?after={version - 1}&limit=1000", timeout=TIMEOUT
    ).json()
    return [event for event in page["events"] if event["version"] == version]


def at_version(page: Page, version: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-version", str(version))


def pipifax_flip(server: LiveServer, created: Json, seat: int, hit: bool) -> tuple[int, str]:
    """Seat ``seat`` flips a card that finds the die's animal (``hit``) or misses; its position and animal."""
    match_id = created["match"]["match_id"]
    state = stored_table(server, match_id).match.state
    used = {state["colours"][p] for p in state["flipped"]}
    for position, animal in enumerate(state["animals"]):
        if state["colours"][position] not in used and (animal == state["die"]) == hit:
            act(server, match_id, token_of(created, seat), {"type": "pipifax.flip", "position": position})
            return position, animal
    raise AssertionError("no such card")


def test_pipifax_shows_a_find_and_a_miss_until_the_next_flip(
    page: Page, web_server: LiveServer, artifacts: Path
) -> None:
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 31, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    other = page.context.new_page()
    page.goto(match_url(web_server, created))  # a spectator
    other.goto(seat_url(web_server, created, 1))  # the other player
    at_version(page, 0)

    found, found_animal = pipifax_flip(web_server, created, 0, hit=True)
    for viewer in (page, other):
        at_version(viewer, 1)
        card = viewer.locator(f".pipifax-cards [data-position='{found}']")
        expect(card).to_have_class(re.compile(r"\bface-up revealed found\b"))
        expect(card.locator(".face")).to_have_text(found_animal)
        expect(viewer.locator(".reveal")).to_contain_text(f"card {found}: {found_animal}")
        expect(viewer.locator(".reveal")).to_contain_text("a find")

    missed, missed_animal = pipifax_flip(web_server, created, 0, hit=False)
    assert public(web_server, match_id)["view"]["cards"][missed]["face_up"] is False  # the view turned it back
    for viewer in (page, other):
        at_version(viewer, 2)
        for position, animal in ((found, found_animal), (missed, missed_animal)):
            card = viewer.locator(f".pipifax-cards [data-position='{position}']")
            expect(card).to_have_attribute("data-animal", animal)
            assert "revealed missed" in (card.get_attribute("class") or "")
            expect(card.locator(".face")).to_have_text(animal)
            assert "a miss" in (card.get_attribute("aria-label") or "")
        expect(viewer.locator(".reveal")).to_contain_text("a miss")
        expect(viewer.locator(".reveal .turned-down")).to_contain_text(f"card {found} ({found_animal})")
    expect(other.locator("body")).to_have_attribute("data-my-turn", "true")
    page.screenshot(path=str(artifacts / "reveal-pipifax-miss-spectator-desktop.png"), full_page=True)
    other.screenshot(path=str(artifacts / "reveal-pipifax-miss-seat-desktop.png"), full_page=True)

    # The next decision: seat 1 flips; the miss is no longer drawn (only in the log).
    third, _ = pipifax_flip(web_server, created, 1, hit=False)
    for viewer in (page, other):
        at_version(viewer, 3)
        expect(viewer.locator(".pipifax-cards .revealed")).to_have_count(1)
        expect(viewer.locator(f".pipifax-cards [data-position='{third}']")).to_have_class(
            re.compile(r"\brevealed missed\b")
        )
        expect(viewer.locator(f".pipifax-cards [data-position='{missed}'] .face")).to_have_text("?")


def test_taiga_shows_the_disc_just_flipped_and_what_it_showed(
    page: Page, web_server: LiveServer, artifacts: Path
) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 5, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    page.goto(seat_url(web_server, created, 1))
    at_version(page, 0)
    answer = act(web_server, match_id, token_of(created, 0), {"type": "taiga.flip", "disc": 4})
    flipped = next(e for e in events_of(web_server, match_id, answer["version"]) if e["kind"] == "disc_flipped")
    at_version(page, answer["version"])
    disc = page.locator(".discs [data-disc='4']")
    expect(disc).to_have_attribute("data-was", flipped["data"]["was"])
    assert "revealed" in (disc.get_attribute("class") or "")
    expect(disc.locator(".face")).to_have_text(flipped["data"]["shows"].replace("_", " "))
    expect(disc.locator(".was")).to_have_text(f"was {flipped['data']['was'].replace('_', ' ')}")
    was, shows = (flipped["data"][side].replace("_", " ") for side in ("was", "shows"))
    expect(page.locator(".reveal")).to_contain_text(f"flipped disc 4: it showed {was}, now {shows}")
    page.screenshot(path=str(artifacts / "reveal-taiga-desktop.png"), full_page=True)


def until_event(server: LiveServer, created: Json, kind: str, rng: random.Random, limit: int = 400) -> tuple[int, Json]:
    """Random moves until a version whose events include ``kind``; that version and the event."""
    match_id = created["match"]["match_id"]
    for _ in range(limit):
        match = play_random(server, created, 1, rng)
        found = [e for e in events_of(server, match_id, match["version"]) if e["kind"] == kind]
        if found:
            return match["version"], found[0]
    raise AssertionError(f"no {kind} within {limit} moves")


def test_pili_pili_shows_the_bets_and_the_trick_just_taken(page: Page, web_server: LiveServer, artifacts: Path) -> None:
    created = create(web_server, {"game": "pili-pili", "players": 3, "seed": 8})
    match_id = created["match"]["match_id"]
    rng = random.Random(8)
    page.goto(match_url(web_server, created))
    version, bet = until_event(web_server, created, "bet_placed", rng)
    at_version(page, version)
    expect(page.locator(f".reveal .revealed-bet[data-seat='{bet['data']['seat']}']")).to_contain_text(
        f"bet {bet['data']['tricks']}"
    )
    version, trick = until_event(web_server, created, "trick_won", rng)
    at_version(page, version)
    shown = page.locator(".reveal .revealed-trick")
    expect(shown).to_have_attribute("data-seat", str(trick["data"]["seat"]))
    expect(shown).to_contain_text(f"Trick {trick['data']['trick']} taken by")
    faces = shown.locator("[data-card]")
    expect(faces).to_have_count(len(trick["data"]["cards"]))
    assert sorted(int(card) for card in faces.evaluate_all("nodes => nodes.map(n => n.dataset.card)")) == sorted(
        trick["data"]["cards"]
    )
    view = public(web_server, match_id)["view"]
    if view["trick_winners"]:  # "Last trick" names only the last trick's winner, not the round's
        winner = view["trick_winners"][-1]
        expect(page.locator(".last-winner")).to_have_text(
            re.compile(rf"^Won by [^,]*\(seat {winner}\)\.$|^Won by Seat {winner}\.$")
        )
    page.screenshot(path=str(artifacts / "reveal-pili-pili-trick-desktop.png"), full_page=True)
    version, scored = until_event(web_server, created, "round_scored", rng)
    at_version(page, version)
    rows = page.locator(".reveal .revealed-round tr[data-seat]")
    expect(rows).to_have_count(3)
    for seat in range(3):
        cells = rows.nth(seat).locator("td")
        expect(cells.nth(0)).to_have_text(str(scored["data"]["bets"][seat]))
        expect(cells.nth(1)).to_have_text(str(scored["data"]["won"][seat]))
    page.screenshot(path=str(artifacts / "reveal-pili-pili-round-desktop.png"), full_page=True)


def test_girafferaffe_shows_the_robots_plays_until_the_next_turn(
    page: Page, web_server: LiveServer, artifacts: Path
) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 1, "seed": 3, "options": {"mode": "solo"}})
    match_id = created["match"]["match_id"]
    rng = random.Random(3)
    page.goto(seat_url(web_server, created, 0))
    robot: list[Any] = []
    for _ in range(60):
        match = play_random(web_server, created, 1, rng)
        robot = [
            e
            for e in events_of(web_server, match_id, match["version"])
            if e["kind"] == "cards_played" and e["data"]["seat"] is None
        ]
        if robot or match["status"] != "active":
            break
    assert robot, "the robot never played"
    at_version(page, match["version"])
    plays = page.locator(".reveal .revealed-play.robot")
    expect(plays).to_have_count(len(robot))
    expect(plays.first).to_contain_text("The robot played")
    expect(plays.first.locator(".gcard")).to_have_count(
        len(robot[0]["data"]["cards"]) + len(robot[0]["data"]["copies"])
    )
    page.screenshot(path=str(artifacts / "reveal-girafferaffe-robot-desktop.png"), full_page=True)
