"""A Redis at its ``maxmemory`` and the scripts' ``#!lua`` flags, on a server of this module's own (its
``maxmemory`` is lowered under what it uses for each call, and put back).

Every script but one declares that it may write (``#!lua``): Redis refuses it before it runs, whatever it
would have done, and the wrapper raises :class:`StoreFull`. ``compact_match`` is ``allow-oom`` (a swap frees
more than it writes; a record lost to a full Redis would be lost for good): it runs as with room. Every case
of every script's table runs here.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from api.store.errors import StoreFull
from api.store.lua import SCRIPTS
from api.store.match_scripts import MatchScripts
from api.store.quota_scripts import QuotaScripts
from api.store.redis_server import RedisServer
from api.store.tournament_scripts import TournamentScripts
from api.store.webhook_scripts import WebhookScripts
from tests.store import (
    test_beat,
    test_compact_match,
    test_due_scripts,
    test_first_request,
    test_live_places,
    test_tournament_places,
    test_tournament_scripts,
    test_webhook_scripts,
    test_write_match,
)
from tests.store.stored import Case, K, Target

#: What calls each table's wrapper on a target.
Wrapper = Callable[[Target], Callable[..., object]]
WRITING_TABLES: dict[str, tuple[Wrapper, list[Case]]] = {
    "write_match": (lambda t: MatchScripts(t.client).write_match, test_write_match.CASES),
    "reschedule": (lambda t: MatchScripts(t.client).reschedule, test_due_scripts.RESCHEDULE_CASES),
    "set_due": (lambda t: MatchScripts(t.client).set_due, test_due_scripts.SET_DUE_CASES),
    "claim_due": (lambda t: MatchScripts(t.client).claim_due, test_due_scripts.claim_cases(K.due())),
    "first_request": (lambda t: MatchScripts(t.client).first_request, test_first_request.CASES),
    "beat": (lambda t: MatchScripts(t.client).beat, test_beat.CASES),
    "write_tournament": (lambda t: TournamentScripts(t.client).write_tournament, test_tournament_scripts.WRITE_CASES),
    "tournament_match_field": (
        lambda t: TournamentScripts(t.client).set_match_field,
        test_tournament_scripts.FIELD_CASES,
    ),
    "renew_presence": (lambda t: TournamentScripts(t.client).renew_presence, test_tournament_scripts.PRESENCE_CASES),
    "register_webhook": (lambda t: WebhookScripts(t.client).register, test_webhook_scripts.REGISTER_CASES),
    "lease_webhook": (lambda t: WebhookScripts(t.client).lease, test_webhook_scripts.LEASE_CASES),
    "record_delivery": (lambda t: WebhookScripts(t.client).record, test_webhook_scripts.RECORD_CASES),
    "release_webhook": (lambda t: WebhookScripts(t.client).release, test_webhook_scripts.RELEASE_CASES),
    "take_live_place": (lambda t: QuotaScripts(t.client).take_live_place, test_live_places.CASES),
    "take_tournament_place": (
        lambda t: QuotaScripts(t.client).take_tournament_place,
        test_tournament_places.TAKE_CASES,
    ),
    "renew_tournament_place": (
        lambda t: QuotaScripts(t.client).renew_tournament_place,
        test_tournament_places.RENEW_CASES,
    ),
}


def test_every_script_has_its_table_here() -> None:
    """A script added to ``scripts/`` without a table fails here (the allow-oom one is compact_match's)."""
    assert {path.stem for path in SCRIPTS.glob("*.lua")} == {*WRITING_TABLES, "compact_match"}


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(Path(tmp_path_factory.mktemp("redis-full")), appendonly=False) as server:
        yield server


@pytest.fixture
def full(own_server: RedisServer) -> Iterator[Target]:
    client = redis.Redis.from_url(own_server.url)
    target = Target(client, f"test-{uuid.uuid4().hex[:12]}")
    yield target
    target.delete_all()
    client.close()


@contextmanager
def at_maxmemory(client: redis.Redis | redis.RedisCluster) -> Iterator[None]:
    """The server's ``maxmemory`` under what it uses (a byte) for the block, then as it was."""
    was = client.config_get("maxmemory")["maxmemory"]
    assert was is not None
    client.config_set("maxmemory", 1)
    try:
        yield
    finally:
        client.config_set("maxmemory", was)


@pytest.mark.parametrize(
    ("script", "case"),
    [
        pytest.param(script, case, id=f"{script}: {case.name}")
        for script, (_, cases) in WRITING_TABLES.items()
        for case in cases
    ],
)
def test_a_full_redis_refuses_a_writing_script_before_it_runs(full: Target, script: str, case: Case) -> None:
    call = WRITING_TABLES[script][0](full)
    full.put(case.before)
    channels = sorted({channel for channel, _ in case.published})
    with full.listening(channels, near=K.match("m")) as heard, at_maxmemory(full.client), pytest.raises(StoreFull):
        call(**full.resolve(case.args))
    assert heard == []
    full.assert_stored(case.before)
    assert call(**full.resolve(case.args)) == case.answer  # with room again, the same call runs
    full.assert_stored(case.before if case.after is None else case.after)


@pytest.mark.parametrize("case", test_compact_match.CASES, ids=[case.name for case in test_compact_match.CASES])
def test_a_full_redis_still_compacts(full: Target, case: Case) -> None:
    full.put(case.before)
    with at_maxmemory(full.client):
        assert MatchScripts(full.client).compact_match(**full.resolve(case.args)) == case.answer
        full.assert_stored(case.before if case.after is None else case.after)
