"""The seat socket against live servers: whole matches as over HTTP, idempotent resends, and every way a
socket is refused or closed, with nothing stored.

Frames are sent with the ``websockets`` client (raw bytes where the client would refuse to send
them); a half-open connection is a raw TCP socket that stops reading after the upgrade.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from arena_sdk import Arena
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from api.store.redis_server import RedisServer
from tests.live_server import LiveServer

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("seat-socket")

Json = dict[str, Any]
TIMEOUT = 60.0
#: What differs between two matches of the same seed: ids, times, and the salt its seed is committed with.
VARYING = {"match_id", "created_at", "updated_at", "seed_commitment", "salt"}


@pytest.fixture(scope="module")
def socket_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    """A server whose sockets ping every 3 s, so a half-open one is found within seconds.

    Shorter is flaky: a healthy client on a busy machine (CI shares 2 cores) can take more than half a
    second to answer a ping, and is then closed as half-open (1008) in the middle of another test.
    """
    with LiveServer(
        redis_server.url, workers=2, key_prefix=f"ws-{uuid.uuid4().hex[:8]}", ARENA_SOCKET_PING_SECONDS="3"
    ) as server:
        yield server


def create(server: LiveServer, game: str, players: int, options: Json, seed: int, **extra: Any) -> Json:
    body = {"game": game, "players": players, "options": options, "seed": seed, **extra}
    answer = httpx.post(f"{server.url}/matches", json=body, timeout=TIMEOUT)
    assert answer.status_code == 201, answer.text
    created: Json = answer.json()
    return created


def socket_url(server: LiveServer, match_id: str, query: str = "") -> str:
    return server.url.replace("http://", "ws://") + f"/matches/{match_id}/seat-socket{query}"


def opened(url: str) -> ClientConnection:
    """A socket, entered as the client's context manager (how ``websockets`` wants it opened)."""
    ws: ClientConnection = connect(url, open_timeout=TIMEOUT, compression=None).__enter__()
    return ws


def open_seat(server: LiveServer, match_id: str, token: str, query: str = "") -> ClientConnection:
    ws = opened(socket_url(server, match_id, query))
    ws.send(token)
    return ws


def receive(ws: ClientConnection) -> Json:
    message: Json = json.loads(ws.recv(timeout=TIMEOUT))
    return message


def answer_to(ws: ClientConnection, key: str) -> Json:
    """The answer to the move sent with ``key`` (items pushed meanwhile are passed over)."""
    while True:
        message = receive(ws)
        if message["type"] in ("result", "error") and message["key"] == key:
            return message


def close_code(ws: ClientConnection) -> int | None:
    """The code the server closed the socket with (reading until it does)."""
    try:
        while True:
            ws.recv(timeout=TIMEOUT)
    except ConnectionClosed as closed:
        return None if closed.rcvd is None else closed.rcvd.code


def public(server: LiveServer, match_id: str) -> Json:
    found: Json = httpx.get(f"{server.url}/matches/{match_id}", timeout=TIMEOUT).json()
    return found


def strip(body: Json) -> Json:
    """``body`` without what differs between two plays of one seed: the :data:`VARYING` keys, and each seat's
    ``asked``, which says whether that seat's program had connected yet when the answer was written (each
    seat plays in a thread of its own)."""
    stripped = {key: value for key, value in body.items() if key not in VARYING}
    if isinstance(stripped.get("seats"), list):
        stripped["seats"] = [{k: v for k, v in seat.items() if k != "asked"} for seat in stripped["seats"]]
    return stripped


# --- whole matches: the same moves and answers as over HTTP --------------------------------------


def play_first_actions(arena: Arena, match_id: str, tokens: list[str], transport: str) -> list[Json]:
    """Every seat takes the first offered action at each of its turns; the answers, in version order."""

    def play(token: str) -> list[Json]:
        seat = arena.seat(match_id, token)
        answers = []
        for turn in seat.turns(legal_limit=20, transport=transport):  # type: ignore[arg-type]
            result = turn.act(turn.actions[0])
            if result is not None:
                answers.append(result.to_dict())
        return answers

    with ThreadPoolExecutor(max_workers=len(tokens)) as pool:
        played = [answer for answers in pool.map(play, tokens) for answer in answers]
    return sorted(played, key=lambda body: int(body["version"]))


