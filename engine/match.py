"""A match: one game's state with its seed, options and version, and the operations on it.

This is the only way into a game's rules from outside the engine: it checks who may act and what
is well formed before a game's own rules see an action, so every game gets those checks alike.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.actions import Action, parse_action
from engine.errors import InvalidOptions, InvalidSeat, MatchOver, NotYourTurn
from engine.game import Context, Event, Game, Result, Secret
from engine.random_stream import new_seed, options_stream
from engine.registry import get_game


@dataclasses.dataclass(frozen=True)
class Match:
    """A snapshot of a match: plain data that round-trips through JSON without loss.

    ``version`` rises by one per applied action; replaying the recorded actions from ``seed``
    reproduces every version exactly.
    """

    game_id: str
    players: int
    options: Mapping[str, Any]
    seed: int
    version: int
    state: Any

    @property
    def game(self) -> Game[Any]:
        return get_game(self.game_id)

    @property
    def to_act(self) -> Sequence[int]:
        """The seats that may act now; empty once the match is over."""
        return self.game.to_act(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.result(self.state) is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "version": self.version,
            "state": self.state,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """The match of a stored snapshot; its game reads the state (and converts an older stored form)."""
        state = get_game(data["game"]).load_state(data["state"])
        return cls(data["game"], data["players"], data["options"], data["seed"], data["version"], state)


def resolve_options(game: Game[Any], players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with defaults filled in, checked against the game's specs (seats left unresolved)."""
    info = game.info
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not (info.min_players <= players <= info.max_players)
    ):
        raise InvalidOptions(
            f"{info.title} is for {info.min_players}-{info.max_players} players, not {players!r}",
            option="players",
            allowed=f"an integer from {info.min_players} to {info.max_players}",
        )
    given = dict(options or {})
    specs = {spec.name: spec for spec in info.options}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise InvalidOptions(
            f"unknown option(s) {unknown} for {info.id}; known: {sorted(specs)}",
            option=unknown[0],
            allowed=sorted(specs),
        )
    resolved = {name: spec.check(given.get(name, spec.default), players) for name, spec in specs.items()}
    game.check_options(players, resolved)
    return resolved


def new_match(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    now: float = 0.0,
) -> tuple[Match, list[Event]]:
    """Set up a match at version 0; a missing seed is drawn at random (ruling G3)."""
    game = get_game(game_id)
    resolved = resolve_options(game, players, options)
    if seed is None:
        seed = new_seed()
    chance = options_stream(seed)
    for spec in game.info.options:
        if spec.kind == "seat" and resolved[spec.name] is None:
            resolved[spec.name] = chance.randrange(players)  # ruling G2: a seeded random seat
    state, events = game.setup(players, resolved, Context(seed, 0, now))
    return Match(game_id, players, resolved, seed, 0, state), events


def check_seat(match: Match, seat: int) -> None:
    """Raise unless ``seat`` exists and may act now in a match that is still going."""
    _check_seat(match, match.game, seat)


def _check_seat(match: Match, game: Game[Any], seat: int) -> None:
    """:func:`check_seat` with the match's game already looked up."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise InvalidSeat(f"seat {seat!r} does not exist; seats are 0-{match.players - 1}", seat=seat)
    state = match.state
    if game.result(state) is not None:
        raise MatchOver("the match is over", seat=seat)
    to_act = game.to_act(state)
    if seat not in to_act:
        raise NotYourTurn(f"seat {seat} may not act now; waiting for {list(to_act)}", seat=seat, to_act=list(to_act))


def legal_actions(match: Match, seat: int, filters: Mapping[str, str] | None = None) -> Iterator[Action]:
    """The legal actions of ``seat``, lazily; nothing when the seat may not act now."""
    game = match.game
    try:
        _check_seat(match, game, seat)
    except (NotYourTurn, MatchOver):
        return iter(())
    return game.legal_actions(match.state, seat, filters or {})


def count_legal_actions(match: Match, seat: int, filters: Mapping[str, str] | None = None) -> int:
    """How many legal actions ``seat`` has now, without listing them where the game can count."""
    try:
        check_seat(match, seat)
    except (NotYourTurn, MatchOver):
        return 0
    return match.game.count_legal_actions(match.state, seat, filters or {})


def nth_legal_action(match: Match, seat: int, index: int, filters: Mapping[str, str] | None = None) -> Action:
    """The action at ``index`` in :func:`legal_actions`'s order, without listing where the game can unrank.

    Raises ``IndexError`` unless ``0 <= index < count_legal_actions(match, seat, filters)``.
    """
    if count_legal_actions(match, seat, filters) <= index:  # also 0 for a seat that may not act now
        raise IndexError(f"legal action index {index} is out of range")
    return match.game.nth_legal_action(match.state, seat, filters or {}, index)


def sample_legal_actions(
    match: Match, seat: int, k: int, seed: int, filters: Mapping[str, str] | None = None
) -> tuple[int, list[Action]]:
    """The number of legal actions of ``seat`` and ``min(k, total)`` distinct ones drawn uniformly.

    Exactly uniform without listing: the indexes are ``random.Random(sample_key(match, seat,
    seed)).sample(range(total), ...)`` and each is unranked by :meth:`Game.nth_legal_action`. The
    same match version, seat and seed give the same sample, online and offline alike. The actions
    come in the order drawn, so any prefix of the list is itself a uniform sample.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"a sample size is a non-negative integer, not {k!r}")
    total = count_legal_actions(match, seat, filters)
    indexes = random.Random(sample_key(match, seat, seed)).sample(range(total), min(k, total))
    game, wanted = match.game, filters or {}
    return total, [game.nth_legal_action(match.state, seat, wanted, index) for index in indexes]


