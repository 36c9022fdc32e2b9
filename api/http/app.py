"""The application factory: configuration, the store, the blueprints, the spec and the error shape."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import flask
from apispec import APISpec
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
from api.http.sockets.routes import describe_sockets, register_sockets
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
    """flask-smorest's API, describing itself in the spec when the spec is first asked for, and serving
    ``document`` when this process described the same API before.

    Describing the API (each operation's schemas resolved into the spec) is most of an app's creation
    (0.03 s of CPU of 0.05 s) and gives the same document for the same code and settings: a serving
    process describes it only if ``/openapi.json`` is asked of it (its start, and ``/health``, do not
    wait for it), and a process that builds many apps (a test run, one per test) describes it once.
    """

    ERROR_SCHEMA = ErrorSchema
    # No catch-all `default` answer: each operation declares every status it answers (api/http/responses.py),
    # and schemathesis checks that it answers no other (it skips that check where `default` is declared).
    DEFAULT_ERROR_RESPONSE_NAME = None

    def __init__(self, app: Flask, described_as: Settings, **options: Any) -> None:
        self.described_as = described_as
        self.document = _DESCRIBED.get(described_as)
        #: What describes the API, in order, once the spec is asked for (nothing when it was described before).
        self.undescribed: list[Callable[[], None]] = []
        self.describing = threading.Lock()
        super().__init__(app, **options)

    def register_blueprint(self, blp: Blueprint, *, parameters: Any = None, **options: Any) -> None:
        """Serve ``blp``, and describe it in the spec when the spec is asked for (as flask-smorest's does at once)."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self.describe_later(partial(self._describe_blueprint, blp, name, parameters))

    def _describe_blueprint(self, blp: Blueprint, name: str, parameters: Any) -> None:
        blp.register_views_in_doc(self, self._app, self.spec, name=name, parameters=parameters)
        self.spec.tag({"name": name, "description": blp.description})

    def describe_later(self, step: Callable[[], None]) -> None:
        """Run ``step`` (which adds to ``self.spec``) when the spec is first asked for, after the steps before it."""
        if self.document is None:
            self.undescribed.append(step)

    def described(self) -> dict[str, Any]:
        """The OpenAPI document: described now if this process has not described it under these settings."""
        with self.describing:
            if self.document is None:
                for step in self.undescribed:
                    step()
                self.undescribed.clear()
                self.document = _DESCRIBED[self.described_as] = self.spec.to_dict()
        return self.document

    def _openapi_json(self) -> flask.Response:
        return flask.current_app.response_class(
            flask.json.dumps(self.described(), indent=2, sort_keys=False), mimetype="application/json"
        )


#: The documents this process described, by the settings they were described under (but the store's
#: address and key prefix, which no document tells).
_DESCRIBED: dict[Settings, dict[str, Any]] = {}


def _described_as(settings: Settings) -> Settings:
    return dataclasses.replace(settings, redis_url="", key_prefix="")


#: The project's one version number (``version`` in pyproject.toml, read from the installed package's
#: metadata): the spec's ``info.version``; the SDK's pyproject.toml repeats it (tests/test_version.py).
VERSION = importlib.metadata.version("tabletop-arena")


def describe_events(spec: APISpec) -> None:
    """Describe the schemas of what streams and record files hold, which no operation's response names."""
    spec.components.schema("TurnEvent", schema=TurnEventSchema)
    spec.components.schema("MatchOverEvent", schema=MatchOverEventSchema)
    spec.components.schema("TournamentRecordLine", schema=TournamentRecordLineSchema)


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
    api = ArenaApi(app, _described_as(settings), spec_kwargs={"marshmallow_plugin": ArenaSpecPlugin()})
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
    api.describe_later(partial(describe_events, api.spec))
    register_sockets(app, settings)
    api.describe_later(partial(describe_sockets, app, api.spec))  # a WebSocket, described in the spec by hand
    register_web(app, settings.frame_ancestors)  # /play and /docs (Swagger UI from an installed package)
    register_error_handlers(app)
    enable_cors(app, settings.cors_origins)
    install_rate_limits(app, settings)  # after CORS: its hook may answer a refusal with a 429, which CORS then marks
    return app
