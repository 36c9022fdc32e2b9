"""The text record (``arena/records/text``): every game, every way a match ends, one line per version.

Pure: matches are played through the table's own transitions (``tests/records/builder.py``, the
scenarios of ``test_verify.py``) and their records told; no Redis, no HTTP.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import orjson
import pytest

import engine
from arena.matches.table import SeatInfo, Step, Table
from arena.matches.time_control import TimeControl
from arena.records.codec import replayed_entries
from arena.records.text import record_text
from arena.records.text.narrator import UNTOLD
from arena.records.text.words import SeatNames, third_person, utc_time
from engine.games.pili_pili.missions import DEFAULT_DECK, EFFECT_NAMES
from tests.records.builder import PureMatch
from tests.records.test_verify import OPTIONS, WAYS

Json = dict[str, Any]

#: More options of each game than test_verify's, so that every kind of event is told somewhere.
MORE_OPTIONS: list[tuple[str, Json, int]] = [
    ("pipifax", {"variant": "wild"}, 3),
    ("taiga", {}, 4),
    ("girafferaffe", {"mode": "rounds"}, 3),
    ("girafferaffe", {"mode": "solo"}, 1),
    ("girafferaffe", {"mode": "standard"}, 5),
    ("pili-pili", {"missions": "none"}, 2),
]


def split(text: str) -> tuple[list[str], list[str]]:
    """The header's lines and the versions' lines of a text record."""
    assert text.endswith("\n") and not text.endswith("\n\n")
    header, versions = text[:-1].split("\n\n")
    return header.split("\n"), versions.split("\n")


def tags(header: list[str]) -> dict[str, str]:
    found = {}
    for line in header:
        matched = re.fullmatch(r'\[([A-Za-z0-9]+) "((?:[^"\\]|\\.)*)"\]', line)
        assert matched, line
        found[matched.group(1)] = matched.group(2)
    return found


def played(game: str, options: Json, players: int, seed: int = 7) -> Json:
    seats = [SeatInfo("bot", f"b{seat}", bot="random" if seat else "greedy") for seat in range(players)]
    match = PureMatch(game, seats, options, seed=seed)
    match.play(100_000)
    return match.record()


def assert_told(record: Json) -> list[str]:
    """The record's text holds one line per version, in order, none with an event left untold; its lines."""
    text = record_text(record)
    header, lines = split(text)
    assert len(lines) == len(record["steps"])
    for version, line in enumerate(lines):
        assert line.startswith(f"{version}. ") and line.endswith("."), line
    assert UNTOLD not in text, [line for line in lines if UNTOLD in line]
    assert "None" not in text and "{" not in "\n".join(lines)
    assert tags(header)["Match"] == record["match_id"]
    return lines


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("game", list(OPTIONS))
def test_every_game_and_ending_has_a_line_per_version_and_the_same_text_each_time(game: str, way: str) -> None:
    record = WAYS[way](game).record()
    lines = assert_told(record)
    text = record_text(record)
    assert record_text(copy.deepcopy(record)) == text
    assert record_text(orjson.loads(orjson.dumps(record))) == text  # as a client reads it back
    header = tags(split(text)[0])
    assert header["Game"] == engine.get_game(game).info.title
    assert header["Seed"] == str(record["seed"]) and header["SeedCommitment"] == record["seed_commitment"]
    assert [key for key in header if key.startswith("Seat")] == [f"Seat{seat}" for seat in range(record["players"])]
    assert lines[0].startswith("0. setup: ")
    ending, result = header["Ending"], header["Result"]
    if way == "play":
        assert ending == "by the rules"
        assert result.startswith(f"{SeatNames(record['seats'], 2).all(record['result']['winners'])} win")
    elif way == "resignation":
        assert ending == "cy resigned, leaving bo the only seat playing" and result.startswith("bo wins")
        assert "ann: a player, resigned" in header["Seat0"] and "cy: a player, resigned" in header["Seat2"]
        resigned = next(line for line in lines if " ann resigns" in line)
        assert resigned.endswith("from now on ann's stand-in, the server's random bot, plays for ann.")
        after = lines[lines.index(resigned) + 1 :]
        assert not any(re.match(r"\d+\. ann [a-z]", line) for line in after)  # ann's turns are her stand-in's
        assert game != "pipifax" or any(re.match(r"\d+\. ann's stand-in flips card", line) for line in after)
        assert lines[-1].endswith("cy resigns; bo is the only seat left playing and wins.")
    elif way == "timeout":
        out = next(seat for seat, info in enumerate(record["seats"]) if info["state"] == "timed_out")
        who, other = ("ann", "bob") if out == 0 else ("bob", "ann")
        assert ending == f"{who} ran out of time and forfeited, leaving {other} the only seat playing"
        assert header["TimeControl"] == "per action 30 s, on timeout forfeit"
        assert header[f"Seat{out}"] == f"{who}: a player, out of time"
        assert lines[-1].endswith(
            f"{who}'s time runs out: {who} forfeits; {other} is the only seat left playing and wins."
        )
    elif way == "stand-in":
        assert header["TimeControl"] == "per action 30 s, on timeout bot"
        stood_in = [line for line in lines if "'s time runs out; " in line]
        assert len(stood_in) == 1 and re.match(r"\d+\. (ann|bob)'s time runs out; \1's stand-in \w+", stood_in[0])
    elif way == "disqualification":
        assert ending.endswith(
            "was disqualified for illegal actions, leaving ann the only seat playing"
        ) or ending.endswith("leaving bob the only seat playing")
        assert "is disqualified for illegal actions; " in lines[-1]
    else:
        assert (ending, result) == ("aborted by the host", "none: the match was aborted")
        assert lines[1] == "1. late takes seat 1; every seat is taken: the match starts."
        assert lines[-1] == f"{len(lines) - 1}. the host aborts the match: no result."


