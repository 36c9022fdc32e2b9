"""One version number, from one place: ``version`` in pyproject.toml.

The installed package's metadata carries it, the app reads it from there for the spec's
``info.version`` (api/http/app.py), and the SDK's pyproject.toml and the TypeScript client's package.json repeat it.
"""

from __future__ import annotations

import importlib.metadata
import json
import tomllib
from pathlib import Path

from api.http.app import VERSION
from api.spec import openapi_document

ROOT = Path(__file__).parents[1]


def project_version(pyproject: Path) -> str:
    version: str = tomllib.loads(pyproject.read_text())["project"]["version"]
    return version


def test_the_project_the_spec_and_the_sdk_have_one_version() -> None:
    version = project_version(ROOT / "pyproject.toml")
    installed = importlib.metadata.version("tabletop-arena")
    assert installed == version, f"the installed package says {installed}: reinstall it (make does)"
    assert version == VERSION
    assert openapi_document()["info"]["version"] == version
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())["info"]["version"]
    assert committed == version, f"openapi/openapi.json says {committed}: run make generate"
    assert project_version(ROOT / "sdk" / "pyproject.toml") == version, "set sdk/pyproject.toml's version too"
    package = json.loads((ROOT / "sdk-ts" / "package.json").read_text())
    lock = json.loads((ROOT / "sdk-ts" / "package-lock.json").read_text())
    assert package["version"] == version, "set sdk-ts/package.json's version too"
    assert lock["version"] == lock["packages"][""]["version"] == version, "run npm install in sdk-ts to update its lock"
