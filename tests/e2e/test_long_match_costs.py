"""A long match against a server bot: no move reads the log, and a move reads no more as the match grows.

A Pipifax match of over 3,000 versions, a player seat against the server's ``random`` bot, played
through a live server over plain HTTP (the seat's legal actions, then its move; the bot replies in
the move's request, or on a busy machine the referee finishes its turn while the seat long-polls).
Redis's own counters (of a Redis server this test alone uses) are read around two stretches of the
match, one early and one past version 2,500: ``INFO commandstats`` must show no ``LRANGE`` (the log
is never read, so no bot rebuilds its memory from it and nothing replays the match), and the bytes
Redis sent per version (``INFO stats``: ``total_net_output_bytes``) must be about the same in both
stretches.
"""

from __future__ import annotations

import dataclasses
import random
import uuid

import pytest
import redis
import requests

from api.store.redis_server import RedisServer
from tests.e2e.long_matches import long_seed, lrange_calls
from tests.live_server import LiveServer

#: The player's rule: the random bot's own draw, so a match can be found offline that lasts long enough.
PLAYER = "random"
#: How many versions the match must last, and where the two measured stretches lie.
LONG = 3_200
EARLY, LATE = (100, 400), (2_600, 2_900)


def redis_counters(client: redis.Redis) -> tuple[int, int]:
    """LRANGE calls so far and bytes Redis has sent to its clients."""
    return lrange_calls(client), int(client.info("stats")["total_net_output_bytes"])


@dataclasses.dataclass
class Stretch:
    """Redis's counters over the moves of one stretch of versions."""

    first: int
    last: int
    moves: int = 0
    versions: int = 0
    lrange: int | None = None
    sent: int | None = None
    began: tuple[int, int] | None = None

    @property
    def open(self) -> bool:
        return self.began is not None and self.sent is None


@pytest.mark.timeout(600)
def test_a_long_match_against_a_server_bot_never_reads_the_log_and_reads_no_more_per_move(
    own_redis: RedisServer,
) -> None:
    seed = long_seed(LONG)
    prefix = f"long-{uuid.uuid4().hex[:8]}"
    stretches = [Stretch(*EARLY), Stretch(*LATE)]
    client = redis.Redis.from_url(own_redis.url)
    with (
        LiveServer(own_redis.url, workers=1, key_prefix=prefix) as server,
        requests.Session() as http,
    ):
        request = {"game": "pipifax", "players": 2, "seed": seed, "options": {"first_player": 0}}
        created = http.post(
            f"{server.url}/matches", json={**request, "seats": [{"name": "me"}, {"bot": "random"}]}, timeout=30
        ).json()
        match_id, token = created["match"]["match_id"], created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        version = 0
        while version < LATE[1]:
            page = http.get(f"{server.url}/matches/{match_id}/legal-actions?limit=24", headers=auth, timeout=30).json()
            version = page["version"]
            if not page["actions"]:  # the bot's turn is not over yet: wait for the match to move on
                waited = {**auth, "If-None-Match": f'"{version}"'}
                http.get(f"{server.url}/matches/{match_id}/view?wait=30", headers=waited, timeout=60)
                continue
            for stretch in stretches:
                if stretch.began is None and version >= stretch.first:
                    stretch.began, stretch.versions = redis_counters(client), -version
                elif stretch.began is not None and stretch.open and version >= stretch.last:
                    lrange, sent = redis_counters(client)
                    stretch.lrange, stretch.sent = lrange - stretch.began[0], sent - stretch.began[1]
                    stretch.versions += version
            pick = random.Random(f"bot/{PLAYER}/{seed}/{version}/0").randrange(page["total"])
            moved = http.post(
                f"{server.url}/matches/{match_id}/actions",
                json=page["actions"][pick],
                headers={**auth, "If-Match": str(version)},
                timeout=30,
            )
            assert moved.status_code == 200, moved.text
            for stretch in stretches:
                stretch.moves += stretch.open
    client.close()
    early, late = stretches
    assert early.lrange == 0 and late.lrange == 0, stretches
    assert early.sent is not None and late.sent is not None and early.moves > 50 and late.moves > 50, stretches
    # a version reads as much as before (the player's move and the bot's replies vary in number)
    assert late.sent / late.versions < 1.25 * early.sent / early.versions, stretches
