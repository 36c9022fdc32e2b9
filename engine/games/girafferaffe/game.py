"""Girafferaffe: play ever higher combinations on the apple trees or pay an apple; who cannot, loses.

Rulings R1-R11 and G1-G6. Three modes: ``standard`` (2-5 players), ``rounds`` (2-5 players, rotten
apples, R9) and ``solo`` (one player against the robot, R10-R11, which the server runs inside
:meth:`Girafferaffe.apply` right after the player's action).

The state is compact (stored format 2): cards are codes, each hand one integer (a bit per number
card and a count of copy cards, see :mod:`.cards`), each play on a pile its seat, its cards' bits
and the codes of the cards its copies copy, and each tree keeps what its next play must beat. The
rules read the integers; cards are named (``"red-7"``) only in what leaves the engine: views,
events and listed plays. A state stored in the first format, with every card by name
(:func:`readable_state` gives it), is read through :func:`state_from_format1`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import reduce
from itertools import chain, starmap
from operator import or_
from typing import Any, TypedDict

from engine.actions import Action
from engine.errors import IllegalAction, InvalidOptions
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result
from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.cards import (
    BIT,
    CARD,
    CODE,
    COLOURS,
    COPY,
    COPY_SHIFT,
    DECK_CODES,
    NUMBER_BITS,
    NUMBER_CARDS,
    RANK,
    cards_held,
    cards_in,
    hand_cards,
    mask_of,
    sort_cards,
)
from engine.games.girafferaffe.holdings import SINGLE_CARDS, holding
from engine.games.girafferaffe.robot import robot_choice
from engine.games.girafferaffe.table_plays import family_plays, table_has_play, table_plays, table_trees
from engine.games.girafferaffe.tree_plays import playable_over
from engine.games.girafferaffe.trees import (
    FIRST_COMBINATION,
    TREES,
    PlayRecord,
    beat_on,
    play_problem_over,
    tree_layout,
)

MODES = ("standard", "rounds", "solo")
APPLE_SUPPLY = 16  # R1
REDRAW_CARDS = 4  # R3
SOLO_HAND = 15  # R10
ROBOT_HAND = 5  # R11 step 1
ROTTEN_LIMIT = 2  # R9
ROBOT_CARDS_DEFAULT, ROBOT_CARDS_MIN, ROBOT_CARDS_MAX = 15, 15, 45
#: The stored state's format: 1 named every card (:func:`readable_state`); 2 is the compact form.
FORMAT = 2
#: The robot's seat in a stored play (its events and views say ``None``).
ROBOT_SEAT = -1


def hand_size(players: int) -> int:
    """Cards dealt to each player (R3; solo R10)."""
    return 12 if players == 5 else 15


#: One play on a pile: ``[seat, cards, copied...]``: the seat (:data:`ROBOT_SEAT` for the robot), the
#: number cards' bits and, one per copy card, the code of the number card it copies (ascending).
PileEntry = list[int]


class GirafferaffeState(TypedDict):
    """The stored state (format 2): cards by code, hands and plays as integers (see :mod:`.cards`)."""

    format: int  # FORMAT
    mode: str  # "standard" | "rounds" | "solo"
    players: int
    trees: list[str]  # tree ids in table order (solo: the robot's priority order)
    piles: list[list[PileEntry]]  # per tree, in table order, its plays bottom first: the last one is on top
    #: Per tree, what its next play must beat: the rank on top (Single and of-a-kind trees) or the
    #: number of cards on top (the others), 0 on an empty tree (:func:`~.trees.beat_on`).
    tops: list[int]
    hands: list[int]  # secret: each seat's hand as one integer (:func:`~.cards.mask_of`)
    hand_sizes: list[int]  # public: how many cards each hand holds
    apples: list[int]  # apples in front of each player
    supply: int  # apples in the supply
    redraw: list[int]  # the Redraw Deck, face down, top card last
    aside: list[int]  # cards out of play this round, unseen
    robot_hand: int  # solo: face up
    robot_deck: list[int]  # solo: face down, top card last
    robot_apples: int
    rotten: list[int]  # rotten apples per player (rounds mode)
    round: int
    dealer: int
    turn: int
    loser: int | None  # the seat that lost the match (None: still playing, or the robot lost)
    winners: list[int] | None  # None while the match goes on


class TreeView(TypedDict):
    id: str
    name: str
    kind: str  # single | pair | three-of-a-kind | four-of-a-kind | straight | flush | any
    colours: list[str]  # the colours a Single tree takes; empty for the other trees
    reward_apples: int
    reward_cards: int
    plays: list[PlayRecord]  # bottom first; the last is the combination to beat
    min_rank: int | None  # the lowest rank the next play may have (Single and of-a-kind trees)
    min_cards: int  # the fewest cards the next play may have (copy cards count)
    max_cards: int | None  # the most cards it may have (None: no limit)


class RobotView(TypedDict):
    hand: list[str]  # face up (R10)
    deck_size: int
    deck: list[str] | None  # face down until the match is over
    apples: int


class GirafferaffeView(TypedDict):
    """The table as one seat sees it: its own hand, every public pile and count, nothing hidden."""

    mode: str
    players: int
    round: int
    dealer: int
    turn: int
    trees: list[TreeView]
    hands: list[list[str] | None]  # a seat's own hand; everyone's once the match is over
    hand_sizes: list[int]
    apples: list[int]
    supply: int
    rotten: list[int]
    redraw_size: int
    redraw_deck: list[str] | None  # revealed once the match is over
    out_of_play_size: int
    out_of_play: list[str] | None  # revealed once the match is over
    robot: RobotView | None  # solo only
    loser: int | None
    winners: list[int] | None


_PASS = ReturnApple()
_BIT_OF = BIT.__getitem__
_PASS_ONLY = (_PASS,)
_CODE_OF = CODE.__getitem__
#: Each table's trees as a listing reads them, by player count and whether it is solo.
_TABLES = {
    players: {solo: table_trees(tree_layout(players, solo)) for solo in (False, True)} for players in range(1, 6)
}
_new_object = object.__new__
#: The event of each seat's turn (``None``: the robot's): made once, as events are values that nothing
#: edits (a frozen dataclass of read-only data), so every turn hands out the same one.
_TURN_STARTED = {seat: Event("turn_started", {"seat": seat}) for seat in (None, *range(5))}
#: The seats to act, when one seat is (one tuple per seat, made once).
_SEATS = tuple((seat,) for seat in range(5))


class Girafferaffe(Game[GirafferaffeState]):
    info = GameInfo(
        id="girafferaffe",
        title="Girafferaffe",
        min_players=1,
        max_players=5,
        description=(
            "Play higher and higher card combinations on the apple trees, or pay an apple to pass; "
            "the player who can do neither loses. Standard, multi-round (rotten apples) and solo against a robot."
        ),
        options=(
            OptionSpec(
                "mode",
                "choice",
                "standard: one game, 2-5 players; rounds: rounds until a player holds two rotten apples, "
                "2-5 players (R9); solo: one player against the robot (R10, R11).",
                default="standard",
                choices=MODES,
                choice_players=(("standard", 2, 5), ("rounds", 2, 5), ("solo", 1, 1)),
            ),
            OptionSpec(
                "robot_cards",
                "integer",
                "Solo only: cards in the Robot Deck (R10); ignored in the other modes.",
                default=ROBOT_CARDS_DEFAULT,
                minimum=ROBOT_CARDS_MIN,
                maximum=ROBOT_CARDS_MAX,
                applies_when=("mode", ("solo",)),
            ),
            OptionSpec(
                "first_player",
                "seat",
                "The dealer, who takes the first turn (R8); default a seeded random seat (G2). Solo: always 0.",
                applies_when=("mode", ("standard", "rounds")),
            ),
        ),
        action_filters=("tree",),
        rulings=(
            ("R1", "64 cards: ranks 1-15 in red, blue, yellow and green, plus 4 copy cards; 16 apples in the supply."),
            (
                "R2",
                "Trees: Pair, 3 of a Kind, 4 of a Kind, Straight, Flush, Any, and Single trees by player count "
                "(4-5 players: one per colour; 3: red-or-yellow and blue-or-green; 1-2: one for any colour).",
            ),
            ("R3", "15 cards each (12 with 5 players), then a 4-card Redraw Deck; the rest leave the game unseen."),
            (
                "R4",
                "A turn plays cards on one tree or returns one apple (allowed even when a play exists); "
                "a player who can do neither loses at once and all others win.",
            ),
            (
                "R5",
                "Single: one card of an allowed colour, higher rank. Pair/3/4 of a Kind: that many of one rank, "
                "higher rank. Straight (3+ consecutive ranks), Flush (3+ of one colour), Any (3+ cards): more cards "
                "than the top play.",
            ),
            (
                "R6",
                "A copy card is played with a number card and copies one number card of the same play, chosen in "
                "the action; never alone, so never on a Single tree; copies count as cards.",
            ),
            (
                "R7",
                "Rewards: Pair draws 1 from the Redraw Deck; 3 of a Kind 1 apple; 4 of a Kind 2; Straight, Flush, "
                "Any 1; a reward that cannot be given is skipped.",
            ),
            ("R8", "The dealer (`first_player`) takes the first turn; play goes clockwise."),
            (
                "R9",
                "Rounds mode: each round is dealt anew from all 64 cards with apples back in the supply; the "
                "round's loser takes a rotten apple and deals next; two rotten apples lose the match.",
            ),
            (
                "R10",
                "Solo: Single, 4 of a Kind, 3 of a Kind, Pair, Straight, Flush, Any; 15 cards to the player, "
                "`robot_cards` to the Robot Deck, then the Redraw Deck; the player moves first; the robot's hand "
                "is public.",
            ),
            (
                "R11",
                "The robot refills to 5, plays on the first tree it can in priority order with the fewest cards "
                "and lowest ranks (copies only when needed; colour order red, blue, yellow, green), draws past the "
                "limit while it cannot play, then returns an apple; unable to act, it loses.",
            ),
        ),
    )
    action_types = (Play, ReturnApple)
    view_type = GirafferaffeView

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        solo = options["mode"] == "solo"
        if solo and players != 1:
            raise InvalidOptions(
                f"solo mode is for exactly 1 player against the robot, not {players}",
                option="mode",
                allowed="standard or rounds for 2-5 players",
            )
        if not solo and players == 1:
            raise InvalidOptions(
                f"{options['mode']} mode is for 2-5 players; one player plays mode 'solo' against the robot",
                option="mode",
                allowed="solo for 1 player",
            )

    def setup(self, players: int, options: Mapping[str, Any], ctx: Context) -> tuple[GirafferaffeState, list[Event]]:
        mode = options["mode"]
        solo = mode == "solo"
        dealer = 0 if solo else options["first_player"]
        hands, robot_deck, redraw, aside = deal(players, options["robot_cards"] if solo else 0, ctx.rng)
        state = _dealt_state(
            mode,
            hands,
            redraw=redraw,
            aside=aside,
            robot_deck=robot_deck,
            rotten=[0] * players,
            round_number=1,
            dealer=dealer,
        )
        events = round_events(state)
        events.append(_TURN_STARTED[dealer])
        return state, events

    def load_state(self, data: Any) -> GirafferaffeState:
        """A stored state in the compact form: a format 1 state (every card by name) is converted."""
        found = data.get("format", 1)
        if found == FORMAT:
            return data  # type: ignore[no-any-return]
        if found == 1:
            return state_from_format1(data)
        raise ValueError(f"a Girafferaffe state of format {found!r}; this engine reads formats 1 and {FORMAT}")

    def to_act(self, state: GirafferaffeState) -> Sequence[int]:
        return () if state["winners"] is not None else _SEATS[state["turn"]]

    def legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        # Chained in C rather than yielded by a generator: no Python frame resumes per play listed.
        if "tree" in filters:  # one tree, or none; never the pass
            trees, tops = _trees_wanted(state, filters)
            found = playable_over(trees, tops, holding(state["hands"][seat]))
            return chain.from_iterable(starmap(family_plays, found))
        table = _TABLES[state["players"]][state["mode"] == "solo"]
        plays = chain.from_iterable(table_plays(table, state["tops"], state["hands"][seat]))
        if state["apples"][seat] > 0:
            return chain(plays, _PASS_ONLY)
        return plays

    def filter_values(self, state: GirafferaffeState, key: str) -> tuple[str, ...] | None:
        return tuple(state["trees"]) if key == "tree" else None

    def count_legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> int:
        trees, tops = _trees_wanted(state, filters)
        count = sum(plays.count for _, plays in playable_over(trees, tops, holding(state["hands"][seat])))
        if "tree" not in filters and state["apples"][seat] > 0:
            count += 1
        return count

    def nth_legal_action(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str], index: int) -> Action:
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

    def label(self, state: GirafferaffeState, action: Action) -> str:
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

    def check(self, state: GirafferaffeState, seat: int, action: Action) -> None:
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

    def apply(
        self, state: GirafferaffeState, seat: int, action: Action, ctx: Context
    ) -> tuple[GirafferaffeState, list[Event]]:
        events: list[Event] = []
        new = state.copy()  # shallow: every part that changes is replaced, never edited
        if isinstance(action, Play):
            cards = [*action.cards] if len(action.cards) == 1 else sorted(action.cards, key=_CODE_OF)
            copies = sorted(action.copies, key=_CODE_OF) if action.copies else []
            _place(new, seat, action.tree, cards, copies=copies, events=events)
        else:
            _return_apple(new, seat, events)
        if new["mode"] != "solo":
            _begin_turn(new, (seat + 1) % new["players"], events, ctx)
        elif _robot_turn(new, events):
            _begin_turn(new, seat, events, ctx)
        else:
            _finish(new, None, events)  # R11 step 4: the robot cannot act, so the player wins
        return new, events

    def view(self, state: GirafferaffeState, seat: int | None, now: float, *, ended: bool = False) -> GirafferaffeView:
        over = ended or state["winners"] is not None
        solo = state["mode"] == "solo"
        return {
            "mode": state["mode"],
            "players": state["players"],
            "round": state["round"],
            "dealer": state["dealer"],
            "turn": state["turn"],
            "trees": list(map(_tree_view, state["trees"], state["piles"], state["tops"])),
            "hands": [hand_cards(hand) if over or i == seat else None for i, hand in enumerate(state["hands"])],
            "hand_sizes": list(state["hand_sizes"]),
            "apples": list(state["apples"]),
            "supply": state["supply"],
            "rotten": list(state["rotten"]),
            "redraw_size": len(state["redraw"]),
            "redraw_deck": _named(state["redraw"]) if over else None,
            "out_of_play_size": len(state["aside"]),
            "out_of_play": _named(state["aside"]) if over else None,
            "robot": {
                "hand": hand_cards(state["robot_hand"]),
                "deck_size": len(state["robot_deck"]),
                "deck": _named(state["robot_deck"]) if over else None,
                "apples": state["robot_apples"],
            }
            if solo
            else None,
            "loser": state["loser"],
            "winners": None if state["winners"] is None else list(state["winners"]),
        }

    def hidden_paths(self, state: GirafferaffeState, seat: int | None, now: float) -> Iterable[Path]:
        """Every hand but the viewer's (each one integer), and each card of the face-down decks."""
        if state["winners"] is not None:
            return ()
        paths: list[Path] = [("hands", i) for i in range(state["players"]) if i != seat]
        for key in ("redraw", "aside", "robot_deck"):
            paths.extend((key, j) for j in range(len(state[key])))
        return paths

    def result(self, state: GirafferaffeState) -> Result | None:
        winners = state["winners"]
        return None if winners is None else Result(tuple(winners))


