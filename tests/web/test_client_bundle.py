"""The web client's copy of the TypeScript client: current, served, and loadable without an import map.

The pages import ``js/tabletop-arena-sdk.js``, one ES module that ``sdk-ts/scripts/bundle-web.mjs``
bundles from ``sdk-ts/src`` and openapi-fetch with the pinned esbuild. It is committed (so a clone,
a wheel and the Docker image serve it with no build), and these tests fail when it is stale.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api.http.web.routes import STATIC_DIR

ROOT = Path(__file__).resolve().parents[2]
SDK_TS = ROOT / "sdk-ts"
BUNDLE = STATIC_DIR / "js" / "tabletop-arena-sdk.js"
#: Every static import of a module: ``import ... from "<specifier>"`` and ``export ... from "<specifier>"``.
IMPORT = re.compile(r"^\s*(?:import|export)\b[^;]*?\bfrom\s*\"([^\"]+)\"", re.M | re.S)


def test_the_served_client_is_the_typescript_client_built_afresh(tmp_path: Path) -> None:
    if not (SDK_TS / "node_modules" / "esbuild").exists():
        pytest.fail("sdk-ts/node_modules is missing: run make (it runs npm ci in sdk-ts)", pytrace=False)
    fresh = tmp_path / "tabletop-arena-sdk.js"
    subprocess.run(["node", "scripts/bundle-web.mjs", str(fresh)], cwd=SDK_TS, check=True, timeout=120)
    assert BUNDLE.read_text() == fresh.read_text(), (
        f"{BUNDLE.relative_to(ROOT)} differs from sdk-ts/src bundled afresh: run scripts/generate.sh"
    )


def test_the_client_module_is_served_under_play_as_javascript(client: FlaskClient) -> None:
    response = client.get("/play/js/tabletop-arena-sdk.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.get_data() == BUNDLE.read_bytes()
    assert "export {" in response.get_data(as_text=True)


def test_every_module_imports_only_files_of_the_client_by_relative_paths() -> None:
    """A bare specifier ("openapi-fetch") would need an import map, an inline script the CSP forbids."""
    modules = sorted((STATIC_DIR / "js").rglob("*.js"))
    imported: set[Path] = set()
    for module in modules:
        for specifier in IMPORT.findall(module.read_text()):
            assert specifier.startswith(("./", "../")), f"{module.name} imports {specifier!r}"
            target = (module.parent / specifier).resolve()
            assert target.is_file(), f"{module.name} imports {specifier}, which is not a file of the client"
            imported.add(target)
    assert BUNDLE.resolve() in imported, "the pages use the TypeScript client"
    assert not (STATIC_DIR / "js" / "api.js").exists() or "fetch(" not in (STATIC_DIR / "js" / "api.js").read_text(), (
        "api.js adapts the TypeScript client; it sends no request of its own"
    )
