"""``/health``: whether the API is up and can reach its match store."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import fields

from api.http.blueprint import ArenaBlueprint
from api.http.errors import ErrorSchema
from api.http.extensions import context
from api.http.schema import Schema

blp = ArenaBlueprint("health", __name__, url_prefix="/health", description="Service health.")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "`ok` when the match store answers."})
    store = fields.String(required=True)


@blp.route("")
class Health(MethodView):
    @blp.doc(operationId="getHealth")
    @blp.response(200, HealthSchema)
    @blp.alt_response(
        503,
        schema=ErrorSchema,
        description="The match store is unavailable (`store/unavailable`); retry after `Retry-After` seconds.",
    )
    def get(self) -> dict[str, Any]:
        """Answer 200 when the API and its match store are up, 503 when the store is not."""
        context().store.ping()
        return {"status": "ok", "store": "ok"}
