"""Browser tests of the web client: one Chromium while ``tests/web`` runs and one live API per test session
(per xdist worker).

The API runs under gunicorn with its CORS origins set to a second local web server that serves the
same client files, and its frame ancestors set to a third that serves a host page which embeds the
client (``tests/web/embed_host``), so one server covers the same-origin pages under ``/play``, the
other-origin test and the embedding test. Every page a test opens fails the test on an uncaught
script error or a Content-Security-Policy violation. axe-core, for the accessibility checks, is
installed from ``tests/web/axe/package-lock.json`` with ``npm ci`` the first time it is needed.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

from api.http.web.routes import STATIC_DIR
from api.store.redis_server import RedisServer
from tests.live_server import LiveServer
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, DESKTOP_CHROMIUM, StaticServer

#: Where the tests leave their screenshots (ignored by git).
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"

#: The host page that embeds a seat page in a frame (served from its own origin).
EMBED_HOST_DIR = Path(__file__).parent / "embed_host"

#: axe-core's npm package, pinned by its lock file.
AXE_DIR = Path(__file__).parent / "axe"
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"

#: How long a page may take to show what a test waits for, in milliseconds (a busy 2-core machine).
WAIT_MS = 30_000
expect.set_options(timeout=WAIT_MS)

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def static_server() -> Iterator[StaticServer]:
    with StaticServer(STATIC_DIR) as server:
        yield server


@pytest.fixture(scope="session")
def embed_host() -> Iterator[StaticServer]:
    with StaticServer(EMBED_HOST_DIR) as server:
        yield server


@pytest.fixture(scope="session")
def web_server(
    redis_server: RedisServer, static_server: StaticServer, embed_host: StaticServer
) -> Iterator[LiveServer]:
    prefix = f"web-{uuid.uuid4().hex[:8]}"
    with LiveServer(
        redis_server.url,
        workers=2,
        key_prefix=prefix,
        ARENA_CORS_ORIGINS=static_server.origin,
        ARENA_FRAME_ANCESTORS=f"'self' {embed_host.origin}",
    ) as server:
        yield server


@pytest.fixture(scope="session")
def axe_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """axe-core's script, installed with ``npm ci`` from the lock file if it is not there yet."""
    lock = tmp_path_factory.getbasetemp().parent / "axe-install.lock"  # one install across xdist workers
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not AXE_SCRIPT.exists():
            subprocess.run(
                ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
                cwd=AXE_DIR,
                check=True,
                timeout=600,
                env={**os.environ, "npm_config_update_notifier": "false"},
            )
    return AXE_SCRIPT


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    """One Playwright for the process's browser tests, stopped when they are done. While it runs it keeps an
    event loop running in the test process, where another sync Playwright, or ``asyncio.run``, would fail:
    so it lives no longer than ``tests/web`` (each xdist worker runs a package's tests one after another)."""
    with sync_playwright() as started:
        yield started


def launch(playwright: Playwright, executable: Path) -> Browser:
    if not executable.exists():
        pytest.fail(f"{executable} is missing: the web tests need Debian's Chromium (make chromium installs it)")
    return playwright.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS, headless=True)


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium's headless shell: every page test's browser."""
    launched = launch(playwright, CHROMIUM)
    yield launched
    launched.close()


@pytest.fixture(scope="package")
def desktop_browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's desktop Chromium, started only for a test of what the headless shell lacks."""
    launched = launch(playwright, DESKTOP_CHROMIUM)
    yield launched
    launched.close()


class Watched:
    """What went wrong in the pages of a context: uncaught errors and refused content."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(message.text)


@pytest.fixture
def open_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """A maker of browser contexts (desktop by default) whose pages fail the test on script errors."""
    yield from watched_contexts(browser)


@pytest.fixture
def open_desktop_context(desktop_browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """``open_context`` in Debian's desktop Chromium."""
    yield from watched_contexts(desktop_browser)


def watched_contexts(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """A maker of ``browser``'s contexts; once the test is done, closes them and fails it on their pages' errors."""
    contexts: list[tuple[BrowserContext, Watched]] = []

    def make(viewport: ViewportSize | None = None) -> BrowserContext:
        context = browser.new_context(viewport=viewport or DESKTOP)
        context.set_default_timeout(WAIT_MS)
        watched = Watched()
        context.on("page", watched.watch)
        contexts.append((context, watched))
        return context

    yield make
    errors = [error for _, watched in contexts for error in watched.errors]
    for context, _ in contexts:
        context.close()
    assert errors == [], errors


@pytest.fixture
def page(open_context: Callable[..., BrowserContext]) -> Page:
    return open_context().new_page()


@pytest.fixture
def phone(open_context: Callable[..., BrowserContext]) -> Page:
    """A page at a phone's width (390 CSS pixels)."""
    return open_context(PHONE).new_page()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def axe_violations(page: Page, script: Path) -> list[dict[str, Any]]:
    """The serious and critical accessibility violations axe-core finds in the page as it is now.

    The script is evaluated through the browser's debugging protocol, which the page's
    Content-Security-Policy does not govern (the page itself may not run inline script).
    """
    page.evaluate(script.read_text() + "\n;0")
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map("
        "v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"
    )
    return [violation for violation in found if violation["impact"] in ("serious", "critical")]


def no_overflow(page: Page) -> None:
    """Nothing on the page is wider than the window (no sideways scrolling)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]} px wide in a {widths[1]} px window"


def dump(value: Any) -> str:
    return json.dumps(value, indent=1)[:3000]
