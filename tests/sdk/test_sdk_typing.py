"""A bot written with the per-game helpers and ``act(dict)`` passes ``mypy --strict`` (tests/sdk/typed_bot.py).

The development venv installs the SDK in editable mode (an import hook that mypy cannot follow),
so these checks name the SDK's sources; tests/sdk/test_sdk_install.py checks the same bot against a
real install, where mypy reads the packages only because they carry ``py.typed``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SDK = Path(__file__).resolve().parents[2] / "sdk"
BOT = Path(__file__).with_name("typed_bot.py")


def strict_mypy(work: Path, source: str, mypy_path: Path | None = SDK, *options: str) -> tuple[str, int]:
    """``mypy --strict`` on ``source`` saved in ``work``, with a config of its own; its report and exit status."""
    bot = work / "bot.py"
    bot.write_text(source)
    config = work / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\npython_version = 3.11\n")
    if mypy_path is not None:
        # Named as sources, the generated client is checked too: the repository's own config (see
        # pyproject.toml) waives the same one generator template. Installed, it is not checked.
        search = f"mypy_path = {mypy_path}\n[mypy-arena_client.client]\ndisable_error_code = arg-type\n"
        config.write_text(config.read_text() + search)
    args = ["--config-file", str(config), "--cache-dir", str(work / ".mypy_cache"), *options, str(bot)]
    # In a process of its own: mypy run in the test's process leaves about 800,000 objects behind, which every
    # later full collection of the garbage collector walks for the rest of the session (0.6 s each).
    done = subprocess.run(
        [sys.executable, "-m", "mypy", *args], capture_output=True, text=True, check=False, timeout=600
    )
    return done.stdout + done.stderr, done.returncode


def test_a_bot_using_the_per_game_helpers_passes_mypy_strict(tmp_path: Path) -> None:
    report, status = strict_mypy(tmp_path, BOT.read_text())
    assert status == 0, report
    assert "Success: no issues found in 1 source file" in report


def test_mypy_strict_refuses_another_games_action(tmp_path: Path) -> None:
    """The helpers are precise: a Taiga action where a Pipifax one is due is a type error."""
    source = (
        "from arena_client.models import PipifaxFlip\n"
        "from arena_sdk.games import taiga\n\n"
        "flip: PipifaxFlip = taiga.flip(disc=3)\n"
    )
    report, status = strict_mypy(tmp_path, source)
    assert status == 1, report
    assert '"TaigaFlip"' in report and '"PipifaxFlip"' in report and "Found 1 error" in report


def test_both_packages_are_marked_typed() -> None:
    assert (SDK / "arena_sdk" / "py.typed").is_file()
    assert (SDK / "arena_client" / "py.typed").is_file()