# --- setting up ------------------------------------------------------------------------------------


def deal(players: int, robot_cards: int, rng: random.Random) -> tuple[list[int], list[int], list[int], list[int]]:
    """Shuffle all 64 cards and deal (R3, R10): the hands (as integers), then the Robot Deck (solo), the
    Redraw Deck and the rest (as codes)."""
    deck = list(DECK_CODES)
    rng.shuffle(deck)
    size = hand_size(players)
    hands = [sum(map(_VALUE.__getitem__, deck[i * size : (i + 1) * size])) for i in range(players)]
    rest = deck[players * size :]
    robot_deck, rest = rest[:robot_cards], rest[robot_cards:]
    return hands, robot_deck, rest[:REDRAW_CARDS], rest[REDRAW_CARDS:]


#: What each card code adds to a hand's integer.
_VALUE = tuple(1 << code for code in range(len(CARD)))


def _dealt_state(
    mode: str,
    hands: list[int],
    *,
    redraw: list[int],
    aside: list[int],
    robot_deck: list[int],
    rotten: list[int],
    round_number: int,
    dealer: int,
) -> GirafferaffeState:
    """The state of a fresh deal: empty trees, every apple in the supply, the dealer to act."""
    players = len(hands)
    trees = tree_layout(players, mode == "solo")
    return {
        "format": FORMAT,
        "mode": mode,
        "players": players,
        "trees": trees,
        "piles": [[] for _ in trees],
        "tops": [0] * len(trees),
        "hands": hands,
        "hand_sizes": list(map(cards_held, hands)),
        "apples": [0] * players,
        "supply": APPLE_SUPPLY,
        "redraw": redraw,
        "aside": aside,
        "robot_hand": 0,
        "robot_deck": robot_deck,
        "robot_apples": 0,
        "rotten": rotten,
        "round": round_number,
        "dealer": dealer,
        "turn": dealer,
        "loser": None,
        "winners": None,
    }


