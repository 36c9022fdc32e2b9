"""``/games``: the catalogue lists every registered game exactly as the engine declares it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import engine
from api.http.games.schemas import GameListSchema, GameSchema
from engine.bots import bots_for
from tests.api.helpers import (
    Json,
    act,
    assert_error,
    body_of,
    create_match,
    pipifax_hit,
    playable_players,
    stored_match,
    submit,
)

REPO = Path(__file__).resolve().parents[2]
GAME_IDS = [game.info.id for game in engine.all_games()]


def expected_entry(game: engine.Game[Any]) -> Json:
    info = game.info
    return {
        "id": info.id,
        "title": info.title,
        "description": info.description,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "options": [
            {
                "name": o.name,
                "kind": o.kind,
                "description": o.description,
                "default": o.default,
                "choices": list(o.choices),
                "minimum": o.minimum,
                "maximum": o.maximum,
                "choice_players": [
                    {"choice": choice, "min_players": low, "max_players": high}
                    for choice, low, high in o.choice_players
                ],
                "applies_when": None
                if o.applies_when is None
                else {"option": o.applies_when[0], "values": list(o.applies_when[1])},
            }
            for o in info.options
        ],
        "action_types": [cls.TYPE for cls in game.action_types],
        "action_filters": list(info.action_filters),
        "rulings": [{"id": rid, "text": text} for rid, text in info.rulings],
        "rules": f"docs/rules/{info.id}.md",
        "bots": [
            {
                "id": bot.id,
                "description": bot.description,
                "strength": bot.strength,
                "score_against_greedy": bot.score_against_greedy,
            }
            for bot in bots_for(info.id)
        ],
        "score_order": info.score_order,
    }


def test_list_games_lists_every_registered_game_as_declared(client: FlaskClient) -> None:
    response = client.get("/games")
    assert response.status_code == 200
    body = body_of(response)
    assert GameListSchema().validate(body) == {}
    assert set(body) == {"games"}
    assert [g["id"] for g in body["games"]] == GAME_IDS
    assert body["games"] == [expected_entry(game) for game in engine.all_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_get_game_returns_its_catalogue_entry(client: FlaskClient, game_id: str) -> None:
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    body = body_of(response)
    assert GameSchema().validate(body) == {}
    assert body == expected_entry(engine.get_game(game_id))
    listed = body_of(client.get("/games"))["games"]
    assert body in listed


def test_pipifax_catalogue_entry(client: FlaskClient) -> None:
    body = body_of(client.get("/games/pipifax"))
    assert (body["id"], body["title"], body["min_players"], body["max_players"]) == ("pipifax", "Pipifax", 2, 5)
    options = {o["name"]: o for o in body["options"]}
    assert set(options) == {"variant", "first_player"}
    assert options["variant"]["kind"] == "choice"
    assert options["variant"]["default"] == "standard"
    assert options["variant"]["choices"] == ["standard", "wild"]
    assert options["first_player"]["kind"] == "seat"
    assert options["first_player"]["default"] is None
    assert body["action_types"] == ["pipifax.flip"]
    assert body["action_filters"] == []
    assert body["rules"] == "docs/rules/pipifax.md"


def test_taiga_catalogue_entry(client: FlaskClient) -> None:
    body = body_of(client.get("/games/taiga"))
    assert (body["id"], body["title"], body["min_players"], body["max_players"]) == ("taiga", "Taiga", 2, 6)
    assert [(o["name"], o["kind"], o["default"]) for o in body["options"]] == [("first_player", "seat", None)]
    assert body["action_types"] == ["taiga.flip", "taiga.pass", "taiga.take"]
    assert body["rules"] == "docs/rules/taiga.md"


def test_unknown_game_is_404_game_unknown_listing_the_known_ids(client: FlaskClient) -> None:
    body = assert_error(client.get("/games/chess"), 404, "game/unknown")
    assert body["details"]["game"] == "chess"
    assert body["details"]["allowed"] == sorted(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_catalogue_defaults_are_what_a_new_match_gets(client: FlaskClient, game_id: str) -> None:
    game = engine.get_game(game_id)
    players = playable_players(game)
    entry = body_of(client.get(f"/games/{game_id}"))
    assert entry["min_players"] <= players <= entry["max_players"]
    match = create_match(client, game_id, players, seed=99).match
    assert set(match["options"]) == {o["name"] for o in entry["options"]}
    for option in entry["options"]:
        value = match["options"][option["name"]]
        if option["kind"] == "seat" and option["default"] is None:
            assert value in range(players)  # G2: a seeded random seat
        else:
            assert value == option["default"], option
        if option["kind"] == "choice":
            assert value in option["choices"]


@pytest.mark.parametrize("game_id", ["pipifax", "taiga"])
def test_rule_named_by_an_illegal_action_is_listed_in_the_catalogue_rulings(client: FlaskClient, game_id: str) -> None:
    """An illegal action names its ruling (``details.rule``); the catalogue must say what that ruling is."""
    created = create_match(client, game_id, 2, seed=4, options={"first_player": 0})
    if game_id == "pipifax":
        hit = {"type": "pipifax.flip", "position": pipifax_hit(stored_match(client, created.match_id))}
        version = act(client, created, 0, hit, 0)["version"]
        illegal: Json = hit  # the same card again: already face up this turn (P3)
    else:
        version, illegal = 0, {"type": "taiga.pass"}  # passing before any find (T4)
    body = assert_error(submit(client, created, 0, illegal, str(version)), 422, "action/illegal")
    rule = body["details"]["rule"]
    rulings = {r["id"] for r in body_of(client.get(f"/games/{game_id}"))["rulings"]}
    assert rule in rulings, f"{game_id}: errors cite ruling {rule} but the catalogue lists rulings {sorted(rulings)}"


@pytest.mark.parametrize("game_id", ["pipifax", "taiga"])
def test_catalogue_rules_path_points_to_a_document_in_the_repository(client: FlaskClient, game_id: str) -> None:
    rules = body_of(client.get(f"/games/{game_id}"))["rules"]
    assert (REPO / rules).is_file(), f"the catalogue points {game_id} to {rules}, which does not exist"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_player_counts_of_each_choice_are_exactly_those_a_match_accepts(game_id: str) -> None:
    """A form built from the catalogue offers every count a match can start with, and no other."""
    game = engine.get_game(game_id)
    info = game.info
    for option in info.options:
        if option.kind != "choice":
            continue
        narrowed = {choice: (low, high) for choice, low, high in option.choice_players}
        assert set(narrowed) <= set(option.choices), option.name
        for choice in option.choices:
            low, high = narrowed.get(choice, (info.min_players, info.max_players))
            for players in range(info.min_players, info.max_players + 1):
                try:
                    engine.new_match(game_id, players, {option.name: choice}, 1, 0.0)
                    accepted = True
                except engine.EngineError:
                    accepted = False
                assert accepted == (low <= players <= high), (option.name, choice, players)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_applies_when_names_another_option_and_values_it_can_take(game_id: str) -> None:
    options = {option.name: option for option in engine.get_game(game_id).info.options}
    for option in options.values():
        if option.applies_when is not None:
            other, values = option.applies_when
            assert other in options and other != option.name
            assert values and set(values) <= set(options[other].choices)


def test_each_bot_s_strength_is_listed_with_its_score_against_greedy(client: FlaskClient) -> None:
    """The /play form shows each level's sentence: the listing carries it and the score it quotes."""
    taiga = body_of(client.get("/games/taiga"))
    bots = {bot["id"]: bot for bot in taiga["bots"]}
    assert bots["greedy"]["score_against_greedy"] is None
    for bot_id in ("random", "search-1", "search-2", "search-3"):
        share = bots[bot_id]["score_against_greedy"]
        assert isinstance(share, float) and 0.0 <= share <= 1.0
        assert f"Against greedy it scores {share:.0%}" in bots[bot_id]["strength"]
