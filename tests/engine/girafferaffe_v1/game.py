"""Girafferaffe: play ever higher combinations on the apple trees or pay an apple; who cannot, loses.

Rulings R1-R11 and G1-G6. Three modes: ``standard`` (2-5 players), ``rounds`` (2-5 players, rotten
apples, R9) and ``solo`` (one player against the robot, R10-R11, which the server runs inside
:meth:`Girafferaffe.apply` right after the player's action).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import chain, filterfalse, repeat, starmap
from typing import Any, TypedDict

from engine.actions import Action, action_field
from engine.errors import IllegalAction, InvalidOptions
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result
from tests.engine.girafferaffe_v1.cards import COLOURS, COPY, DECK, NUMBER_CARDS, is_number_card, sort_cards
from tests.engine.girafferaffe_v1.robot import robot_choice
from tests.engine.girafferaffe_v1.trees import (
    TREES,
    Holding,
    PlayCards,
    PlayRecord,
    fewest_cards,
    has_any_play,
    holding,
    lowest_rank,
    play_problem,
    playable,
    tree_layout,
)

MODES = ("standard", "rounds", "solo")
APPLE_SUPPLY = 16  # R1
REDRAW_CARDS = 4  # R3
SOLO_HAND = 15  # R10
ROBOT_HAND = 5  # R11 step 1
ROTTEN_LIMIT = 2  # R9
ROBOT_CARDS_DEFAULT, ROBOT_CARDS_MIN, ROBOT_CARDS_MAX = 15, 15, 45


def hand_size(players: int) -> int:
    """Cards dealt to each player (R3; solo R10)."""
    return 12 if players == 5 else 15


class GirafferaffeState(TypedDict):
    mode: str  # "standard" | "rounds" | "solo"
    players: int
    trees: list[str]  # tree ids in table order (solo: the robot's priority order)
    piles: dict[str, list[PlayRecord]]  # each tree's plays, bottom first: the last one is on top
    hands: list[list[str]]  # secret; canonical order, copy cards last
    apples: list[int]  # apples in front of each player
    supply: int  # apples in the supply
    redraw: list[str]  # the Redraw Deck, face down, top card last
    aside: list[str]  # cards out of play this round, unseen
    robot_hand: list[str]  # solo: face up
    robot_deck: list[str]  # solo: face down, top card last
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


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play cards on one tree: number cards, plus one entry per copy card naming the card it copies."""

    TYPE = "girafferaffe.play"
    tree: str = action_field("The tree to play on, by id, e.g. 'pair', 'single-red', 'any'.")
    cards: tuple[str, ...] = action_field("The number cards played, by id, e.g. ['red-7', 'blue-7'].")
    copies: tuple[str, ...] = action_field(
        "One entry per copy card played: the id of the number card in `cards` that it copies; [] for none."
    )


@dataclasses.dataclass(frozen=True)
class ReturnApple(Action):
    """Return one apple to the supply instead of playing (a pass)."""

    TYPE = "girafferaffe.pass"


_PASS = ReturnApple()
_PASS_ONLY = (_PASS,)


def _listed_plays(tree: str, plays: Iterable[PlayCards]) -> Iterator[Play]:
    """The listed actions of the plays on one tree."""
    return starmap(partial(_listed_play, tree), plays)


