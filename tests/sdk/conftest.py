"""One fresh venv per test session holding only ``pip install <a copy of sdk/>`` and mypy, as a bot writer's.

The tests that need such a venv (the SDK installs without the server, its packages are typed, the
README's bots type-check in it) share it: building it takes most of their time. They are one
``xdist_group``, so ``make test`` (``--dist loadgroup``) runs them on one worker; under any other split
the workers share the venv too, the first to take the lock building it in their common temporary folder.
"""

from __future__ import annotations

import fcntl
import importlib.metadata
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

from tests.sdk.test_sdk_typing import SDK


def build_sdk_only_venv(work: Path) -> Path:
    """A fresh venv in ``work`` with a copy of ``sdk/`` installed by pip (not editable) and this mypy; its python."""
    source = work / "sdk"
    shutil.copytree(SDK, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    venv.create(work / "venv", with_pip=True)
    python = work / "venv" / "bin" / "python"
    mypy = f"mypy=={importlib.metadata.version('mypy')}"
    install = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source), mypy]
    subprocess.run(install, check=True, capture_output=True, timeout=840)
    return python


@pytest.fixture(scope="session")
def sdk_only_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of the session's venv with only the SDK (and mypy) installed, built once."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if base.name.startswith("popen-gw") else base  # xdist: one folder per worker
    work = shared / "sdk-only-venv"
    with (shared / "sdk-only-venv.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        python = work / "venv" / "bin" / "python"
        if not (work / "ready").exists():
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            build_sdk_only_venv(work)
            (work / "ready").touch()
    return python
