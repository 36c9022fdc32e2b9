"""Request and response schemas of webhooks: the ``webhook`` of a creation, and the delivery log."""

from __future__ import annotations

from marshmallow import RAISE, fields, validate

from api.http.schema import Schema
from arena.webhooks.addresses import MAX_URL_LENGTH
from arena.webhooks.plan import MATCH_EVENT_TYPES, TOURNAMENT_EVENT_TYPES

#: The shape of a URL the server calls, as the spec publishes it (``addresses.parse_url`` checks it,
#: with the port's range, answering 422 ``webhook/refused_url``): http or https, a host without
#: credentials, no spaces or control characters.
URL_PATTERN = r"^[Hh][Tt][Tt][Pp][Ss]?://[^\x00-\x20\x7f-\x9f@/?#\\]+(?:[/?#][^\x00-\x20\x7f-\x9f]*)?$"

URL_DESCRIPTION = (
    "Where to POST: an `http` or `https` URL without credentials, at most 2048 characters. Its host must resolve "
    "to public addresses only (never loopback, private or link-local, unless the server sets "
    "`ARENA_WEBHOOK_ALLOW_PRIVATE=1`), checked now and before every delivery; else 422 `webhook/refused_url` "
    "and nothing is stored."
)


class MatchWebhookRequestSchema(Schema):
    """POST the match's public events to a URL, each signed (README, "Webhooks")."""

    class Meta:
        unknown = RAISE

    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_URL_LENGTH),
        metadata={"description": URL_DESCRIPTION, "pattern": URL_PATTERN},
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(MATCH_EVENT_TYPES)),
        validate=validate.Length(min=1, max=len(MATCH_EVENT_TYPES)),
        metadata={
            "description": "Which deliveries: `version` (each version's public events) and `match_over` "
            "(how it ended). Omitted: both."
        },
    )


class TournamentWebhookRequestSchema(Schema):
    """POST the tournament's standings to a URL whenever they change, each signed (README, "Webhooks")."""

    class Meta:
        unknown = RAISE

    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_URL_LENGTH),
        metadata={"description": URL_DESCRIPTION, "pattern": URL_PATTERN},
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(TOURNAMENT_EVENT_TYPES)),
        validate=validate.Length(min=1, max=len(TOURNAMENT_EVENT_TYPES)),
        metadata={"description": "Which deliveries: `standings` (status or standings changed). Omitted: all."},
    )


class CreatedWebhookSchema(Schema):
    """The webhook as created. Its secret is shown here once, never again: keep it to verify signatures."""

    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    secret = fields.String(
        required=True,
        metadata={
            "description": "The key of every delivery's `Arena-Signature` (HMAC-SHA256 of `<t>.<body>`); "
            "the SDKs' `verify_signature` checks one in one call."
        },
    )


class DeliveryAttemptSchema(Schema):
    """One attempt at delivering one event."""

    event_id = fields.String(required=True, metadata={"description": "The delivery's `id` (also `Arena-Event-Id`)."})
    type = fields.String(required=True, metadata={"description": "`version`, `match_over` or `standings`."})
    attempt = fields.Integer(required=True, metadata={"description": "1 for the first attempt at this event."})
    at = fields.Float(required=True, metadata={"description": "When it was sent (epoch seconds)."})
    seconds = fields.Float(required=True, metadata={"description": "How long it took, lookup to answer."})
    status = fields.Integer(required=True, allow_none=True, metadata={"description": "The receiver's HTTP status."})
    error = fields.String(
        required=True, allow_none=True, metadata={"description": "Why there was no answer (refused, timeout, ...)."}
    )
    outcome = fields.String(
        required=True,
        validate=validate.OneOf(["delivered", "failed", "dead"]),
        metadata={
            "description": "`delivered` (a 2xx answer), `failed` (tried again later) or `dead` (given up: see "
            "`dead_letters`)."
        },
    )


class DeadLetterSchema(Schema):
    """An event given up after the retries ran out: what was not delivered."""

    event_id = fields.String(required=True)
    type = fields.String(required=True)
    attempts = fields.Integer(required=True)
    failing_since = fields.Float(required=True, metadata={"description": "When the run of failures began."})
    dead_at = fields.Float(required=True)
    error = fields.String(required=True, metadata={"description": "The last attempt's status or error."})
    body = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        required=True,
        metadata={"description": "The body that was not delivered (the same a delivery would have sent)."},
    )


class WebhookStatusSchema(Schema):
    """A webhook as its host sees it: where it delivers, how far it got, its latest attempts and dead letters."""

    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    created_at = fields.Float(required=True)
    handled_version = fields.Integer(
        required=True,
        metadata={
            "description": "Every version up to this one (of the match, or of the tournament) is handled: "
            "delivered, given up, or with nothing public to send; -1: none yet."
        },
    )
    done = fields.Boolean(required=True, metadata={"description": "Nothing more will be delivered."})
    failures = fields.Integer(required=True, metadata={"description": "Failed attempts at the event now pending."})
    failing_since = fields.Float(
        required=True, allow_none=True, metadata={"description": "When the current run of failures began."}
    )
    next_attempt_at = fields.Float(
        required=True, allow_none=True, metadata={"description": "When the pending event is tried again."}
    )
    deliveries = fields.List(
        fields.Nested(DeliveryAttemptSchema),
        required=True,
        metadata={"description": "The latest 100 attempts, newest first."},
    )
    dead_letters = fields.List(
        fields.Nested(DeadLetterSchema),
        required=True,
        metadata={"description": "The latest 100 events given up, newest first."},
    )
