"""The TypeScript client (sdk-ts/) against live servers: its node:test suites, and the README's bot as printed.

sdk-ts is built with tsc (the package and its tests) once per session, under a lock since xdist
workers share the directory, and only when a source is newer than the build. Its dependencies are
installed by ``make`` (``npm ci`` in sdk-ts); these tests never reach the registry but to install
the packed client the way a user would.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import re
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

ROOT = Path(__file__).parents[2]
SDK_TS = ROOT / "sdk-ts"
README = ROOT / "README.md"
BUILT = SDK_TS / "build-test" / ".built"
#: The node:test files, one pytest test each (units.test.ts and webhooks.test.ts need no server).
SUITES = sorted(path.name.removesuffix(".test.ts") for path in (SDK_TS / "test").glob("*.test.ts"))
#: The limits the rate-limit suite runs against: tight enough to reach in a test.
TIGHT_LIMITS = "read=3/second;create=2/minute;refused=off"


def run(command: list[str], cwd: Path, timeout: float = 300, **env: str) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end; fails the test with its output if it fails."""
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout, env={**os.environ, **env}, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {done.returncode}\n{done.stdout}\n{done.stderr}", pytrace=False)
    return done


@functools.cache
def websocket_flags() -> tuple[str, ...]:
    """What node needs for a global WebSocket, which the seat socket suite plays with: nothing on
    Node 22, ``--experimental-websocket`` on Node 20 (the same WHATWG WebSocket, behind a flag)."""
    check = ["node", "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"]
    if subprocess.run(check, check=False, timeout=60).returncode == 0:
        return ()
    if subprocess.run([check[0], "--experimental-websocket", *check[1:]], check=False, timeout=60).returncode == 0:
        return ("--experimental-websocket",)
    pytest.fail("node has no WebSocket, even with --experimental-websocket: the seat socket suite needs Node 20.10+")


def built_is_current() -> bool:
    """Whether the last build is newer than every source and than the installed dependencies."""
    sources = [*SDK_TS.glob("src/**/*.ts"), *SDK_TS.glob("test/*.ts"), *SDK_TS.glob("*.json")]
    sources.append(SDK_TS / "node_modules" / ".package-lock.json")
    if not BUILT.exists() or not (SDK_TS / "dist" / "index.js").exists():
        return False
    return BUILT.stat().st_mtime >= max(path.stat().st_mtime for path in sources)


