"""Replay checkpoints (``arena/records/checkpoints.py``): every version rebuilt from a checkpoint has the
body a replay from the seed gives, for every game and configuration.

The pure tests play tables in memory (random moves, one stand-in's move after a timeout, the seats
leaving at the end) and compare, version by version, the body from the checkpoints (the chunks kept
with a record, and the snapshots kept while the match is played) with the body of a full replay
(``replayed_from_seed``). The API tests play a match of each game into a real Redis and compare every
``GET /matches/{id}/versions/{v}`` right after its end (from the snapshots its writes kept), once its
record is kept (from the chunks) and once the checkpoints are gone (as for a match compacted before
there were any).
"""

from __future__ import annotations

import random
import time
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

import engine
from api.http.extensions import CONTEXT_KEY
from api.store.matches import Chunk, PlayedCheckpoint, snapshot_field
from api.usecases.context import Context
from api.usecases.matches.reading import load_table
from api.usecases.matches.writing import commit, settle
from arena.commitment import COMMITTED, commitment_event
from arena.matches.table import SeatInfo, Table
from arena.records import checkpoints
from arena.records.codec import decode_record, encode_checked_record, record_header
from arena.records.replays import replayed_from_seed, replayed_from_snapshot, version_body
from engine import Event
from engine.bots import choose_action
from tests.api.helpers import body_of, keep_record
from tests.engine.conformance import configurations

#: Versions after which the players of a pure match leave one by one (every version is compared
#: with a replay from the seed, which grows with the square of the match's length).
LONG = 110
#: Versions per checkpoint besides :data:`checkpoints.EVERY`: a small one, so that even the
#: shortest matches (Girafferaffe's) span several chunks.
SMALL_EVERY = 5


def played_table(
    game: str, players: int, options: dict[str, Any], seed: int, snapshots: dict[int, bytes] | None = None
) -> tuple[Table, list[bytes]]:
    """A table played in memory to its end, and its log entries as stored; ``snapshots`` gets every
    version's stored snapshot."""
    match, setup = engine.new_match(game, players, options, seed, 1000.0)
    seats = tuple(SeatInfo("player", f"p{seat}", digest="0" * 64) for seat in range(players))
    table = Table(
        match_id=f"pure-{game}-{players}",
        match=match,
        version=0,
        seats=seats,
        created_at=1000.0,
        updated_at=1000.0,
        deadlines=tuple(None for _ in seats),
        salt="a" * 64,
    )
    assert table.seed_commitment is not None
    events = [commitment_event(table.seed_commitment), *setup]
    entries = [
        orjson.dumps(
            {"version": 0, "seat": None, "action": None, "at": 1000.0, "events": [e.to_json() for e in events]}
        )
    ]
    rng = random.Random(seed)
    now = 1000.0
    if snapshots is not None:
        snapshots[0] = orjson.dumps(table.record())
    while not table.is_over:
        now += rng.random()
        if table.version >= LONG:  # the players leave: arena steps
            step = table.resign(next(s for s, info in enumerate(table.seats) if not info.is_out), now)
        else:
            seat = rng.choice(table.to_act)
            action = choose_action(table.match, seat, "random")
            if table.version == 3:  # a stand-in's move: the arena's event before the engine's
                step = table.replay_action(
                    seat, action.to_json(), now, [Event("timeout", {"seat": seat, "on_timeout": "bot"})]
                )
            else:
                step = table.act(seat, action, now)
        table = step.table
        entries.append(orjson.dumps(step.entry))
        if snapshots is not None:
            snapshots[table.version] = orjson.dumps(table.record())
    return table, entries


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_every_version_from_checkpoints_equals_a_full_replay(game: str, players: int, options: dict[str, Any]) -> None:
    table, entries = played_table(game, players, options, seed=7)
    stored = [orjson.loads(entry) for entry in entries]
    assert stored[0]["events"][0]["kind"] == COMMITTED  # as the API's log opens
    for every in (SMALL_EVERY, checkpoints.EVERY):
        record, matches = encode_checked_record(record_header(table), entries, every)
        assert sorted(matches) == list(range(every, table.version, every))
        chunks = checkpoints.encode_chunks(decode_record(record)["steps"], matches, every)
        assert len(chunks) == (table.version + every - 1) // every
        for version in range(table.version + 1):
            chunk = chunks[checkpoints.chunk_index(version, every)]
            match, entry = checkpoints.replayed_version(chunk, version, table.match, table.seed_commitment)
            assert entry == stored[version], (every, version)
            assert version_body(table, match, entry) == replayed_from_seed(table, stored[: version + 1]), (
                every,
                version,
            )
        assert match.to_json() == table.match.to_json()


@pytest.mark.parametrize(("game", "players", "options"), configurations())
def test_every_version_from_a_checkpoint_kept_while_played_equals_a_full_replay(
    game: str, players: int, options: dict[str, Any]
) -> None:
    snapshots: dict[int, bytes] = {}
    table, entries = played_table(game, players, options, seed=11, snapshots=snapshots)
    stored = [orjson.loads(entry) for entry in entries]
    for version in range(table.version + 1):
        start = checkpoints.played_checkpoint(version, SMALL_EVERY)
        assert checkpoints.kept_while_played(start, SMALL_EVERY) and version - start < SMALL_EVERY
        body = replayed_from_snapshot(table, orjson.loads(snapshots[start]), stored[start : version + 1])
        assert body == replayed_from_seed(table, stored[: version + 1]), version


