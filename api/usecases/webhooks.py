"""What creating a match or a tournament with a ``webhook`` adds: the URL checked before anything is
stored (422 ``webhook/refused_url``), a secret shown once in the creation's answer, and the webhook
stored beside its match or tournament and indexed for the workers, after the resource's own write.
"""

from __future__ import annotations

import dataclasses
import socket
from collections.abc import Mapping, Sequence
from typing import Any

from api.usecases.context import Context
from arena.errors import ArenaError
from arena.webhooks.addresses import RefusedUrl, parse_url, resolve
from arena.webhooks.plan import Cursor
from arena.webhooks.signing import new_secret


@dataclasses.dataclass(frozen=True)
class WebhookRequest:
    """A checked ``webhook`` of a creation request: where to POST, and which event types."""

    url: str
    events: tuple[str, ...]

    def created(self) -> dict[str, Any]:
        """The webhook as the creation's answer shows it, with a fresh secret (shown this once)."""
        return {"url": self.url, "events": list(self.events), "secret": new_secret()}


def system_resolver(host: str, port: int) -> list[tuple[Any, ...]]:
    """The system resolver's addresses of ``host`` for a TCP connection to ``port``."""
    return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)


def check(ctx: Context, request: Mapping[str, Any] | None, event_types: Sequence[str]) -> WebhookRequest | None:
    """The webhook a creation asks for (``None``: none), or 422 ``webhook/refused_url`` naming the rule
    its URL breaks; its host is resolved now, and every address must be public
    (:mod:`arena.webhooks.addresses`)."""
    if request is None:
        return None
    url: str = request["url"]
    try:
        target = parse_url(url)
        resolve(target.host, target.port, ctx.store.settings.webhook_allow_private, system_resolver)
    except RefusedUrl as refused:
        raise ArenaError(
            "webhook/refused_url",
            f"the webhook URL is refused: {refused.message}; nothing was stored",
            field="webhook.url",
            reason=refused.reason,
        ) from None
    return WebhookRequest(url, tuple(dict.fromkeys(request.get("events") or event_types)))


def register(ctx: Context, webhook_id: str, created: Mapping[str, Any] | None, created_at: float) -> None:
    """Store the webhook a creation's answer shows (``None``: it has none) for the match or tournament
    ``webhook_id`` (:func:`api.store.keys.tournament_webhook_id` for a tournament). Called again by an idempotent
    replay of the creation: a webhook stored already keeps its secret, and its index entry is mended."""
    if created is not None:
        ctx.webhooks.register(webhook_id, created["url"], created["events"], created["secret"], created_at)


def status(ctx: Context, webhook_id: str, what: str) -> dict[str, Any]:
    """The webhook of ``webhook_id`` (a ``what``: match or tournament) as its host sees it: where it
    delivers, how far it got, its latest attempts and dead letters, never its secret; 404
    ``webhook/not_found`` when the match or tournament has none."""
    found = ctx.webhooks.describe(webhook_id)
    if found is None:
        raise ArenaError("webhook/not_found", f"this {what} was created without a webhook")
    state = found.pop("state")
    return {
        **found,
        "handled_version": Cursor.parse(state.cursor).version,
        "done": state.done,
        "failures": state.failures,
        "failing_since": state.failing_since,
        "next_attempt_at": state.retry_at,
    }
