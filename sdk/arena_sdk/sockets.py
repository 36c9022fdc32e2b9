"""The seat socket (``GET /matches/{id}/seat-socket``) as the SDK plays over it: ``transport="ws"``.

:class:`Channel` (sync) and :class:`AsyncChannel` come from one source (:mod:`arena_sdk._async.sockets`)
over the pure state of :mod:`arena_sdk.socket_state`.
"""

from __future__ import annotations

from arena_sdk._async.sockets import AsyncChannel
from arena_sdk._sync.sockets import Channel
from arena_sdk.socket_state import MAX_FRAME, RESUMABLE, Pending, closed_error, socket_url

__all__ = ["MAX_FRAME", "RESUMABLE", "AsyncChannel", "Channel", "Pending", "closed_error", "socket_url"]
