"""The baseline for the HTTP benchmark: a bare Flask endpoint doing one Redis GET and one SET of 2 KB."""

from __future__ import annotations

import os

import redis
from flask import Flask, Response

app = Flask("bare")
client = redis.Redis.from_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
VALUE = b"x" * 2048


@app.post("/bare/<key>")
def bare(key: str) -> Response:
    client.get(f"bench:bare:{key}")
    client.set(f"bench:bare:{key}", VALUE)
    return Response("{}", mimetype="application/json")


@app.get("/health")
def health() -> Response:
    client.ping()
    return Response("{}", mimetype="application/json")
