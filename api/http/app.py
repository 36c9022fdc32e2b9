"""The application factory: configuration, the store, the blueprints, the spec and the error shape."""

from __future__ import annotations

import dataclasses
import importlib.metadata
from typing import Any

import flask
from flask import Flask
from flask_smorest import Api, Blueprint

from api.clock import SYSTEM, Clock
from api.http.cors import enable_cors
from api.http.errors import ErrorSchema, register_error_handlers
from api.http.extensions import CONTEXT_KEY, NOTIFIER_KEY, STOP_SERVING_KEY
from api.http.games.routes import blp as games_blp
from api.http.health.routes import blp as health_blp
from api.http.json_provider import OrjsonProvider
from api.http.limits import install_rate_limits
from api.http.lobby.routes import blp as lobby_blp
from api.http.matches.routes import blp as matches_blp
from api.http.records.routes import blp as records_blp
from api.http.replay.routes import blp as replay_blp
from api.http.requests import install_observability
from api.http.sockets.routes import register_sockets
from api.http.spec_plugin import ArenaSpecPlugin
from api.http.streams.routes import blp as streams_blp
from api.http.streams.schemas import MatchOverEventSchema, TurnEventSchema
from api.http.tournaments.report_schemas import TournamentRecordLineSchema
from api.http.tournaments.routes import blp as tournaments_blp
from api.http.web.routes import register_web
from api.http.webhooks.routes import blp as webhooks_blp
from api.settings import Settings
from api.store.keys import tag_of_channel
from api.store.matches import MatchStore
from api.store.notifier import Notifier
from api.usecases import wiring

API_DESCRIPTION = """A game server where programs play Pipifax, Taiga, Girafferaffe and Pili Pili.

Create a match with `POST /matches`; the response holds one secret token per seat. Each program
plays its seat with `Authorization: Bearer <token>`: read `/view`, list `/legal-actions`, and
submit one of them to `/actions` with `If-Match: <version>`. Every error has the same shape
(`code`, `status`, `message`, `details`) with a stable `code`.
"""


class ArenaFlask(Flask):
    json_provider_class = OrjsonProvider


class ArenaApi(Api):
    """flask-smorest's API, serving ``document`` when this process described the same API before.

    Describing the API (each operation's schemas resolved into the spec) is most of an app's creation
    (0.10 s of CPU, 0.02 s without it) and gives the same document for the same code and settings: a
    process that builds many apps (a test run, one per test) describes it once.
    """

    ERROR_SCHEMA = ErrorSchema
    # No catch-all `default` answer: each operation declares every status it answers (api/http/responses.py),
    # and schemathesis checks that it answers no other (it skips that check where `default` is declared).
    DEFAULT_ERROR_RESPONSE_NAME = None

    def __init__(self, app: Flask, document: dict[str, Any] | None, **options: Any) -> None:
        self.document = document
        super().__init__(app, **options)

    def register_blueprint(self, blp: Blueprint, *, parameters: Any = None, **options: Any) -> None:
        """Serve ``blp``, and describe it in the spec unless the document is already described."""
        if self.document is None:
            super().register_blueprint(blp, parameters=parameters, **options)
            return
        self._app.extensions["flask-smorest"]["blp_name_to_api"][options.get("name", blp.name)] = self
        self._app.register_blueprint(blp, **options)

    def _openapi_json(self) -> flask.Response:
        if self.document is None:
            response: flask.Response = super()._openapi_json()
            return response
        return flask.current_app.response_class(
            flask.json.dumps(self.document, indent=2, sort_keys=False), mimetype="application/json"
        )


#: The documents this process described, by the settings they were described under (but the store's
#: address and key prefix, which no document tells).
_DESCRIBED: dict[Settings, dict[str, Any]] = {}


def _described_as(settings: Settings) -> Settings:
    return dataclasses.replace(settings, redis_url="", key_prefix="")


#: The project's one version number (``version`` in pyproject.toml, read from the installed package's
#: metadata): the spec's ``info.version``; the SDK's pyproject.toml repeats it (tests/test_version.py).
VERSION = importlib.metadata.version("tabletop-arena")


def create_app(settings: Settings | None = None, clock: Clock = SYSTEM) -> Flask:
    """Build the API for ``settings`` (default: from the environment), on ``clock`` (a test's may be fake)."""
    settings = settings or Settings.from_environment()
    app = ArenaFlask("tabletop_arena")
    app.config.update(
        API_TITLE="Tabletop Arena",
        API_VERSION=VERSION,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {"description": API_DESCRIPTION},
            "components": {
                "securitySchemes": {
                    "seatToken": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "A seat token (from POST /matches or /join) or the host token.",
                    }
                }
            },
        },
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        ARENA_MAX_RECORD_BYTES=settings.max_record_bytes,
        ARENA_STREAM_KEEP_ALIVE_SECONDS=settings.stream_keep_alive_seconds,
    )
    store = MatchStore.connect(settings)
    app.extensions[CONTEXT_KEY] = wiring.context(store, clock)
    app.extensions[NOTIFIER_KEY] = Notifier(
        settings.node_url,
        store.keys.notify_pattern(),
        tag_of_channel,
        cluster=settings.redis_cluster,
        heard=store.heard_published,  # every process knows the latest version of a match as written
        lost=store.latest.forget,
    )
    app.extensions[STOP_SERVING_KEY] = app.extensions[NOTIFIER_KEY].close_waiters
    install_observability(app)  # first: the request id before anything can log, the metrics after every answer
    described = _DESCRIBED.get(_described_as(settings))
    api = ArenaApi(app, described, spec_kwargs={"marshmallow_plugin": ArenaSpecPlugin()})
    blueprints = (
        games_blp,
        matches_blp,
        lobby_blp,
        streams_blp,
        replay_blp,
        records_blp,
        tournaments_blp,
        webhooks_blp,
        health_blp,
    )
    for blueprint in blueprints:
        api.register_blueprint(blueprint)
    if described is None:
        api.spec.components.schema("TurnEvent", schema=TurnEventSchema)
        api.spec.components.schema("MatchOverEvent", schema=MatchOverEventSchema)
        api.spec.components.schema("TournamentRecordLine", schema=TournamentRecordLineSchema)
    # the seat socket: a WebSocket, described in the spec by hand
    register_sockets(app, settings, api.spec if described is None else None)
    if described is None:
        _DESCRIBED[_described_as(settings)] = api.spec.to_dict()
    register_web(app, settings.frame_ancestors)  # /play and /docs (Swagger UI from an installed package)
    register_error_handlers(app)
    enable_cors(app, settings.cors_origins)
    install_rate_limits(app, settings)  # after CORS: its hook may answer a refusal with a 429, which CORS then marks
    return app
