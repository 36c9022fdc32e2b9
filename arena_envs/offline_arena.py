"""The SDK's ``Arena`` as a bot loop uses it, played offline by the engine: a loop for the server runs here unchanged.

``OfflineArena()`` stands where ``Arena(url)`` stood: ``create_match`` (player seats, server bots),
``seat(match_id, token)``, ``match(match_id)``; a seat's ``turns()`` yields turns with the same
``version``, ``view``, ``actions`` (offered by ``engine.offered_actions``, as the seat stream offers
them), ``total``, ``events`` (what the seat saw since its previous turn, typed as ``turn.events``
online) and ``act(action)``, and the loop's ``ending`` once the match is over. The server bots play
their seats as on the server (the same policies, random streams and memories), so for the same seed
a deterministic loop plays the same match here as online, and ends in the same state digest
(``state_digest``; ``Arena.record(match_id)["state_digest"]`` online). Needs the SDK
(``pip install ./sdk``) beside the ``envs`` extra.

Differences, by necessity: no server commits to the seed, so the first turn's events start with the
setup's own (online, ``seed_committed`` comes first); the clock is virtual (``seconds_per_action``
per action), so Pili Pili's timed views differ from a wall clock's; no time controls or open seats.
"""

from __future__ import annotations

import dataclasses
import itertools
import secrets
from collections.abc import Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any

from arena_client.models import CreatedMatch, Match, MoveResult, Result, SeatView
from arena_sdk import ActionLike, IllegalActionError, MalformedActionError, NotYourTurnError
from arena_sdk.actions import Action, action_model
from arena_sdk.errors import NO_ANSWER, MatchOverError, NotFoundError
from arena_sdk.events import event_from_dict
from arena_sdk.seat_logic import DEFAULT_LEGAL_LIMIT, DEFAULT_LOOP_TIMEOUT, Ending, TurnData, seat_of_token

import engine
from arena_envs.offline_match import IllegalMove, OfflineMatch
from engine.bots import BOT_IDS, choose_action
from engine.random_stream import new_seed

#: Each new offline match's number, for its id (``offline-1``, ...).
_NUMBERS = itertools.count(1)


@dataclasses.dataclass
class OfflineTable:
    """One offline match: the engine's match and who plays each seat (a bot's id, or ``None``: a player)."""

    match_id: str
    table: OfflineMatch
    bots: list[str | None]
    names: list[str | None]
    tokens: list[str]

    def seat_json(self, seat: int) -> dict[str, Any]:
        bot = self.bots[seat]
        kind = "player" if bot is None else "bot"
        return {"seat": seat, "kind": kind, "name": self.names[seat], "bot": bot, "state": "playing"} | {
            "deadline": None,
            "asked": False,
            "invitation": False,
            "time_control": None,
            "remaining": None,
        }

    def result_json(self) -> dict[str, Any] | None:
        result = self.table.match.result
        if result is None:
            return None
        players = range(self.table.players)
        ranks = result.ranks(self.table.match.game.info.score_order, players)
        return {**result.to_json(), "ranks": [ranks[seat] for seat in players]}

    def match_json(self, seat: int | None) -> dict[str, Any]:
        """The match as the API shows it to ``seat`` (``None``: a spectator)."""
        match, over = self.table.match, self.table.is_over
        shown = {
            "match_id": self.match_id,
            "game": match.game_id,
            "players": match.players,
            "options": dict(match.options),
            "status": "finished" if over else "active",
            "version": match.version,
            "to_act": list(match.to_act),
            "seats": [self.seat_json(n) for n in range(match.players)],
            "result": self.result_json(),
            "seed": match.seed if over else None,
            "seed_commitment": None,
            "salt": None,
            "time_control": None,
            "adjudicate_after": None,
            "tournament": None,
            "pace_ms": None,
            "created_at": 0.0,
            "updated_at": self.table.now,
            "view": {"game": match.game_id, **engine.view(match, seat, self.table.now)},
        }
        return shown if seat is None else {**shown, "seat": seat}

    def play_bots(self) -> None:
        """Let the server bots act while one is to act, first in seat order, as the server does."""
        while not self.table.is_over:
            bot_seat = next((seat for seat in self.table.to_act if self.bots[seat] is not None), None)
            if bot_seat is None:
                return
            bot = self.bots[bot_seat]
            assert bot is not None
            chosen = choose_action(self.table.match, bot_seat, bot, memory=self.table.memories[bot_seat])
            self.table.act(bot_seat, chosen)


