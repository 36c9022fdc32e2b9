"""The baselines for the HTTP benchmarks: bare Flask endpoints on one Redis client, without the API's parts.

- ``POST /bare/nothing``: the stack alone, a Flask endpoint that answers ``{}`` without touching Redis
  (what gunicorn, gevent and Flask cost a request);
- ``POST /bare/<key>``: the floor, one Redis GET and one SET of 2 KB;
- ``GET /bare/move/<key>`` and ``POST /bare/move/<key>``: the least move, what any compare-and-set
  move with a log and a notification must do on top of the floor. The GET reads the Pipifax match
  kept at ``key`` (starting one when there is none or it is over) and answers its version, status
  and seat 0's view. The POST parses the JSON action in its body, reads the match (one ``HGET``),
  decodes its snapshot, applies the action with the engine for the seat to act, and writes the new
  snapshot and the log entry with one script (compare the version, ``HSET``, ``RPUSH``,
  ``PUBLISH``), then answers the acting seat's view and events. No token, rate limit, clock, lobby
  index, bot or schema: the API's move does all of that as well, so the least move's CPU is the
  least a full move could cost on this stack.
"""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Any

import orjson
import redis
from flask import Flask, Response, request

from engine import Match, apply_action, new_match, view

app = Flask("bare")
client = redis.Redis.from_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
VALUE = b"x" * 2048

#: KEYS: 1 the match hash, 2 its log, 3 its channel; ARGV: 1 the version read ('' for a new
#: match), 2 the new version, 3 the new snapshot, 4 the log entry. 1 if written, 0 if the version moved.
WRITE = client.register_script(
    """
    if (redis.call('HGET', KEYS[1], 'version') or '') ~= ARGV[1] then return 0 end
    redis.call('HSET', KEYS[1], 'version', ARGV[2], 'snapshot', ARGV[3])
    redis.call('RPUSH', KEYS[2], ARGV[4])
    redis.call('PUBLISH', KEYS[3], ARGV[2])
    return 1
    """
)


@app.post("/bare/nothing")
def nothing() -> Response:
    return Response("{}", mimetype="application/json")


@app.post("/bare/<key>")
def bare(key: str) -> Response:
    client.get(f"bench:bare:{key}")
    client.set(f"bench:bare:{key}", VALUE)
    return Response("{}", mimetype="application/json")


def _stored(key: str) -> tuple[Match | None, str]:
    """The match kept at ``key`` and the version it was read at ('' when there is none)."""
    raw = client.hget(f"bench:move:{key}", "snapshot")
    if raw is None:
        return None, ""
    match = Match.from_json(orjson.loads(raw))
    return match, str(match.version)


def _write(key: str, read_at: str, match: Match, entry: dict[str, Any]) -> bool:
    keys = [f"bench:move:{key}", f"bench:move:{key}:log", f"bench:move:{key}:channel"]
    snapshot = orjson.dumps(match.to_json())
    return bool(WRITE(keys=keys, args=[read_at, match.version, snapshot, orjson.dumps(entry)]))


def _answer(match: Match, seat: int, events: list[dict[str, Any]]) -> Response:
    body = {
        "version": match.version,
        "status": "finished" if match.is_over else "playing",
        "to_act": list(match.to_act),
        "view": view(match, seat),
        "events": events,
    }
    return Response(orjson.dumps(body), mimetype="application/json")


@app.get("/bare/move/<key>")
def least_move_match(key: str) -> Response:
    match, read_at = _stored(key)
    if match is None or match.is_over:
        fresh, _ = new_match("pipifax", 2, seed=time.time_ns() % 2**31)
        version = 0 if match is None else match.version + 1  # the key's version only rises, as compare-and-set needs
        match = dataclasses.replace(fresh, version=version)
        _write(key, read_at, match, {"new": True})
    return _answer(match, 0, [])


@app.post("/bare/move/<key>")
def least_move(key: str) -> Response:
    action = orjson.loads(request.get_data())
    match, read_at = _stored(key)
    if match is None:
        return Response('{"error": "no match"}', status=404, mimetype="application/json")
    seat = match.to_act[0]
    after, events = apply_action(match, seat, action, time.time())
    shown = [{"version": after.version, **event.to_json()} for event in events if event.is_visible_to(seat)]
    if not _write(key, read_at, after, {"seat": seat, "action": action, "events": [e.to_json() for e in events]}):
        return Response('{"error": "version moved"}', status=409, mimetype="application/json")
    return _answer(after, seat, shown)


@app.get("/health")
def health() -> Response:
    client.ping()
    return Response("{}", mimetype="application/json")
