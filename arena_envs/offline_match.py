"""One match played offline: the engine's match with a virtual clock, the events so far and rewards.

Both environments (and :mod:`arena_envs.offline_arena`) drive their matches through this class, so
that they agree on seeding, on what a seat observes (its view, its offered actions and the events it
saw since its previous step), on which index means which action and on how an illegal action is
handled.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

import engine
from arena_envs.encoding import DEFAULT_SAMPLE_SIZE, ActionEncoding, Choices, Observation, encoding_for, view_json
from engine.bots import Memory, everyone_recalls, everyone_remembers

#: How the end of a match is rewarded: ``win`` (+1 each winner, -1 every other seat) or ``rank``.
RewardScheme = Literal["win", "rank"]

#: What an illegal action does: ``lose`` ends the match (-1 for the offender, 0 for the others), ``raise`` raises.
IllegalPolicy = Literal["lose", "raise"]


class IllegalMove(Exception):
    """A seat's action was refused: a masked or out-of-range index, or JSON the engine refuses."""


def event_json(event: engine.Event, version: int) -> dict[str, Any]:
    """An event as the API's JSON carries it (``turn.events``, ``GET .../seat-events``)."""
    visible = None if event.visible_to is None else list(event.visible_to)
    return {"data": dict(event.data), "kind": event.kind, "version": version, "visible_to": visible}


def sees(event: engine.Event, seat: int) -> bool:
    """Whether ``seat`` sees ``event``: a public one, or one shown to it."""
    return event.visible_to is None or seat in event.visible_to


def final_rewards(match: engine.Match, scheme: RewardScheme) -> dict[int, float]:
    """Each seat's reward for a finished match.

    ``win``: +1 for each winner, -1 for every other seat (a solo game lost to the robot is -1).
    ``rank``: spread evenly from +1 (rank 1) to -1 (rank n) by :meth:`engine.Result.ranks`, ties
    sharing a rank; with one player it is the ``win`` reward.
    """
    result = match.result
    if result is None:
        raise ValueError("the match is not over")
    seats = range(match.players)
    if scheme == "win" or match.players == 1:
        return {seat: 1.0 if seat in result.winners else -1.0 for seat in seats}
    ranks = result.ranks(match.game.info.score_order, seats)
    return {seat: 1.0 - 2.0 * (rank - 1) / (match.players - 1) for seat, rank in ranks.items()}


class OfflineMatch:
    """A match of one game and player count, reset with a seed and played one action at a time.

    The virtual clock starts at 0 and moves ``seconds_per_action`` forward with each action: it is
    the ``now`` of the engine's timed views (Pili Pili's missions that show a hand for a few seconds).
    """

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        *,
        sample_size: int = DEFAULT_SAMPLE_SIZE,
        reward: RewardScheme = "win",
        seconds_per_action: float = 1.0,
    ) -> None:
        if reward not in ("win", "rank"):
            raise ValueError(f"reward is 'win' or 'rank', not {reward!r}")
        rules = engine.get_game(game)
        engine.resolve_options(rules, players, options)  # refuse bad options now, not at reset
        self.game_id = rules.info.id
        self.players = players
        self.options = dict(options or {})
        self.encoding: ActionEncoding = encoding_for(self.game_id, players, sample_size)
        self.reward: RewardScheme = reward
        self.seconds_per_action = seconds_per_action
        self.now = 0.0
        self.match, events = engine.new_match(self.game_id, players, self.options, 0)
        #: What each seat remembers of the match, as a server bot's seat does (``engine.bots.memory``).
        self.memories: list[Memory] = everyone_recalls(self.game_id, players, events)
        #: Per seat, the events it saw since its previous step (API JSON, in order): ``turn.events`` offline.
        self.unseen: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        #: Every action so far, version by version: ``(seat, action JSON)``.
        self.played: list[tuple[int, dict[str, Any]]] = []
        self._choices: dict[int, Choices] = {}

    def reset(self, seed: int) -> None:
        """Start a new match from ``seed`` (the same seed deals as an API match created with it)."""
        self.now = 0.0
        self.match, events = engine.new_match(self.game_id, self.players, self.options, seed, self.now)
        self.memories = everyone_recalls(self.game_id, self.players, events)
        self.unseen = [[] for _ in range(self.players)]
        self.played = []
        self._saw(events)
        self._choices = {}

    @property
    def to_act(self) -> list[int]:
        return list(self.match.to_act)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now, as the API's seat view carries it."""
        return view_json(self.match, seat, self.now)

    def choices(self, seat: int) -> Choices:
        """What each index means for ``seat`` now (computed once per version)."""
        found = self._choices.get(seat)
        if found is None:
            found = self._choices[seat] = self.encoding.choices(self.match, seat)
        return found

    def observe(self, seat: int) -> Observation:
        return self.encoding.observation(self.view(seat), self.choices(seat))

    def resolve(self, seat: int, action: object) -> Mapping[str, Any] | engine.Action:
        """The game action meant by ``action``: an index into the seat's choices, or the action itself.

        Raises :class:`IllegalMove` for a masked or out-of-range index and ``TypeError`` for
        something that is neither an integer nor an action.
        """
        if isinstance(action, Mapping | engine.Action):
            return action
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise TypeError(f"an action is an index or the action's JSON, not {action!r}")
        index = operator.index(action)
        choices = self.choices(seat)
        if not 0 <= index < len(choices.mask) or not choices.mask[index]:
            raise IllegalMove(f"action index {index} is not a legal action of seat {seat} now (see action_mask)")
        return choices.actions[index]

    def act(self, seat: int, action: object) -> None:
        """Apply ``seat``'s ``action`` (an index or the action's JSON); :class:`IllegalMove` if refused."""
        chosen = self.resolve(seat, action)
        try:
            parsed = engine.parse_action(self.match.game.actions_by_type, chosen)
            self.match, events = engine.apply_action(self.match, seat, parsed, self.now)
        except (engine.IllegalAction, engine.MalformedAction, engine.NotYourTurn) as error:
            raise IllegalMove(str(error)) from error
        self.played.append((seat, dict(parsed.to_json())))
        self.memories = everyone_remembers(self.game_id, self.memories, events)
        self.unseen[seat] = []
        self._saw(events)
        self.now += self.seconds_per_action
        self._choices = {}

    def events_since_last_step(self, seat: int) -> list[dict[str, Any]]:
        """The events ``seat`` saw since its previous step (from the setup's on, before its first), as the
        API's JSON: what ``turn.events`` holds online, less the server's ``seed_committed`` (no server
        committed to the seed offline)."""
        return list(self.unseen[seat])

    def state_digest(self) -> str:
        """The match's state digest (:func:`engine.state_digest`), as a record's ``state_digest`` says it."""
        return engine.state_digest(self.match)

    def _saw(self, events: list[engine.Event]) -> None:
        for seat in range(self.players):
            self.unseen[seat].extend(event_json(event, self.match.version) for event in events if sees(event, seat))

    def final_rewards(self) -> dict[int, float]:
        return final_rewards(self.match, self.reward)

    def final_info(self, seat: int) -> dict[str, Any]:
        """What a seat learns when the match is over: the result and its rank."""
        result = self.match.result
        assert result is not None
        ranks = result.ranks(self.match.game.info.score_order, range(self.players))
        return {"winners": list(result.winners), "scores": result.to_json()["scores"], "rank": ranks[seat]}
