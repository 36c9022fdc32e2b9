"""``/games``: the catalogue."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.http.blueprint import ArenaBlueprint
from api.http.errors import ErrorSchema
from api.http.games.schemas import GameListSchema, GameSchema
from engine import Game, all_games, get_game
from engine.bots import bots_for

blp = ArenaBlueprint("games", __name__, url_prefix="/games", description="The catalogue of games.")


def catalogue_entry(game: Game[Any]) -> dict[str, Any]:
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


@blp.route("")
class Games(MethodView):
    @blp.doc(operationId="listGames")
    @blp.response(200, GameListSchema)
    def get(self) -> dict[str, Any]:
        """List every game: players, options with defaults and allowed values, actions and rulings."""
        return {"games": [catalogue_entry(g) for g in all_games()]}


@blp.route("/<game_id>")
class GameById(MethodView):
    @blp.doc(operationId="getGame")
    @blp.response(200, GameSchema)
    @blp.alt_response(404, schema=ErrorSchema, description="No game with this id (`game/unknown`).")
    def get(self, game_id: str) -> dict[str, Any]:
        """Describe one game."""
        return catalogue_entry(get_game(game_id))
