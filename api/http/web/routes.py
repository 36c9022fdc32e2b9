"""Plain Flask blueprints (not part of the OpenAPI spec): the web client's files and the docs UI's.

The web client is static files and ES modules under ``api/http/web/static``, served as they are (no build
step). The docs UI at ``/docs`` is a page of ours (``api/http/web/docs_page``: Swagger UI started by a
script file, since the pages' Content-Security-Policy forbids inline script) that loads Swagger UI
from ``/docs/assets/``, the files the ``swagger-ui-bundle-v2`` package installs, so the docs render
without reaching any other host. Every response under ``/play`` and ``/docs`` carries the security
headers of ``api/http/web/security.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from flask import Blueprint, Flask, Response, redirect, send_from_directory
from swagger_ui_bundle import swagger_ui_path
from werkzeug.wrappers import Response as BaseResponse

from api.http.web.security import install_security_headers

#: The web client's files: pages, styles and modules.
STATIC_DIR = Path(__file__).parent / "static"

#: The docs UI's own page and the script that starts Swagger UI.
DOCS_PAGE_DIR = Path(__file__).parent / "docs_page"

web = Blueprint("web", __name__, url_prefix="/play")
docs_page = Blueprint("docs-page", __name__, url_prefix="/docs")
docs_assets = Blueprint("docs-assets", __name__, url_prefix="/docs/assets")


@web.get("")
def play_root() -> BaseResponse:
    """``/play`` -> ``/play/``, so that the pages' relative links resolve under ``/play/``."""
    return redirect("/play/", code=308)


@web.get("/")
def catalogue() -> Response:
    """The start page: the catalogue, play against bots, the waiting and live matches."""
    return send_from_directory(STATIC_DIR, "index.html")


@web.get("/<path:filename>")
def web_file(filename: str) -> Response:
    """A page, a module or a style of the web client (404 in the API's error shape if none)."""
    return send_from_directory(STATIC_DIR, filename)


@docs_page.get("")
def docs() -> Response:
    """The API's documentation: Swagger UI on ``/openapi.json``."""
    return send_from_directory(DOCS_PAGE_DIR, "index.html")


@docs_page.get("/start.js")
def docs_start() -> Response:
    """The script that starts Swagger UI on the docs page."""
    return send_from_directory(DOCS_PAGE_DIR, "start.js")


@docs_assets.get("/<path:filename>")
def docs_asset(filename: str) -> Response:
    """A file of the installed Swagger UI distribution."""
    return send_from_directory(swagger_ui_path, filename)


def register_web(app: Flask, frame_ancestors: Sequence[str]) -> None:
    """Serve the web client under ``/play`` and the docs UI under ``/docs``, with their security
    headers (framed only by ``frame_ancestors``)."""
    app.register_blueprint(web)
    app.register_blueprint(docs_page)
    app.register_blueprint(docs_assets)
    install_security_headers(app, frame_ancestors)