@pytest.mark.parametrize(("game", "options", "players"), MORE_OPTIONS)
def test_every_mode_is_told_whole(game: str, options: Json, players: int) -> None:
    for seed in (1, 2):
        assert_told(played(game, options, players, seed))


@pytest.mark.parametrize("effect", list(EFFECT_NAMES))
def test_every_pili_pili_mission_is_told_whole(effect: str) -> None:
    """A deck of one mission card of each effect (drawn every round, reshuffled when spent)."""
    card = next(card for card in DEFAULT_DECK if card["effect"] == effect)
    record = played("pili-pili", {"missions": "expert", "mission_deck": [card]}, 3)
    lines = assert_told(record)
    assert f"under mission {effect} {EFFECT_NAMES[effect]}" in lines[0]


def test_a_pipifax_match_in_words() -> None:
    """Each card turned is a match or a miss of the animal the die showed before it, as the events say."""
    record = played("pipifax", {}, 2)
    lines = assert_told(record)
    die = ""
    for (_, entry), line in zip(replayed_entries(record), lines, strict=True):
        flipped = [event["data"] for event in entry["events"] if event["kind"] == "card_flipped"]
        if flipped:
            card = flipped[0]
            said = "a" if card["animal"][0] not in "aeiou" else "an"
            who = record["seats"][entry["seat"]]["name"]
            flip = f"flips card {card['position']} ({card['colour']} back): {said} {card['animal']}"
            start = f"{entry['version']}. {who} {flip}"
            assert line.startswith(start + (" (match!)" if card["animal"] == die else ", not "))
        rolled = [event["data"]["animal"] for event in entry["events"] if event["kind"] == "die_rolled"]
        die = rolled[-1] if rolled else die
    winner = record["seats"][record["result"]["winners"][0]]["name"]
    assert re.search(rf"the fourth match in one turn \(cards [\d, and]+\): {winner} wins\.$", lines[-1])
    layout = engine.view(engine.new_match("pipifax", 2, record["options"], record["seed"])[0], None, ended=True)
    cards = ", ".join(f"{c['position']} {c['colour']} {c['animal']}" for c in layout["cards"])
    assert lines[0].startswith(f"0. setup: the cards lie face down ({cards}); the die shows ")


def test_a_taiga_match_in_words() -> None:
    record = played("taiga", {"first_player": 0}, 2, seed=11)
    lines = assert_told(record)
    assert re.match(r"0\. setup: the discs lie in a circle \(0 [a-z ]+ \(over an? [a-z ]+\), 1 ", lines[0])
    assert "b0 starts a round: the card is " in lines[0] and "; the pile, top first: " in lines[0]
    finds = [line for line in lines if ", a find (" in line]
    assert finds and any("(4 of 4); the fourth " in line for line in finds)
    assert any(": a miss; " in line for line in lines)
    scores = record["result"]["scores"]
    assert f"the match is over, with b0 {scores[0]}, b1 {scores[1]} points" in lines[-1]
    assert tags(split(record_text(record))[0])["Result"].endswith(f"points: b0 {scores[0]}, b1 {scores[1]}")


def test_a_girafferaffe_solo_match_says_what_the_robot_did() -> None:
    record = played("girafferaffe", {"mode": "solo"}, 1)
    lines = assert_told(record)
    assert any("the robot draws " in line and " to refill its hand (" in line for line in lines)
    assert any(re.search(r"the robot plays \d+ cards? \(", line) for line in lines)
    hand = record_text(record).split("b0's hand: ")[1].split(".")[0]
    dealt = engine.new_match("girafferaffe", 1, record["options"], record["seed"])[1]
    cards = next(event.data["cards"] for event in dealt if event.kind == "hand_dealt")
    assert hand.replace(" and ", ", ").split(", ") == [card.replace("-", " ") for card in cards]
    winners = record["result"]["winners"]
    assert lines[-1].endswith("the match is over: the robot wins." if not winners else "the match is over: b0 wins.")