def make_state(
    hands: Sequence[Sequence[str]],
    *,
    mode: str = "standard",
    piles: Mapping[str, Sequence[PlayRecord | Sequence[str]]] | None = None,
    apples: Sequence[int] | None = None,
    supply: int = APPLE_SUPPLY,
    redraw: Sequence[str] = (),
    aside: Sequence[str] = (),
    robot_hand: Sequence[str] = (),
    robot_deck: Sequence[str] = (),
    robot_apples: int = 0,
    rotten: Sequence[int] | None = None,
    round_number: int = 1,
    dealer: int = 0,
    turn: int | None = None,
) -> GirafferaffeState:
    """A state from a given layout, every card by name: the hands (one per seat) and whatever else is
    not at its start value.

    ``piles`` maps tree ids to plays, bottom first; a play is a :class:`PlayRecord` or just its number
    cards (played by seat 0). Decks list their top card last. Used by scenario tests and benchmarks;
    it checks nothing, so a test may build any table it needs. A pile keeps each play's cards as a
    set: a play that names a card twice (a stand-in for a top no hand can beat) keeps its size and
    rank as the top to beat, but the pile shows the card once.
    """
    players = len(hands)
    layout = tree_layout(players, mode == "solo")
    given = piles or {}
    return state_from_format1(
        {
            "mode": mode,
            "players": players,
            "trees": layout,
            "piles": {tree_id: [_as_record(p) for p in given.get(tree_id, ())] for tree_id in layout},
            "hands": list(hands),
            "apples": list(apples) if apples is not None else [0] * players,
            "supply": supply,
            "redraw": list(redraw),
            "aside": list(aside),
            "robot_hand": list(robot_hand),
            "robot_deck": list(robot_deck),
            "robot_apples": robot_apples,
            "rotten": list(rotten) if rotten is not None else [0] * players,
            "round": round_number,
            "dealer": dealer,
            "turn": dealer if turn is None else turn,
            "loser": None,
            "winners": None,
        }
    )