#: One configuration of each game, Pili Pili's with its missions' simultaneous choices.
GAMES: list[tuple[str, int, Json]] = [
    ("pipifax", 2, {}),
    ("taiga", 3, {}),
    ("girafferaffe", 2, {"mode": "standard"}),
    ("pili-pili", 3, {"missions": "expert"}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_match_over_sockets_has_the_moves_and_answers_of_http(
    socket_server: LiveServer, game: str, players: int, options: Json
) -> None:
    arena = Arena(socket_server.url)
    bodies = {}
    for transport in ("sse", "ws"):
        created = create(socket_server, game, players, options, seed=23)
        tokens = [seat["token"] for seat in created["seats"]]
        bodies[transport] = play_first_actions(arena, created["match"]["match_id"], tokens, transport)
        assert public(socket_server, created["match"]["match_id"])["status"] == "finished"
    assert [strip(body) for body in bodies["ws"]] == [strip(body) for body in bodies["sse"]]


def test_the_socket_pushes_what_the_seat_stream_sends(socket_server: LiveServer) -> None:
    created = create(socket_server, "taiga", 2, {"first_player": 0}, seed=5)
    match_id, tokens = created["match"]["match_id"], [seat["token"] for seat in created["seats"]]
    ws = open_seat(socket_server, match_id, tokens[0], "?after=-1")
    first: list[Json] = []
    while not first or first[-1]["type"] != "turn":
        first.append(receive(ws))
    ws.close()
    with httpx.stream(  # the stream goes on while the match does: read it as far as its first turn
        "GET",
        f"{socket_server.url}/matches/{match_id}/seat-stream?after=-1",
        headers={"Authorization": f"Bearer {tokens[0]}"},
        timeout=TIMEOUT,
    ) as response:
        items: list[Json] = []
        current: Json = {}
        for line in response.iter_lines():
            if line.startswith("id: "):
                current["id"] = line[4:]
            elif line.startswith("event: "):
                current["type"] = line[7:]
            elif line.startswith("data: "):
                current["data"] = json.loads(line[6:])
            elif not line and current:
                items.append(current)
                if current["type"] == "turn":
                    break
                current = {}
    pushed = [{"type": m["type"], "id": m["id"], "data": m["data"]} for m in first]
    assert pushed == [{"type": i["type"], "id": i["id"], "data": i["data"]} for i in items]


# --- idempotency and refusals ----------------------------------------------------------------------


def test_a_move_resent_with_its_key_is_applied_once_and_answered_alike(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {"first_player": 0}, seed=3)
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    ws = open_seat(socket_server, match_id, token)
    turn = receive(ws)
    assert turn["type"] == "turn" and turn["data"]["version"] == 0
    move = {"action": turn["data"]["legal_actions"]["actions"][0], "version": 0, "key": "move-1"}
    ws.send(json.dumps(move))
    first = answer_to(ws, "move-1")
    ws.send(json.dumps(move))
    again = answer_to(ws, "move-1")
    ws.close()
    assert first["type"] == again["type"] == "result" and first["status"] == 200
    assert (first["replayed"], again["replayed"]) == (False, True)
    assert again["data"] == first["data"]
    assert public(socket_server, match_id)["version"] >= 1
    log = httpx.get(f"{socket_server.url}/matches/{match_id}/events?after=0", timeout=TIMEOUT).json()
    assert [entry["version"] for entry in log["actions"]].count(1) == 1


def test_refusals_come_back_in_the_error_shape_and_the_socket_stays_open(socket_server: LiveServer) -> None:
    created = create(socket_server, "taiga", 2, {"first_player": 0}, seed=3)
    match_id, tokens = created["match"]["match_id"], [seat["token"] for seat in created["seats"]]
    ws = open_seat(socket_server, match_id, tokens[0])
    receive(ws)  # the turn
    refusals = {
        "illegal": ({"type": "taiga.take", "from_seat": 1}, 0, (422, "action/illegal")),
        "malformed": ({"type": "taiga.flip", "disc": 99}, 0, (422, "action/malformed")),
        "stale": ({"type": "taiga.flip", "disc": 1}, 7, (412, "match/stale_version")),
        "another-game": ({"type": "pipifax.flip", "position": 1}, 0, (422, "action/malformed")),
    }
    for key, (action, version, (status, code)) in refusals.items():
        ws.send(json.dumps({"action": action, "version": version, "key": key}))
        answer = answer_to(ws, key)
        assert answer["type"] == "error" and answer["status"] == status, answer
        assert set(answer["error"]) == {"code", "status", "message", "details"} and answer["error"]["code"] == code
    ws.send(json.dumps({"action": {"type": "taiga.take", "from_seat": 1}, "version": 0, "key": "rule"}))
    assert answer_to(ws, "rule")["error"]["details"]["rule"] == "T4"
    other = open_seat(socket_server, match_id, tokens[1])
    other.send(json.dumps({"action": {"type": "taiga.flip", "disc": 1}, "version": 0, "key": "not-mine"}))
    assert answer_to(other, "not-mine")["error"]["code"] == "action/not_your_turn"
    ws.close()
    other.close()
    assert public(socket_server, match_id)["version"] == 0  # nothing was stored


# --- closes: tokens, frames, floods, half-open connections -----------------------------------------


def test_tokens_are_checked_after_the_upgrade_and_refused_with_close_codes(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {}, seed=1)
    match_id = created["match"]["match_id"]
    other = create(socket_server, "pipifax", 2, {}, seed=1)
    cases = {
        "junk": 4401,
        f"{match_id}.0.{'a' * 43}": 4401,  # a forged secret
        created["host_token"]: 4403,  # the host plays no seat
        other["seats"][0]["token"]: 4403,  # another match's
    }
    for token, code in cases.items():
        assert close_code(open_seat(socket_server, match_id, token)) == code, token


def test_what_is_refused_before_the_upgrade_is_json(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {}, seed=1)
    match_id = created["match"]["match_id"]
    plain = httpx.get(f"{socket_server.url}/matches/{match_id}/seat-socket", timeout=TIMEOUT)
    assert (plain.status_code, plain.json()["code"]) == (426, "request/upgrade_required")
    for path, status in ((f"{match_id}/seat-socket?legal_limit=5000", 422), ("nope/seat-socket", 404)):
        with pytest.raises(InvalidStatus) as refused:
            opened(server_ws(socket_server, path))
        assert refused.value.response.status_code == status


def server_ws(server: LiveServer, path: str) -> str:
    return server.url.replace("http://", "ws://") + f"/matches/{path}"


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (b"\x00binary", 1003),
        ("not json", 1007),
        ('["a list"]', 1007),
        ('{"action": {"type": "pipifax.flip", "position": 0}}', 1007),  # no version
        ('{"action": {}, "version": "0"}', 1007),
        ('{"action": {}, "version": 0, "key": ""}', 1007),
        ('{"action": {}, "version": 0, "extra": 1}', 1007),
        ("x" * (64 * 1024 + 1), 1009),
    ],
    ids=["binary", "not json", "a list", "no version", "version text", "empty key", "extra field", "oversized"],
)
def test_a_bad_frame_closes_the_socket_with_its_code_and_stores_nothing(
    socket_server: LiveServer, frame: str | bytes, code: int
) -> None:
    created = create(socket_server, "pipifax", 2, {"first_player": 0}, seed=2)
    match_id = created["match"]["match_id"]
    ws = open_seat(socket_server, match_id, created["seats"][0]["token"])
    receive(ws)
    ws.send(frame)
    assert close_code(ws) == code
    assert public(socket_server, match_id)["version"] == 0


