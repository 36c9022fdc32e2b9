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

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("sdk-ts")

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


#: What a copy of sdk-ts as a fresh clone has: its sources, not its build (dist/, build-test/) or tarballs.
CLONED = ["README.md", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.test.json", "src", "scripts"]


def fresh_copy(ts_build: Path, where: Path) -> Path:
    """A copy of sdk-ts as a fresh clone has it (no dist/), with the dependencies ``npm ci`` installs there."""
    copy = where / "sdk-ts"
    copy.mkdir(parents=True)
    for name in CLONED:
        source = ts_build / name
        if source.is_dir():
            shutil.copytree(source, copy / name)
        else:
            shutil.copy(source, copy / name)
    (copy / "node_modules").symlink_to(ts_build / "node_modules")
    assert not (copy / "dist").exists()
    return copy


def new_project(where: Path) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    (where / "package.json").write_text(json.dumps({"name": "readme-bot", "private": True, "type": "module"}))
    return where


@pytest.fixture(scope="module")
def ts_project(ts_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh TypeScript project with the client installed by npm from ``npm pack`` of a fresh clone, as a user
    would install it: the pack builds dist/ first (the ``prepare`` script)."""
    project = new_project(tmp_path_factory.mktemp("ts-project"))
    packed = run(["npm", "pack", "--silent", "--pack-destination", str(project)], fresh_copy(ts_build, project))
    tarball = packed.stdout.strip().splitlines()[-1]
    listed = run(["tar", "-tzf", tarball], project).stdout.split()
    assert "package/dist/index.js" in listed and "package/dist/index.d.ts" in listed, listed
    run(["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", f"./{tarball}"], project)
    installed = json.loads((project / "node_modules" / "tabletop-arena-sdk" / "package.json").read_text())
    assert set(installed["dependencies"]) == {"openapi-fetch"}, "openapi-fetch is the one runtime dependency"
    assert set(installed["optionalDependencies"]) == {"ws"}, "ws: the seat socket where there is no global WebSocket"
    assert (project / "node_modules" / "ws" / "package.json").exists()
    tsconfig = {
        "compilerOptions": {
            "strict": True,
            "noUncheckedIndexedAccess": True,
            "skipLibCheck": False,
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


@pytest.mark.timeout(300)
def test_npm_install_of_the_sdk_ts_folder_builds_and_imports(ts_build: Path, tmp_path: Path) -> None:
    """``npm install <path>/sdk-ts``: the folder's ``prepare`` builds dist/, and the package imports."""
    project = new_project(tmp_path / "folder-install")
    folder = fresh_copy(ts_build, tmp_path)
    run(["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", str(folder)], project)
    assert (folder / "dist" / "index.js").exists()
    check = "import('tabletop-arena-sdk').then((m) => console.log(typeof m.Arena, typeof m.actionsOfType))"
    assert run(["node", "-e", check], project).stdout.split() == ["function", "function"]


SOCKET_BOT = """
import { Arena } from "tabletop-arena-sdk";

const arena = new Arena("http://127.0.0.1:8000");
const created = await arena.createMatch({ game: "pipifax", players: 2, seats: [{ name: "me" }, { bot: "greedy" }] });
const [seat] = arena.seats(created);
if (seat === undefined) throw new Error("no player seat");
const loop = seat.turns({ transport: "ws" });
for await (const turn of loop) {
  const action = turn.actions[0];
  if (action !== undefined) await turn.act(action);
}
console.log(typeof (globalThis as { WebSocket?: unknown }).WebSocket, loop.ending?.status, loop.result?.winners);
"""


@pytest.mark.timeout(300)
def test_the_seat_socket_plays_on_node_without_a_global_websocket(ts_project: Path, live_server: LiveServer) -> None:
    """Node 20 has no global WebSocket without a flag: the client opens the seat socket with the ws package."""
    printed = compile_and_run(ts_project, SOCKET_BOT.replace("http://127.0.0.1:8000", live_server.url))
    global_type, status = printed.split()[:2]
    major = int(run(["node", "-p", "process.versions.node.split('.')[0]"], ts_project).stdout)
    assert status == "finished", printed
    assert global_type == ("function" if major >= 22 else "undefined"), printed


TYPED_EVENTS_BOT = """
import { Arena } from "tabletop-arena-sdk";

const seat = new Arena("http://127.0.0.1:9").seat("m", "m.0.secret", "pipifax");
const seen = new Map<number, string>();
for await (const turn of seat.turns()) {
  for (const event of turn.events) if (event.kind === "KIND") seen.set(event.data.position, event.data.animal);
}
"""


@pytest.mark.timeout(300)
def test_a_misspelt_event_kind_fails_to_compile_and_the_right_one_types_its_data(ts_project: Path) -> None:
    (ts_project / "bot.ts").write_text(TYPED_EVENTS_BOT.replace("KIND", "card_flip"))
    tsc = str(SDK_TS / "node_modules" / ".bin" / "tsc")
    failed = subprocess.run([tsc, "-p", "."], cwd=ts_project, capture_output=True, text=True, check=False, timeout=240)
    assert failed.returncode != 0 and "card_flip" in failed.stdout, failed.stdout
    (ts_project / "bot.ts").write_text(TYPED_EVENTS_BOT.replace("KIND", "card_flipped"))
    run([tsc, "-p", "."], ts_project)
