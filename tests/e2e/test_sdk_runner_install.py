"""The tournament runner installs as docs/tournaments.md says, in a fresh venv, and ``arena tournament run`` runs.

``pip install ./sdk '.[tournaments]'`` (copies of this repository's packages, as a clone has them),
through pip as this machine configures it; then the installed ``arena tournament run`` plays a small
round-robin of two server bots against a live server and writes its results.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import uuid
import venv
from pathlib import Path

import pytest

from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

ROOT = Path(__file__).parents[2]
#: What a clone holds that the two packages build from.
CLONED = ["pyproject.toml", "README.md", "engine", "api", "arena_envs", "arena_runner", "sdk"]
DOCS = ROOT / "docs" / "tournaments.md"


def documented_install() -> list[str]:
    """The pip arguments docs/tournaments.md gives for installing the runner."""
    text = DOCS.read_text()
    assert "pip install ./sdk '.[tournaments]'" in text, "docs/tournaments.md no longer says how to install it"
    return ["./sdk", ".[tournaments]"]


@pytest.mark.timeout(900)
def test_the_runner_installs_as_documented_and_runs_a_tournament(
    live_server: LiveServer, redis_server: RedisServer, tmp_path: Path
) -> None:
    clone = tmp_path / "clone"
    clone.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "build", "*.egg-info", "node_modules")
    for name in CLONED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, clone / name, ignore=ignore)
        else:
            shutil.copy(source, clone / name)
    venv.create(tmp_path / "venv", with_pip=True)
    python, arena = tmp_path / "venv" / "bin" / "python", tmp_path / "venv" / "bin" / "arena"
    install = [str(python), "-m", "pip", "install", "--quiet", *documented_install()]
    installed = subprocess.run(install, cwd=clone, capture_output=True, text=True, timeout=840, check=False)
    assert installed.returncode == 0, installed.stderr
    checked = subprocess.run([str(python), "-m", "pip", "check"], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout

    output = tmp_path / "run"
    command = [
        str(arena),
        *("tournament", "run", "--url", live_server.url, "--redis", redis_server.url, "--output", str(output)),
        *("--queue", f"install-{uuid.uuid4().hex[:10]}", "--quiet"),
        *("--game", "pipifax", "--players-per-match", "2", "--format", "round-robin", "--seed", "5"),
        *("--bot", "random=random", "--bot", "greedy=greedy"),
    ]
    ran = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    written = json.loads((output / "tournament.json").read_text())
    assert written["tournament"]["status"] == "finished" and len(written["matches"]) == 2
