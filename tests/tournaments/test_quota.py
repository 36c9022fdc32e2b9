"""The quota of live tournaments' pure rules (``arena/tournaments/quota.py``): who holds a place and until
when, how a refusal reads, and a tournament's holder through every transition and its stored form."""

from __future__ import annotations

import dataclasses

import pytest

from arena.error_codes import ERROR_CODES
from arena.tournaments.quota import holds_place, place_expiry, tournament_quota_exceeded
from arena.tournaments.record import Tournament
from tests.tournaments.test_record import play_all, tournament

HOLDER = "addr:192.0.2.7"


def held(names: list[str]) -> Tournament:
    return dataclasses.replace(tournament(names), holder=HOLDER)


def test_an_unfinished_tournament_with_a_holder_holds_a_place_until_it_is_over() -> None:
    t = held(["a", "b", "c"])
    assert holds_place(t)  # open
    t = t.start(1.0)
    assert holds_place(t)  # running
    assert holds_place(t.pause(2.0))  # paused
    assert not holds_place(t.cancel(2.0))  # cancelled
    finished = play_all(t)
    assert finished.status == "finished" and not holds_place(finished)


def test_a_tournament_without_a_holder_holds_no_place() -> None:
    t = tournament(["a", "b"])  # created while the server had no quota (or before it had one)
    assert t.holder is None
    assert not holds_place(t) and not holds_place(t.start(1.0))


def test_the_holder_stays_through_every_transition_and_the_stored_form() -> None:
    t = held(["a", "b", "c"])
    joined = t.join("d", "digest", 1.0)
    started = joined.start(2.0)
    launched = started.launch(started.launchable(), 3.0)
    for version in (joined, started, launched, launched.pause(4.0), launched.cancel(4.0), play_all(started)):
        assert version.holder == HOLDER
        assert Tournament.from_json(version.to_json(), version.entrants).holder == HOLDER
    stored_before_the_quota = {k: v for k, v in t.to_json().items() if k != "holder"}
    assert Tournament.from_json(stored_before_the_quota, t.entrants).holder is None


def test_the_summary_never_shows_the_holder() -> None:
    assert HOLDER not in repr(held(["a", "b"]).start(1.0).summary())


def test_a_place_expires_with_its_tournament() -> None:
    assert place_expiry(100.0, 600) == 700.0


@pytest.mark.parametrize(
    ("soonest", "now", "retry_after"),
    [(700.0, 100.0, 600), (100.4, 100.0, 1), (100.0, 100.0, 1), (90.0, 100.0, 1), (150.2, 100.0, 51)],
)
def test_a_refusal_says_the_count_the_limit_and_when_a_place_frees_by_itself(
    soonest: float, now: float, retry_after: int
) -> None:
    error = tournament_quota_exceeded(3, 3, soonest, now)
    assert (error.code, ERROR_CODES[error.code].status) == ("tournament/quota", 429)
    assert error.details == {"live": 3, "limit": 3, "retry_after": retry_after}
    assert "3 unfinished tournaments" in error.message and "(3)" in error.message
    assert "nothing was stored" in error.message
