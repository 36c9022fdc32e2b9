"""A bot written against the SDK type-checks under ``mypy --strict``, as its writer runs it.

The README's code blocks that use the SDK and the examples that need nothing but the SDK are
checked from a folder of their own (no configuration of this repository applies), twice: with the
interpreter ``make`` sets up (the SDK installed in editable form), and in a fresh virtual
environment holding only ``pip install ./sdk`` and mypy, as a bot writer's would.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
#: Documents whose ``python`` code blocks a bot writer copies.
DOCUMENTS = [ROOT / "README.md", ROOT / "sdk" / "README.md"]
#: What a program needs besides the SDK (then it is checked by the repository's own type check instead).
BEYOND_THE_SDK = re.compile(r"^\s*(import|from) (arena_envs|engine|api|arena_runner)\b", re.M)


def sdk_programs() -> dict[str, str]:
    """Every code block and example that imports the SDK and nothing of the server's."""
    programs: dict[str, str] = {}
    for document in DOCUMENTS:
        for number, block in enumerate(re.findall(r"```python\n(.*?)```", document.read_text(), re.S)):
            if "arena_sdk" in block and not BEYOND_THE_SDK.search(block):
                where = document.relative_to(ROOT).with_suffix("").as_posix().replace("/", "_").lower()
                programs[f"{where}_{number}.py"] = block
    for example in sorted((ROOT / "examples").glob("*.py")):
        text = example.read_text()
        if "arena_sdk" in text and not BEYOND_THE_SDK.search(text):
            programs[example.name] = text
    return programs


def written(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    for name, code in sdk_programs().items():
        (folder / name).write_text(code)
    return sorted(sdk_programs())


def strict_check(python: str, folder: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    command = [python, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null", *files]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=600, check=False)


def test_the_readme_bots_and_examples_are_found() -> None:
    names = sdk_programs()
    assert {"random_bot.py", "tournament_entrant.py"} <= set(names)
    assert sum(name.startswith("readme_") for name in names) >= 2, sorted(names)
    assert any("seat.turns()" in code for code in names.values()), "the README bot that remembers"


def test_they_type_check_strictly_with_the_sdk_make_installs(tmp_path: Path) -> None:
    files = written(tmp_path / "bots")
    checked = strict_check(sys.executable, tmp_path / "bots", files)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.xdist_group("sdk-only-venv")
@pytest.mark.timeout(900)
def test_they_type_check_strictly_in_a_fresh_venv_with_only_the_sdk(sdk_only_python: Path, tmp_path: Path) -> None:
    """In the session's fresh venv with only ``pip install <a copy of sdk/>`` and mypy (``conftest.py``)."""
    assert sdk_only_python.parents[1] != Path(sys.prefix), "not this repository's environment"
    files = written(tmp_path / "bots")
    checked = strict_check(str(sdk_only_python), tmp_path / "bots", files)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_former_model_names_are_deprecated_aliases() -> None:
    from arena_client import models

    renamed = {
        "GirafferaffeReturnApple": "GirafferaffePass",
        "PiliPiliPlayCard": "PiliPiliPlay",
        "PiliPiliPassCards": "PiliPiliPass",
        "PiliPiliGiveCard": "PiliPiliGive",
    }
    for old, new in renamed.items():
        with pytest.warns(DeprecationWarning, match=new):
            assert getattr(models, old) is getattr(models, new)
        with pytest.warns(DeprecationWarning):
            assert getattr(models, f"{old}Type") is getattr(models, f"{new}Type")
    assert models.GirafferaffePass.from_dict({"type": "girafferaffe.pass"}).type_.value == "girafferaffe.pass"
    with pytest.raises(AttributeError):
        models.NoSuchModel  # noqa: B018
