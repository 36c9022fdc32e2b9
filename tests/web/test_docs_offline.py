"""``/docs`` renders the API's documentation with the network cut off: its UI comes from the server."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.live_server import LiveServer


def test_docs_render_with_only_the_server_reachable(page: Page, web_server: LiveServer) -> None:
    cut_off: list[str] = []

    def only_the_server(route: Route) -> None:
        if route.request.url.startswith(web_server.url):
            route.continue_()
        else:
            cut_off.append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", only_the_server)
    page.goto(f"{web_server.url}/docs")
    expect(page.get_by_text("Tabletop Arena", exact=False).first).to_be_visible()
    operation = page.locator(".opblock-summary-path", has_text="/matches/{match_id}/versions/{version}")
    expect(operation.first).to_be_visible()
    expect(page.get_by_text("Create a match", exact=False).first).to_be_visible()
    assert cut_off == []  # nothing on the page even tried to reach another host
