"""The search every game's ``search-N`` bot runs: determinized rollouts over the seat's information set.

A decision is prepared from what the seat may know (its view, its legal actions and its memory) by
the game's own module, which offers:

- the *candidates*: the seat's legal actions worth comparing (all of them where there are few,
  else one of each kind the game's module tells apart), the base policy's choice first;
- a *sampler* of hidden states: a match built through the game's own state form, equal to the real
  one at every place the seat may see, with every hidden place (``Game.hidden_paths``) filled by
  a draw consistent with everything the seat saw, and a seed of its own, so that the dice and deals
  still to come are not the real match's either.

The search then spends a budget of *simulations* (one simulation: one candidate played from one
sampled state, then every seat played by the base policy until the game's horizon, where the
game's module values the outcome for the seat). The budget is shared out by sequential halving
(Karnin, Koren and Somekh 2013): in each round every candidate still in is played from the same
fresh sampled states, with the same random stream for the rollout, and the better half of the
challengers goes on, while the base policy's own choice stays to the end. Playing every candidate
from the same states and streams (common random numbers) compares them on the same luck, so a
small budget still tells them apart; the last challenger replaces the base policy's choice only
if it beats it clearly on those paired outcomes.

This is Perfect Information Monte Carlo with one level of choice (the seat's own); it improves on
the base policy by a step of policy iteration, and like any determinized search it assumes that
the other seats play the base policy. It never reads a hidden part of the real match: the sampler
is built only from the view, the legal actions, the memory and the places the seat may see.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.actions import Action
from engine.bots.memory import Memory
from engine.game import Context, Event, Game
from engine.match import Match

#: The steps a rollout may take at most; a rollout that reaches it is valued by ``Horizon.cut``.
MAX_ROLLOUT_STEPS = 2_000
#: The clock a rollout runs at: bots decide as after every timed look, so no rollout depends on it.
ROLLOUT_NOW = 0.0


#: Draws a match the seat cannot tell from the real one (see :func:`determinized`) from a stream.
Sampler = Callable[[random.Random], Match]


#: The base policy: what a seat plays in a rollout, from the match, a stream and a memory.
Policy = Callable[[Match, int, random.Random, Memory], Action]


class Horizon(Protocol):
    """Where a game's rollouts stop and what the outcome is worth to the searching seat (0 to 1)."""

    def value(self, match: Match, events: Sequence[Event], seat: int) -> float | None:
        """The worth of ``match`` just after ``events`` if the rollout stops here, else ``None``."""
        ...

    def cut(self, match: Match, seat: int) -> float:
        """The worth of a rollout stopped by :data:`MAX_ROLLOUT_STEPS` (never in a real game)."""
        ...


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision, prepared from what the seat may know: what to compare and how to sample."""

    candidates: Sequence[Action]
    sample: Sampler
    #: The memory every seat starts each rollout with, or ``None`` for a base policy that keeps none.
    #: It is only ever public knowledge (a game whose every event is public), updated by ``remember``.
    shared_memory: Memory | None = None


def whole_budget(match: Match, simulations: int) -> int:
    """A level's simulations, whatever the match: for games whose rollouts cost about the same in any."""
    return simulations


@dataclasses.dataclass(frozen=True)
class Searcher:
    """A game's search: the decision's preparation, the base policy, the horizon and the memory fold."""

    prepare: Callable[[Match, int, Memory, random.Random], Decision]
    policy: Policy
    horizon: Horizon
    remember: Callable[[Memory, int, Sequence[Event]], Memory] | None = None
    #: The simulations a decision makes in ``match`` for a level's budget: fewer where each one plays
    #: longer (more seats, bigger deals), so that a decision's cost stays about the same.
    budget: Callable[[Match, int], int] = whole_budget
    #: How many standard errors of the paired difference a challenger must beat the base choice by
    #: (see :func:`clearly_better`): more in a game whose single decisions move a match's outcome
    #: little next to its luck, where a small budget would otherwise follow its noise.
    confidence: float = 0.5
    #: The game's exact decision against greedy opponents where it can compute one from what the seat
    #: may know (Taiga's endgame, two-player Pipifax), else ``None``; the strongest level plays it
    #: instead of simulating (``exact=True`` in :func:`search`).
    solve: Callable[[Match, int, Memory], Action | None] | None = None


