"""A person at the browser: starts matches from the start page's form and plays them by clicking.

Turns are synchronised with the server's truth, never with sleeps: the seat to act is read from the
API, its page is awaited until it shows that version as its turn, and after a click the page is
awaited until it shows a newer version.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from playwright.sync_api import Locator, Page, expect

from tests.live_server import LiveServer
from tests.web.api_helpers import Json, public

OVER = ("finished", "aborted")


def fill_form(
    page: Page,
    server: LiveServer,
    game: str,
    *,
    options: Mapping[str, str] | None = None,
    players: int | None = None,
    seats: Mapping[int, str] | None = None,
    name: str = "ada",
    pace: str = "0",
    time_control: str = "",
) -> None:
    """Open the start page and fill its form: options by the label of their choice, seats as
    ``you``, ``open`` or ``bot:<id>`` (unlisted seats keep the form's default)."""
    page.goto(f"{server.url}/play/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", game)
    for option, label in (options or {}).items():
        field = page.locator(f"#option-{option}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(label=label)
        else:
            field.fill(label)
            field.dispatch_event("change")
    if players is not None:
        page.select_option("#players", str(players))
    for seat, who in (seats or {}).items():
        page.select_option(f"#seat-{seat}", who)
    if page.locator("#name").is_visible():
        page.fill("#name", name)
    page.select_option("#time-control", time_control)
    if page.locator("#pace").is_visible():
        page.select_option("#pace", pace)


def start(page: Page) -> str:
    """Press *Start the match*; the new match's id once its page (seat or match) is open."""
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/(seat\.html\?match=|match\.html\?id=)[^#&]+"))
    found = re.search(r"(?:match|id)=([^#&]+)", page.url)
    assert found is not None
    return found.group(1)


#: What the page's event log says a Pipifax flip revealed: the position and the animal.
FLIPPED = re.compile(r"card flipped \(seat: \d+, position: (\d+), colour: \w+, animal: (\w+)\)")


def pipifax_card(page: Page) -> Locator | None:
    """The card a person who remembers what was revealed turns over: one known to show the die's
    animal, else one never seen, else any; ``None`` off a Pipifax flip."""
    shown = page.evaluate(
        """() => {
          const cards = [...document.querySelectorAll(".pipifax-cards button.legal")];
          if (!cards.length) return null;
          const die = document.querySelector("section.board .die");
          const log = document.querySelector(".log");
          return {die: die ? die.textContent : "", log: log.innerText, legal: cards.map(n => n.dataset.position)};
        }"""
    )  # what the person sees, read in one call
    if shown is None:
        return None
    die = shown["die"].removeprefix("Die: ").strip(". ")
    seen = dict(FLIPPED.findall(shown["log"]))
    legal = [int(p) for p in shown["legal"]]
    found = [p for p in legal if seen.get(str(p)) == die]
    unseen = [p for p in legal if str(p) not in seen]
    position = (found or unseen or legal)[0]
    return page.locator(f".pipifax-cards button.legal[data-position='{position}']")


#: What the page's event log says a Taiga flip showed: the disc and both its sides.
DISC_FLIPPED = re.compile(r"disc flipped \(seat: \d+, disc: (\d+), was: (\w+), shows: (\w+)\)")
#: The animal a Taiga round looks for, as the board says it.
LOOKING_FOR = re.compile(r"Looking for: ([\w ]+?) \(found")


def taiga_disc(page: Page) -> Locator | None:
    """The disc a person who remembers the flips turns over: one whose other side is known to be the
    animal looked for, else one never flipped, else any; ``None`` off a Taiga flip."""
    shown = page.evaluate(
        """() => {
          const discs = [...document.querySelectorAll("section.board .disc.legal")];
          if (!discs.length) return null;
          return {
            info: document.querySelector("section.board .game-info").innerText,
            log: document.querySelector(".log").innerText,
            up: discs.map(n => [n.dataset.disc, n.querySelector(".face").textContent]),
          };
        }"""
    )  # what the person sees, read in one call
    if shown is None:
        return None
    wanted = LOOKING_FOR.search(shown["info"])
    target = wanted.group(1).replace(" ", "_") if wanted else ""
    pairs = {disc: {was, shows} for disc, was, shows in DISC_FLIPPED.findall(shown["log"])}
    up = dict(shown["up"])
    legal = [disc for disc, face in up.items() if face.replace(" ", "_") != target]  # never turn a find away
    found = [d for d in legal if target in pairs.get(d, set())]
    unseen = [d for d in legal if d not in pairs]
    disc = (found or unseen or legal or list(up))[0]
    return page.locator(f"section.board .disc.legal[data-disc='{disc}']")


def girafferaffe_play(page: Page) -> Locator | None:
    """The button that makes a Girafferaffe move as a person builds it: a tree where a play fits,
    then *Suggest a play* (or the cards chosen one by one), ready to *Play*; else *Pass*. ``None``
    off the seat's composer."""
    if not page.locator(".composer.acting").count():
        return None
    expect(page.locator(".actions .legal-count")).not_to_contain_text("Looking up")
    trees = page.locator("button.tree-choice.legal")
    if not trees.count():
        return page.locator(".composer button.pass")
    trees.first.click()
    suggest = page.locator(".composer button.suggest-play")
    expect(suggest).to_be_enabled()
    suggest.click()
    play = page.locator(".composer button.play-chosen")
    expect(play).to_be_enabled()
    return play


#: How a person who remembers what the page showed picks a move in each game that needs it.
REMEMBERED = {"pipifax": pipifax_card, "taiga": taiga_disc, "girafferaffe": girafferaffe_play}


def take_a_turn(page: Page, version: int, prefer_board: bool, game: str) -> None:
    """Click one legal action of the page's seat at ``version`` and wait for the page to move on."""
    body = page.locator("body")
    expect(body).to_have_attribute("data-version", str(version))
    expect(body).to_have_attribute("data-my-turn", "true")
    board = page.locator("section.board button.legal:not(.tree-choice):not(.hand-card)")
    listed = page.locator(".actions button.legal-action")
    remember = REMEMBERED.get(game)
    remembered = remember(page) if remember else None
    choice = remembered or (board.first if prefer_board and board.count() else listed.first)
    choice.click()
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v || document.getElementById('error').textContent",
        arg=version,
        timeout=90_000,  # a move and the page's redraw, on a machine the whole suite shares
    )
    error = page.locator("#error").text_content() or ""
    assert not error, error


def play_to_the_end(
    server: LiveServer, match_id: str, pages: Mapping[int, Page], *, prefer_board: bool = False, limit: int = 2000
) -> Json:
    """Play every seat in ``pages`` by clicking until the match is over; the final match resource."""
    for _ in range(limit):
        match = public(server, match_id)
        if match["status"] in OVER:
            for page in pages.values():
                expect(page.locator("body")).to_have_attribute("data-status", match["status"])
            return match
        ours = [seat for seat in match["to_act"] if seat in pages]
        if not ours:  # the server's bots (or the referee) are to move: wait for any page to see it
            any_page = next(iter(pages.values()))
            any_page.wait_for_function(
                "v => Number(document.body.dataset.version) > v", arg=match["version"], timeout=90_000
            )
            continue
        take_a_turn(pages[ours[0]], match["version"], prefer_board, match["game"])
    raise AssertionError(f"match {match_id} did not end after {limit} turns")