def _listed_play(tree: str, cards: tuple[str, ...], copies: tuple[str, ...]) -> Play:
    """A play the listing built, equal to ``Play(tree, cards, copies)``: made without the frozen
    dataclass's ``__init__``, which costs a third of a listing that yields hundreds of plays."""
    play = object.__new__(Play)
    play.__dict__.update(tree=tree, cards=cards, copies=copies)
    return play


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
            ),
            OptionSpec(
                "robot_cards",
                "integer",
                "Solo only: cards in the Robot Deck (R10); ignored in the other modes.",
                default=ROBOT_CARDS_DEFAULT,
                minimum=ROBOT_CARDS_MIN,
                maximum=ROBOT_CARDS_MAX,
            ),
            OptionSpec(
                "first_player",
                "seat",
                "The dealer, who takes the first turn (R8); default a seeded random seat (G2). Solo: always 0.",
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
        state = make_state(
            hands,
            mode=mode,
            redraw=redraw,
            aside=aside,
            robot_deck=robot_deck,
            dealer=dealer,
        )
        events = round_events(state)
        events.append(Event("turn_started", {"seat": dealer}))
        return state, events

    def to_act(self, state: GirafferaffeState) -> Sequence[int]:
        return () if state["winners"] is not None else (state["turn"],)

    def legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        # Chained in C rather than yielded by a generator: no Python frame resumes per play listed.
        found = playable(_trees_wanted(state, filters), state["piles"], holding(tuple(state["hands"][seat])))
        plays = chain.from_iterable(starmap(_listed_plays, found))
        if "tree" not in filters and state["apples"][seat] > 0:
            return chain(plays, _PASS_ONLY)
        return plays

    def filter_values(self, state: GirafferaffeState, key: str) -> tuple[str, ...] | None:
        return tuple(state["trees"]) if key == "tree" else None

    def count_legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> int:
        hand = holding(tuple(state["hands"][seat]))
        count = sum(plays.count for _, plays in playable(_trees_wanted(state, filters), state["piles"], hand))
        if "tree" not in filters and state["apples"][seat] > 0:
            count += 1
        return count

    def nth_legal_action(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str], index: int) -> Action:
        """Unranked tree by tree: the tree holding ``index`` by the counts, then the play within it."""
        if index < 0:
            raise IndexError(f"legal action index {index} is negative")
        hand = holding(tuple(state["hands"][seat]))
        for tree_id, plays in playable(_trees_wanted(state, filters), state["piles"], hand):
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
        if action.tree not in state["piles"]:
            raise IllegalAction("R2", f"there is no tree {action.tree!r} in this match; the trees are {state['trees']}")
        problem = _ownership_problem(state["hands"][seat], action.cards, action.copies)
        if problem is None:
            problem = play_problem(TREES[action.tree], state["piles"][action.tree], action.cards, action.copies)
        if problem is not None:
            raise IllegalAction(*problem, tree=action.tree)

    def apply(
        self, state: GirafferaffeState, seat: int, action: Action, ctx: Context
    ) -> tuple[GirafferaffeState, list[Event]]:
        events: list[Event] = []
        new = state.copy()  # shallow: every part that changes is replaced, never edited
        if isinstance(action, Play):
            record: PlayRecord = {"seat": seat, "cards": sort_cards(action.cards), "copies": sort_cards(action.copies)}
            _place(new, action.tree, record, events)
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
            "trees": [_tree_view(tree_id, state["piles"][tree_id]) for tree_id in state["trees"]],
            "hands": [list(hand) if over or i == seat else None for i, hand in enumerate(state["hands"])],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "apples": list(state["apples"]),
            "supply": state["supply"],
            "rotten": list(state["rotten"]),
            "redraw_size": len(state["redraw"]),
            "redraw_deck": list(state["redraw"]) if over else None,
            "out_of_play_size": len(state["aside"]),
            "out_of_play": list(state["aside"]) if over else None,
            "robot": {
                "hand": list(state["robot_hand"]),
                "deck_size": len(state["robot_deck"]),
                "deck": list(state["robot_deck"]) if over else None,
                "apples": state["robot_apples"],
            }
            if solo
            else None,
            "loser": state["loser"],
            "winners": None if state["winners"] is None else list(state["winners"]),
        }

    def hidden_paths(self, state: GirafferaffeState, seat: int | None, now: float) -> Iterable[Path]:
        if state["winners"] is not None:
            return ()
        paths: list[Path] = [
            ("hands", i, j) for i, hand in enumerate(state["hands"]) if i != seat for j in range(len(hand))
        ]
        for key in ("redraw", "aside", "robot_deck"):
            paths.extend((key, j) for j in range(len(state[key])))
        return paths

    def result(self, state: GirafferaffeState) -> Result | None:
        winners = state["winners"]
        return None if winners is None else Result(tuple(winners))


