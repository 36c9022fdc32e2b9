"""A seat socket kept open for the life of ``Seat.turns(transport="ws")``: its items, and moves answered in between.

The pure state between frames is :class:`arena_sdk.socket_state.Pending`; this module does the I/O.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncGenerator
from contextlib import AsyncExitStack
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from arena_sdk.socket_state import MAX_FRAME, Pending
from arena_sdk.stream_state import StreamEvent


class AsyncChannel:
    """A seat socket: its items as an iterator, and moves answered in between."""

    def __init__(self, url: str, token: str, *, connect_timeout: float, retry_for: float, pause: float) -> None:
        self.url, self.token = url, token
        self.connect_timeout, self.retry_for, self.pause = connect_timeout, retry_for, pause
        self.state = Pending()
        self.connection: ClientConnection | None = None
        #: The open connection's context (websockets' connect() is a context manager).
        self.opened = AsyncExitStack()

    async def items(self) -> AsyncGenerator[StreamEvent, None]:
        """Every item the server pushes until ``match_over`` (and the socket's normal close)."""
        try:
            while True:
                while self.state.items:
                    item = self.state.items.popleft()
                    yield item
                    if item.type == "match_over":
                        return
                if self.state.over:
                    return
                await self._receive()
        finally:
            await self.aclose()

    async def act(self, action: Any, version: int, key: str) -> dict[str, Any]:
        """Send a move and wait for its answer (items read meanwhile wait for :meth:`items`)."""
        self.state.move = json.dumps({"action": action, "version": version, "key": key}).encode()
        self.state.key = key
        await self._send_move()
        while self.state.answer is None and not self.state.over:
            await self._receive()
        return self.state.outcome()

    async def aclose(self) -> None:
        """Close the socket, if one is open."""
        self.connection = None
        await self.opened.aclose()

    async def _receive(self) -> None:
        try:
            self.state.read(await (await self._open()).recv())
        except (OSError, WebSocketException) as error:
            await self._dropped()
            self.state.failed(error, self.retry_for)
            if not self.state.over:
                await asyncio.sleep(self.pause)
                if self.state.move is not None:
                    await self._send_move()

    async def _send_move(self) -> None:
        assert self.state.move is not None
        try:
            await (await self._open()).send(self.state.move.decode())
        except (OSError, WebSocketException) as error:
            await self._dropped()
            self.state.failed(error, self.retry_for)  # the next receive opens it again and resends

    async def _dropped(self) -> None:
        """Forget a socket that failed (closing what is left of it)."""
        with contextlib.suppress(OSError, WebSocketException):  # it was already gone
            await self.aclose()

    async def _open(self) -> ClientConnection:
        if self.connection is None:
            headers = {} if self.state.last_id is None else {"Last-Event-ID": self.state.last_id}
            await self.opened.aclose()  # what is left of a connection that dropped
            self.connection = await self.opened.enter_async_context(
                connect(
                    self.url,
                    additional_headers=headers,
                    open_timeout=self.connect_timeout,
                    compression=None,
                    max_size=MAX_FRAME,
                )
            )
            await self.connection.send(self.token)
        return self.connection