def test_a_chunk_refuses_a_version_it_does_not_hold() -> None:
    table, entries = played_table("taiga", 2, {}, seed=1)
    record, matches = encode_checked_record(record_header(table), entries, SMALL_EVERY)
    chunks = checkpoints.encode_chunks(decode_record(record)["steps"], matches, SMALL_EVERY)
    for version in (SMALL_EVERY, 2 * SMALL_EVERY + 1):  # its own start (the entry needs the match before), past its end
        with pytest.raises(ValueError, match="does not rebuild"):
            checkpoints.replayed_version(chunks[1], version, table.match, table.seed_commitment)


def test_only_matches_longer_than_a_chunk_keep_checkpoints() -> None:
    assert not checkpoints.worth_keeping(checkpoints.EVERY)
    assert checkpoints.worth_keeping(checkpoints.EVERY + 1)
    assert [checkpoints.chunk_index(v, 4) for v in range(10)] == [0, 0, 0, 0, 0, 1, 1, 1, 1, 2]


#: Per game, a configuration whose bots' match (seed 3) spans two chunks at least.
API_MATCHES: dict[str, tuple[int, dict[str, Any]]] = {
    "pipifax": (2, {}),
    "taiga": (3, {}),
    "girafferaffe": (5, {"mode": "rounds"}),
    "pili-pili": (5, {"missions": "standard"}),
}
#: Versions after which the API's match is ended by its seats leaving.
API_LONG = 150


def context_of(client: FlaskClient) -> Context:
    ctx: Context = client.application.extensions[CONTEXT_KEY]
    return ctx


def bots_match(client: FlaskClient, game: str) -> str:
    """A match of random bots, played by the server's referee step and written version by version, its
    seats leaving past ``API_LONG``; its id. Its record is not kept (these tests run no referee)."""
    ctx = context_of(client)
    players, options = API_MATCHES[game]
    body = {"game": game, "players": players, "options": options, "seed": 3}
    body["seats"] = [{"bot": "random"} for _ in range(players)]
    match_id: str = body_of(client.post("/matches", json=body))["match"]["match_id"]
    table = load_table(ctx, match_id)
    while not table.is_over:
        if table.version >= API_LONG:
            seat = next(s for s, info in enumerate(table.seats) if not info.is_out)
            table = commit(ctx, table, table.resign(seat, time.time()))
        else:
            table = settle(ctx, table, steps=API_LONG - table.version)
    return match_id


def every_version(client: FlaskClient, match_id: str, last: int) -> list[bytes]:
    """``GET /matches/{id}/versions/{v}`` of every version, each answered 200."""
    answers = [client.get(f"/matches/{match_id}/versions/{v}") for v in range(last + 1)]
    for answer in answers:
        assert answer.status_code == 200, answer.get_data(as_text=True)
    return [answer.get_data() for answer in answers]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(API_MATCHES))
def test_every_version_through_the_api_is_the_same_from_either_checkpoints_or_none(
    client: FlaskClient, game: str
) -> None:
    ctx = context_of(client)
    store = ctx.store
    match_id = bots_match(client, game)
    last = load_table(ctx, match_id).version
    assert last > checkpoints.EVERY, last  # two chunks at least
    key = store.keys.checkpoints(match_id)
    # right after its end, before anything else ran: the snapshots its writes kept, with the match's ttl
    assert store.client.exists(store.keys.log(match_id)) and store.record(match_id) is None
    kept = set(store.client.hkeys(key))
    assert kept == {snapshot_field(v).encode() for v in range(0, last + 1, checkpoints.EVERY)}
    assert abs(store.client.ttl(key) - store.client.ttl(store.keys.match(match_id))) <= 1
    assert isinstance(store.checkpoint(match_id, last), PlayedCheckpoint)
    from_played = every_version(client, match_id, last)
    keep_record(client, match_id)  # the record keeper: the chunks replace the snapshots, the record the log
    assert not store.client.exists(store.keys.log(match_id))
    assert store.client.hget(key, "every") == str(checkpoints.EVERY).encode()
    assert store.client.hlen(key) == 1 + (last + checkpoints.EVERY - 1) // checkpoints.EVERY
    assert store.client.ttl(key) == store.client.ttl(store.keys.record(match_id))
    assert isinstance(store.checkpoint(match_id, last), Chunk)
    from_chunks = every_version(client, match_id, last)
    store.client.delete(key)  # as a match compacted before checkpoints: replayed from its seed
    assert store.checkpoint(match_id, last) is None
    from_seed = every_version(client, match_id, last)
    for version in range(last + 1):
        assert from_played[version] == from_chunks[version] == from_seed[version], version


def test_a_short_match_keeps_no_checkpoints(client: FlaskClient) -> None:
    ctx = context_of(client)
    store = ctx.store
    body = {"game": "girafferaffe", "players": 2, "options": {"mode": "standard"}, "seats": [{"bot": "random"}] * 2}
    match_id = body_of(client.post("/matches", json=body))["match"]["match_id"]
    table = load_table(ctx, match_id)
    while not table.is_over:
        table = settle(ctx, table)
    keep_record(client, match_id)
    assert table.version <= checkpoints.EVERY
    assert store.record(match_id) is not None and not store.client.exists(store.keys.checkpoints(match_id))
    assert body_of(client.get(f"/matches/{match_id}/versions/{table.version}"))["version"] == table.version
