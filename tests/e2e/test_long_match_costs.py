"""A long match against a server bot: no move reads the log, and a move reads no more as the match grows.

A Pipifax match of over 3,000 versions, a player seat against the server's ``random`` bot, played
through a live server over plain HTTP (the seat's legal actions, then its move; the bot replies in
the move's request, or on a busy machine the referee finishes its turn while the seat long-polls).
Redis's own counters (of a Redis server this test alone uses) are read around each of the seat's moves
in two stretches of the match, one early and one past version 2,500: ``INFO commandstats`` must show no
``LRANGE`` (the log is never read, so no bot rebuilds its memory from it and nothing replays the match),
and the bytes Redis sent (``INFO stats``: ``total_net_output_bytes``) over a move's two requests (its
legal actions, then the move, which plays the bot's replies) must be about the same in both stretches.
The seat's waits for a bot's turn are left out: how many there are depends on the machine's load, not
on the match (with them, a run on a busy machine once counted 1.40x as many bytes late as early).
"""

from __future__ import annotations

import dataclasses
import itertools
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


def sent_bytes(client: redis.Redis) -> int:
    """The bytes Redis has sent to its clients so far."""
    return int(client.info("stats")["total_net_output_bytes"])


def info_reply_bytes(client: redis.Redis) -> int:
    """The bytes of one ``INFO stats`` reply, which each read of :func:`sent_bytes` adds to the next."""
    reads = [sent_bytes(client) for _ in range(5)]
    return min(after - before for before, after in itertools.pairwise(reads))


@dataclasses.dataclass
class Stretch:
    """Redis's counters over the seat's moves from version ``first`` to ``last``."""

    first: int
    last: int
    moves: int = 0
    sent: int = 0
    lrange_before: int | None = None
    lrange: int | None = None

    def holds(self, version: int) -> bool:
        return self.first <= version < self.last

    def count(self, client: redis.Redis, sent: int) -> None:
        if self.lrange_before is None:
            self.lrange_before = lrange_calls(client)
        self.moves, self.sent = self.moves + 1, self.sent + sent

    def close(self, client: redis.Redis) -> None:
        if self.lrange is None and self.lrange_before is not None:
            self.lrange = lrange_calls(client) - self.lrange_before


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
        info_reply = info_reply_bytes(client)
        version = 0
        while version < LATE[1]:
            before = sent_bytes(client)
            page = http.get(f"{server.url}/matches/{match_id}/legal-actions?limit=24", headers=auth, timeout=30).json()
            version = page["version"]
            if not page["actions"]:  # the bot's turn is not over yet: wait for the match to move on
                waited = {**auth, "If-None-Match": f'"{version}"'}
                http.get(f"{server.url}/matches/{match_id}/view?wait=30", headers=waited, timeout=60)
                continue
            pick = random.Random(f"bot/{PLAYER}/{seed}/{version}/0").randrange(page["total"])
            moved = http.post(
                f"{server.url}/matches/{match_id}/actions",
                json=page["actions"][pick],
                headers={**auth, "If-Match": str(version)},
                timeout=30,
            )
            assert moved.status_code == 200, moved.text
            sent = sent_bytes(client) - before - info_reply
            for stretch in stretches:
                if stretch.holds(version):
                    stretch.count(client, sent)
                elif version >= stretch.last:
                    stretch.close(client)
        for stretch in stretches:
            stretch.close(client)
    client.close()
    early, late = stretches
    assert early.lrange == 0 and late.lrange == 0, stretches
    assert early.moves > 50 and late.moves > 50, stretches
    # a move reads about as much as before. Redis counts its bytes to all its clients, the referee's and the other
    # processes' own reads among them, and how many of those fall in a move's window depends on timing: this match
    # (the same moves in every run) measured 1.05x to 1.29x late against early in quiet runs. A read in proportion
    # to the match would show about 10x (versions near 2,750 against 250).
    assert late.sent / late.moves < 1.5 * early.sent / early.moves, stretches
