"""How a match ended, in the words a player uses, on every page: one function (``js/result.js``),
checked on every shape a result takes, and the Girafferaffe solo match the robot wins (``winners:
[]``, ``loser: 0``) or loses, on the seat, match, replay and embedded pages at both widths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import requests
from playwright.sync_api import BrowserContext, Page, expect

from engine.bots import choose_action
from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, Json, act, create, public, stored_table
from tests.web.browser import StaticServer
from tests.web.conftest import DESKTOP, PHONE, no_overflow

NAMES = ["ada", "bea", "cy"]


def finished(game: str, players: int, winners: list[int], **more: Any) -> Json:
    """A finished match resource as the API answers it (only what the sentence reads)."""
    seats = [{"seat": seat, "name": NAMES[seat], "state": "playing"} for seat in range(players)]
    for seat, state in more.pop("left", {}).items():
        seats[seat]["state"] = state
    result = {"winners": winners, "scores": more.pop("scores", None), "ranks": more.pop("ranks", [1] * players)}
    return {"game": game, "players": players, "status": "finished", "result": result, "seats": seats, **more}


#: (match, viewer seat or None, the sentence): every shape a result takes.
CASES: list[tuple[Json, int | None, str | None]] = [
    # One winner (Pipifax; any game won outright).
    (finished("pipifax", 2, [1], ranks=[2, 1]), 1, "You won!"),
    (finished("pipifax", 2, [1], ranks=[2, 1]), 0, "You lost: bea won."),
    (finished("pipifax", 2, [1], ranks=[2, 1]), None, "Bea won."),
    # Scores, more is better (Taiga), and a shared win.
    (
        finished("taiga", 3, [0, 1], scores=[9, 9, 4], ranks=[1, 1, 3]),
        0,
        "You share the win with bea. Points: you 9, bea 9, cy 4.",
    ),
    (
        finished("taiga", 3, [0, 1], scores=[9, 9, 4], ranks=[1, 1, 3]),
        None,
        "Ada and bea share the win. Points: ada 9, bea 9, cy 4.",
    ),
    (finished("taiga", 2, [0], scores=[12, 7], ranks=[1, 2]), 1, "You lost: ada won. Points: ada 12, you 7."),
    # Scores, fewer is better (Pili Pili's Pilis).
    (
        finished("pili-pili", 3, [2], scores=[5, 3, 1], ranks=[3, 2, 1]),
        0,
        "You lost: cy won. Pilis (the fewest wins): you 5, bea 3, cy 1.",
    ),
    # Girafferaffe standard and rounds: one player loses, everyone else wins.
    (
        finished("girafferaffe", 3, [0, 2], ranks=[1, 2, 1], options={"mode": "standard"}),
        0,
        "You and cy won; bea lost.",
    ),
    (finished("girafferaffe", 3, [0, 2], ranks=[1, 2, 1], options={"mode": "rounds"}), 1, "You lost; ada and cy won."),
    (
        finished("girafferaffe", 3, [0, 2], ranks=[1, 2, 1], options={"mode": "standard"}),
        None,
        "Ada and cy won; bea lost.",
    ),
    (finished("girafferaffe", 2, [1], ranks=[2, 1], options={"mode": "standard"}), 0, "You lost: bea won."),
    # Girafferaffe solo: the robot wins (winners [], loser 0, rank 1) or is beaten.
    (finished("girafferaffe", 1, [], ranks=[1], options={"mode": "solo"}), 0, "The robot won."),
    (finished("girafferaffe", 1, [], ranks=[1], options={"mode": "solo"}), None, "The robot won."),
    (finished("girafferaffe", 1, [0], ranks=[1], options={"mode": "solo"}), 0, "You beat the robot."),
    (finished("girafferaffe", 1, [0], ranks=[1], options={"mode": "solo"}), None, "Ada beat the robot."),
    (
        finished("girafferaffe", 1, [], ranks=[1], options={"mode": "solo"}, left={0: "resigned"}),
        0,
        "The robot won. You resigned.",
    ),
    # The arena's endings: a seat left, the others win; nobody is left; everyone wins.
    (finished("taiga", 2, [1], ranks=[2, 1], left={0: "resigned"}), 1, "You won! Ada resigned."),
    (
        finished("pipifax", 3, [2], ranks=[2, 2, 1], left={0: "timed_out", 1: "disqualified"}),
        0,
        "You lost: cy won. Your time ran out; bea was disqualified.",
    ),
    (
        finished("taiga", 2, [], ranks=[1, 1], left={0: "resigned", 1: "resigned"}),
        None,
        "Nobody won. Ada resigned; bea resigned.",
    ),
    (
        finished("pili-pili", 3, [0, 1, 2], scores=[2, 2, 2]),
        2,
        "Everyone shares the win. Pilis (the fewest wins): ada 2, bea 2, you 2.",
    ),
    # Not over, or called off.
    (
        {"game": "taiga", "players": 2, "status": "aborted", "result": None, "seats": []},
        0,
        "The host called the match off: nobody won.",
    ),
    ({"game": "taiga", "players": 2, "status": "active", "result": None, "seats": []}, 0, None),
]

#: (match, seat, its place in the seats list).
PLACES: list[tuple[Json, int, str | None]] = [
    (finished("girafferaffe", 1, [], ranks=[1], options={"mode": "solo"}), 0, "lost to the robot"),
    (finished("girafferaffe", 1, [0], ranks=[1], options={"mode": "solo"}), 0, "beat the robot"),
    (finished("girafferaffe", 3, [0, 2], ranks=[1, 2, 1], options={"mode": "standard"}), 1, "lost"),
    (finished("taiga", 3, [0, 1], scores=[9, 9, 4], ranks=[1, 1, 3]), 1, "won"),
    (finished("taiga", 3, [0], scores=[9, 6, 4], ranks=[1, 2, 3]), 2, "3rd place"),
    ({"game": "taiga", "players": 2, "status": "aborted", "result": None, "seats": []}, 0, None),
]


def test_every_result_shape_reads_as_a_player_would_say_it(page: Page, web_server: LiveServer) -> None:
    page.goto(f"{web_server.url}/play/")
    said = page.evaluate(
        "async ([cases, places]) => { const m = await import('./js/result.js');"
        " return [cases.map(([match, viewer]) => m.resultSentence(match, viewer, match.seats.map(s => s.name))),"
        " places.map(([match, seat]) => m.placeOf(match, seat))]; }",
        [[[match, viewer] for match, viewer, _ in CASES], [[match, seat] for match, seat, _ in PLACES]],
    )
    assert said[0] == [sentence for _, _, sentence in CASES]
    assert said[1] == [place for _, _, place in PLACES]


def play_solo(server: LiveServer, bot: str, seed: int) -> tuple[Json, Json]:
    """A Girafferaffe solo match whose one seat plays as the server's ``bot`` would, to the end."""
    created = create(server, {"game": "girafferaffe", "players": 1, "seed": seed, "options": {"mode": "solo"}})
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    for _ in range(100):
        table = stored_table(server, match_id)
        if table.is_over:
            break
        act(server, match_id, token, choose_action(table.match, 0, bot).to_json())
    return created, public(server, match_id)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_lost_solo_match_says_the_robot_won_on_every_page(
    open_context: Callable[..., BrowserContext],
    web_server: LiveServer,
    embed_host: StaticServer,
    artifacts: Path,
    width: str,
) -> None:
    created, final = play_solo(web_server, "random", 1)
    assert final["result"]["winners"] == [] and final["view"]["loser"] == 0  # the API's shape of a robot win
    match_id, token = final["match_id"], created["seats"][0]["token"]
    page = open_context(DESKTOP if width == "desktop" else PHONE).new_page()
    pages = {
        "seat": f"{web_server.url}/play/seat.html?match={match_id}#token={token}",
        "match": f"{web_server.url}/play/match.html?id={match_id}",
        "replay": f"{web_server.url}/play/replay.html?id={match_id}&version={final['version']}",
    }
    for name, url in pages.items():
        page.goto(url)
        status = page.locator(".status")
        expect(status).to_contain_text("Match over. The robot won.")
        expect(page.locator(".seats .seat[data-seat='0'] .rank")).to_have_text(": lost to the robot")
        assert "no winner" not in (status.text_content() or "") and "rank 1" not in page.inner_text(".seats")
        no_overflow(page)
        page.screenshot(path=str(artifacts / f"result-robot-won-{name}-{width}.png"), full_page=True)
    # The seat page is headed with the game's name; embedded, the board says the same.
    page.goto(pages["seat"])
    expect(page.locator("header h1")).to_have_text("Your seat: Girafferaffe")
    embedded = f"{web_server.url}/play/seat.html?match={match_id}&embed=1#token={token}"
    page.goto(f"{embed_host.origin}/index.html?src={quote(embedded, safe='')}")
    expect(page.frame_locator("#arena").locator(".status")).to_contain_text("The robot won.")


