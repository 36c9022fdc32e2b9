"""Every file of the web client is package data, so an installed server (the Docker image) serves it."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from api.http.web.routes import DOCS_PAGE_DIR, STATIC_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_every_client_file_is_shipped_with_the_api_package() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["api"]
    served = [path for folder in (STATIC_DIR, DOCS_PAGE_DIR) for path in folder.rglob("*") if path.is_file()]
    files = [path.relative_to(ROOT / "api").as_posix() for path in served]
    assert any(name.endswith(".js") for name in files)
    # setuptools' globs: "*" stays within one folder, as fnmatch's does once "/" is kept apart
    unshipped = [
        name
        for name in files
        if not any(fnmatch.fnmatch(name, pattern) and name.count("/") == pattern.count("/") for pattern in patterns)
    ]
    assert unshipped == [], f"add these to [tool.setuptools.package-data] api in pyproject.toml: {unshipped}"
