"""What a webhook delivers next from its cursor, and each body. Pure."""

from __future__ import annotations

from typing import Any

from arena.webhooks.plan import (
    MATCH_EVENT_TYPES,
    OVER,
    Cursor,
    MatchEnding,
    PublicVersion,
    Step,
    TournamentState,
    match_steps,
    needs_look,
    standings_digest,
    standings_steps,
)


def event(version: int, kind: str) -> dict[str, Any]:
    return {"version": version, "kind": kind, "data": {}, "visible_to": None}


VERSIONS = [
    PublicVersion(0, 10.0, [event(0, "dealt"), event(0, "started")]),
    PublicVersion(1, 11.0, [event(1, "played")]),
    PublicVersion(2, 12.0, []),  # a secret choice: nothing public
    PublicVersion(3, 13.0, [event(3, "played")]),
]
ENDING = MatchEnding(3, "finished", {"winners": [1], "scores": None, "ranks": [2, 1]}, 13.0)


def sent(steps: list[Step]) -> list[str]:
    return [step.delivery.event_id for step in steps if step.delivery is not None]


def test_a_new_webhook_delivers_each_version_with_public_events_then_the_end() -> None:
    steps = match_steps("m1", Cursor(), MATCH_EVENT_TYPES, versions=VERSIONS, latest=3, ending=ENDING)
    assert sent(steps) == ["m1.0", "m1.1", "m1.3", "m1.over"]
    assert [str(step.cursor) for step in steps] == ["0", "1", "2", "3", "3:over"]
    assert steps[2].delivery is None  # the version without public events moves the cursor only
    assert [step.final for step in steps] == [False, False, False, False, True]
    first = steps[0].delivery
    assert first is not None
    assert first.body == {
        "id": "m1.0",
        "type": "version",
        "match_id": "m1",
        "occurred_at": 10.0,
        "data": {"version": 0, "events": [event(0, "dealt"), event(0, "started")]},
    }
    end = steps[-1].delivery
    assert end is not None and end.type == "match_over"
    assert end.body["data"] == {"version": 3, "status": "finished", "result": ENDING.result}


def test_it_resumes_after_its_cursor_and_sends_the_end_once_every_version_is_handled() -> None:
    steps = match_steps("m1", Cursor(1), MATCH_EVENT_TYPES, versions=VERSIONS, latest=3, ending=ENDING)
    assert sent(steps) == ["m1.3", "m1.over"]
    assert match_steps("m1", Cursor(3), MATCH_EVENT_TYPES, versions=[], latest=3, ending=ENDING)[0].cursor == Cursor(
        3, OVER
    )
    assert match_steps("m1", Cursor(3, OVER), MATCH_EVENT_TYPES, versions=[], latest=3, ending=ENDING) == []


def test_a_page_that_does_not_reach_the_latest_version_holds_the_end_back() -> None:
    steps = match_steps("m1", Cursor(), MATCH_EVENT_TYPES, versions=VERSIONS[:2], latest=3, ending=ENDING)
    assert sent(steps) == ["m1.0", "m1.1"]
    assert steps[-1].cursor == Cursor(1)


def test_versions_written_after_the_match_was_read_wait_for_the_next_round() -> None:
    steps = match_steps("m1", Cursor(), MATCH_EVENT_TYPES, versions=VERSIONS, latest=1, ending=None)
    assert sent(steps) == ["m1.0", "m1.1"]


def test_a_match_still_playing_has_no_end_and_nothing_new_means_no_step() -> None:
    assert match_steps("m1", Cursor(3), MATCH_EVENT_TYPES, versions=[], latest=3, ending=None) == []


def test_only_the_end_wanted_skips_every_version_without_reading_them() -> None:
    playing = match_steps("m1", Cursor(), ["match_over"], versions=[], latest=7, ending=None)
    assert playing == [Step(Cursor(7), None)]
    over = match_steps("m1", Cursor(7), ["match_over"], versions=[], latest=7, ending=ENDING)
    assert sent(over) == ["m1.over"]


def test_only_versions_wanted_ends_without_a_delivery_for_the_end() -> None:
    steps = match_steps("m1", Cursor(2), ["version"], versions=VERSIONS, latest=3, ending=ENDING)
    assert sent(steps) == ["m1.3"]
    assert steps[-1] == Step(Cursor(3, OVER), None, final=True)


def test_a_cursor_round_trips_through_its_text() -> None:
    for cursor in [Cursor(), Cursor(0), Cursor(12, OVER), Cursor(4, "ab12")]:
        assert Cursor.parse(str(cursor)) == cursor
    assert Cursor.parse("") == Cursor(-1)


STANDINGS = {"entrants": [{"entrant": 0, "points": 1.0}], "head_to_head": [[]]}


def state(version: int, status: str = "running", standings: dict[str, Any] = STANDINGS) -> TournamentState:
    return TournamentState(version, status, status in ("finished", "cancelled"), 50.0 + version, {"done": 1}, standings)


def test_a_tournament_delivers_its_standings_when_they_change_and_not_otherwise() -> None:
    first = standings_steps("t1", Cursor(), ["standings"], state(2))
    assert sent(first) == ["t1.standings.2"]
    delivery = first[0].delivery
    assert delivery is not None
    assert delivery.body == {
        "id": "t1.standings.2",
        "type": "standings",
        "tournament_id": "t1",
        "occurred_at": 52.0,
        "data": {"version": 2, "status": "running", "progress": {"done": 1}, "standings": STANDINGS},
    }
    after = first[0].cursor
    assert after == Cursor(2, standings_digest("running", STANDINGS))
    assert standings_steps("t1", after, ["standings"], state(2)) == []
    unchanged = standings_steps("t1", after, ["standings"], state(5))  # a match started: no change to send
    assert unchanged == [Step(Cursor(5, after.mark), None)]
    changed = {"entrants": [{"entrant": 0, "points": 2.0}], "head_to_head": [[]]}
    assert sent(standings_steps("t1", after, ["standings"], state(6, standings=changed))) == ["t1.standings.6"]


def test_a_tournament_that_ends_sends_its_last_state_and_is_done() -> None:
    running = standings_steps("t1", Cursor(), ["standings"], state(2))[0].cursor
    over = standings_steps("t1", running, ["standings"], state(3, "finished"))
    assert sent(over) == ["t1.standings.3"] and over[0].final  # the status changed, the standings did not
    assert standings_steps("t1", over[0].cursor, ["standings"], state(3, "finished")) == [
        Step(over[0].cursor, None, final=True)
    ]


def test_needs_look_tells_a_webhook_with_news_from_one_without() -> None:
    assert needs_look(Cursor(), 0, over=False)
    assert needs_look(Cursor(3), 4, over=False)
    assert not needs_look(Cursor(4), 4, over=False)
    assert needs_look(Cursor(4), 4, over=True)  # its end may be left to handle
