"""Girafferaffe on any screen: a play is built from a tree and cards, checked against the server's
legal plays of that tree (``filter=tree=<id>``), never chosen from a wall of combinations; what
cannot be legal is not offered (*Pass* without an apple, a tree no play fits, a card that fits no
play); on a phone the hand stays at the bottom of the screen while the trees scroll above it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from engine.games.girafferaffe import readable_state
from tests.live_server import LiveServer
from tests.web.api_helpers import Json, create, legal, play_random, public, stored_table
from tests.web.conftest import DESKTOP, PHONE, axe_violations, dump, no_overflow

WIDTHS = {"desktop": DESKTOP, "phone": PHONE}


def open_turn(page: Page, server: LiveServer, created: Json, seat: int) -> None:
    match_id = created["match"]["match_id"]
    page.goto(f"{server.url}/play/seat.html?match={match_id}#token={created['seats'][seat]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator(".actions .legal-count")).to_contain_text("possible move")


def outlined(page: Page) -> list[str]:
    """The cards of the hand the page outlines as fitting a play."""
    found: list[str] = page.locator(".composer button.hand-card.legal").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    return sorted(found)


def hand_card(page: Page, card: str) -> Any:
    return page.locator(f".composer button.hand-card[data-card='{card}']:not(.chosen)").first


@pytest.mark.timeout(300)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_play_is_built_from_a_tree_and_cards_checked_by_the_servers_legal_plays(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, axe_script: Path, artifacts: Path, width: str
) -> None:
    page = open_context(WIDTHS[width]).new_page()
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 12})
    match_id = created["match"]["match_id"]
    seat = public(web_server, match_id)["to_act"][0]
    token = created["seats"][seat]["token"]
    open_turn(page, web_server, created, seat)

    # No wall of combinations: nothing is listed under "Your turn".
    assert page.locator(".actions button.legal-action").count() == 0
    total = legal(web_server, match_id, token, limit=1)["total"]
    expect(page.locator(".actions .legal-count")).to_contain_text(f"{total:,} possible moves")

    # Pass only with an apple to return: the seat has none, so Pass is not offered (R4).
    assert stored_table(web_server, match_id).match.state["apples"][seat] == 0
    expect(page.locator(".composer button.pass")).to_have_count(0)

    # The trees a play fits are outlined (the server's count per tree); the others cannot be chosen.
    for tree in public(web_server, match_id)["view"]["trees"]:
        count = legal(web_server, match_id, token, tree["id"], limit=1)["total"]
        button = page.locator(f"button.tree-choice[data-tree='{tree['id']}']")
        expect(button).to_have_text(tree["name"])  # one name for a tree, wherever it shows
        if count:
            expect(button).to_have_class("tree-choice legal")
            expect(button).to_be_enabled()
        else:
            expect(button).to_be_disabled()

    # The Pair tree: the cards outlined are those of its legal plays; the others are not offered.
    pairs = legal(web_server, match_id, token, "pair")["actions"]
    plain = next(play for play in pairs if not play["copies"])
    page.locator("button.tree-choice[data-tree='pair']").click()
    expect(page.locator(".composer .choice-note")).to_contain_text(f"{len(pairs)} plays fit the Pair tree")
    in_pairs = {card for play in pairs for card in play["cards"]} | (
        {"copy"} if any(p["copies"] for p in pairs) else set()
    )
    hand = readable_state(stored_table(web_server, match_id).match.state)["hands"][seat]
    expect(page.locator(".composer button.hand-card.legal")).to_have_count(sum(card in in_pairs for card in hand))
    assert set(outlined(page)) == in_pairs & set(hand)
    for card in set(hand) - in_pairs:
        expect(page.locator(f".composer button.hand-card[data-card='{card}']")).to_be_disabled()

    # One card: not yet a play; the cards that complete one are outlined, Play waits.
    first, second = plain["cards"]
    hand_card(page, first).click()
    expect(page.locator(".composer .choice-note")).to_contain_text("Keep choosing")
    expect(page.locator("button.play-chosen")).to_be_disabled()
    partners = {c for p in pairs if first in p["cards"] for c in p["cards"] if c != first}
    partners |= {"copy"} if any(first in p["cards"] and p["copies"] for p in pairs) else set()
    assert set(outlined(page)) == partners & set(hand)
    assert page.locator(".composer button.hand-card.chosen").count() == 1
    if width == "desktop":
        violations = axe_violations(page, axe_script)
        assert violations == [], dump(violations)
    page.screenshot(path=str(artifacts / f"girafferaffe-building-{width}.png"), full_page=True)

    hand_card(page, second).click()
    play_button = page.locator("button.play-chosen")
    expect(play_button).to_be_enabled()
    expect(play_button).to_have_text("Play 2 cards on the Pair tree")
    if width == "phone":
        violations = axe_violations(page, axe_script)
        assert violations == [], dump(violations)
        no_overflow(page)
    play_button.click()
    expect(page.locator("body")).to_have_attribute("data-version", "1")
    expect(page.locator("#error")).to_be_empty()
    after = readable_state(stored_table(web_server, match_id).match.state)["hands"][seat]
    assert first not in after and second not in after
    expect(page.locator("li.tree[data-tree='pair'] .plays > li")).to_have_count(1)


def test_a_copy_card_copies_only_what_a_legal_play_lets_it(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 12})
    match_id = created["match"]["match_id"]
    seat = public(web_server, match_id)["to_act"][0]
    open_turn(page, web_server, created, seat)
    pairs = legal(web_server, match_id, created["seats"][seat]["token"], "pair")["actions"]
    with_copy = next(play for play in pairs if play["copies"])
    page.locator("button.tree-choice[data-tree='pair']").click()
    hand_card(page, with_copy["cards"][0]).click()
    hand_card(page, "copy").click()
    copied = page.locator(".composer .hand-slot select")
    expect(copied).to_have_value(with_copy["copies"][0])
    offered = copied.locator("option").evaluate_all("nodes => nodes.map(n => n.value)")
    assert offered == with_copy["copies"]  # the one card this copy may copy here
    page.locator("button.play-chosen").click()
    expect(page.locator("body")).to_have_attribute("data-version", "1")
    play = stored_table(web_server, match_id).match.state
    assert with_copy["cards"][0] not in readable_state(play)["hands"][seat]


def test_suggest_fills_in_a_legal_play_and_the_any_tree_takes_any_cards_it_counts(
    page: Page, web_server: LiveServer
) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 12})
    match_id = created["match"]["match_id"]
    seat = public(web_server, match_id)["to_act"][0]
    token = created["seats"][seat]["token"]
    open_turn(page, web_server, created, seat)
    # The Any tree has more plays than the page reads: any choice of a size it takes is offered, and
    # the server checks it.
    assert legal(web_server, match_id, token, "any", limit=1)["total"] > 1000
    page.locator("button.tree-choice[data-tree='any']").click()
    expect(page.locator(".composer .choice-note")).to_contain_text("takes 3 or more cards")
    hand = readable_state(stored_table(web_server, match_id).match.state)["hands"][seat]
    numbers = [card for card in hand if card != "copy"]
    for card in numbers[:2]:
        hand_card(page, card).click()
    expect(page.locator("button.play-chosen")).to_be_disabled()
    page.locator("button.clear-choice").click()
    expect(page.locator(".composer button.hand-card.chosen")).to_have_count(0)

    # Suggest a play on the Flush tree: the page chooses the cards of one of its legal plays.
    flushes = legal(web_server, match_id, token, "flush")["actions"]
    page.locator("button.tree-choice[data-tree='flush']").click()
    page.locator("button.suggest-play").click()
    expect(page.locator("button.play-chosen")).to_be_enabled()
    chosen = page.locator(".composer button.hand-card.chosen").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    assert any(sorted(chosen) == sorted(play["cards"] + ["copy"] * len(play["copies"])) for play in flushes)
    page.locator("button.play-chosen").click()
    expect(page.locator("body")).to_have_attribute("data-version", "1")


@pytest.mark.timeout(300)
def test_pass_is_offered_once_the_seat_holds_an_apple(page: Page, web_server: LiveServer) -> None:
    created = create(web_server, {"game": "girafferaffe", "players": 2, "seed": 5})
    match_id = created["match"]["match_id"]
    rng = random.Random(5)
    for _ in range(80):  # random plays until the seat to act holds an apple (a tree's reward)
        table = stored_table(web_server, match_id)
        assert table.status == "active"
        seat = table.to_act[0]
        if table.match.state["apples"][seat] > 0:
            break
        play_random(web_server, created, 1, rng)
    else:
        raise AssertionError("no seat won an apple")
    apples = table.match.state["apples"][seat]
    open_turn(page, web_server, created, seat)
    expect(page.locator(".actions .legal-count")).to_contain_text("or pass and return an apple")
    page.locator(".composer button.pass").click()
    expect(page.locator("body")).to_have_attribute("data-version", str(table.version + 1))
    assert stored_table(web_server, match_id).match.state["apples"][seat] == apples - 1


#: A tree scrolled to the middle of the screen, then its box, the hand's box, and what covers the tree's middle
#: (``None``: nothing), read at once; ``null`` when the page drew the tree anew since the button was found.
SCROLLED_TO_AND_MEASURED = """node => {
  if (!node.isConnected) return null;
  node.scrollIntoView({block: "center"});
  const box = node.getBoundingClientRect();
  const hand = document.querySelector(".composer.acting").getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  const covering = node.contains(top) ? null : top === null ? "nothing" : top.outerHTML.slice(0, 200);
  return [{y: box.y, height: box.height}, {y: hand.y, height: hand.height}, covering];
}"""

HEIGHT = "node => node.isConnected ? node.getBoundingClientRect().height : null"


def measured_on_the_page(node: Locator, script: str) -> Any:
    """What `script` (null for a node no longer on the page) measures of `node`, found again when a
    redraw took it off the page between finding it and measuring it."""
    for _ in range(20):
        measured = node.evaluate(script)
        if measured is not None:
            return measured
    raise AssertionError(f"{node} was drawn anew 20 times while being measured")


def test_on_a_phone_the_hand_stays_in_reach_of_every_tree(
    open_context: Callable[..., BrowserContext], web_server: LiveServer, artifacts: Path
) -> None:
    page = open_context(PHONE).new_page()
    created = create(web_server, {"game": "girafferaffe", "players": 3, "seed": 12})
    seat = public(web_server, created["match"]["match_id"])["to_act"][0]
    open_turn(page, web_server, created, seat)
    composer = page.locator(".composer.acting")
    trees = page.locator("button.tree-choice")
    assert trees.count() >= 7
    for index in range(trees.count()):
        # The tree and the whole hand are on screen at once, and nothing covers the tree: scrolled to and
        # measured in one call, so the page cannot move between the measures. A redraw between finding the
        # button and that call would leave the button off the page: the tree is then found and measured again.
        box, hand, covering = measured_on_the_page(trees.nth(index), SCROLLED_TO_AND_MEASURED)
        assert box["y"] >= 0 and box["y"] + box["height"] <= hand["y"], (box, hand)
        assert hand["y"] + hand["height"] <= PHONE["height"] + 1, hand
        assert covering is None, f"tree {index} is covered by {covering}"
    assert composer.locator("button.hand-card").count() == len(
        readable_state(stored_table(web_server, created["match"]["match_id"]).match.state)["hands"][seat]
    )
    # The hand and its buttons take at most a third of the phone's screen.
    assert measured_on_the_page(composer, HEIGHT) <= PHONE["height"] / 3
    no_overflow(page)
    page.screenshot(path=str(artifacts / "girafferaffe-reach-phone.png"))
