"""Collecting another test module's tests (and its fixtures) again in a module of this package."""

from __future__ import annotations

from types import ModuleType
from typing import Any


def collect_from(*modules: ModuleType, leave_out: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The tests (renamed ``<test>__<module>``, as names repeat across modules) and fixtures of ``modules``."""
    found: dict[str, Any] = {}
    for module in modules:
        short = module.__name__.rsplit(".", 1)[1]
        for name, value in vars(module).items():
            if name.startswith("test_") and callable(value) and name not in leave_out:
                found[f"{name}__{short}"] = value
            elif type(value).__name__ == "FixtureFunctionDefinition" or hasattr(value, "_pytestfixturefunction"):
                found[name] = value
    return found
