"""Replaying a finished match through the SDK against a live server (gunicorn, the referee, Redis)."""

from __future__ import annotations

import pytest
from arena_sdk import Arena
from arena_sdk.errors import ArenaError, NotFoundError


def test_a_bot_match_replays_from_setup_to_its_end(arena: Arena) -> None:
    created = arena.create_match("taiga", 2, seed=4, seats=[{"bot": "greedy"}, {"bot": "random"}])
    match_id = created.match.match_id
    streamed = list(arena.stream(match_id, after=0))  # the bots play it out; the stream ends with it
    assert streamed[-1].type == "match_over"
    final = arena.match(match_id)
    setup = arena.events(match_id, after=-1, limit=1).events  # the stream from after=0 starts past the setup
    events_by_version: dict[int, list[str]] = {0: [event.kind for event in setup]}
    for event in streamed[:-1]:
        events_by_version.setdefault(event.data["version"], []).append(event.data["kind"])
    for version in range(final.version + 1):
        step = arena.match_version(match_id, version)
        assert step.version == version and step.last_version == final.version
        assert [event.kind for event in step.events] == events_by_version.get(version, [])
        assert (step.action is None) == (version == 0)
    last = arena.match_version(match_id, final.version)
    assert last.view.to_dict() == final.view.to_dict()
    assert last.status.value == "finished" and last.to_act == []
    with pytest.raises(NotFoundError):
        arena.match_version(match_id, final.version + 1)


def test_a_match_in_play_has_no_replay_yet(arena: Arena) -> None:
    created = arena.create_match("pipifax", 2)
    with pytest.raises(ArenaError) as refused:
        arena.match_version(created.match.match_id, 0)
    assert refused.value.status == 409 and refused.value.code == "match/not_over"