# --- setting up ------------------------------------------------------------------------------------


def deal(players: int, robot_cards: int, rng: random.Random) -> tuple[list[list[str]], list[str], list[str], list[str]]:
    """Shuffle all 64 cards and deal: the hands, the Robot Deck (solo), the Redraw Deck, the rest (R3, R10)."""
    deck = list(DECK)
    rng.shuffle(deck)
    size = hand_size(players)
    hands = [sort_cards(deck[i * size : (i + 1) * size]) for i in range(players)]
    rest = deck[players * size :]
    robot_deck, rest = rest[:robot_cards], rest[robot_cards:]
    return hands, robot_deck, rest[:REDRAW_CARDS], rest[REDRAW_CARDS:]


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
    """A state from a given layout: the hands (one per seat) and whatever else is not at its start value.

    ``piles`` maps tree ids to plays, bottom first; a play is a :class:`PlayRecord` or just its number
    cards (played by seat 0). Decks list their top card last. Used by :meth:`Girafferaffe.setup` and by
    scenario tests; it checks nothing, so a test may build any table it needs.
    """
    players = len(hands)
    layout = tree_layout(players, mode == "solo")
    given = piles or {}
    return {
        "mode": mode,
        "players": players,
        "trees": layout,
        "piles": {tree_id: [_as_record(p) for p in given.get(tree_id, ())] for tree_id in layout},
        "hands": [sort_cards(hand) for hand in hands],
        "apples": list(apples) if apples is not None else [0] * players,
        "supply": supply,
        "redraw": list(redraw),
        "aside": list(aside),
        "robot_hand": sort_cards(robot_hand),
        "robot_deck": list(robot_deck),
        "robot_apples": robot_apples,
        "rotten": list(rotten) if rotten is not None else [0] * players,
        "round": round_number,
        "dealer": dealer,
        "turn": dealer if turn is None else turn,
        "loser": None,
        "winners": None,
    }


def _as_record(play: PlayRecord | Sequence[str]) -> PlayRecord:
    if isinstance(play, dict):
        return play
    return {"seat": 0, "cards": sort_cards(play), "copies": []}


def round_events(state: GirafferaffeState) -> list[Event]:
    """The events of a deal: the public facts, and each player's own hand privately."""
    events = [
        Event(
            "round_started",
            {
                "round": state["round"],
                "dealer": state["dealer"],
                "hand_sizes": [len(hand) for hand in state["hands"]],
                "redraw_size": len(state["redraw"]),
                "out_of_play_size": len(state["aside"]),
                "robot_deck_size": len(state["robot_deck"]),
                "supply": state["supply"],
                "trees": list(state["trees"]),
            },
        )
    ]
    events.extend(
        Event("hand_dealt", {"seat": seat, "cards": list(hand)}, visible_to=(seat,))
        for seat, hand in enumerate(state["hands"])
    )
    return events


# --- checking a play -------------------------------------------------------------------------------


def _ownership_problem(hand: Sequence[str], cards: Sequence[str], copies: Sequence[str]) -> tuple[str, str] | None:
    """Why the play's cards are not the player's to play (R1, R4, R6), or ``None`` if they are."""
    if not cards:
        if copies:
            return "R6", "a copy card must be played together with at least one number card"
        return "R4", "play at least one card (or return an apple to pass)"
    held = set(hand)
    for card in cards:
        if card == COPY:
            return "R6", "list copy cards in 'copies', each naming the number card it copies, not in 'cards'"
        if not is_number_card(card):
            return "R1", f"there is no card {card!r}; number cards are named like 'red-7' ({NUMBER_CARDS[0]}..)"
        if card not in held:
            return "R4", f"you do not hold {card}"
    if len(set(cards)) != len(cards):
        return "R4", "a card is listed twice in 'cards'"
    copies_held = hand.count(COPY)
    if len(copies) > copies_held:
        return "R6", f"you play {len(copies)} copy cards but hold {copies_held}"
    for copied in copies:
        if copied == COPY:
            return "R6", "a copy card never copies another copy card: name a number card you play"
        if copied not in cards:
            return "R6", f"a copy card copies a number card of the same play, and {copied!r} is not played"
    return None


