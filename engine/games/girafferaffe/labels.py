"""Short human-readable labels of Girafferaffe's actions, e.g. "play 2 cards (red 7, blue 7) on the Pair tree"."""

from __future__ import annotations

from engine.actions import Action
from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.trees import TREES


def action_label(action: Action) -> str:
    """E.g. "play 3 cards (red 7, blue 7, copy of blue 7) on the 3 of a Kind tree", "return an apple"."""
    if isinstance(action, ReturnApple):
        return "return an apple (pass)"
    assert isinstance(action, Play)
    shown = [card.replace("-", " ") for card in action.cards]
    shown += [f"copy of {card.replace('-', ' ')}" for card in action.copies]
    count = len(shown)
    tree = TREES.get(action.tree)
    where = f"the {tree.name} tree" if tree is not None else f"tree {action.tree!r}"
    return f"play {count} card{'' if count == 1 else 's'} ({', '.join(shown)}) on {where}"
