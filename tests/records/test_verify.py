"""Records of every game, however the match ended, verify; a record edited anywhere does not.

Pure: each match is played through the table's own transitions (``tests/records/builder.py``) and
its record built as the writer of the last version builds it. ``verify_record`` (the engine's
replay, what ``arena verify`` runs) and the SDK's ``verify`` (no engine) both check it.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import random
from collections.abc import Callable
from typing import Any

import arena_sdk
import orjson
import pytest

import engine
from arena.commitment import new_salt, seed_commitment
from arena.matches.table import SeatInfo
from arena.matches.time_control import TimeControl
from arena.records.verify import RecordInvalid, replay_record, verify_record
from tests.records.builder import PureMatch

Json = dict[str, Any]

#: Per game: the options of its matches.
OPTIONS: dict[str, Json] = {
    "pipifax": {},
    "taiga": {},
    "girafferaffe": {"mode": "standard"},
    "pili-pili": {"missions": "expert"},
}
#: Versions played before a match is ended (random play ends a Girafferaffe match within about ten).
PREFIX = 6

PLAYER, BOT = SeatInfo("player", "ann"), SeatInfo("bot", "bo", bot="random")


def by_play(game: str) -> PureMatch:
    played = PureMatch(game, [SeatInfo("bot", "g", bot="greedy"), BOT], OPTIONS[game])
    played.play(100_000)
    return played


def by_resignation(game: str) -> PureMatch:
    played = PureMatch(game, [PLAYER, BOT, SeatInfo("player", "cy")], OPTIONS[game])
    played.play(PREFIX)
    played.then(lambda table, now: table.resign(0, now))
    played.play(PREFIX + 3)  # the stand-in plays seat 0's turns
    played.then(lambda table, now: table.resign(2, now))  # the bot is left: it wins
    return played


def on_time(game: str) -> PureMatch:
    """A seat forfeits on time."""
    played = PureMatch(game, [PLAYER, SeatInfo("player", "bob")], OPTIONS[game], control=TimeControl(30, "forfeit"))
    played.play(PREFIX)
    played.then(lambda table, now: table.time_out(table.to_act[0], now))
    return played


def by_stand_in_then_resignation(game: str) -> PureMatch:
    """The stand-in bot decides once for a seat out of time (``bot``); a resignation ends the match."""
    played = PureMatch(game, [PLAYER, SeatInfo("player", "bob")], OPTIONS[game], control=TimeControl(30, "bot"))
    played.play(PREFIX // 2)
    played.then(lambda table, now: table.time_out(table.to_act[0], now))
    played.play(PREFIX)
    if played.table.status == "active":
        played.then(lambda table, now: table.resign(1, now))
    return played


def by_disqualification(game: str) -> PureMatch:
    played = PureMatch(game, [PLAYER, SeatInfo("player", "bob")], OPTIONS[game])
    played.play(PREFIX)
    played.then(lambda table, now: table.resign(table.to_act[0], now, "disqualified"))
    return played


def by_abort(game: str) -> PureMatch:
    played = PureMatch(game, [PLAYER, SeatInfo("open", "seat"), BOT], OPTIONS[game])
    played.then(lambda table, now: table.join(1, "late", "digest", now))
    played.play(PREFIX)
    played.then(lambda table, now: table.abort(now))
    return played


WAYS: dict[str, Callable[[str], PureMatch]] = {
    "play": by_play,
    "resignation": by_resignation,
    "timeout": on_time,
    "stand-in": by_stand_in_then_resignation,
    "disqualification": by_disqualification,
    "abort": by_abort,
}


def arena_kinds(record: Json) -> list[str]:
    """The kinds of the record's arena steps, and ``stand-in`` for an action after a timeout, in order."""
    kinds = []
    for step in record["steps"][1:]:
        if len(step) == 3:
            kinds.append(step[2][0]["kind"])
        elif step[3]:
            kinds.append("stand-in")
    return kinds


