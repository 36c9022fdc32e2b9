"""Adjudication: how the arena scores a match it ends because it reached its ``adjudicate_after``
versions still in play. Pure: the engine's match and the seats still playing in, a result out.

Each game is scored by the fairest reading of its rulebook for a game stopped midway (docs/api.md,
"Adjudication"):

- **Taiga**: the score the rules keep (T5: a point per token held, two per card won), the tokens in
  the circle counting for nobody; the highest wins, equal scores share the win, as at the rules' end.
- **Pili Pili**: the Pilis of the rounds played (L4); the round in play counts for nobody, since its
  penalties hang on tricks not yet played. The fewest wins, equal fewest share the win.
- **Girafferaffe, multi-round**: the rotten apples (R9; a second one would have lost the match): the
  fewest wins, equal fewest share the win.
- **Pipifax, Girafferaffe standard**: the rules keep no score (a match is won in one stroke, or lost
  by one player who cannot act): a draw, nobody wins and every seat still playing ranks first.
- **Girafferaffe solo**: the player has not beaten the robot: the match is not won.

As in every result, a seat out of the match (resigned, timed out, disqualified) ranks below every
seat still playing and wins nothing; its score, where the game keeps one, is shown all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import engine

#: How an adjudicated match was scored: by the scores the rules keep, as a draw, or as a solo game not won.
Rule = Literal["scores", "draw", "not_won"]
Order = Literal["higher", "lower"]


def kept_scores(match: engine.Match, now: float) -> tuple[list[Any], Order] | None:
    """The score each seat has now where the game's rules keep one, read from the public view, and
    whether higher or lower is better; ``None`` for a game (or mode) that keeps none."""
    view = engine.view(match, None, now)
    if match.game_id == "taiga":
        return list(view["scores"]), "higher"
    if match.game_id == "pili-pili":
        return [seat["pilis"] for seat in view["seats"]], "lower"
    if match.game_id == "girafferaffe" and view["mode"] == "rounds":
        return list(view["rotten"]), "lower"
    return None


def adjudicated_result(match: engine.Match, playing: Sequence[int], now: float) -> tuple[Rule, dict[str, Any]]:
    """The rule that scores ``match`` (still in play at ``now``) and its result (``winners``, ``scores``,
    ``ranks``), ``playing`` being the seats still in it."""
    players = match.players
    out_rank = len(playing) + 1
    kept = kept_scores(match, now)
    if kept is None:
        rule: Rule = "not_won" if players == 1 else "draw"
        ranks = [1 if seat in playing else out_rank for seat in range(players)]
        return rule, {"winners": [], "scores": None, "ranks": ranks}
    scores, order = kept
    sign = -1 if order == "higher" else 1

    def rank(seat: int) -> int:
        if seat not in playing:
            return out_rank
        return 1 + sum(1 for other in playing if sign * scores[other] < sign * scores[seat])

    ranks = [rank(seat) for seat in range(players)]
    winners = [seat for seat in playing if ranks[seat] == 1]
    return "scores", {"winners": winners, "scores": scores, "ranks": ranks}