def test_a_flood_of_frames_closes_the_socket(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {"first_player": 0}, seed=2)
    match_id = created["match"]["match_id"]
    ws = open_seat(socket_server, match_id, created["seats"][1]["token"])  # not its turn: every move is refused
    move = json.dumps({"action": {"type": "pipifax.flip", "position": 0}, "version": 0})
    try:
        for _ in range(500):
            ws.send(move)
    except ConnectionClosed:
        pass
    assert close_code(ws) == 1008
    assert public(socket_server, match_id)["version"] == 0


def test_a_half_open_connection_is_closed_when_it_stops_answering_pings(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {}, seed=2)
    match_id = created["match"]["match_id"]
    host, port = socket_server.url.removeprefix("http://").split(":")
    raw = socket.create_connection((host, int(port)), timeout=TIMEOUT)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET /matches/{match_id}/seat-socket HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    raw.sendall(masked_text_frame(created["seats"][0]["token"]))
    received = b""
    while True:  # read what comes (the upgrade, the turn, pings) but never answer a ping
        chunk = raw.recv(65536)
        if not chunk:
            break
        received += chunk
        if b"\x88" in received.split(b"\r\n\r\n", 1)[-1] and close_frame_code(received) is not None:
            break
    raw.close()
    assert close_frame_code(received) == 1008


def masked_text_frame(text: str) -> bytes:
    payload, mask = text.encode(), os.urandom(4)
    if len(payload) < 126:
        header = bytes([0x81, 0x80 | len(payload)])
    else:
        header = bytes([0x81, 0xFE]) + struct.pack("!H", len(payload))
    return header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))


def close_frame_code(received: bytes) -> int | None:
    """The code of the close frame among the server's frames (after the upgrade's answer), if one came."""
    data = received.split(b"\r\n\r\n", 1)[-1]
    while len(data) >= 2:
        opcode, length = data[0] & 0x0F, data[1] & 0x7F
        offset = 2
        if length == 126:
            length, offset = struct.unpack("!H", data[2:4])[0], 4
        elif length == 127:
            length, offset = struct.unpack("!Q", data[2:10])[0], 10
        if len(data) < offset + length:
            return None
        if opcode == 0x8:
            code: int = struct.unpack("!H", data[offset : offset + 2])[0]
            return code
        data = data[offset + length :]
    return None


@pytest.mark.timeout(120)
def test_a_socket_without_a_token_is_closed_after_its_grace(socket_server: LiveServer) -> None:
    created = create(socket_server, "pipifax", 2, {}, seed=2)
    ws = opened(socket_url(socket_server, created["match"]["match_id"]))
    assert close_code(ws) == 4408


def test_the_socket_closes_normally_after_the_match_is_over(socket_server: LiveServer) -> None:
    created = create(socket_server, "taiga", 2, {}, seed=4, seats=[{"name": "me"}, {"bot": "random"}])
    match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
    arena = Arena(socket_server.url)
    final = arena.seat(match_id, token).play(lambda turn: turn.actions[0], transport="ws")
    assert final.status.value == "finished"
    ws = open_seat(socket_server, match_id, token, "?after=0")
    items = []
    try:
        while True:
            items.append(receive(ws))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 1000
    assert items[-1]["type"] == "match_over"