def sample_key(match: Match, seat: int, seed: int) -> str:
    """What seeds a sample: the match's seed and version (the engine's count), the seat and the sample's seed.

    A function of the match as the seat plays it, so a replay of the match draws the same samples,
    whether it is played on the server or offline.
    """
    return f"sample/{match.seed}/{match.version}/{seat}/{seed}"


def offered_actions(
    match: Match, seat: int, limit: int, sample_seed: int = 0, filters: Mapping[str, str] | None = None
) -> tuple[int, list[Action]]:
    """The legal actions a seat is offered when it is shown at most ``limit``: ``(total, actions)``.

    All of them, in the game's listing order, when there are at most ``limit``; else a uniform sample
    of ``limit`` (:func:`sample_legal_actions` with ``sample_seed``). A seat stream's turns
    (``sample_seed`` 0) and the offline environments offer actions this way, so one policy given the
    same match makes the same choices on both.
    """
    total = count_legal_actions(match, seat, filters)
    if total <= limit:
        return total, list(legal_actions(match, seat, filters))
    return sample_legal_actions(match, seat, limit, sample_seed, filters)


def label(match: Match, action: Action | Mapping[str, Any]) -> str:
    """A short human-readable text for a well-formed ``action`` at ``match``, e.g. "flip card 7 (red back)".

    It uses only what the acting seat may see, so it can be shown to that seat next to its legal
    actions; a log should show it only where it shows the action itself (:func:`action_seen_by`).
    """
    game = match.game
    return game.label(match.state, parse_action(game.actions_by_type, action))


def action_secret(match: Match, seat: int, action: Action | Mapping[str, Any]) -> Secret | None:
    """Whether ``seat``'s ``action`` at ``match`` (the version *before* it) must be hidden in the log.

    Call it when the action is applied and keep ``secret.to_json()`` (or ``None``) with the log
    entry: :func:`action_seen_by` needs it, with the current match, to show the entry to a reader.
    """
    game = match.game
    return game.secret(match.state, seat, parse_action(game.actions_by_type, action))


def action_seen_by(
    match: Match,
    seat: int,
    action: Action | Mapping[str, Any],
    secret: Secret | Mapping[str, Any] | None,
    viewer: int | None,
    *,
    ended: bool = False,
) -> dict[str, Any]:
    """How the ``action`` that ``seat`` took appears to ``viewer`` (``None``: a spectator) in the log now.

    ``match`` is the current match (at or after the action) and ``secret`` what :func:`action_secret`
    said when it was taken. The answer is the action's JSON when the viewer may know it: always for a
    public action and for the acting seat itself, for a secret choice once its decision is resolved
    (to the seats it is revealed to) and once the match is over (by its rules, or ``ended``: the arena
    ended it or it was aborted). Otherwise it is the hidden form ``{"type": <type>, "hidden": true}``.
    """
    game = match.game
    shown = parse_action(game.actions_by_type, action).to_json()
    if secret is None or viewer == seat or ended or game.result(match.state) is not None:
        return shown
    if not isinstance(secret, Secret):
        secret = Secret.from_json(secret)
    may_see = secret.revealed_to is None or (viewer is not None and viewer in secret.revealed_to)
    if may_see and game.is_resolved(match.state, secret):
        return shown
    return {"type": shown["type"], "hidden": True}


def validate_action(match: Match, seat: int, action: Action | Mapping[str, Any]) -> Action:
    """The parsed ``action`` if ``seat`` may take it now; otherwise the precise engine error."""
    return _validate(match, match.game, seat, action)


def _validate(match: Match, game: Game[Any], seat: int, action: Action | Mapping[str, Any]) -> Action:
    """:func:`validate_action` with the match's game already looked up."""
    _check_seat(match, game, seat)
    parsed = parse_action(game.actions_by_type, action)
    game.check(match.state, seat, parsed)
    return parsed


def apply_action(
    match: Match, seat: int, action: Action | Mapping[str, Any], now: float = 0.0
) -> tuple[Match, list[Event]]:
    """The next version of the match after ``seat`` takes ``action``, and the events it produced."""
    game = match.game
    parsed = _validate(match, game, seat, action)
    version = match.version + 1
    state, events = game.apply(match.state, seat, parsed, Context(match.seed, version, now))
    return Match(match.game_id, match.players, match.options, match.seed, version, state), events


def view(match: Match, seat: int | None, now: float = 0.0, *, ended: bool = False) -> Mapping[str, Any]:
    """What ``seat`` sees (``None``: a spectator); the whole state is shown once the match is over.

    ``ended``: the match is over although its rules did not end it (the arena ended it: everyone
    else left, or it was aborted); the whole state is shown then too.
    """
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < match.players):
        raise InvalidSeat(f"seat {seat!r} does not exist; seats are 0-{match.players - 1}", seat=seat)
    return match.game.view(match.state, seat, now, ended=ended)


@dataclasses.dataclass(frozen=True)
class RecordedAction:
    """One entry of a match record: who acted, what, and when (the time only matters to timed views)."""

    seat: int
    action: Mapping[str, Any]
    now: float = 0.0


def replay(
    game_id: str,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int,
    actions: Sequence[RecordedAction],
    *,
    now: float = 0.0,
) -> Match:
    """Rebuild a match from its record; identical to the original in any process (ruling G3)."""
    match, _ = new_match(game_id, players, options, seed, now)
    for step in actions:
        match, _ = apply_action(match, step.seat, step.action, step.now)
    return match