def _as_record(play: PlayRecord | Sequence[str]) -> PlayRecord:
    if isinstance(play, dict):
        return play
    return {"seat": 0, "cards": sort_cards(play), "copies": []}


def round_events(state: GirafferaffeState) -> list[Event]:
    """The events of a deal: the public facts, and each player's own hand privately."""
    events = [
        _event(
            "round_started",
            {
                "round": state["round"],
                "dealer": state["dealer"],
                "hand_sizes": list(state["hand_sizes"]),
                "redraw_size": len(state["redraw"]),
                "out_of_play_size": len(state["aside"]),
                "robot_deck_size": len(state["robot_deck"]),
                "supply": state["supply"],
                "trees": list(state["trees"]),
            },
        )
    ]
    events.extend(
        _event("hand_dealt", {"seat": seat, "cards": hand_cards(hand)}, (seat,))
        for seat, hand in enumerate(state["hands"])
    )
    return events


# --- the two stored forms ----------------------------------------------------------------------------


def state_from_format1(old: Mapping[str, Any]) -> GirafferaffeState:
    """The compact state of a state stored in format 1, which named every card: hands and decks as
    lists of card ids, each pile a list of :class:`PlayRecord` by tree id (what :func:`readable_state`
    gives back)."""
    trees = list(old["trees"])
    piles = [old["piles"][tree_id] for tree_id in trees]
    return {
        "format": FORMAT,
        "mode": old["mode"],
        "players": old["players"],
        "trees": trees,
        "piles": [[_entry(record) for record in pile] for pile in piles],
        "tops": [beat_on(TREES[tree_id], pile) for tree_id, pile in zip(trees, piles, strict=True)],
        "hands": [mask_of(hand) for hand in old["hands"]],
        "hand_sizes": [len(hand) for hand in old["hands"]],
        "apples": list(old["apples"]),
        "supply": old["supply"],
        "redraw": [CODE[card] for card in old["redraw"]],
        "aside": [CODE[card] for card in old["aside"]],
        "robot_hand": mask_of(old["robot_hand"]),
        "robot_deck": [CODE[card] for card in old["robot_deck"]],
        "robot_apples": old["robot_apples"],
        "rotten": list(old["rotten"]),
        "round": old["round"],
        "dealer": old["dealer"],
        "turn": old["turn"],
        "loser": old["loser"],
        "winners": None if old["winners"] is None else list(old["winners"]),
    }