# --- changing the state (each helper replaces what it changes, on a shallow copy) ----------------


def _place(s: GirafferaffeState, tree_id: str, record: PlayRecord, events: list[Event]) -> None:
    """Put a play on its tree and give its reward (R7); the record's seat is ``None`` for the robot."""
    who, cards, copies = record["seat"], record["cards"], record["copies"]
    hand = s["robot_hand"] if who is None else s["hands"][who]
    spare_copies = hand.count(COPY) - len(copies)
    kept = [*filterfalse({*cards, COPY}.__contains__, hand), *repeat(COPY, spare_copies)]
    s["piles"] = {**s["piles"], tree_id: [*s["piles"][tree_id], record]}
    events.append(Event("cards_played", {"seat": who, "tree": tree_id, "cards": list(cards), "copies": list(copies)}))
    tree = TREES[tree_id]
    if tree.apples:
        _take_apples(s, who, tree_id, tree.apples, events)
    if tree.draws:
        kept = _draw_reward(s, who, tree_id, kept, events)
    if who is None:
        s["robot_hand"] = kept
    else:
        _set_hand(s, who, kept)


def _take_apples(s: GirafferaffeState, who: int | None, tree_id: str, due: int, events: list[Event]) -> None:
    """Give ``due`` apples from the supply, or as many as it has (R7)."""
    taken = min(due, s["supply"])
    if taken:
        s["supply"] -= taken
        if who is None:
            s["robot_apples"] += taken
        else:
            s["apples"] = _added(s["apples"], who, taken)
        events.append(Event("apples_taken", {"seat": who, "count": taken, "supply": s["supply"]}))
    if taken < due:
        events.append(
            Event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "apple", "missing": due - taken})
        )


def _draw_reward(
    s: GirafferaffeState, who: int | None, tree_id: str, hand: list[str], events: list[Event]
) -> list[str]:
    """The Pair reward (R7): the Redraw Deck's top card to the player's hand, or onto the Robot Deck."""
    if not s["redraw"]:
        events.append(Event("reward_skipped", {"seat": who, "tree": tree_id, "reward": "card", "missing": 1}))
        return hand
    card = s["redraw"][-1]
    s["redraw"] = s["redraw"][:-1]
    if who is None:  # R11: on top of the Robot Deck, unseen
        s["robot_deck"] = [*s["robot_deck"], card]
        events.append(Event("robot_deck_topped", {"redraw_size": len(s["redraw"])}))
        return hand
    events.append(Event("card_drawn", {"seat": who, "redraw_size": len(s["redraw"])}))
    events.append(Event("card_received", {"seat": who, "card": card}, visible_to=(who,)))
    return sort_cards([*hand, card])


def _return_apple(s: GirafferaffeState, who: int | None, events: list[Event]) -> None:
    """A pass: one apple back to the supply (R4)."""
    s["supply"] += 1
    if who is None:
        s["robot_apples"] -= 1
    else:
        s["apples"] = _added(s["apples"], who, -1)
    events.append(Event("apple_returned", {"seat": who, "supply": s["supply"]}))


def _added(counts: list[int], seat: int, change: int) -> list[int]:
    """A copy of per-seat ``counts`` with ``change`` added to ``seat``'s (the state's lists are never edited)."""
    changed = list(counts)
    changed[seat] += change
    return changed


def _set_hand(s: GirafferaffeState, seat: int, hand: list[str]) -> None:
    hands = list(s["hands"])
    hands[seat] = hand
    s["hands"] = hands


def _can_act(s: GirafferaffeState, seat: int) -> bool:
    """Whether ``seat`` can return an apple or play somewhere (R4)."""
    if s["apples"][seat] > 0:
        return True
    return has_any_play(s["trees"], s["piles"], holding(tuple(s["hands"][seat])))


