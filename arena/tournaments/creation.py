"""A new tournament: its id, the settings a create request asks for (refused with the field at fault),
whether its entrants can play it, and its entrants as the request names them."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Mapping
from typing import Any

import engine
from arena.commitment import new_salt
from arena.errors import ArenaError
from arena.matches.time_control import FIRST_DECISION_DEFAULT
from arena.tournaments.record import Entrant, Settings, Tournament, new_seed
from arena.tournaments.schedule import ScheduleError, total_matches, validate
from arena.tournaments.sprt import Sprt
from engine.bots import bots_for

#: The most matches one tournament may schedule (its record keeps a letter per match, its outcomes about
#: 150 bytes per match recorded).
MAX_SCHEDULED = 20_000
#: The time control of a tournament's matches when the host gives none (every match has one).
DEFAULT_TIME_CONTROL = {"per_action": 60.0, "on_timeout": "forfeit", "first_decision": FIRST_DECISION_DEFAULT}


def tournament_id() -> str:
    """A fresh random tournament id (never starting with ``-``, as match ids)."""
    made = base64.urlsafe_b64encode(secrets.token_bytes(12)).decode()
    return made if made[0] != "-" else "A" + made[1:]


def check_settings(body: Mapping[str, Any]) -> Settings:
    """The settings a create request asks for, or 422 naming what is wrong."""
    game_id = body["game"]
    try:
        game = engine.get_game(game_id)
    except engine.EngineError as error:
        raise ArenaError(error.code, error.message, field="game", **error.details) from None
    players = body["players_per_match"]
    if not game.info.min_players <= players <= game.info.max_players:
        raise ArenaError(
            "request/invalid",
            f"{game_id} is played by {game.info.min_players} to {game.info.max_players} players, not {players}",
            field="players_per_match",
        )
    try:
        options = engine.resolve_options(game, players, body["options"])
    except engine.EngineError as error:
        raise ArenaError(error.code, error.message, field="options", **error.details) from None
    sprt = body.get("sprt")
    if sprt is not None and sprt["elo0"] >= sprt["elo1"]:
        raise ArenaError("tournament/invalid", "the SPRT's elo0 must be below its elo1", field="sprt")
    if sprt is not None and sprt["alpha"] + sprt["beta"] >= 1:
        raise ArenaError("tournament/invalid", "the SPRT's alpha + beta must be below 1", field="sprt")
    return Settings(
        game=game_id,
        options=options,
        players_per_match=players,
        format=body["format"],
        rounds=body.get("rounds"),
        games_per_pairing=body["games_per_pairing"],
        duplicate=body["duplicate"],
        seed=body["seed"] if body.get("seed") is not None else new_seed(),
        time_control=body.get("time_control") or DEFAULT_TIME_CONTROL,
        concurrency=body.get("concurrency"),
        sprt=None if sprt is None else Sprt(sprt["elo0"], sprt["elo1"], sprt["alpha"], sprt["beta"]),
        max_illegal=body["max_illegal"],
        salt=new_salt(),
        adjudicate_after=body.get("adjudicate_after"),
    )


def check_startable(tournament: Tournament, entrants: int | None = None) -> None:
    """422 when the tournament cannot be played with its entrants (or with ``entrants`` of them)."""
    s = tournament.settings
    count = len(tournament.entrants) if entrants is None else entrants
    try:
        validate(s.format, count, s.players_per_match, s.rounds, s.games_per_pairing)
        scheduled = total_matches(
            s.format, count, s.players_per_match, games_per_pairing=s.games_per_pairing, rounds=s.rounds
        )
    except ScheduleError as error:
        field = {"players": "players_per_match"}.get(error.field, error.field)
        raise ArenaError("tournament/invalid", str(error), field=field) from None
    if scheduled > MAX_SCHEDULED:
        raise ArenaError(
            "tournament/invalid",
            f"this tournament would schedule {scheduled} matches, more than {MAX_SCHEDULED}: "
            "fewer entrants, deals or rounds",
            field="games_per_pairing",
            scheduled=scheduled,
        )
    if s.sprt is not None and not (s.format == "gauntlet" and count == 2 and s.players_per_match == 2):
        raise ArenaError(
            "tournament/invalid",
            "an SPRT needs a gauntlet of two entrants in 2-player matches",
            field="sprt",
        )


def entrant_of(game_id: str, spec: Mapping[str, Any]) -> Entrant:
    """The entrant a create request names: a program of the host's (with its own time control and
    concurrency, if it gives them), or a server bot of the game (422 for an unknown one)."""
    concurrency = spec.get("concurrency")
    if spec.get("bot") is None:
        return Entrant(spec["name"], time_control=spec.get("time_control"), concurrency=concurrency)
    allowed = [bot.id for bot in bots_for(game_id)]
    if spec["bot"] not in allowed:
        raise ArenaError(
            "bot/unknown",
            f"{game_id} has no bot {spec['bot']!r}; bots: {allowed}",
            bot=spec["bot"],
            allowed=allowed,
        )
    return Entrant(spec["name"], bot=spec["bot"], concurrency=concurrency)


def check_unique(names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ArenaError("request/invalid", f"two entrants are named {name!r}", field="entrants")
        seen.add(name)
