"""Every package the code imports is declared by the distribution that ships the code (or, for tests and
benches, by the development extra or another extra the development environment installs).

The code's imports are read from its sources (top-level ``import x`` and ``from x import``, lazy ones
in functions included); each third-party module is mapped to the distributions that provide it in
this environment, and one of them must be a declared requirement of the right group.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parents[2]
SERVER = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
SDK = tomllib.loads((ROOT / "sdk" / "pyproject.toml").read_text())["project"]
#: This repository's own top-level packages (the import contracts' roots, the SDK's and the generated
#: client among them), and its folders of tests, benchmarks and examples.
OWN = {*tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["root_packages"]} | {
    "tests",
    "bench",
    "examples",
}


def names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(line).name) for line in requirements}


SERVER_CORE = names(SERVER["dependencies"])
EXTRAS = {extra: names(lines) for extra, lines in SERVER["optional-dependencies"].items()}
SDK_CORE = names(SDK["dependencies"])
SDK_DIST = canonicalize_name(SDK["name"])

#: Who may import what: each source tree, and the requirements that must declare its imports.
DECLARED = {
    "engine": SERVER_CORE,
    "api": SERVER_CORE | EXTRAS["embedded"],  # arena serve's embedded Redis is optional, imported lazily
    "arena_envs": SERVER_CORE | EXTRAS["envs"] | {SDK_DIST},  # offline_arena: the SDK beside the extra
    "arena_runner": SERVER_CORE | EXTRAS["tournaments"],
    "sdk/arena_sdk": SDK_CORE,
    "sdk/scripts": SDK_CORE | EXTRAS["dev"],
    "tests": SERVER_CORE | SDK_CORE | {SDK_DIST} | set().union(*EXTRAS.values()),
    "bench": SERVER_CORE | SDK_CORE | {SDK_DIST} | set().union(*EXTRAS.values()),
}


def imported_modules(tree: Path) -> Iterator[tuple[Path, str]]:
    """Each absolute import's top-level module in the ``.py`` files under ``tree``."""
    for path in sorted(tree.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module.split(".")[0]


PROVIDERS = packages_distributions()


@pytest.mark.parametrize("tree", sorted(DECLARED))
def test_every_third_party_import_is_declared(tree: str) -> None:
    missing: set[str] = set()
    for path, module in imported_modules(ROOT / tree):
        if module in OWN or module in sys.stdlib_module_names or module == "__future__":
            continue
        providers = {canonicalize_name(name) for name in PROVIDERS.get(module, [])}
        assert providers, f"{path.relative_to(ROOT)} imports {module}, which nothing installed provides"
        if not providers & DECLARED[tree]:
            missing.add(f"{module} ({', '.join(sorted(providers))}; {path.relative_to(ROOT)})")
    assert not missing, f"{tree} imports undeclared packages: {sorted(missing)}"