def readable_state(state: GirafferaffeState) -> dict[str, Any]:
    """The state with every card by name, as format 1 stored it: hands and decks as lists of card ids
    (hands in canonical order), each pile a list of :class:`PlayRecord` by tree id. For tests and tools;
    :func:`state_from_format1` reads it back."""
    return {
        "mode": state["mode"],
        "players": state["players"],
        "trees": list(state["trees"]),
        "piles": {
            tree_id: list(map(_record, pile)) for tree_id, pile in zip(state["trees"], state["piles"], strict=True)
        },
        "hands": list(map(hand_cards, state["hands"])),
        "apples": list(state["apples"]),
        "supply": state["supply"],
        "redraw": _named(state["redraw"]),
        "aside": _named(state["aside"]),
        "robot_hand": hand_cards(state["robot_hand"]),
        "robot_deck": _named(state["robot_deck"]),
        "robot_apples": state["robot_apples"],
        "rotten": list(state["rotten"]),
        "round": state["round"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "loser": state["loser"],
        "winners": None if state["winners"] is None else list(state["winners"]),
    }


def _entry(record: PlayRecord) -> PileEntry:
    """A pile's play as the state keeps it (a card named twice counts once)."""
    seat = record["seat"]
    cards = reduce(or_, map(BIT.__getitem__, record["cards"]), 0)
    return [ROBOT_SEAT if seat is None else seat, cards, *sorted(map(CODE.__getitem__, record["copies"]))]


def _record(entry: PileEntry) -> PlayRecord:
    """A pile's play as views and events show it: who, the cards and what each copy copies, by name."""
    seat = entry[0]
    return {
        "seat": None if seat == ROBOT_SEAT else seat,
        "cards": list(cards_in(entry[1])),
        "copies": [CARD[code] for code in entry[2:]],
    }


def _named(codes: list[int]) -> list[str]:
    """The cards of a list of codes, by name."""
    return [CARD[code] for code in codes]


# --- checking a play -------------------------------------------------------------------------------


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


# --- changing the state (each helper replaces what it changes, on a shallow copy) ----------------


def _event(kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None = None) -> Event:
    """An :class:`Event`, made without the frozen dataclass's ``__init__`` (a step makes several)."""
    event = _new_object(Event)
    fields = event.__dict__
    fields["kind"] = kind
    fields["data"] = data
    fields["visible_to"] = visible_to
    return event


def _place(
    s: GirafferaffeState, who: int | None, tree_id: str, cards: list[str], *, copies: list[str], events: list[Event]
) -> None:
    """Put a play (its cards and copies by name, in canonical order) on its tree and give its reward
    (R7); ``who`` is ``None`` for the robot."""
    bits = sum(map(BIT.__getitem__, cards))
    index = s["trees"].index(tree_id)
    tree = TREES[tree_id]
    piles = list(s["piles"])
    piles[index] = [*piles[index], [ROBOT_SEAT if who is None else who, bits, *map(CODE.__getitem__, copies)]]
    s["piles"] = piles
    tops = list(s["tops"])
    tops[index] = RANK[cards[0]] if tree.ranked else len(cards) + len(copies)  # what the next play must beat
    s["tops"] = tops
    events.append(_event("cards_played", {"seat": who, "tree": tree_id, "cards": cards, "copies": copies}))
    hand = (s["robot_hand"] if who is None else s["hands"][who]) - bits - (len(copies) << COPY_SHIFT)
    if tree.apples:
        _take_apples(s, who, tree_id, tree.apples, events)
    if tree.draws:
        hand = _draw_reward(s, who, tree_id, hand, events)
    if who is None:
        s["robot_hand"] = hand
    else:
        _set_hand(s, who, hand)


def _take_apples(s: GirafferaffeState, who: int | None, tree_id: str, due: int, events: list[Event]) -> None:
    """Give ``due`` apples from the supply, or as many as it has (R7)."""
    taken = min(due, s["supply"])
    if taken:
        s["supply"] -= taken
        if who is None:
            s["robot_apples"] += taken
        else:
            s["apples"] = _added(s["apples"], who, taken)
        events.append(_event("apples_taken", {"seat": who, "count": taken, "supply": s["supply"]}))
    if taken < due:
        events.append(
            _event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "apple", "missing": due - taken})
        )


