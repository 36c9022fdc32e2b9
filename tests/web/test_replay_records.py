"""The replay page opens a record file: one record, or JSON lines of them, replayed by the server from
the file alone (``POST /records/versions/{version}``); a record that does not check out is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import requests
from playwright.sync_api import Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import TIMEOUT, create, public
from tests.web.test_match_pages import check_board


def finished_record(server: LiveServer, game: str, seed: int) -> dict[str, Any]:
    """A match of two server bots, once they have played it out: its record."""
    created = create(
        server, {"game": game, "players": 2, "seed": seed, "seats": [{"bot": "greedy"}, {"bot": "random"}]}
    )
    match_id = created["match"]["match_id"]
    version = created["match"]["version"]
    while (match := public(server, match_id))["status"] != "finished":  # long-polls until the match moves
        version = match["version"]
        headers = {"If-None-Match": f'"{version}"'}
        requests.get(f"{server.url}/matches/{match_id}?wait=30", headers=headers, timeout=TIMEOUT + 30)
    answer = requests.get(f"{server.url}/matches/{match_id}/record", timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    record: dict[str, Any] = answer.json()
    return record


def test_the_replay_page_opens_a_file_of_records(page: Page, web_server: LiveServer, tmp_path: Path) -> None:
    taiga = finished_record(web_server, "taiga", 4)
    pipifax = finished_record(web_server, "pipifax", 5)
    file = tmp_path / "records.jsonl"
    file.write_text(json.dumps(taiga) + "\n" + json.dumps(pipifax) + "\n")
    page.goto(f"{web_server.url}/play/replay.html")
    page.set_input_files("#record-file", str(file))
    step = page.locator(".replay-step")
    expect(step).to_have_attribute("data-version", "0")
    last = len(taiga["steps"]) - 1
    expect(page.locator(".position")).to_contain_text(f"version 0 of {last}")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_attribute("data-version", "1")
    expect(step).to_contain_text("seat")
    page.get_by_role("button", name="Last").click()
    expect(step).to_have_attribute("data-version", str(last))
    expect(page.locator(".status")).to_contain_text("Match over")
    final = public(web_server, taiga["match_id"])
    check_board(page, final["view"])

    choice = page.get_by_label("Record in the file")
    expect(choice).to_be_visible()
    choice.select_option(index=1)
    expect(page.locator(".position")).to_contain_text(f"version 0 of {len(pipifax['steps']) - 1}")
    expect(page.locator("section.board.game-pipifax")).to_be_visible()


def test_a_record_file_that_does_not_check_out_is_named(page: Page, web_server: LiveServer, tmp_path: Path) -> None:
    record = finished_record(web_server, "taiga", 6)
    record["salt"] = "0" * 64
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record, indent=2))
    page.goto(f"{web_server.url}/play/replay.html")
    page.set_input_files("#record-file", str(edited))
    expect(page.locator("#error")).to_have_attribute("data-code", "record/invalid")
    expect(page.locator("#error")).to_contain_text("This record does not check out")
    expect(page.locator("#error")).to_contain_text("commitment")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not a record\n")
    page.set_input_files("#record-file", str(garbage))
    expect(page.locator("#error")).to_have_attribute("data-code", "page/bad_record_file")
    expect(page.locator("#error")).to_contain_text("garbage.json")
    expect(page.locator(".replay-step")).to_have_count(0)
