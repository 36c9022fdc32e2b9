"""Typed errors for failures found without a server, or answered by a stand-in one (httpx.MockTransport)."""

from __future__ import annotations

import time

import httpx
import pytest
from arena_client import Client
from arena_client.models import PipifaxView
from arena_sdk import (
    Arena,
    AsyncArena,
    ConnectionFailedError,
    InvalidTokenError,
    MalformedActionError,
    MatchQuotaError,
    RateLimitedError,
    ServerError,
    TournamentQuotaError,
    WrongGameError,
    action_model,
)
from arena_sdk.errors import raise_for_foreign_error
from arena_sdk.games import girafferaffe, pili_pili, pipifax, taiga
from arena_sdk.retrying import RetryBudget
from arena_sdk.streams import _Resumption
from arena_sdk.tournaments import create_tournament_from

RATE_LIMITED = {"code": "rate/limited", "status": 429, "message": "slow down", "details": {"retry_after": 1}}


def arena_answering(*answers: httpx.Response) -> tuple[Arena, list[httpx.Request]]:
    """An ``Arena`` whose server answers ``answers`` in turn (the last one from then on)."""
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[min(len(seen), len(answers)) - 1]

    arena = Arena("http://arena.test", retry_for=3.0)
    hooks = {"response": [raise_for_foreign_error]}  # as Arena's own client has
    arena.client = Client(
        base_url=arena.base_url, httpx_args={"transport": httpx.MockTransport(answer), "event_hooks": hooks}
    )
    return arena, seen


@pytest.mark.parametrize("token", ["garbage", "", "m.host.secret", "other.0.secret", "m.x.secret", "m.0.sécret"])
def test_a_malformed_token_is_refused_before_any_request(token: str) -> None:
    with pytest.raises(InvalidTokenError) as refused:
        Arena("http://127.0.0.1:9").seat("m", token)
    assert refused.value.status == 0 and refused.value.code == "auth/invalid_token"


def test_a_server_that_cannot_be_reached_is_a_connection_failure() -> None:
    arena = Arena("http://127.0.0.1:9", retry_for=0.3, retry_pause=0.1)
    with pytest.raises(ConnectionFailedError) as failed:
        arena.games()
    assert isinstance(failed.value.__cause__, httpx.ConnectError)


def test_a_rate_limit_is_waited_out_within_the_budget() -> None:
    arena, seen = arena_answering(httpx.Response(429, json=RATE_LIMITED), httpx.Response(200, json={"games": []}))
    started = time.monotonic()
    assert arena.games() == []
    assert len(seen) == 2 and time.monotonic() - started >= 1.0


def test_a_rate_limit_longer_than_the_budget_raises_at_once() -> None:
    arena, seen = arena_answering(httpx.Response(429, json=RATE_LIMITED))
    arena.rate_limit_wait = 0.5
    started = time.monotonic()
    with pytest.raises(RateLimitedError) as limited:
        arena.games()
    assert limited.value.retry_after == 1.0 and len(seen) == 1
    assert time.monotonic() - started < 1.0  # it did not wait for what it would not retry


def test_rate_limits_are_waited_out_for_up_to_two_minutes_by_default() -> None:
    assert Arena("http://arena.test").rate_limit_wait == 120.0
    assert AsyncArena("http://arena.test").rate_limit_wait == 120.0
    long_wait = RateLimitedError(429, "rate/limited", "", {"retry_after": 60})
    budget = RetryBudget.starting_now(retry_for=1.0, pause=0.1)  # the retry budget of failures does not bound it
    assert budget.wait_before_retry(long_wait, idempotent=False) == 60.0
    budget.rate_limited_until -= 61.0  # as if 61 s of waiting were spent: 60 more would pass 120
    assert budget.wait_before_retry(long_wait, idempotent=False) is None


def test_a_creation_past_the_quota_of_live_matches_raises_its_own_error_at_once() -> None:
    quota = {
        "code": "match/quota",
        "status": 429,
        "message": "this client holds 3 unfinished matches",
        "details": {"live": 3, "limit": 3, "per": "client", "retry_after": 604800},
    }
    arena, seen = arena_answering(httpx.Response(429, json=quota, headers={"Retry-After": "604800"}))
    with pytest.raises(MatchQuotaError) as refused:
        arena.create_match("pipifax", 2)
    assert isinstance(refused.value, RateLimitedError)  # a 429, whose wait is beyond any call's: not waited out
    assert (refused.value.live, refused.value.limit, refused.value.retry_after) == (3, 3, 604800.0)
    assert len(seen) == 1


