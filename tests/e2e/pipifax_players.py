"""A Pipifax player for live tests that need a whole match but not a long one.

Random flips take thousands of moves to end a Pipifax match (about 2,300 on average); this player ends
one in tens of moves, for tests whose subject is not the match's length.
"""

from __future__ import annotations

from collections.abc import Callable

from arena_sdk import Action, Turn
from arena_sdk.games import pipifax


def remembering_pipifax_player() -> Callable[[Turn], Action]:
    """A Pipifax seat that remembers every card it saw turned up, flips a card known to show the die's
    animal, else one never seen: it ends a match in tens of moves where random flips take thousands."""
    seen: dict[int, str] = {}

    def choose(turn: Turn) -> Action:
        for event in turn.events:
            if event.kind == "card_flipped":
                seen[event.data["position"]] = event.data["animal"]
        die = pipifax.view(turn.view).die
        flips = pipifax.flips(turn.actions)
        known = [flip for flip in flips if seen.get(flip.position) == die]
        unseen = [flip for flip in flips if flip.position not in seen]
        return (known or unseen or flips)[0]

    return choose