def test_a_pili_pili_round_shows_every_hand_even_one_dealt_unseen() -> None:
    """E4 deals the hands unseen (no event holds them): the text shows them, and each slot played turns up its card."""
    card = next(card for card in DEFAULT_DECK if card["effect"] == "E4")
    record = played("pili-pili", {"missions": "expert", "mission_deck": [card]}, 2)
    lines = assert_told(record)
    assert re.search(r"the hands: b0 \([\d, a-zJ]+\), b1 \(", lines[0])
    slots = [line for line in lines if "plays the face-down card in slot " in line]
    assert slots and all(re.search(r"slot \d+: it is (\d+|the Joker as \d+)", line) for line in slots)


def test_names_the_seats_share_are_told_apart_and_quotes_are_escaped() -> None:
    seats = [
        SeatInfo("player", 'ann "the fox"'),
        SeatInfo("player", "bo"),
        SeatInfo("player", "bo"),
        SeatInfo("player"),
        SeatInfo("player", "two\u2028lines"),  # no control characters in a name, but a line separator may be
    ]
    match = PureMatch("taiga", seats, {"first_player": 1})
    match.play(4)
    match.then(lambda table, now: table.abort(now))
    record = match.record()
    header, lines = split(record_text(record))
    assert header[3] == r'[Seat0 "ann \"the fox\": a player"]'
    assert tags(header)["Seat1"] == "bo (seat 1): a player" and tags(header)["Seat3"] == "seat 3: a player"
    assert tags(header)["Seat4"] == "two lines: a player" and len(lines) == len(record["steps"])
    assert tags(header)["Options"] == "first player bo (seat 1)"
    assert lines[0].split("; ")[-2].startswith("bo (seat 1) starts a round")


def test_a_tournament_line_names_entrants_forfeits_and_points() -> None:
    record = WAYS["timeout"]("pipifax").record()
    out = next(seat for seat, info in enumerate(record["seats"]) if info["state"] == "timed_out")
    forfeits: list[str | None] = [None, None]
    forfeits[out] = "timeout"
    points = [1.0, 1.0]
    points[out] = 0.0
    line = {
        **record,
        "tournament": {"tournament_id": "t1", "index": 4, "entrants": [3, 5], "forfeits": forfeits, "points": points},
    }
    header = tags(split(record_text(line))[0])
    assert header["Tournament"] == "t1, match 4"
    assert header[f"Seat{out}"].endswith(f"out of time, entrant {[3, 5][out]}, forfeits (timeout), 0 points")
    assert header[f"Seat{1 - out}"].endswith(f"entrant {[3, 5][1 - out]}, 1 point")


def test_labels_become_what_a_player_does() -> None:
    assert third_person("flip card 7 (red back)") == "flips card 7 (red back)"
    assert third_person("pass 4, 31 and the Joker to the left") == "passes 4, 31 and the Joker to the left"
    names = SeatNames([{"name": "ann"}, {"name": None, "bot": "greedy"}, {}], 3)
    assert names.in_label("take a token from seat 1") == "take a token from greedy"
    assert (names(0), names(2), names(None, nobody="the robot")) == ("ann", "seat 2", "the robot")


def test_a_date_is_the_recorded_time_in_utc_to_the_second() -> None:
    assert utc_time(0.0) == "1970-01-01 00:00:00 UTC"
    assert utc_time(951_782_400.0) == "2000-02-29 00:00:00 UTC"  # a leap day
    assert utc_time(1_718_000_000.9) == "2024-06-10 06:13:20 UTC"  # the fraction is dropped, not rounded


def test_an_outage_of_the_arena_says_how_long_and_whose_time_came_back() -> None:
    seats = [SeatInfo("player", "ann"), SeatInfo("player", "bob")]
    match = PureMatch("pipifax", seats, {"first_player": 0}, control=TimeControl(30, "forfeit"))
    match.play(3)
    waiting = match.table.to_act[0]

    def extended(table: Table, now: float) -> Step:
        step = table.extend_clocks(now - 1.0, now, now)  # the seat to act has been deciding since the last tick
        assert step is not None
        return step

    match.then(extended)
    match.then(lambda table, now: table.resign(1 - waiting, now))
    lines = assert_told(match.record())
    assert lines[4] == f"4. the arena was down for 1 s: time given back to {['ann', 'bob'][waiting]} 1 s."
