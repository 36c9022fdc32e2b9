"""How strong each server bot is, in a sentence a person choosing an opponent understands.

The five bots are five levels, the same in every game: ``random`` (the easiest), ``greedy``,
``search-1``, ``search-2`` and ``search-3`` (the hardest). Each level's sentence says what kind of
player it is and what it scores against ``greedy``, the yardstick: the share of two-player matches
it wins against it (a shared win counts half), as the ladder's anchor duels measured it
(``python -m bench.ladder_bench``: 400 matches per level and game, each deal played in both seat
orders; docs/bots.md has the tables and their intervals).
"""

from __future__ import annotations

import dataclasses

#: The yardstick every level is measured against.
YARDSTICK = "greedy"


@dataclasses.dataclass(frozen=True)
class Score:
    """A level's measured score against the yardstick: the share, its 95% interval, and the matches."""

    share: float
    low: float
    high: float
    matches: int


#: Each level's score against ``greedy`` in two-player matches, by game, from
#: ``python -m bench.ladder_bench --deals 0 --four-player-deals 0 --anchor-deals 200`` (its anchor duels,
#: in process; docs/bots.md has the run).
MEASURED_SCORES: dict[str, dict[str, Score]] = {
    "pipifax": {
        "random": Score(0.0050, 0.0014, 0.0180, 400),
        "search-1": Score(0.5025, 0.4537, 0.5512, 400),
        "search-2": Score(0.5075, 0.4587, 0.5562, 400),
        "search-3": Score(0.6200, 0.5715, 0.6662, 400),
    },
    "taiga": {
        "random": Score(0.0, 0.0, 0.0095, 400),
        "search-1": Score(0.5463, 0.4973, 0.5944, 400),
        "search-2": Score(0.6450, 0.5969, 0.6903, 400),
        "search-3": Score(0.9125, 0.8807, 0.9364, 400),
    },
    "girafferaffe": {
        "random": Score(0.0, 0.0, 0.0095, 400),
        "search-1": Score(0.6750, 0.6276, 0.7190, 400),
        "search-2": Score(0.6850, 0.6379, 0.7286, 400),
        "search-3": Score(0.7525, 0.7079, 0.7923, 400),
    },
    # Pili Pili from a later run of the same anchor duels (--games pili-pili): random 4-0-396, search-1
    # 332-20-48, search-2 355-8-37, search-3 352-10-38 (the same as in the ladder before the other games'
    # exact play: its search did not change, and the run replays it).
    "pili-pili": {
        "random": Score(0.0100, 0.0039, 0.0254, 400),
        "search-1": Score(0.8550, 0.8171, 0.8861, 400),
        "search-2": Score(0.8975, 0.8639, 0.9235, 400),
        "search-3": Score(0.8925, 0.858, 0.919, 400),
    },
}

#: What kind of player each level is, in every game.
KINDS: dict[str, str] = {
    "random": "The easiest: it plays any legal move, with no plan at all.",
    "greedy": "Easy: it plays the move that looks best right now and never thinks further ahead.",
    "search-1": "Medium: before each move it plays a few games out in its head, guessing what it cannot see.",
    "search-2": "Hard: it plays four times as many games out in its head before each move.",
    "search-3": "The hardest: it plays the most games out in its head before each move.",
}

#: ``search-3`` in the games where it plays exactly against greedy play.
EXACT_KINDS: dict[str, str] = {
    "pipifax": (
        "The hardest: with two players it plays the best game there is against greedy play; in this game of "
        "luck and memory nobody wins much more than 60% of matches against greedy."
    ),
    "taiga": (
        "The hardest: it plays games out in its head before each move, and with two players it plays the "
        "endgame as well as can be against greedy play once it has seen every disc."
    ),
}


def score_against_greedy(game_id: str, bot_id: str) -> Score | None:
    """The bot's measured score against ``greedy`` in ``game_id`` (``None``: greedy itself, or not measured)."""
    return MEASURED_SCORES.get(game_id, {}).get(bot_id)


def strength(game_id: str, bot_id: str) -> str:
    """The bot's strength in ``game_id`` in a sentence or two: what kind of player it is, and its score
    against ``greedy``."""
    kind = EXACT_KINDS.get(game_id, KINDS[bot_id]) if bot_id == "search-3" else KINDS[bot_id]
    if bot_id == YARDSTICK:
        return f"{kind} The other levels are measured against it."
    score = score_against_greedy(game_id, bot_id)
    if score is None:
        return f"{kind} Its score against greedy is not measured yet."
    return (
        f"{kind} Against greedy it scores {score.share:.0%} "
        f"({score.matches} two-player matches; 95% interval {score.low:.0%}-{score.high:.0%})."
    )
