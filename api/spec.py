"""The OpenAPI document as the app produces it, without a running store."""

from __future__ import annotations

from typing import Any

from api.http.app import create_app
from api.settings import Settings


def openapi_document() -> dict[str, Any]:
    """The spec served at ``/openapi.json`` (building the app opens no connection)."""
    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))
    with app.test_client() as client:
        document: dict[str, Any] = client.get("/openapi.json").get_json()
    return document