@dataclasses.dataclass(frozen=True)
class OfflineTurn(TurnData):
    """One turn of an offline seat: as ``Turn`` online (``version``, ``view``, ``actions``, ``total``, ``events``)."""

    seat: OfflineSeat

    @property
    def sampled(self) -> bool:
        """Whether ``actions`` is a uniform sample of the legal actions rather than all of them."""
        return len(self.actions) < self.total

    def act(self, action: ActionLike) -> MoveResult | None:
        """Take ``action`` at this turn's version (``IllegalActionError`` for an illegal one, as online)."""
        return self.seat.act_on_turn(self.version, action)


class OfflineTurns:
    """An offline seat's turns as a loop iterates them; ``ending`` once the match is over."""

    def __init__(self, seat: OfflineSeat, legal_limit: int) -> None:
        self.ending: Ending | None = None
        self._turns = seat.turn_loop(self, legal_limit)

    def __iter__(self) -> OfflineTurns:
        return self

    def __next__(self) -> OfflineTurn:
        return next(self._turns)

    def close(self) -> None:
        """Stop the loop (a later ``turns()`` gives the pending turn again)."""

    @property
    def result(self) -> Result | None:
        return None if self.ending is None else self.ending.result


class OfflineSeat:
    """One player seat of an offline match, played with its token, as ``Seat`` plays one online."""

    def __init__(self, arena: OfflineArena, match_id: str, token: str) -> None:
        self.arena = arena
        self.match_id = match_id
        self.seat = seat_of_token(match_id, token)
        self._table = arena.table(match_id)
        if self._table.tokens[self.seat] != token:
            raise NotFoundError(NO_ANSWER, "auth/invalid_token", "no such token for this offline match", {})

    def view(self) -> SeatView:
        """What this seat sees now."""
        return SeatView.from_dict(self._table.match_json(self.seat))

    def turns(
        self,
        legal_limit: int = DEFAULT_LEGAL_LIMIT,
        timeout: float = DEFAULT_LOOP_TIMEOUT,
        retry_pause: float = 0.2,
        transport: str = "sse",
    ) -> OfflineTurns:
        """This seat's turns until the match ends, as ``Seat.turns`` gives them online.

        Between two turns the server bots play their seats; a seat of another player that must act
        first is that player's loop to drive (``RuntimeError`` if this loop is asked to go on first).
        ``timeout``, ``retry_pause`` and ``transport`` are accepted for the online signature's sake.
        """
        return OfflineTurns(self, legal_limit)

    def turn_loop(self, loop: OfflineTurns, legal_limit: int) -> Iterator[OfflineTurn]:
        """The turns of :meth:`turns`; sets ``loop.ending`` when the match is over."""
        table = self._table.table
        while True:
            self._table.play_bots()
            if table.is_over:
                events = [event_from_dict(event) for event in table.events_since_last_step(self.seat)]
                result = self._table.result_json()
                loop.ending = Ending(table.match.version, "finished", Result.from_dict(result or {}), events)
                return
            if self.seat not in table.to_act:
                waiting = [seat for seat in table.to_act if self._table.bots[seat] is None]
                raise RuntimeError(f"seat(s) {waiting} must act before seat {self.seat}: drive their turns() loops")
            total, offered = engine.offered_actions(table.match, self.seat, legal_limit)
            version = table.match.version
            yield OfflineTurn(
                version=version,
                view=self.view(),
                actions=[action_model(action.to_json()) for action in offered],
                total=total,
                events=[event_from_dict(event) for event in table.events_since_last_step(self.seat)],
                deadline=None,
                seat=self,
            )
            if table.match.version == version and not table.is_over:
                raise RuntimeError("an offline loop acts on each turn: nothing else moves the match on")

    def act_on_turn(self, version: int, action: ActionLike) -> MoveResult | None:
        """``OfflineTurn.act``: ``action`` at ``version`` (the match's version: nothing overtakes a turn offline)."""
        table = self._table.table
        if table.is_over:
            raise MatchOverError(409, "match/over", "the match is over", {})
        if version != table.match.version or self.seat not in table.to_act:
            raise NotYourTurnError(409, "action/not_your_turn", f"seat {self.seat} may not act now", {})
        chosen = action_model(action).to_dict()
        try:
            table.act(self.seat, chosen)
        except IllegalMove as error:
            cause = error.__cause__
            if isinstance(cause, engine.IllegalAction):
                raise IllegalActionError(422, "action/illegal", str(cause), {"rule": cause.rule}) from error
            raise MalformedActionError(422, "action/malformed", str(error), {}) from error
        events = table.events_since_last_step(self.seat)  # since this step: the events it made
        return MoveResult.from_dict({**self._table.match_json(self.seat), "events": events})


