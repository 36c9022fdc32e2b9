"""Every ``/play`` and ``/docs`` response carries a strict Content-Security-Policy, ``nosniff`` and
``no-referrer``; the frames that may embed them come from ``ARENA_FRAME_ANCESTORS``."""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask.testing import FlaskClient

from api.http.app import create_app
from api.http.web.routes import DOCS_PAGE_DIR, STATIC_DIR
from api.settings import Settings


def policy(header: str) -> dict[str, str]:
    """The directives of a Content-Security-Policy header, by name."""
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def served_paths() -> list[str]:
    pages = [f"/play/{path.relative_to(STATIC_DIR).as_posix()}" for path in STATIC_DIR.rglob("*") if path.is_file()]
    return [
        "/play/",
        "/play",
        "/play/no-such-page.html",
        *pages,
        "/docs",
        "/docs/start.js",
        "/docs/assets/swagger-ui-bundle.js",
        "/docs/assets/no-such-asset.js",
    ]


def test_every_play_and_docs_response_carries_the_security_headers(client: FlaskClient) -> None:
    for path in served_paths():
        response = client.get(path)
        assert response.status_code in (200, 308, 404), path
        directives = policy(response.headers.get("Content-Security-Policy", ""))
        assert directives["script-src"] == "'self'", path  # no inline script, no eval, no other host
        assert directives["object-src"] == "'none'", path
        assert directives["base-uri"] == "'none'", path
        assert directives["default-src"] == "'self'", path
        assert directives["frame-ancestors"] == "'self'", path  # the default
        assert set(directives["connect-src"].split()) == {"'self'", "http:", "https:", "ws:", "wss:"}, path
        assert "unsafe-inline" not in response.headers["Content-Security-Policy"], path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["Referrer-Policy"] == "no-referrer", path


def test_the_api_itself_is_left_alone(client: FlaskClient) -> None:
    assert "Content-Security-Policy" not in client.get("/games").headers
    assert "Content-Security-Policy" not in client.get("/openapi.json").headers


def test_every_json_answer_says_nosniff(client: FlaskClient) -> None:
    """Answers and errors alike, so that no browser reads a JSON answer as anything else."""
    answers = [
        client.get("/games"),
        client.get("/openapi.json"),
        client.get("/matches/no-such-match"),
        client.post("/matches", data="not json", content_type="application/json"),
        client.get("/no-such-route"),
    ]
    assert [answer.status_code for answer in answers] == [200, 200, 404, 400, 404]
    for answer in answers:
        assert answer.mimetype == "application/json", answer.mimetype
        assert answer.headers["X-Content-Type-Options"] == "nosniff", answer.request.path


def test_no_page_has_an_inline_script_or_handler() -> None:
    for folder in (STATIC_DIR, DOCS_PAGE_DIR):
        for page in folder.rglob("*.html"):
            text = page.read_text().lower()
            scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", text, flags=re.S)
            assert scripts and all(" src=" in attrs and not body.strip() for attrs, body in scripts), page
            assert " onclick=" not in text and " onload=" not in text and "javascript:" not in text, page


def test_frame_ancestors_come_from_the_settings(settings: Settings) -> None:
    framed = dataclasses.replace(settings, frame_ancestors=("'self'", "https://host.example"))
    client = create_app(framed).test_client()
    for path in ("/play/seat.html", "/docs"):
        directives = policy(client.get(path).headers["Content-Security-Policy"])
        assert directives["frame-ancestors"] == "'self' https://host.example"


def test_arena_frame_ancestors_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_FRAME_ANCESTORS", "'self', https://host.example http://127.0.0.1:9000")
    assert Settings.from_environment().frame_ancestors == ("'self'", "https://host.example", "http://127.0.0.1:9000")
    monkeypatch.delenv("ARENA_FRAME_ANCESTORS")
    assert Settings.from_environment().frame_ancestors == ("'self'",)
    monkeypatch.setenv("ARENA_FRAME_ANCESTORS", "'none'")
    assert Settings.from_environment().frame_ancestors == ("'none'",)


@pytest.mark.parametrize(
    "value", ["https://a.example; script-src *", "'unsafe-inline'", "host.example", "'self' 'unsafe-eval'"]
)
def test_a_malformed_frame_ancestor_is_refused_at_start(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("ARENA_FRAME_ANCESTORS", value)
    with pytest.raises(ValueError, match="ARENA_FRAME_ANCESTORS"):
        Settings.from_environment()
