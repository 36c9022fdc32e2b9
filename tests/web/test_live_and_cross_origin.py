"""Pages follow a match live over its event streams and the seat socket, and work from another origin
with CORS; the seat page plays over its socket where one opens, else over the seat stream and POST.

The other origin is Python's ``http.server`` serving the same client files on another port; the
pages reach the API through ``?api=<its URL>``, and the API's ``ARENA_CORS_ORIGINS`` names that
origin (tests/web/conftest.py).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, WebSocket, expect

from api.store.redis_server import free_port
from tests.live_server import LiveServer
from tests.web.api_helpers import create, play_random, public, stored_table
from tests.web.browser import StaticServer


def test_the_match_page_updates_without_a_reload(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 6})
    match_id = created["match"]["match_id"]
    page.goto(f"{web_server.url}/play/match.html?id={match_id}")
    status = page.locator(".status")
    expect(status).to_have_attribute("data-version", "0")
    page.evaluate("window.loadedOnce = true")
    rng = random.Random(6)
    for version in (1, 2, 3):
        match = play_random(web_server, created, 1, rng)
        assert match["version"] == version
        expect(status).to_have_attribute("data-version", str(version))
        for disc in match["view"]["discs"]:
            expect(page.locator(f"[data-disc='{disc['disc']}'] .face")).to_have_text(disc["up"].replace("_", " "))
    assert page.evaluate("window.loadedOnce") is True  # the same document all along
    expect(page.locator(".log li").last).to_contain_text("v3")


def test_the_seat_page_follows_its_stream_and_becomes_its_turn(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 9, "options": {"first_player": 0}})
    match_id = created["match"]["match_id"]
    token = created["seats"][1]["token"]
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={token}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "false")
    page.evaluate("window.loadedOnce = true")
    rng = random.Random(9)
    while stored_table(web_server, match_id).to_act == (0,):  # seat 0 plays until its turn passes
        play_random(web_server, {"match": created["match"], "seats": created["seats"][:1]}, 1, rng)
    version = stored_table(web_server, match_id).version
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator(".pipifax-cards button.legal").first).to_be_visible()
    assert page.evaluate("window.loadedOnce") is True


@pytest.mark.parametrize("transport", ["socket", "stream"])
def test_the_seat_page_reads_the_view_only_for_a_version_it_was_not_given(
    page: Page, web_server: LiveServer, transport: str
) -> None:
    """A turn item carries the seat's view, and a move's answer does too: in a match whose two seats take
    turns, one on the page, the page reads the view again for no move, and its log still has every move;
    over the seat socket, and over the seat stream and POST."""
    if transport == "stream":
        page.add_init_script("delete window.WebSocket")
    created = create(web_server, {"game": "taiga", "players": 2, "seed": 6})
    match_id = created["match"]["match_id"]
    seat = public(web_server, match_id)["to_act"][0]
    other = {"match": created["match"], "seats": [created["seats"][1 - seat]]}
    reads: list[str] = []
    page.on("request", lambda request: reads.append(request.url) if "/view" in request.url else None)
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={created['seats'][seat]['token']}")
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    opened = len(reads)
    rng = random.Random(6)
    for version in (2, 4, 6):
        page.locator(".discs button.legal").first.click()
        expect(body).to_have_attribute("data-version", str(version - 1))
        assert play_random(web_server, other, 1, rng)["version"] == version
        expect(body).to_have_attribute("data-version", str(version))
        expect(body).to_have_attribute("data-my-turn", "true")
        expect(page.locator(".log li").last).to_contain_text(f"v{version}")
    assert reads[opened:] == []


def sockets_opened(page: Page) -> list[WebSocket]:
    """The WebSockets the page opens, as it opens them."""
    sockets: list[WebSocket] = []

    def opened(socket: WebSocket) -> None:
        sockets.append(socket)

    page.on("websocket", opened)
    return sockets


def start_and_move_from_another_origin(page: Page, web_server: LiveServer, static_server: StaticServer) -> list[str]:
    """Start a Pipifax match on the start page served by another origin, take one move on its seat
    page, and open its match page; the URLs of the API requests the pages made."""
    api_requests: list[str] = []
    page.on(
        "request", lambda request: api_requests.append(request.url) if request.url.startswith(web_server.url) else None
    )
    page.goto(f"{static_server.origin}/index.html?api={web_server.url}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#catalogue li")).to_have_count(4)
    page.select_option("#game", "pipifax")
    page.click("#start")  # a JSON POST: preflighted, then answered with CORS headers
    page.wait_for_url(re.compile(rf"^{re.escape(static_server.origin)}/seat\.html\?match=.+&api=.+#token="))
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    version = body.get_attribute("data-version")
    page.locator(".pipifax-cards button.legal").first.click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    expect(page.locator("#error")).to_be_empty()
    page.get_by_role("link", name="Watch as a spectator").click()  # the public stream across origins
    expect(page.locator(".status")).to_have_attribute("data-version", re.compile(r"^[1-9][0-9]*$"))
    assert all("token" not in url.lower() for url in api_requests)  # the token never travels in a URL
    return api_requests


def test_the_client_works_from_another_origin_over_the_seat_socket(
    page: Page, web_server: LiveServer, static_server: StaticServer
) -> None:
    sockets: list[WebSocket] = []
    sent: list[str] = []
    received: list[str] = []

    def opened(socket: WebSocket) -> None:
        sockets.append(socket)
        socket.on("framesent", lambda frame: sent.append(str(frame)))
        socket.on("framereceived", lambda frame: received.append(str(frame)))

    page.on("websocket", opened)
    api_requests = start_and_move_from_another_origin(page, web_server, static_server)
    ws_origin = web_server.url.replace("http://", "ws://")
    assert [socket.url.split("?")[0].rsplit("/", 1)[-1] for socket in sockets] == ["seat-socket"]
    assert sockets[0].url.startswith(f"{ws_origin}/matches/") and "token" not in sockets[0].url.lower()
    token, move = sent[0], json.loads(sent[1])
    assert re.fullmatch(r"[A-Za-z0-9_-]+\.0\.[A-Za-z0-9_-]+", token)  # the token is the first message
    assert move["action"]["type"] == "pipifax.flip" and move["key"]
    answers = [message for message in map(json.loads, received) if message["type"] in ("result", "error")]
    assert [(answer["key"], answer["data"]["version"]) for answer in answers] == [(move["key"], move["version"] + 1)]
    assert not any(url.endswith("/actions") or "/seat-stream" in url for url in api_requests)  # all on the socket


def test_without_a_websocket_the_seat_page_reads_its_stream_and_moves_by_post(
    page: Page, web_server: LiveServer, static_server: StaticServer
) -> None:
    page.add_init_script("delete window.WebSocket")  # a browser without WebSocket (run before the page's own script)
    sockets = sockets_opened(page)
    api_requests = start_and_move_from_another_origin(page, web_server, static_server)
    assert sockets == []
    assert any("/seat-stream" in url for url in api_requests)  # read with fetch, the token in a header
    assert any(url.endswith("/actions") for url in api_requests)


def test_a_seat_socket_that_never_opens_falls_back_to_the_stream_and_post(page: Page, web_server: LiveServer) -> None:
    """As behind a proxy that refuses WebSocket upgrades: the page plays on over the seat stream and POST."""
    nowhere = f"ws://127.0.0.1:{free_port()}"  # the browser's own WebSocket, sent where nothing listens
    page.add_init_script(
        "const Real = window.WebSocket; window.WebSocket = class extends Real { constructor(url, protocols) {"
        f" super(url.replace(/^ws:\\/\\/[^/]+/, {json.dumps(nowhere)}), protocols); }} }};"
    )
    sockets = sockets_opened(page)
    created = create(web_server, {"game": "pipifax", "players": 2, "seed": 4, "options": {"first_player": 0}})
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.goto(f"{web_server.url}/play/seat.html?match={match_id}#token={token}")
    body = page.locator("body")
    expect(body).to_have_attribute("data-my-turn", "true")
    page.locator(".pipifax-cards button.legal").first.click()
    expect(body).to_have_attribute("data-version", "1")
    expect(page.locator("#error")).to_be_empty()
    assert [url.rsplit("/", 1)[-1] for url in posted] == ["actions"]
    tried = [socket.url.split("?")[0] for socket in sockets]
    assert tried == [f"{nowhere}/matches/{match_id}/seat-socket"]  # once, at the start


def test_an_api_that_cannot_be_reached_is_named_with_what_to_check(page: Page, web_server: LiveServer) -> None:
    """A refused connection or a CORS refusal: the browser says only "Failed to fetch"; the page says more."""
    nowhere = f"http://127.0.0.1:{free_port()}"
    page.goto(f"{web_server.url}/play/?api={nowhere}")
    error = page.locator("#error")
    expect(error).to_have_attribute("data-code", "network/unreachable")  # the code is for a bug report, not the text
    expect(error).to_contain_text(f"Could not reach the API at {nowhere}")
    expect(error).to_contain_text("Check that the server is running and that the address is right")
    expect(error).to_contain_text(f"ARENA_CORS_ORIGINS lists this page's origin, {web_server.url}")