def _begin_turn(s: GirafferaffeState, seat: int, events: list[Event], ctx: Context) -> None:
    """Give ``seat`` the turn; if it can do nothing it loses at once (R4), ending the match or round (R9)."""
    while True:
        s["turn"] = seat
        if _can_act(s, seat):
            events.append(Event("turn_started", {"seat": seat}))
            return
        events.append(Event("player_lost", {"seat": seat, "round": s["round"]}))
        if s["mode"] != "rounds":
            _finish(s, seat, events)
            return
        s["rotten"] = _added(s["rotten"], seat, 1)
        events.append(Event("rotten_apple_taken", {"seat": seat, "rotten": s["rotten"][seat]}))
        if s["rotten"][seat] >= ROTTEN_LIMIT:
            _finish(s, seat, events)
            return
        _next_round(s, seat, ctx.rng, events)  # the loser deals and so starts (R9)


def _next_round(s: GirafferaffeState, dealer: int, rng: random.Random, events: list[Event]) -> None:
    """Deal a new round from all 64 cards; apples go back to the supply, rotten apples stay (R9)."""
    hands, _, redraw, aside = deal(s["players"], 0, rng)
    fresh = make_state(
        hands,
        mode=s["mode"],
        redraw=redraw,
        aside=aside,
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
    events.append(Event("match_over", {"loser": loser, "winners": s["winners"]}))


def _robot_turn(s: GirafferaffeState, events: list[Event]) -> bool:
    """The robot's turn, step by step as R11 says, all in public; ``False`` if it could not act."""
    events.append(Event("turn_started", {"seat": None}))
    hand = list(s["robot_hand"])
    deck = list(s["robot_deck"])
    while len(hand) < ROBOT_HAND and deck:  # step 1
        hand = _robot_draw(hand, deck, "refill", events)
    choice = robot_choice(s["trees"], s["piles"], Holding(hand, canonical=True))  # step 2
    while choice is None and deck:  # step 3
        hand = _robot_draw(hand, deck, "search", events)
        choice = robot_choice(s["trees"], s["piles"], Holding(hand, canonical=True))
    s["robot_hand"] = hand
    s["robot_deck"] = deck
    if choice is not None:
        tree_id, (cards, copies) = choice
        _place(s, tree_id, {"seat": None, "cards": list(cards), "copies": list(copies)}, events)
        return True
    if s["robot_apples"] > 0:  # step 4
        _return_apple(s, None, events)
        return True
    events.append(Event("robot_cannot_act", {}))
    return False


def _robot_draw(hand: list[str], deck: list[str], step: str, events: list[Event]) -> list[str]:
    """Move the Robot Deck's top card face up into the robot's hand (``deck`` is the turn's own copy)."""
    card = deck.pop()
    events.append(Event("robot_drew", {"card": card, "step": step, "deck_size": len(deck)}))
    return sort_cards([*hand, card])


# --- views ---------------------------------------------------------------------------------------------


def _trees_wanted(state: GirafferaffeState, filters: Mapping[str, str]) -> list[str]:
    """The trees a listing covers: all, or the one a ``tree`` filter names (none for an unknown id)."""
    wanted = filters.get("tree")
    if wanted is None:
        return state["trees"]
    return [wanted] if wanted in state["piles"] else []


def _tree_view(tree_id: str, pile: list[PlayRecord]) -> TreeView:
    tree = TREES[tree_id]
    return {
        "id": tree.id,
        "name": tree.name,
        "kind": tree.kind,
        "colours": [COLOURS[c] for c in tree.colours],
        "reward_apples": tree.apples,
        "reward_cards": tree.draws,
        "plays": [{"seat": p["seat"], "cards": list(p["cards"]), "copies": list(p["copies"])} for p in pile],
        "min_rank": lowest_rank(tree, pile),
        "min_cards": fewest_cards(tree, pile),
        "max_cards": tree.size or None,
    }
