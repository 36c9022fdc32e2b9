"""Browser tests of the web client: one Chromium and one live API per test session (per xdist worker).

The API runs under gunicorn with its CORS origins set to a second local web server that serves the
same client files, so one server covers both the same-origin pages under ``/play`` and the
other-origin test. Every page a test opens fails the test on an uncaught script error.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from api.redis_server import RedisServer
from api.web.routes import STATIC_DIR
from tests.live_server import LiveServer
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, StaticServer

#: Where the tests leave their screenshots (ignored by git).
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"

#: How long a page may take to show what a test waits for, in milliseconds (a busy 2-core machine).
WAIT_MS = 30_000
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="session")
def static_server() -> Iterator[StaticServer]:
    with StaticServer(STATIC_DIR) as server:
        yield server


@pytest.fixture(scope="session")
def web_server(redis_server: RedisServer, static_server: StaticServer) -> Iterator[LiveServer]:
    prefix = f"web-{uuid.uuid4().hex[:8]}"
    with LiveServer(redis_server.url, workers=2, key_prefix=prefix, ARENA_CORS_ORIGINS=static_server.origin) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: the web tests need Debian's Chromium (make chromium installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], errors


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
