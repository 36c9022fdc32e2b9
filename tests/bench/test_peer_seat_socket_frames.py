"""bench/peer's WebSocket client sorts the seat channel's messages into pushed items, answers and errors."""

from __future__ import annotations

import orjson
import pytest

from bench.peer.seat_socket import read_frame, seat_socket_url

TURN = {"version": 3, "seat": 1, "deadline": None, "view": {}, "legal_actions": {"total": 1, "actions": []}}
ANSWER = {"match_id": "m1", "seat": 0, "version": 4, "status": "active", "to_act": [1], "view": {}, "events": []}
ERROR = {"code": "match/version_mismatch", "status": 412, "message": "The match moved on.", "details": {}}


def test_a_pushed_item_keeps_its_type_data_and_id_inline_or_under_data() -> None:
    for message in ({"event": "turn", "id": 3, "data": TURN}, {"type": "turn", "id": "3", **TURN}):
        frame = read_frame(orjson.dumps(message))
        assert (frame.kind, frame.type, frame.id, frame.data["version"]) == ("pushed", "turn", "3", 3)


def test_the_answer_and_an_error_are_told_apart_bare_or_wrapped() -> None:
    assert read_frame(orjson.dumps(ANSWER)).kind == "answer"
    assert read_frame(orjson.dumps({"type": "answer", "data": ANSWER})).data == ANSWER
    assert read_frame(orjson.dumps(ERROR)).kind == "error"
    assert read_frame(orjson.dumps({"type": "error", "data": ERROR})).data == ERROR


def test_anything_else_is_refused_with_the_message_shown() -> None:
    for text in (b"[1, 2]", b'{"hello": "seat 0"}', b'{"type": "answer", "data": 7}'):
        with pytest.raises(ValueError, match=r"\S"):
            read_frame(text)


def test_the_channel_address_follows_the_api_scheme() -> None:
    assert seat_socket_url("http://127.0.0.1:8000/", "m1") == "ws://127.0.0.1:8000/matches/m1/seat-socket"
    assert seat_socket_url("https://arena.example", "m1") == "wss://arena.example/matches/m1/seat-socket"