def _draw_reward(s: GirafferaffeState, who: int | None, tree_id: str, hand: int, events: list[Event]) -> int:
    """The Pair reward (R7): the Redraw Deck's top card to the player's hand, or onto the Robot Deck."""
    if not s["redraw"]:
        events.append(_event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "card", "missing": 1}))
        return hand
    code = s["redraw"][-1]
    s["redraw"] = s["redraw"][:-1]
    if who is None:  # R11: on top of the Robot Deck, unseen
        s["robot_deck"] = [*s["robot_deck"], code]
        events.append(_event("robot_deck_topped", {"redraw_size": len(s["redraw"])}))
        return hand
    events.append(_event("card_drawn", {"seat": who, "redraw_size": len(s["redraw"])}))
    events.append(_event("card_received", {"seat": who, "card": CARD[code]}, (who,)))
    return hand + _VALUE[code]


def _return_apple(s: GirafferaffeState, who: int | None, events: list[Event]) -> None:
    """A pass: one apple back to the supply (R4)."""
    s["supply"] += 1
    if who is None:
        s["robot_apples"] -= 1
    else:
        s["apples"] = _added(s["apples"], who, -1)
    events.append(_event("apple_returned", {"seat": who, "supply": s["supply"]}))


def _added(counts: list[int], seat: int, change: int) -> list[int]:
    """A copy of per-seat ``counts`` with ``change`` added to ``seat``'s (the state's lists are never edited)."""
    changed = list(counts)
    changed[seat] += change
    return changed


