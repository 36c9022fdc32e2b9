"""Records of every game and mode, against a live server: fetched, verified, replayed, and replayed again.

Each of the 43 configurations (``tests/engine/conformance.py``) is played a short way in by a server
bot and players (a seat joined from the lobby where there are three or more), then ended by the
players resigning one by one, so the record holds actions of players, of a bot, of the stand-in bot,
a join and resignations. Its record must pass the SDK's ``verify`` (against the commitment seen at
creation), the engine's replay (``arena replay`` on a file of JSON lines), and show at its last
version what ``GET /matches/{id}/versions/{version}`` shows (``POST /records/versions/{version}``, as
the web replay page opens a record file). ``arena verify <match id>`` fetches and checks one.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from arena_client.api.records import replay_record_version
from arena_client.models import Record, ReplayVersion
from arena_sdk import Arena, AsyncArena, MatchNotOverError, NotFoundError, verify

from api.cli import main as arena_cli
from arena.records.text import record_text
from tests.engine.conformance import configurations
from tests.live_server import LiveServer

#: Versions played before the players leave (the bots play on where the match goes on).
PREFIX = 12


def played_record(arena: Arena, game: str, players: int, options: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A match of this configuration played in and ended by its players leaving; its record and commitment."""
    seats: list[dict[str, Any]] = [{"name": "solo"}] if players == 1 else [{"bot": "random"}]
    seats += [{"name": f"p{seat}"} for seat in range(1, players)]
    if players >= 3:
        seats[-1] = {"open": True, "name": "late"}
    created = arena.create_match(game, players, options, 101, seats=seats)
    match_id = created.match.match_id
    committed = created.match.to_dict()["seed_commitment"]
    playing = {s.seat: arena.seat(match_id, s.token) for s in created.seats}
    if players >= 3:
        playing[players - 1] = arena.join(match_id, "joiner", players - 1)
    sample = 0
    while (match := arena.match(match_id)).status.value == "active" and match.version < PREFIX:
        if match.to_act[0] not in playing:  # the bot's turn, not played yet: wait for the next version
            next(iter(arena.stream(match_id, after=match.version)), None)
            continue
        sample += 1
        seat = playing[match.to_act[0]]
        seat.act(seat.sample_actions(1, seed=sample)[0], version=match.version)
    for seat in playing.values():
        if arena.match(match_id).status.value != "active":
            break
        seat.resign()
    assert arena.match(match_id).status.value == "finished"
    return arena.record(match_id), committed


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("game", "players", "options"), configurations(), ids=str)
def test_every_game_and_mode_records_and_replays(
    arena: Arena, tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    record, committed = played_record(arena, game, players, options)
    match = arena.match(record["match_id"]).to_dict()
    assert (record["game"], record["players"], record["options"]) == (game, players, match["options"])
    assert [seat["name"] for seat in record["seats"]] == [seat["name"] for seat in match["seats"]]
    assert (record["seed"], record["salt"], record["result"]) == (match["seed"], match["salt"], match["result"])
    assert len(record["steps"]) == match["version"] + 1
    assert verify(record, committed).last_version == match["version"]

    file = tmp_path / "records.jsonl"
    file.write_text(json.dumps(record) + "\n")
    assert arena_cli(["replay", str(file)]) == 0

    last = match["version"]
    shown = replay_record_version.sync_detailed(last, client=arena.client, body=Record.from_dict(record)).parsed
    assert isinstance(shown, ReplayVersion)
    assert shown.to_dict() == arena.match_version(record["match_id"], last).to_dict()
    assert shown.to_dict()["view"] == match["view"]


def test_arena_replay_takes_json_lines_and_names_the_record_that_fails(
    arena: Arena, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [played_record(arena, game, 2, {})[0] for game in ("pipifax", "taiga", "pili-pili")]
    edited = json.loads(json.dumps(records[1]))
    edited["steps"][3][2] = edited["steps"][4][2] if edited["steps"][4][2] != edited["steps"][3][2] else {"type": "x"}
    file = tmp_path / "records.jsonl"
    file.write_text("".join(json.dumps(record) + "\n" for record in [records[0], edited, records[2]]))
    assert arena_cli(["replay", "--versions", str(file)]) == 1
    out = capsys.readouterr().out
    assert f"ok   {records[0]['match_id']}" in out and f"ok   {records[2]['match_id']}" in out
    assert f"FAIL {edited['match_id']}: version 3" in out or f"FAIL {edited['match_id']}: version 4" in out
    assert "  v1 seat " in out  # --versions prints each version as it replays


def test_arena_verify_fetches_a_match_by_id(arena: Arena, live_server: LiveServer, tmp_path: Path) -> None:
    record, committed = played_record(arena, "girafferaffe", 2, {"mode": "standard"})
    served = httpx.get(f"{live_server.url}/matches/{record['match_id']}/record", timeout=60).json()
    assert record == served  # the SDK gives the record as served, every key kept

    async def fetched() -> dict[str, Any]:
        async with AsyncArena(live_server.url) as asynchronous:
            return await asynchronous.record(record["match_id"])

    assert asyncio.run(fetched()) == served
    command = [sys.executable, "-m", "api.cli", "verify", record["match_id"], "--url", live_server.url]
    found = subprocess.run(
        [*command, "--commitment", committed], check=False, capture_output=True, text=True, timeout=120
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith(f"ok   {record['match_id']}: girafferaffe, finished at version")
    other = "0" * 64
    refused = subprocess.run(
        [*command, "--commitment", other], check=False, capture_output=True, text=True, timeout=120
    )
    assert refused.returncode == 1 and f"the record's commitment is not {other}" in refused.stdout
    missing = subprocess.run(
        [*command[:-3], "no-such-match", "--url", live_server.url],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert missing.returncode == 1 and "404" in missing.stderr


def test_a_record_as_text_through_the_sdk(arena: Arena, live_server: LiveServer) -> None:
    """``match_record_text``: the record as text a player reads, a line per version, in both faces."""
    record, _ = played_record(arena, "pili-pili", 3, {"missions": "standard"})
    match_id = record["match_id"]
    text = arena.match_record_text(match_id)
    assert text == record_text(record)
    header, versions = text[:-1].split("\n\n")
    assert header.startswith(f'[Game "Pili Pili"]\n[Match "{match_id}"]\n')
    lines = versions.splitlines()
    assert [line.split(". ")[0] for line in lines] == [str(version) for version in range(len(record["steps"]))]
    assert any(line.endswith("joiner takes seat 2; every seat is taken: the match starts.") for line in lines)
    assert any(" p1 resigns" in line for line in lines)

    async def fetched() -> str:
        async with AsyncArena(live_server.url) as asynchronous:
            return await asynchronous.match_record_text(match_id)

    assert asyncio.run(fetched()) == text
    playing = arena.create_match("taiga", 2, seed=3).match.match_id
    with pytest.raises(MatchNotOverError):
        arena.match_record_text(playing)
    with pytest.raises(NotFoundError):
        arena.match_record_text("no-such-match")
