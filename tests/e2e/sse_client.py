"""A tiny incremental parser of ``text/event-stream`` bodies, for tests that read the SSE endpoints.

Feed it bytes as they arrive (from a socket, httpx, or the Flask test client); it returns each event
once the blank line that ends it has arrived. Comment lines (``: keep-alive``) are counted, not returned.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import Any


@dataclasses.dataclass(frozen=True)
class SseEvent:
    """One server-sent event: its ``id`` (``None`` if it had none), type and raw data."""

    id: str | None
    type: str
    data: str

    def json(self) -> dict[str, Any]:
        """The data as a JSON object (fails the test if it is not one)."""
        value = json.loads(self.data)
        assert isinstance(value, dict), self.data
        return value

    @property
    def version(self) -> int:
        """The version named by the id (``12`` for ``12`` and ``12.3``)."""
        assert self.id is not None, self
        return int(self.id.split(".")[0])


class SseParser:
    """Turns chunks of a stream into events; keeps what is left of an unfinished line or event."""

    def __init__(self) -> None:
        self._buffer = b""
        self._id: str | None = None
        self._type = ""
        self._data: list[str] = []
        self.comments = 0

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """The events completed by ``chunk``."""
        self._buffer += chunk
        events: list[SseEvent] = []
        while b"\n" in self._buffer:
            raw, self._buffer = self._buffer.split(b"\n", 1)
            event = self._line(raw.decode().rstrip("\r"))
            if event is not None:
                events.append(event)
        return events

    def _line(self, line: str) -> SseEvent | None:
        if not line:  # a blank line dispatches the event gathered so far
            if not self._data and not self._type and self._id is None:
                return None
            event = SseEvent(self._id, self._type or "message", "\n".join(self._data))
            self._id, self._type, self._data = None, "", []
            return event
        if line.startswith(":"):
            self.comments += 1
            return None
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "id":
            self._id = value
        elif field == "event":
            self._type = value
        elif field == "data":
            self._data.append(value)
        return None


def parse(chunks: Iterable[bytes]) -> Iterator[SseEvent]:
    """Every event of a stream given as chunks, as soon as it is complete."""
    parser = SseParser()
    for chunk in chunks:
        yield from parser.feed(chunk)
