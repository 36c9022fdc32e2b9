"""Girafferaffe: play ever higher combinations on the apple trees or pay an apple; who cannot, loses.

Rulings R1-R11 and G1-G6. Three modes: ``standard`` (2-5 players), ``rounds`` (2-5 players, rotten
apples, R9) and ``solo`` (one player against the robot, R10-R11, which the server runs inside
:meth:`Girafferaffe.apply` right after the player's action).

This module is the game's record (options, rulings) and its face to the engine; the rules live
beside it, split as Pili Pili's are: the stored state (:mod:`.state`) and its two formats
(:mod:`.formats`), the deal (:mod:`.deal`), the seat's side of a step (:mod:`.rules`), the turns
(:mod:`.turns`), the robot (:mod:`.robot`), the labels (:mod:`.labels`) and the views (:mod:`.view`),
over the tree catalogue (:mod:`.trees`) and the bit work that finds a hand's plays (:mod:`.holdings`,
:mod:`.families`, :mod:`.tree_plays`, :mod:`.table_plays`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.errors import InvalidOptions
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result
from engine.games.girafferaffe import rules
from engine.games.girafferaffe.actions import Play, ReturnApple
from engine.games.girafferaffe.deal import first_deal
from engine.games.girafferaffe.formats import stored_state
from engine.games.girafferaffe.labels import action_label
from engine.games.girafferaffe.state import (
    MODES,
    ROBOT_CARDS_DEFAULT,
    ROBOT_CARDS_MAX,
    ROBOT_CARDS_MIN,
    GirafferaffeState,
)
from engine.games.girafferaffe.view import GirafferaffeView, hidden_paths, table_view


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
        return first_deal(players, options, ctx.rng)

    def load_state(self, data: Any) -> GirafferaffeState:
        """A stored state in the compact form: a format 1 state (every card by name) is converted."""
        return stored_state(data)

    def to_act(self, state: GirafferaffeState) -> Sequence[int]:
        return rules.seats_to_act(state)

    def legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        return rules.legal_actions(state, seat, filters)

    def filter_values(self, state: GirafferaffeState, key: str) -> tuple[str, ...] | None:
        return tuple(state["trees"]) if key == "tree" else None

    def count_legal_actions(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str]) -> int:
        return rules.count_legal_actions(state, seat, filters)

    def nth_legal_action(self, state: GirafferaffeState, seat: int, filters: Mapping[str, str], index: int) -> Action:
        """Unranked tree by tree: the tree holding ``index`` by the counts, then the play within it."""
        return rules.nth_legal_action(state, seat, filters, index)

    def label(self, state: GirafferaffeState, action: Action) -> str:
        """E.g. "play 3 cards (red 7, blue 7, copy of blue 7) on the 3 of a Kind tree", "return an apple"."""
        return action_label(action)

    def check(self, state: GirafferaffeState, seat: int, action: Action) -> None:
        rules.check_action(state, seat, action)

    def apply(
        self, state: GirafferaffeState, seat: int, action: Action, ctx: Context
    ) -> tuple[GirafferaffeState, list[Event]]:
        return rules.apply_action(state, seat, action, ctx)

    def view(self, state: GirafferaffeState, seat: int | None, now: float, *, ended: bool = False) -> GirafferaffeView:
        return table_view(state, seat, ended=ended)

    def hidden_paths(self, state: GirafferaffeState, seat: int | None, now: float) -> Iterable[Path]:
        """Every hand but the viewer's (each one integer), and each card of the face-down decks."""
        return hidden_paths(state, seat)

    def result(self, state: GirafferaffeState) -> Result | None:
        winners = state["winners"]
        return None if winners is None else Result(tuple(winners))
