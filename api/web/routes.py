"""Plain Flask blueprints (not part of the OpenAPI spec): the web client's files and the docs UI's.

The web client is static files and ES modules under ``api/web/static``, served as they are (no build
step). The docs UI at ``/docs`` (flask-smorest's Swagger UI page) loads its scripts from
``/docs/assets/``, which serves the Swagger UI files that the ``swagger-ui-bundle-v2`` package
installs, so the docs render without reaching any other host.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, redirect, send_from_directory
from swagger_ui_bundle import swagger_ui_path
from werkzeug.wrappers import Response as BaseResponse

#: The web client's files: pages, styles and modules.
STATIC_DIR = Path(__file__).parent / "static"

#: Where the docs page finds the Swagger UI assets (``OPENAPI_SWAGGER_UI_URL``).
DOCS_ASSETS_URL = "/docs/assets/"

web = Blueprint("web", __name__, url_prefix="/play")
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


@docs_assets.get("/<path:filename>")
def docs_asset(filename: str) -> Response:
    """A file of the installed Swagger UI distribution."""
    return send_from_directory(swagger_ui_path, filename)


def register_web(app: Flask) -> None:
    """Serve the web client under ``/play`` and the docs UI's assets under ``/docs/assets``."""
    app.register_blueprint(web)
    app.register_blueprint(docs_assets)