def _set_hand(s: GirafferaffeState, seat: int, hand: int) -> None:
    """Give ``seat`` the hand ``hand`` (an integer) and its size."""
    hands = list(s["hands"])
    hands[seat] = hand
    s["hands"] = hands
    sizes = list(s["hand_sizes"])
    sizes[seat] = (hand & NUMBER_BITS).bit_count() + (hand >> COPY_SHIFT)
    s["hand_sizes"] = sizes


def _can_act(s: GirafferaffeState, seat: int) -> bool:
    """Whether ``seat`` can return an apple or play somewhere (R4)."""
    if s["apples"][seat] > 0:
        return True
    table = _TABLES[s["players"]][s["mode"] == "solo"]
    return table_has_play(table, s["tops"], holding(s["hands"][seat]))


def _begin_turn(s: GirafferaffeState, seat: int, events: list[Event], ctx: Context) -> None:
    """Give ``seat`` the turn; if it can do nothing it loses at once (R4), ending the match or round (R9)."""
    while True:
        s["turn"] = seat
        if _can_act(s, seat):
            events.append(_TURN_STARTED[seat])
            return
        events.append(_event("player_lost", {"seat": seat, "round": s["round"]}))
        if s["mode"] != "rounds":
            _finish(s, seat, events)
            return
        s["rotten"] = _added(s["rotten"], seat, 1)
        events.append(_event("rotten_apple_taken", {"seat": seat, "rotten": s["rotten"][seat]}))
        if s["rotten"][seat] >= ROTTEN_LIMIT:
            _finish(s, seat, events)
            return
        _next_round(s, seat, ctx.rng, events)  # the loser deals and so starts (R9)


