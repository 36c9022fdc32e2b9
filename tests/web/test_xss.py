"""Crafted links and crafted names run no script: no dialog opens, no marker is set, nothing is fetched
from the crafted address, and every crafted text stays text.

Each payload, if it ran, would open a dialog and set ``window.pwned`` (or load an image or script
that the test's route would see). The page's Content-Security-Policy forbids inline script, and the
client never turns input into HTML or into a link; both are checked here from the outside.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Dialog, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import create
from tests.web.browser import StaticServer

#: Text that would be script if a page took it as HTML.
TEXT_PAYLOADS = [
    '<img src=x onerror="alert(1);window.pwned=1">',
    "<script>alert(2);window.pwned=1</script>",
    '"><svg onload=alert(3)>',
    '<a href="javascript:alert(4)">click</a>',
    '<iframe srcdoc="<script>parent.pwned=1</script>"></iframe>',
    "';alert(5);//",
]

#: ``?api=`` values that are not an http(s) address.
API_PAYLOADS = [
    "javascript:alert(document.domain)//",
    "JavaScript:alert(6)",
    "data:text/html,<script>alert(7)</script>",
    "vbscript:msgbox(8)",
    " javascript:alert(9)",
    "//evil.example",
    "http://user:pw@127.0.0.1:1/",
]


@pytest.fixture
def watched(page: Page) -> Page:
    """The page, failing on any dialog and refusing any request to a host the test does not serve."""
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    page.context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
    page.dialogs = dialogs  # type: ignore[attr-defined]
    return page


def no_script_ran(page: Page) -> None:
    assert page.dialogs == []  # type: ignore[attr-defined]
    assert page.evaluate("window.pwned") is None
    assert page.locator("[onerror], [onload], iframe[srcdoc], a[href^='javascript' i]").count() == 0


def no_crafted_link(page: Page) -> None:
    """No link on the page leads to script, data or the crafted host (every href read in one call)."""
    hrefs = page.locator("a[href]").evaluate_all("nodes => nodes.map(node => node.getAttribute('href'))")
    for href in hrefs:
        assert "javascript" not in href.lower() and "evil" not in href and "data:" not in href, href


@pytest.mark.parametrize("value", API_PAYLOADS)
def test_a_crafted_api_parameter_is_an_error_on_the_page_never_a_link(
    watched: Page, web_server: LiveServer, value: str
) -> None:
    seen: list[str] = []
    watched.on("request", lambda request: seen.append(request.url))
    for page_name in ("", "match.html?id=x", "seat.html?match=x", "replay.html?id=x", "join.html?match=x"):
        separator = "&" if "?" in page_name else "?"
        watched.goto(f"{web_server.url}/play/{page_name}{separator}api={quote(value)}#token=t")
        expect(watched.locator("#error")).to_have_attribute("data-code", "page/bad_api_parameter")
        expect(watched.locator("#error")).to_contain_text("The api parameter")
        if page_name == "":
            # A plain link, never built from the refused value: where it leads (Swagger UI, its
            # links and requests) is checked once, in test_the_crafted_link_of_the_issue_runs_nothing.
            assert watched.locator("#docs-link").get_attribute("href") == "/docs"
        no_crafted_link(watched)
        no_script_ran(watched)
    assert all(url.startswith(web_server.url) for url in seen), seen  # nothing went to the crafted address


def test_the_crafted_link_of_the_issue_runs_nothing(watched: Page, web_server: LiveServer) -> None:
    seen: list[str] = []
    watched.on("request", lambda request: seen.append(request.url))
    watched.goto(f"{web_server.url}/play/?api=javascript:alert(document.domain)//")
    expect(watched.locator("#error")).to_contain_text("must be an http: or https: URL")
    no_crafted_link(watched)
    watched.get_by_role("link", name="API documentation").click()
    watched.wait_for_url(f"{web_server.url}/docs")
    expect(watched.locator(".swagger-ui").first).to_be_visible()
    no_crafted_link(watched)
    no_script_ran(watched)
    assert all(url.startswith(web_server.url) for url in seen), seen  # nothing went to the crafted address


@pytest.mark.parametrize("payload", TEXT_PAYLOADS)
def test_crafted_names_stay_text_on_every_page(watched: Page, web_server: LiveServer, payload: str) -> None:
    created = create(
        web_server,
        {
            "game": "taiga",
            "players": 3,
            "seats": [{"name": payload[:64]}, {"open": True, "name": payload[:64]}, {"bot": "random"}],
        },
    )
    match_id = created["match"]["match_id"]
    token = created["seats"][0]["token"]
    pages = [
        f"{web_server.url}/play/",
        f"{web_server.url}/play/match.html?id={match_id}",
        f"{web_server.url}/play/seat.html?match={match_id}#token={token}",
        f"{web_server.url}/play/join.html?match={match_id}&seat=1",
    ]
    for url in pages:
        watched.goto(url)
        expect(watched.locator("body")).to_contain_text(payload[:20])  # shown, as text
        no_script_ran(watched)
    # The join form with the payload as the name: the seat page shows it as text.
    watched.fill("#join-name", payload[:64])
    watched.get_by_role("button", name="Take seat 1").click()
    expect(watched.locator(".seats .seat.me")).to_contain_text(payload[:20])
    no_script_ran(watched)


@pytest.mark.parametrize(
    "suffix",
    [
        "#token=<img src=x onerror=alert(10)>",
        "#token=x&host=%3Cscript%3Ealert(11)%3C/script%3E",
        "?match=%3Csvg%20onload=alert(12)%3E#token=x",
        "?match=x&embed=1&api=http://127.0.0.1:1/%3Cscript%3E",
    ],
)
def test_crafted_fragments_and_ids_run_nothing(watched: Page, web_server: LiveServer, suffix: str) -> None:
    query = "" if suffix.startswith("?") else "?match=abc"
    watched.goto(f"{web_server.url}/play/seat.html{query}{suffix}")
    expect(watched.locator("#error")).not_to_be_empty()
    no_script_ran(watched)


def test_crafted_options_are_refused_as_text(watched: Page, web_server: LiveServer) -> None:
    watched.goto(f"{web_server.url}/play/")
    expect(watched.locator("body")).to_have_attribute("data-ready", "true")
    watched.select_option("#game", "pili-pili")
    watched.select_option("#option-missions", label="standard")
    watched.fill("#option-mission_deck", '[{"effect": "<img src=x onerror=alert(13)>", "params": {}, "deal": 3}]')
    watched.click("#start")
    expect(watched.locator("#error")).to_have_attribute("data-code", "match/invalid_options")
    expect(watched.locator("#error")).to_contain_text("The server cannot start this match")
    no_script_ran(watched)


def test_another_origin_cannot_be_named_as_a_script_source(
    watched: Page, web_server: LiveServer, static_server: StaticServer
) -> None:
    """Even a page that names an API of another origin loads scripts only from its own."""
    loaded: list[str] = []
    watched.on("request", lambda request: loaded.append(request.url) if request.resource_type == "script" else None)
    watched.goto(f"{web_server.url}/play/?api={static_server.origin}")
    watched.wait_for_load_state("networkidle")
    assert loaded and all(url.startswith(f"{web_server.url}/play/") for url in loaded), loaded
    no_script_ran(watched)