def test_a_creation_past_the_quota_of_live_tournaments_raises_its_own_error_at_once() -> None:
    quota = {
        "code": "tournament/quota",
        "status": 429,
        "message": "this client holds 10 unfinished tournaments",
        "details": {"live": 10, "limit": 10, "retry_after": 604800},
    }
    arena, seen = arena_answering(httpx.Response(429, json=quota, headers={"Retry-After": "604800"}))
    body = {
        "game": "pipifax",
        "players_per_match": 2,
        "format": "round-robin",
        "entrants": [{"name": "a", "bot": "random"}],
    }
    with pytest.raises(TournamentQuotaError) as refused:
        create_tournament_from(arena, body)
    assert isinstance(refused.value, RateLimitedError) and not isinstance(refused.value, MatchQuotaError)
    assert (refused.value.live, refused.value.limit, refused.value.retry_after) == (10, 10, 604800.0)
    assert len(seen) == 1  # a 429 whose wait is beyond any call's: not waited out


def test_a_stream_waits_out_a_rate_limit_within_its_own_budget() -> None:
    resuming = _Resumption(httpx.Timeout(5.0), "/matches/m/stream", {}, after=None, retry_for=0.1, pause=0.1)
    assert resuming.wait_after(RateLimitedError(429, "rate/limited", "", {"retry_after": 30})) == 30.0
    short = _Resumption(
        httpx.Timeout(5.0), "/matches/m/stream", {}, after=None, retry_for=60.0, pause=0.1, rate_limit_wait=10.0
    )
    with pytest.raises(RateLimitedError):
        short.wait_after(RateLimitedError(429, "rate/limited", "", {"retry_after": 30}))


def test_an_answer_that_is_not_json_is_a_typed_error() -> None:
    arena, _ = arena_answering(httpx.Response(502, text="<html>bad gateway</html>"))
    with pytest.raises(ServerError) as failed:
        arena.games()
    assert failed.value.status == 502 and "bad gateway" in failed.value.message


def test_actions_from_dicts_and_constructors_are_the_same_models() -> None:
    assert action_model({"type": "taiga.flip", "disc": 3}) == taiga.flip(disc=3)
    assert action_model({"type": "taiga.pass"}) == taiga.pass_turn()
    assert action_model({"type": "pipifax.flip", "position": 4}) == pipifax.flip(4)
    play = {"type": "girafferaffe.play", "tree": "pair", "cards": ["red-7", "blue-7"], "copies": []}
    assert action_model(play) == girafferaffe.play("pair", ["red-7", "blue-7"])
    assert action_model({"type": "pili-pili.play", "card": 0, "joker_value": 3}) == pili_pili.play_card(0, 3)
    assert pili_pili.pass_cards([9, 2]).cards == [2, 9]


@pytest.mark.parametrize(
    "action",
    [{"type": "taiga.flip"}, {"type": "taiga.jump"}, {"disc": 3}, {"type": "taiga.flip", "disc": 1, "x": 2}, 7],
)
def test_a_malformed_action_is_refused_before_sending(action: object) -> None:
    with pytest.raises(MalformedActionError) as refused:
        action_model(action)  # type: ignore[arg-type]
    assert refused.value.status == 0 and refused.value.code == "action/malformed"


def test_a_helper_names_the_game_it_was_given() -> None:
    view = PipifaxView.from_dict(
        {"cards": [], "die": "fox", "flipped": [], "game": "pipifax", "players": 2, "turn": 0, "winner": None}
    )
    assert pipifax.view(view) is view
    with pytest.raises(WrongGameError, match="a pipifax match, not of a taiga match"):
        taiga.view(view)
    with pytest.raises(WrongGameError, match="not an action of taiga"):
        taiga.actions([pipifax.flip(0)])


def test_the_retry_budget_only_retries_what_is_safe() -> None:
    budget = RetryBudget.starting_now(10.0, 0.1)
    dropped = httpx.ReadError("cut")
    assert budget.wait_before_retry(dropped, idempotent=True) == 0.1
    assert budget.wait_before_retry(dropped, idempotent=False) is None
    limited = RateLimitedError(429, "rate/limited", "", {"retry_after": 2})
    assert budget.wait_before_retry(limited, idempotent=False) == 2.0
    assert RetryBudget.starting_now(10.0, 0.1, rate_limit_wait=1.0).wait_before_retry(limited, idempotent=True) is None
