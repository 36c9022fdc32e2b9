# Written by sdk/scripts/unasync.py from arena_sdk/_async/sockets.py: edit that, not this.
"""A seat socket kept open for the life of ``Seat.turns(transport="ws")``: its items, and moves answered in between.

The pure state between frames is :class:`arena_sdk.socket_state.Pending`; this module does the I/O.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Generator
from contextlib import ExitStack
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from arena_sdk.socket_state import MAX_FRAME, Pending
from arena_sdk.stream_state import StreamEvent


class Channel:
    """A seat socket: its items as an iterator, and moves answered in between."""

    def __init__(self, url: str, token: str, *, connect_timeout: float, retry_for: float, pause: float) -> None:
        self.url, self.token = url, token
        self.connect_timeout, self.retry_for, self.pause = connect_timeout, retry_for, pause
        self.state = Pending()
        self.connection: ClientConnection | None = None
        #: The open connection's context (websockets' connect() is a context manager).
        self.opened = ExitStack()

    def items(self) -> Generator[StreamEvent, None, None]:
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
                self._receive()
        finally:
            self.close()

    def act(self, action: Any, version: int, key: str) -> dict[str, Any]:
        """Send a move and wait for its answer (items read meanwhile wait for :meth:`items`)."""
        self.state.move = json.dumps({"action": action, "version": version, "key": key}).encode()
        self.state.key = key
        self._send_move()
        while self.state.answer is None and not self.state.over:
            self._receive()
        return self.state.outcome()

    def close(self) -> None:
        """Close the socket, if one is open."""
        self.connection = None
        self.opened.close()

    def _receive(self) -> None:
        try:
            self.state.read((self._open()).recv())
        except (OSError, WebSocketException) as error:
            self._dropped()
            self.state.failed(error, self.retry_for)
            if not self.state.over:
                time.sleep(self.pause)
                if self.state.move is not None:
                    self._send_move()

    def _send_move(self) -> None:
        assert self.state.move is not None
        try:
            (self._open()).send(self.state.move.decode())
        except (OSError, WebSocketException) as error:
            self._dropped()
            self.state.failed(error, self.retry_for)  # the next receive opens it again and resends

    def _dropped(self) -> None:
        """Forget a socket that failed (closing what is left of it)."""
        with contextlib.suppress(OSError, WebSocketException):  # it was already gone
            self.close()

    def _open(self) -> ClientConnection:
        if self.connection is None:
            headers = {} if self.state.last_id is None else {"Last-Event-ID": self.state.last_id}
            self.opened.close()  # what is left of a connection that dropped
            self.connection = self.opened.enter_context(
                connect(
                    self.url,
                    additional_headers=headers,
                    open_timeout=self.connect_timeout,
                    compression=None,
                    max_size=MAX_FRAME,
                )
            )
            self.connection.send(self.token)
        return self.connection