#: What each way's record must hold: its arena steps (with ``stand-in`` moves), and the seats' ends.
EXPECTED: dict[str, tuple[Callable[[list[str]], bool], list[str] | None]] = {
    "play": (lambda kinds: kinds == [], ["playing", "playing"]),
    "resignation": (lambda kinds: kinds == ["resigned", "resigned"], ["resigned", "playing", "resigned"]),
    "timeout": (lambda kinds: kinds == ["timeout"], None),
    "stand-in": (lambda kinds: kinds[0] == "stand-in", None),
    "disqualification": (lambda kinds: kinds == ["resigned"], None),
    "abort": (lambda kinds: kinds == ["joined", "aborted"], ["playing", "playing", "playing"]),
}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("game", list(OPTIONS))
def test_a_record_verifies_however_the_match_ended(game: str, way: str) -> None:
    played = WAYS[way](game)
    table = played.table
    assert table.is_over
    record = played.record()
    holds, states = EXPECTED[way]
    assert holds(arena_kinds(record)), arena_kinds(record)
    if states is not None:
        assert [seat["state"] for seat in record["seats"]] == states
    out = {"timeout": "timed_out", "disqualification": "disqualified"}.get(way)
    if out is not None:
        assert sorted(seat["state"] for seat in record["seats"]) == sorted(["playing", out])
    assert record["format"] == 2 and record["match_id"] == table.match_id
    assert (record["seed"], record["salt"]) == (table.match.seed, table.salt)
    assert record["seed_commitment"] == seed_commitment(table.match.seed, str(table.salt))
    assert (record["status"], record["result"]) == (table.status, table.result())
    assert len(record["steps"]) == table.version + 1
    verified = verify_record(record, table.seed_commitment)
    assert (verified.status, verified.result, verified.last_version) == (table.status, table.result(), table.version)
    checked = arena_sdk.verify(record, table.seed_commitment)
    assert (checked.status, checked.result, checked.last_version) == (table.status, table.result(), table.version)
    replayed = list(replay_record(record))
    assert [step.table.version for step in replayed] == list(range(table.version + 1))
    assert replayed[-1].table.match.to_json() == table.match.to_json()  # every deal and roll as played


def fails(record: Json, commitment: str | None = None) -> str:
    """Why the engine's replay refuses ``record``."""
    with pytest.raises(RecordInvalid) as refused:
        verify_record(record, commitment)
    return str(refused.value)


def sdk_fails(record: Json, commitment: str | None = None) -> str:
    with pytest.raises(arena_sdk.RecordError) as refused:
        arena_sdk.verify(record, commitment)
    return str(refused.value)


def action_steps(record: Json) -> list[int]:
    return [version for version, step in enumerate(record["steps"]) if version and len(step) == 4]


@pytest.mark.parametrize("game", list(OPTIONS))
def test_a_record_edited_by_one_action_fails(game: str) -> None:
    """Another legal action in place of one (that leaves the table otherwise), or an action that was not
    legal then: the replay finds it. The SDK alone cannot (it has no engine): ``arena verify`` replays."""
    record = by_resignation(game).record()
    first = action_steps(record)[0]
    seat, at, taken, _ = record["steps"][first]
    match, _ = engine.new_match(game, record["players"], record["options"], record["seed"], record["steps"][0])
    for step in record["steps"][1:first]:
        match, _ = engine.apply_action(match, step[0], step[2], step[1])
    after, _ = engine.apply_action(match, seat, taken, at)
    other = next(
        a.to_json()
        for a in engine.legal_actions(match, seat)
        if engine.apply_action(match, seat, a, at)[0].state != after.state
    )
    edited = copy.deepcopy(record)
    edited["steps"][first][2] = other
    assert fails(edited).startswith(("version ", "the replay ends in state"))
    arena_sdk.verify(edited)  # consistent on its face: only a replay tells

    later = action_steps(record)[-1]
    edited = copy.deepcopy(record)
    edited["steps"][later][2] = {"type": taken["type"], **{key: -1 for key in taken if key != "type"}}
    assert fails(edited).startswith(f"version {later}: action/")