def test_a_won_solo_match_says_you_beat_the_robot(page: Page, web_server: LiveServer) -> None:
    created, final = play_solo(web_server, "greedy", 2)
    assert final["result"]["winners"] == [0] and final["view"]["loser"] is None
    match_id = final["match_id"]
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][0]['token']}")
    expect(page.locator(".status")).to_contain_text("Match over. You beat the robot.")
    expect(page.locator(".seats .seat[data-seat='0'] .rank")).to_have_text(": beat the robot")
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")
    expect(page.locator(".status")).to_contain_text("Match over. Seat 0 beat the robot.")


def test_a_resignation_ends_the_match_in_words_on_both_seats(
    open_context: Callable[..., BrowserContext], web_server: LiveServer
) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seats": [{"name": "ada"}, {"name": "bea"}]})
    match_id = created["match"]["match_id"]
    ada, bea = open_context().new_page(), open_context(PHONE).new_page()
    for page, seat in ((ada, 0), (bea, 1)):
        page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][seat]['token']}")
        expect(page.locator("body")).to_have_attribute("data-status", "active")
    resigned = requests.post(
        f"{web_server.url}/matches/{match_id}/resign",
        headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
        timeout=TIMEOUT,
    )
    assert resigned.status_code == 200, resigned.text
    expect(ada.locator(".status")).to_contain_text("Match over. You lost: bea won. You resigned.")
    expect(bea.locator(".status")).to_contain_text("Match over. You won! Ada resigned.")