@pytest.fixture(scope="session")
def ts_build() -> Path:
    """sdk-ts's dist/ and build-test/, built if any source is newer than the last build."""
    if not (SDK_TS / "node_modules" / ".package-lock.json").exists():
        pytest.fail("sdk-ts/node_modules is missing: run make (it runs npm ci in sdk-ts)", pytrace=False)
    with (SDK_TS / "node_modules" / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built_is_current():
            run(["npm", "run", "--silent", "build"], SDK_TS)
            BUILT.touch()
    return SDK_TS


@pytest.fixture(scope="module")
def limited_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    prefix = f"ts-limits-{uuid.uuid4().hex[:8]}"
    with LiveServer(
        redis_server.url, workers=1, key_prefix=prefix, referee=False, ARENA_RATE_LIMITS=TIGHT_LIMITS
    ) as server:
        yield server


@pytest.mark.timeout(900)
@pytest.mark.parametrize("suite", SUITES)
def test_the_typescript_client_suite_passes(suite: str, ts_build: Path, request: pytest.FixtureRequest) -> None:
    env = {}
    if suite not in ("units", "webhooks"):
        env["ARENA_URL"] = request.getfixturevalue("live_server").url
    if suite == "limits":
        env["ARENA_LIMITED_URL"] = request.getfixturevalue("limited_server").url
    node = ["node", *websocket_flags(), "--test", "--test-reporter=tap", f"build-test/{suite}.test.js"]
    done = run(node, ts_build, timeout=840, **env)
    assert re.search(r"^# pass [1-9]", done.stdout, re.M) and re.search(r"^# fail 0$", done.stdout, re.M), done.stdout


@pytest.fixture(scope="module")
def ts_project(ts_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh TypeScript project with the packed client installed by npm, as a user would install it."""
    project = tmp_path_factory.mktemp("ts-project")
    packed = run(["npm", "pack", "--silent", "--pack-destination", str(project)], ts_build)
    tarball = packed.stdout.strip().splitlines()[-1]
    (project / "package.json").write_text(json.dumps({"name": "readme-bot", "private": True, "type": "module"}))
    run(["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", f"./{tarball}"], project)
    installed = json.loads((project / "node_modules" / "tabletop-arena-sdk" / "package.json").read_text())
    assert set(installed["dependencies"]) == {"openapi-fetch"}, "openapi-fetch is the one runtime dependency"
    tsconfig = {
        "compilerOptions": {
            "strict": True,
            "target": "ES2022",
            "module": "NodeNext",
            "moduleResolution": "NodeNext",
            "lib": ["ES2022", "DOM"],
            "types": [],
            "outDir": "out",
        },
        "files": ["bot.ts"],
    }
    (project / "tsconfig.json").write_text(json.dumps(tsconfig))
    return project


def typescript_block(readme: Path, after: str) -> str:
    """The first ```ts code block after the line ``after`` of ``readme``."""
    section = readme.read_text().split(after, 1)[1]
    found = re.search(r"```ts\n(.*?)```", section, re.S)
    assert found is not None, f"no ```ts block after {after!r} in {readme}"
    return found.group(1)


def compile_and_run(project: Path, code: str) -> str:
    """``code`` compiled as ``bot.ts`` under ``tsc --strict`` in ``project``, run with node; what it printed."""
    (project / "bot.ts").write_text(code)
    shutil.rmtree(project / "out", ignore_errors=True)
    run([str(SDK_TS / "node_modules" / ".bin" / "tsc"), "-p", "."], project)
    return run(["node", "out/bot.js"], project, timeout=240).stdout


@pytest.mark.timeout(300)
def test_the_readme_typescript_bot_compiles_strict_and_plays_a_whole_match(
    ts_project: Path, live_server: LiveServer
) -> None:
    code = typescript_block(README, "## From TypeScript")
    assert "http://127.0.0.1:8000" in code
    printed = compile_and_run(ts_project, code.replace("http://127.0.0.1:8000", live_server.url))
    assert re.search(r"^finished .*winners", printed, re.M), printed


@pytest.mark.timeout(300)
def test_the_typescript_clients_own_readme_example_compiles_strict_and_plays(
    ts_project: Path, live_server: LiveServer
) -> None:
    code = typescript_block(SDK_TS / "README.md", "# Tabletop Arena client for TypeScript")
    assert "http://127.0.0.1:8000" in code
    printed = compile_and_run(ts_project, code.replace("http://127.0.0.1:8000", live_server.url))
    assert "winners" in printed, printed


#: A page that plays a whole match with the built client as ES modules (an import map names
#: openapi-fetch): every request, the seat stream included, is a cross-origin fetch with headers.
BROWSER_PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="importmap">
{"imports": {"tabletop-arena-sdk": "./sdk/index.js", "openapi-fetch": "./openapi-fetch/index.mjs"}}
</script>
<script type="module">
import { Arena } from "tabletop-arena-sdk";
const api = new URLSearchParams(location.search).get("api");
try {
  const arena = new Arena(api);
  const created = await arena.createMatch({ game: "taiga", players: 2, seats: [{ name: "me" }, { bot: "greedy" }] });
  const [seat] = arena.seats(created);
  let turns = 0;
  for await (const turn of seat.turns()) {
    turns += 1;
    await turn.act(turn.actions[turns % turn.actions.length]);
  }
  const match = await arena.match(created.match.match_id);
  document.body.dataset.turns = String(turns);
  document.body.dataset.status = match.status;
} catch (error) {
  document.body.dataset.status = "error: " + error;
}
</script>
"""


@pytest.mark.timeout(300)
def test_the_typescript_client_plays_a_match_in_a_browser_from_another_origin(
    ts_build: Path, redis_server: RedisServer, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, StaticServer

    (tmp_path / "index.html").write_text(BROWSER_PAGE)
    shutil.copytree(SDK_TS / "dist", tmp_path / "sdk")
    shutil.copytree(SDK_TS / "node_modules" / "openapi-fetch" / "dist", tmp_path / "openapi-fetch")
    prefix = f"ts-browser-{uuid.uuid4().hex[:8]}"
    with (
        StaticServer(tmp_path) as page_server,
        LiveServer(redis_server.url, workers=1, key_prefix=prefix, ARENA_CORS_ORIGINS=page_server.origin) as api,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(f"{page_server.origin}/index.html?api={api.url}")
        try:
            page.wait_for_selector("body[data-status]", state="attached", timeout=180_000)
        finally:
            status, turns = page.evaluate("[document.body.dataset.status, document.body.dataset.turns]")
            browser.close()
    assert status == "finished", (status, errors)
    assert int(turns) > 0 and not errors, errors
