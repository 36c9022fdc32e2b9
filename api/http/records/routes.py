"""``/matches/{id}/record`` and ``/records/versions/{version}``: a match's record, and replaying one."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request
from flask.views import MethodView

from api.http.blueprint import ArenaBlueprint, json_body
from api.http.errors import ErrorSchema
from api.http.extensions import context
from api.http.records import schemas
from api.http.replay.schemas import ReplayVersionSchema
from api.http.responses import answer_headers
from api.usecases import records as service
from arena.records.replays import record_version

#: The media type of a text record (answered with ``charset=utf-8``).
TEXT = "text/plain"

blp = ArenaBlueprint("records", __name__, description="Records of finished matches, to keep, replay and verify.")


@blp.route("/matches/<match_id>/record")
class MatchRecord(MethodView):
    @blp.doc(
        operationId="getMatchRecord",
        responses={200: {"content": {TEXT: {"schema": {"type": "string"}}}}},
    )
    @blp.arguments(schemas.RecordQuerySchema(), location="query")
    @blp.response(200, schemas.RecordSchema, headers=answer_headers("Cache-Control"))
    @blp.alt_response(404, schema=ErrorSchema, description="No such match, or its record expired (`match/not_found`).")
    @blp.alt_response(
        409,
        schema=ErrorSchema,
        description="The match is waiting or active (`match/not_over`); its tournament is still running "
        "(`record/sealed`); its log (or, for its text, its record) does not replay (`record/unavailable`).",
    )
    @blp.alt_response(503, schema=ErrorSchema, description="The match store is unavailable (`store/unavailable`).")
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """A finished or aborted match's record: seats, seed and salt, each version's action and time, the result.

        Kept `ARENA_RECORD_TTL` seconds (30 days by default) after the match ended, after the match
        itself has expired. `arena replay FILE` and `arena verify FILE` replay it offline; the SDK's
        `verify(record)` checks its commitment and consistency. `?format=text` answers the record as
        text a player reads (`text/plain; charset=utf-8`): a header of tag pairs (the game, the match,
        the date, the seats, the options, the seed and its commitment, the result and how the match
        ended), then one line per version in words, as PGN is for chess.
        """
        if query["format"] == "text":
            response = Response(service.match_record_text(context(), match_id), mimetype=TEXT)
        else:
            response = jsonify(service.match_record(context(), match_id))
        response.headers["Cache-Control"] = "public, max-age=3600"  # a record never changes
        return response


@blp.route("/records/versions/<int:version>")
class RecordVersion(MethodView):
    @blp.doc(operationId="replayRecordVersion")
    @blp.body(schemas.RecordSchema)
    @blp.response(200, ReplayVersionSchema)
    @blp.alt_response(400, schema=ErrorSchema, description="The body is not valid JSON (`request/bad_request`).")
    @blp.alt_response(
        404, schema=ErrorSchema, description="The record has no such version (`match/version_not_found`)."
    )
    @blp.alt_response(
        413, schema=ErrorSchema, description="The record is over `ARENA_MAX_RECORD_BYTES` (`request/too_large`)."
    )
    @blp.alt_response(
        415,
        schema=ErrorSchema,
        description="The body is not sent as `application/json` (`request/unsupported_media_type`).",
    )
    @blp.alt_response(
        422,
        schema=ErrorSchema,
        description="The record does not check out (`record/invalid`; `details.version`: where, null: its header).",
    )
    def post(self, version: int) -> Response:
        """A version of a record's match as a spectator saw it (the web replay page opens record files so).

        The whole record is checked first, as `arena verify` checks it (the commitment, every version
        replayed with the engine, the end it states); nothing is stored. The answer has the shape of
        `GET /matches/{id}/versions/{version}`.
        """
        request.max_content_length = current_app.config["ARENA_MAX_RECORD_BYTES"]
        return jsonify(record_version(json_body(request), version))