def search(
    searcher: Searcher,
    match: Match,
    seat: int,
    memory: Memory,
    rng: random.Random,
    *,
    simulations: int,
    exact: bool = False,
) -> Action:
    """The candidate of ``seat`` whose rollouts are worth most, by sequential halving over ``simulations``.

    The base policy's choice (the first candidate) stays in every round; the others are halved. At
    the end the best other replaces it only if their paired outcomes say it is better by more than
    the searcher's ``confidence`` in standard errors, so a small, noisy budget plays the base
    policy rather than its noise. With ``exact``, the searcher's exact decision comes first where it
    has one (:attr:`Searcher.solve`).
    """
    if exact and searcher.solve is not None and (solved := searcher.solve(match, seat, memory)) is not None:
        return solved
    decision = searcher.prepare(match, seat, memory, rng)
    candidates = list(decision.candidates)
    if len(candidates) == 1:
        return candidates[0]
    outcomes: list[list[float]] = [[] for _ in candidates]
    others = list(range(1, len(candidates)))
    rounds = max(1, math.ceil(math.log2(len(others))) + 1)
    for _ in range(rounds):
        per_candidate = max(1, simulations // rounds // (len(others) + 1))
        for _ in range(per_candidate):
            world, stream = decision.sample(rng), rng.getrandbits(64)
            for index in (0, *others):
                outcomes[index].append(rollout(searcher, decision, world, seat, first=candidates[index], stream=stream))
        if len(others) == 1:
            break
        # Every candidate still in has been played from the same worlds: compare their totals. The
        # sort is stable, so of equal totals the candidate listed first stays.
        others = sorted(others, key=lambda index: -sum(outcomes[index]))[: math.ceil(len(others) / 2)]
    best = others[0]
    return candidates[best] if clearly_better(outcomes[best], outcomes[0], searcher.confidence) else candidates[0]


def clearly_better(challenger: Sequence[float], base: Sequence[float], confidence: float) -> bool:
    """Whether ``challenger``'s outcomes beat ``base``'s, paired world by world (the base played every
    world the challenger did, first), by more than ``confidence`` standard errors.

    Half of one (a one-sided confidence of about 69%) played best against greedy in Girafferaffe and
    is every game's but Pipifax's.
    """
    differences = [mine - theirs for mine, theirs in zip(challenger, base, strict=False)]
    n = len(differences)
    mean = sum(differences) / n
    if n < 2:
        return mean > 0
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean > confidence * math.sqrt(variance / n)


def rollout(searcher: Searcher, decision: Decision, world: Match, seat: int, *, first: Action, stream: int) -> float:
    """Play ``first`` for ``seat`` in ``world``, then the base policy for every seat up to the horizon."""
    rng = random.Random(stream)
    horizon, policy, remember = searcher.horizon, searcher.policy, searcher.remember
    memory = decision.shared_memory
    match, events = advance(world, seat, first)
    for _ in range(MAX_ROLLOUT_STEPS):
        if memory is not None and remember is not None:
            memory = remember(memory, seat, events)
        worth = horizon.value(match, events, seat)
        if worth is not None:
            return worth
        actor = match.game.to_act(match.state)[0]
        match, events = advance(match, actor, policy(match, actor, rng, memory if memory is not None else {}))
    return horizon.cut(match, seat)


def advance(match: Match, seat: int, action: Action) -> tuple[Match, list[Event]]:
    """The next version after a legal ``action``: the game's own ``apply``, without the checks that
    :func:`engine.apply_action` makes of actions from outside (a rollout's come from the legal ones)."""
    game: Game[Any] = match.game
    version = match.version + 1
    state, events = game.apply(match.state, seat, action, Context(match.seed, version, ROLLOUT_NOW))
    return Match(match.game_id, match.players, match.options, match.seed, version, state), events


def determinized(match: Match, state: Any, rng: random.Random) -> Match:
    """A sampled match: ``state`` (the real one with its hidden places drawn) and a seed of its own,
    so that no chance event still to come (a die, a deal) is the real match's."""
    return dataclasses.replace(match, seed=rng.getrandbits(63), state=state)


def points(match: Match, seat: int) -> float:
    """What a finished match gives ``seat``, as the tournaments count it: 1 for first, 0 for last,
    tied seats sharing (solo: 1 for a win)."""
    result = match.game.result(match.state)
    assert result is not None
    if match.players == 1:
        return 1.0 if seat in result.winners else 0.0
    rank = result.ranks(match.game.info.score_order, range(match.players))[seat]
    return (match.players - rank) / (match.players - 1)


class MatchEnd:
    """A horizon at the end of the match: the seat's points (see :func:`points`)."""

    def value(self, match: Match, events: Sequence[Event], seat: int) -> float | None:
        return points(match, seat) if match.game.result(match.state) is not None else None

    def cut(self, match: Match, seat: int) -> float:
        return 1.0 / match.players


@dataclasses.dataclass(frozen=True)
class ScoredMatchEnd(MatchEnd):
    """A horizon at the end of the match for a game with scores: mostly the seat's points, partly its
    margin over the best other seat (a logistic of the difference: ``scale`` points ahead is worth
    about 0.73, as many behind 0.27).

    A win by one point and a win by ten are worth the same to the tournament, but a rollout that
    ends far ahead says more about the candidate than one that ends just ahead, and a few hundred
    rollouts tell candidates apart better with it (Taiga's ``search-3`` against greedy over the same
    200 matches: 70.5% with 0.3 of the value on the margin, 64.0% without).
    """

    weight: float = 0.3
    scale: float = 3.0

    def value(self, match: Match, events: Sequence[Event], seat: int) -> float | None:
        result = match.game.result(match.state)
        if result is None:
            return None
        order = match.game.info.score_order
        if result.scores is None or order is None or match.players == 1:
            return points(match, seat)
        scores = result.scores if order == "higher" else [-score for score in result.scores]
        margin = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
        return self.blend(points(match, seat), margin)

    def blend(self, won: float, margin: float) -> float:
        """The value of an outcome worth ``won`` points to the seat, ``margin`` ahead of the best other."""
        ahead = 1.0 / (1.0 + math.exp(-margin / self.scale))
        return (1.0 - self.weight) * won + self.weight * ahead


def unique(actions: Sequence[Action]) -> list[Action]:
    """``actions`` without repeats, in order."""
    return list(dict.fromkeys(actions))
