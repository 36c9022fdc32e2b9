"""``pip install ./sdk`` alone gives a working, typed SDK: no server package (flask, redis) comes with it.

A clean venv installs a copy of ``sdk/`` with its dependencies, as a user would, through pip as this
machine configures it (its local index and wheel folder first, the public index for the rest); the
session builds it once for every test that needs it (``conftest.py``), with mypy beside it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.sdk.test_sdk_typing import BOT, SDK, strict_mypy

IMPORTS = """
import importlib.util, arena_client, arena_sdk
from arena_sdk import Arena, AsyncArena, InvalidTokenError
from arena_sdk.games import girafferaffe, pili_pili, pipifax, taiga
assert taiga.flip(disc=3).to_dict() == {"disc": 3, "type": "taiga.flip"}
try:
    Arena("http://127.0.0.1:9").seat("m", "garbage")
except InvalidTokenError:
    pass
else:
    raise AssertionError("a malformed token was accepted")
for server_package in ("flask", "redis", "engine", "api"):
    assert importlib.util.find_spec(server_package) is None, server_package
print(arena_sdk.__file__)
"""


@pytest.fixture
def sdk_venv(sdk_only_python: Path) -> Path:
    """The session's fresh venv with ``pip install <a copy of sdk/>`` (see ``conftest.py``); its python."""
    return sdk_only_python


@pytest.mark.xdist_group("sdk-only-venv")
@pytest.mark.timeout(300)
def test_the_sdk_installs_and_imports_without_the_server(sdk_venv: Path) -> None:
    away = sdk_venv.parents[2]  # not this repository, whose engine/ and api/ a ``python -c`` in it would import
    flask = subprocess.run([str(sdk_venv), "-c", "import flask"], capture_output=True, text=True, check=False, cwd=away)
    assert flask.returncode != 0 and "No module named 'flask'" in flask.stderr
    imported = subprocess.run([str(sdk_venv), "-c", IMPORTS], capture_output=True, text=True, check=False, cwd=away)
    assert imported.returncode == 0, imported.stderr
    assert str(sdk_venv.parents[1]) in imported.stdout  # the installed copy, not this repository's sources
    assert str(SDK) not in imported.stdout


@pytest.mark.xdist_group("sdk-only-venv")
@pytest.mark.timeout(300)
def test_the_installed_packages_are_typed_for_mypy(sdk_venv: Path, tmp_path: Path) -> None:
    """mypy reads installed packages only when they carry ``py.typed``: the bot passes ``--strict`` against them."""
    report, status = strict_mypy(tmp_path, BOT.read_text(), None, "--python-executable", str(sdk_venv))
    assert status == 0, report
    assert "Success: no issues found in 1 source file" in report
    assert sys.executable != str(sdk_venv)
