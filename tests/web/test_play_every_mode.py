"""A person plays every game in every mode to the end, starting it from the start page's form.

The other seats are the server's greedy bot (without a pace, so the test does not wait for them).
Midway and at the end, the seat page is photographed at desktop and at phone width (the phone page
is the same seat's page, opened beside it), and the phone page must not scroll sideways.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import public, stored_table
from tests.web.conftest import PHONE, no_overflow
from tests.web.person import fill_form, play_to_the_end, start, take_a_turn


@dataclasses.dataclass(frozen=True)
class Mode:
    """A game, its options by the label of their choice, the players and the time control chosen."""

    game: str
    options: dict[str, str]
    players: int
    time_control: str = ""

    @property
    def name(self) -> str:
        return "-".join([self.game, *self.options.values()])


#: Every mode the form offers.
MODES = [
    Mode("pipifax", {"variant": "standard"}, 2),
    Mode("pipifax", {"variant": "wild"}, 3, "300"),
    Mode("taiga", {}, 2),
    Mode("girafferaffe", {"mode": "standard"}, 2),
    Mode("girafferaffe", {"mode": "rounds"}, 2),
    Mode("girafferaffe", {"mode": "solo"}, 1),
    Mode("pili-pili", {"missions": "none"}, 2),
    Mode("pili-pili", {"missions": "standard"}, 3),
    Mode("pili-pili", {"missions": "expert"}, 3, "60"),
]


def photograph(page: Page, phone: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}-desktop.png"), full_page=True)
    phone.goto(page.url)
    expect(phone.locator("body")).to_have_attribute(
        "data-version", page.locator("body").get_attribute("data-version") or ""
    )
    no_overflow(phone)
    phone.screenshot(path=str(artifacts / f"{name}-phone.png"), full_page=True)


@pytest.mark.timeout(900)
@pytest.mark.parametrize("mode", MODES, ids=[mode.name for mode in MODES])
def test_a_person_plays_a_mode_to_the_end(
    page: Page, open_context: Callable[..., BrowserContext], web_server: LiveServer, artifacts: Path, mode: Mode
) -> None:
    game, options, players, time_control = mode.game, mode.options, mode.players, mode.time_control
    fill_form(
        page,
        web_server,
        game,
        options=options,
        players=players,
        seats=dict.fromkeys(range(1, players), "bot:greedy"),
        time_control=time_control,
    )
    match_id = start(page)
    assert "#token=" in page.url and "&host=" in page.url  # the seat's and the host's tokens, in the fragment only
    created = public(web_server, match_id)
    for option, label in options.items():
        assert created["options"][option] == label
    assert created["players"] == players
    assert [seat["kind"] for seat in created["seats"]] == ["player"] + ["bot"] * (players - 1)
    assert created["pace_ms"] is None  # "not at all"
    if time_control:
        assert created["time_control"]["per_action"] == float(time_control)

    phone = open_context(PHONE).new_page()
    name = f"play-{mode.name}"
    for _ in range(3):  # a few turns in: the middle of the match
        match = public(web_server, match_id)
        if match["status"] != "active" or 0 not in match["to_act"]:
            break
        take_a_turn(page, match["version"], prefer_board=game in ("pipifax", "taiga"), game=game)
    photograph(page, phone, artifacts, f"{name}-midway")

    final = play_to_the_end(web_server, match_id, {0: page}, prefer_board=game in ("pipifax", "taiga"))
    assert final["status"] == "finished"
    assert stored_table(web_server, match_id).status == "finished"
    status = page.locator(".status")
    expect(status).to_contain_text("Match over")
    expect(page.locator("a.replay-link")).to_be_visible()
    assert page.locator("section.board button.legal").count() == 0  # nothing left to click
    photograph(page, phone, artifacts, f"{name}-end")