@pytest.mark.parametrize("game", list(OPTIONS))
def test_a_record_edited_by_one_seed_digit_or_salt_byte_fails(game: str) -> None:
    played = by_disqualification(game)
    record, committed = played.record(), played.table.seed_commitment
    seed = str(record["seed"])
    edited = copy.deepcopy(record)
    edited["seed"] = int(seed[:-1] + str((int(seed[-1]) + 1) % 10))
    assert "commitment" in fails(edited) and "commitment" in sdk_fails(edited)

    edited = copy.deepcopy(record)
    salt = bytearray(bytes.fromhex(record["salt"]))
    salt[len(salt) // 2] ^= 0x01
    edited["salt"] = salt.hex()
    assert "commitment" in fails(edited) and "commitment" in sdk_fails(edited)

    # A server that re-dealt would publish a commitment to the new seed: it is not the one seen at the start.
    edited = copy.deepcopy(record)
    edited["seed"] = record["seed"] ^ 1
    edited["seed_commitment"] = seed_commitment(edited["seed"], edited["salt"])
    assert "commitment" in fails(edited, committed) and "commitment" in sdk_fails(edited, committed)
    assert "version" in fails(edited) or "result" in fails(edited)  # and the recorded moves no longer fit its deal


def test_a_record_whose_end_or_seats_differ_fails() -> None:
    played = by_resignation("taiga")
    record = played.record()
    for key, value in [
        ("status", "aborted"),
        ("result", {**record["result"], "winners": [0]}),
        ("seats", [{**record["seats"][0], "state": "playing"}, *record["seats"][1:]]),
    ]:
        edited = {**record, key: value}
        assert fails(edited)
        assert sdk_fails(edited)
    edited = {**record, "steps": record["steps"][:-1]}  # cut before its end
    assert "not over" in fails(edited)
    assert fails({**record, "format": 1}) and sdk_fails({**record, "format": 1})


def test_a_pili_pili_record_kept_with_the_whole_states_digest_still_verifies_and_no_other_digest_does() -> None:
    """Records kept before clock readings were left out of the digest hold the whole state's (Pili Pili's
    includes its deal time): their replay is checked against it; any other digest fails."""
    played = by_play("pili-pili")
    record = played.record()
    final = played.table.match
    whole = hashlib.sha256(orjson.dumps(final.state, option=orjson.OPT_SORT_KEYS)).hexdigest()
    assert whole != record["state_digest"], "Pili Pili's state holds a clock reading the digest leaves out"
    assert verify_record({**record, "state_digest": whole}).status == "finished"
    assert "not the record's" in fails({**record, "state_digest": hashlib.sha256(b"another").hexdigest()})


def test_the_commitment_is_the_sha256_of_seed_and_salt_and_hides_the_seed() -> None:
    salt = new_salt()
    assert len(salt) == 64 and int(salt, 16) >= 0
    assert new_salt() != salt
    committed = seed_commitment(42, salt)
    assert committed == hashlib.sha256(f"42:{salt}".encode()).hexdigest() == arena_sdk.seed_commitment(42, salt)
    # the salt hides the seed: the same seed commits differently, and trying seeds without it finds nothing
    assert seed_commitment(42, new_salt()) != committed
    assert all(hashlib.sha256(f"{seed}".encode()).hexdigest() != committed for seed in range(1000))


#: What a malformed record may hold where something else belongs.
JUNK: list[Any] = [None, [], {}, "x", -1, 1.5, True, [None], {"kind": 3}, [[]], 2**70]


def junk_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of objects, indexes of lists), the root's children first."""
    found: list[tuple[Any, ...]] = []
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        found.append((*path, key))
        found += junk_paths(child, (*path, key))
    return found


def test_a_malformed_record_is_refused_as_invalid_never_with_another_error() -> None:
    """Junk anywhere in a record (a step, an event, the header): the replay names a problem, and
    neither it nor the SDK fails any other way (the server answers 422, never 500)."""
    record = by_abort("taiga").record()
    rng = random.Random(3)
    paths = junk_paths(record)
    for _ in range(400):
        edited = copy.deepcopy(record)
        path = rng.choice(paths)
        parent = edited
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        with contextlib.suppress(RecordInvalid):
            verify_record(edited)
        with contextlib.suppress(arena_sdk.RecordError):
            arena_sdk.verify(edited)