class OfflineArena:
    """``Arena`` for a bot loop, offline: matches played by the engine in this process (see the module)."""

    def __init__(self, *, seconds_per_action: float = 1.0) -> None:
        self.seconds_per_action = seconds_per_action
        self._tables: dict[str, OfflineTable] = {}
        #: For ``Turn.act``'s sake (online, how long an action is resent): nothing is resent offline.
        self.retry_for = 0.0

    def create_match(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        seats: Sequence[Mapping[str, Any]] | None = None,
        **ignored: Any,
    ) -> CreatedMatch:
        """A new offline match: ``seats`` as online (``{"name": ...}`` or ``{"bot": "greedy"}``; no open seats)."""
        given = list(seats) if seats is not None else [{} for _ in range(players)]
        if len(given) != players:
            raise ValueError(f"seats lists {len(given)} seats for {players} players")
        bots = [spec.get("bot") for spec in given]
        for spec, bot in zip(given, bots, strict=True):
            if spec.get("open"):
                raise ValueError("an offline match has no open seats: name a player or a bot")
            if bot is not None and bot not in BOT_IDS:
                raise ValueError(f"no bot {bot!r}; the bots are {list(BOT_IDS)}")
        table = OfflineMatch(game, players, options, seconds_per_action=self.seconds_per_action)
        table.reset(new_seed() if seed is None else seed)
        match_id = f"offline-{next(_NUMBERS)}"
        tokens = [f"{match_id}.{seat}.{secrets.token_urlsafe(12)}" for seat in range(players)]
        names = [spec.get("name") for spec in given]
        self._tables[match_id] = OfflineTable(match_id, table, bots, names, tokens)
        self._tables[match_id].play_bots()
        return CreatedMatch.from_dict(
            {
                "match": self._tables[match_id].match_json(None),
                "seats": [{"seat": seat, "token": tokens[seat]} for seat in range(players) if bots[seat] is None],
                "host_token": f"{match_id}.host.{secrets.token_urlsafe(12)}",
                "invitations": [],
                "webhook": None,
            }
        )

    def table(self, match_id: str) -> OfflineTable:
        found = self._tables.get(match_id)
        if found is None:
            raise NotFoundError(NO_ANSWER, "match/not_found", f"no offline match {match_id!r}", {})
        return found

    def seat(self, match_id: str, token: str) -> OfflineSeat:
        """Play one seat of an offline match with its token."""
        return OfflineSeat(self, match_id, token)

    def match(self, match_id: str) -> Match:
        """The match as a spectator sees it."""
        return Match.from_dict(self.table(match_id).match_json(None))

    def state_digest(self, match_id: str) -> str:
        """The match's state digest, as its record's ``state_digest`` says it online (:func:`engine.state_digest`)."""
        return self.table(match_id).table.state_digest()

    def actions(self, match_id: str) -> list[tuple[int, dict[str, Any]]]:
        """Every action of the match so far: ``(seat, action)``, version by version."""
        return list(self.table(match_id).table.played)

    def close(self) -> None:
        """Nothing to release: the matches live in this process."""

    def __enter__(self) -> OfflineArena:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


__all__ = ["Action", "OfflineArena", "OfflineSeat", "OfflineTurn", "OfflineTurns"]