def _next_round(s: GirafferaffeState, dealer: int, rng: random.Random, events: list[Event]) -> None:
    """Deal a new round from all 64 cards; apples go back to the supply, rotten apples stay (R9)."""
    hands, _, redraw, aside = deal(s["players"], 0, rng)
    fresh = _dealt_state(
        s["mode"],
        hands,
        redraw=redraw,
        aside=aside,
        robot_deck=[],
        rotten=s["rotten"],
        round_number=s["round"] + 1,
        dealer=dealer,
    )
    s.update(fresh)
    events.extend(round_events(s))


def _finish(s: GirafferaffeState, loser: int | None, events: list[Event]) -> None:
    """End the match: everyone but ``loser`` wins (``None``: the robot lost, so the solo player wins)."""
    s["loser"] = loser
    s["winners"] = [seat for seat in range(s["players"]) if seat != loser]
    events.append(_event("match_over", {"loser": loser, "winners": s["winners"]}))


def _robot_turn(s: GirafferaffeState, events: list[Event]) -> bool:
    """The robot's turn, step by step as R11 says, all in public; ``False`` if it could not act."""
    events.append(_TURN_STARTED[None])
    hand = s["robot_hand"]
    deck = list(s["robot_deck"])
    held = cards_held(hand)
    while held < ROBOT_HAND and deck:  # step 1
        hand = _robot_draw(hand, deck, "refill", events)
        held += 1
    trees, tops = s["trees"], s["tops"]
    choice = robot_choice(trees, tops, holding(hand))  # step 2
    while choice is None and deck:  # step 3
        hand = _robot_draw(hand, deck, "search", events)
        choice = robot_choice(trees, tops, holding(hand))
    s["robot_hand"] = hand
    s["robot_deck"] = deck
    if choice is not None:
        tree_id, (cards, copies) = choice
        _place(s, None, tree_id, list(cards), copies=list(copies), events=events)
        return True
    if s["robot_apples"] > 0:  # step 4
        _return_apple(s, None, events)
        return True
    events.append(_event("robot_cannot_act", {}))
    return False


def _robot_draw(hand: int, deck: list[int], step: str, events: list[Event]) -> int:
    """Move the Robot Deck's top card face up into the robot's hand (``deck`` is the turn's own copy)."""
    code = deck.pop()
    events.append(_event("robot_drew", {"card": CARD[code], "step": step, "deck_size": len(deck)}))
    return hand + _VALUE[code]


# --- views ---------------------------------------------------------------------------------------------


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


def _tree_view(tree_id: str, pile: list[PileEntry], top: int) -> TreeView:
    tree = TREES[tree_id]
    return {
        "id": tree.id,
        "name": tree.name,
        "kind": tree.kind,
        "colours": [COLOURS[c] for c in tree.colours],
        "reward_apples": tree.apples,
        "reward_cards": tree.draws,
        "plays": list(map(_record, pile)),
        "min_rank": top + 1 if tree.ranked else None,
        "min_cards": tree.size or max(FIRST_COMBINATION, top + 1),
        "max_cards": tree.size or None,
    }
