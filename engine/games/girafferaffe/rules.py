"""Who acts, what they may do, and what their action does (R4-R6): the seat's side of a step.

The legal actions are listed, counted and found by index tree by tree (:mod:`.table_plays`,
:mod:`.tree_plays`), never all made up front; a play is checked against the cards held, then the
tree's rule; an action is applied on a shallow copy of the state, followed by the next seat's turn
or, in solo, the robot's (:mod:`.robot`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import chain, starmap

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Context, Event
from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.cards import BIT, CODE, COPY, COPY_SHIFT, NUMBER_CARDS
from engine.games.girafferaffe.holdings import SINGLE_CARDS, holding
from engine.games.girafferaffe.robot import robot_turn
from engine.games.girafferaffe.state import GirafferaffeState
from engine.games.girafferaffe.table_plays import TABLES, family_plays, table_plays
from engine.games.girafferaffe.tree_plays import playable_over
from engine.games.girafferaffe.trees import TREES, play_problem_over
from engine.games.girafferaffe.turns import begin_turn, finish, place_play, return_apple

_PASS = ReturnApple()
_PASS_ONLY = (_PASS,)
_BIT_OF = BIT.__getitem__
_CODE_OF = CODE.__getitem__
#: The seats to act, when one seat is (one tuple per seat, made once).
_SEATS = tuple((seat,) for seat in range(5))


def seats_to_act(state: GirafferaffeState) -> Sequence[int]:
    """The seat whose turn it is, or none once the match is over."""
    return () if state["winners"] is not None else _SEATS[state["turn"]]


def legal_actions(state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
    """Every legal action of ``seat``, lazily: its plays tree by tree in table order, then the pass."""
    # Chained in C rather than yielded by a generator: no Python frame resumes per play listed.
    if "tree" in filters:  # one tree, or none; never the pass
        trees, tops = _trees_wanted(state, filters)
        found = playable_over(trees, tops, holding(state["hands"][seat]))
        return chain.from_iterable(starmap(family_plays, found))
    table = TABLES[state["players"]][state["mode"] == "solo"]
    plays = chain.from_iterable(table_plays(table, state["tops"], state["hands"][seat]))
    if state["apples"][seat] > 0:
        return chain(plays, _PASS_ONLY)
    return plays


def count_legal_actions(state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> int:
    """How many actions :func:`legal_actions` yields, counted tree by tree without listing."""
    trees, tops = _trees_wanted(state, filters)
    count = sum(plays.count for _, plays in playable_over(trees, tops, holding(state["hands"][seat])))
    if "tree" not in filters and state["apples"][seat] > 0:
        count += 1
    return count


def nth_legal_action(state: GirafferaffeState, seat: int, filters: Mapping[str, str], index: int) -> Action:
    """Unranked tree by tree: the tree holding ``index`` by the counts, then the play within it."""
    if index < 0:
        raise IndexError(f"legal action index {index} is negative")
    trees, tops = _trees_wanted(state, filters)
    for tree_id, plays in playable_over(trees, tops, holding(state["hands"][seat])):
        if index < plays.count:
            return Play(tree_id, *plays.nth(index))
        index -= plays.count
    if index == 0 and "tree" not in filters and state["apples"][seat] > 0:
        return _PASS
    raise IndexError("legal action index out of range")


def check_action(state: GirafferaffeState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` naming the rule if ``seat`` may not take ``action`` now."""
    if isinstance(action, ReturnApple):
        if state["apples"][seat] <= 0:
            raise IllegalAction("R4", "you have no apple to return, so you must play cards")
        return
    assert isinstance(action, Play)
    trees = state["trees"]
    tree_id, cards, copies = action.tree, action.cards, action.copies
    if tree_id not in trees:
        raise IllegalAction("R2", f"there is no tree {tree_id!r} in this match; the trees are {trees}")
    hand = state["hands"][seat]
    top = state["tops"][trees.index(tree_id)]
    single = SINGLE_CARDS.get(tree_id)
    if single is not None and len(cards) == 1 and not copies and hand & single[top] & BIT.get(cards[0], 0):
        return  # a card held that the Single tree takes above its top: the commonest play, checked at once
    problem = _ownership_problem(hand, cards, copies)
    if problem is None:
        problem = play_problem_over(TREES[tree_id], top, cards, copies)
    if problem is not None:
        raise IllegalAction(*problem, tree=tree_id)


def apply_action(
    state: GirafferaffeState, seat: int, action: Action, ctx: Context
) -> tuple[GirafferaffeState, list[Event]]:
    """The state after ``seat``'s checked ``action``, then the next turn (in solo the robot's first),
    and the events of it all."""
    events: list[Event] = []
    new = state.copy()  # shallow: every part that changes is replaced, never edited
    if isinstance(action, Play):
        cards = [*action.cards] if len(action.cards) == 1 else sorted(action.cards, key=_CODE_OF)
        copies = sorted(action.copies, key=_CODE_OF) if action.copies else []
        place_play(new, seat, action.tree, cards, copies=copies, events=events)
    else:
        return_apple(new, seat, events)
    if new["mode"] != "solo":
        begin_turn(new, (seat + 1) % new["players"], events, ctx)
    elif robot_turn(new, events):
        begin_turn(new, seat, events, ctx)
    else:
        finish(new, None, events)  # R11 step 4: the robot cannot act, so the player wins
    return new, events


def _trees_wanted(state: GirafferaffeState, filters: Mapping[str, str]) -> tuple[Sequence[str], Sequence[int]]:
    """The trees a listing covers and their tops: all, or the one a ``tree`` filter names (none for an
    unknown id)."""
    wanted = filters.get("tree")
    if wanted is None:
        return state["trees"], state["tops"]
    trees = state["trees"]
    if wanted in trees:
        return (wanted,), (state["tops"][trees.index(wanted)],)
    return (), ()


def _ownership_problem(hand: int, cards: Sequence[str], copies: Sequence[str]) -> tuple[str, str] | None:
    """Why the play's cards are not the player's to play (R1, R4, R6), or ``None`` if they are."""
    try:
        played = sum(map(_BIT_OF, cards))
    except KeyError:  # a card that is no number card: said below
        played = -1
    if (  # number cards held, each once (two equal bits would carry into one), and copies of them held
        cards
        and played >= 0
        and not played & ~hand
        and played.bit_count() == len(cards)
        and len(copies) <= hand >> COPY_SHIFT
        and all(map(cards.__contains__, copies))
    ):
        return None
    if not cards:
        if copies:
            return "R6", "a copy card must be played together with at least one number card"
        return "R4", "play at least one card (or return an apple to pass)"
    for card in cards:
        bit = BIT.get(card)
        if bit is None:
            if card == COPY:
                return "R6", "list copy cards in 'copies', each naming the number card it copies, not in 'cards'"
            return "R1", f"there is no card {card!r}; number cards are named like 'red-7' ({NUMBER_CARDS[0]}..)"
        if not hand & bit:
            return "R4", f"you do not hold {card}"
    if len(set(cards)) != len(cards):
        return "R4", "a card is listed twice in 'cards'"
    copies_held = hand >> COPY_SHIFT
    if len(copies) > copies_held:
        return "R6", f"you play {len(copies)} copy cards but hold {copies_held}"
    for copied in copies:
        if copied == COPY:
            return "R6", "a copy card never copies another copy card: name a number card you play"
        if copied not in cards:
            return "R6", f"a copy card copies a number card of the same play, and {copied!r} is not played"
    return None
