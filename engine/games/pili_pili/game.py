"""Pili Pili: bet how many tricks you will win, then win exactly that many (rulings L1-L7, G1-G6)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.game import Context, Event, Game, GameInfo, OptionSpec, Path, Result, Secret
from engine.games.pili_pili import decisions, rules
from engine.games.pili_pili.actions import ACTION_TYPES
from engine.games.pili_pili.deal import start_round
from engine.games.pili_pili.labels import action_label
from engine.games.pili_pili.missions import MISSION_CHOICES, check_mission_options, mission_catalog
from engine.games.pili_pili.state import OVER, PiliState, new_state
from engine.games.pili_pili.view import PiliPiliView, hidden_paths, table_view


class PiliPili(Game[PiliState]):
    #: The deal's time (E2 and E4 show a hand for a few seconds from it): a clock reading, not a play.
    clock_fields = ("dealt_at",)
    info = GameInfo(
        id="pili-pili",
        title="Pili Pili",
        min_players=2,
        max_players=8,
        description="Bet how many tricks you will win, then win exactly that many: every miss costs Pilis.",
        options=(
            OptionSpec(
                "missions",
                "choice",
                "none: 5 cards a round, no missions; standard: the 20 standard mission cards; "
                "expert: standard and expert cards together (L5, L6).",
                default="none",
                choices=MISSION_CHOICES,
            ),
            OptionSpec(
                "mission_deck",
                "json",
                "A custom mission deck replacing the default one: a list of 1-80 cards "
                '{"effect": "S1".."E9", "params": {...}, "deal": 1-28, "expert": bool} (L6). '
                "missions=standard plays its non-expert cards, missions=expert all of them.",
                default=None,
                applies_when=("missions", ("standard", "expert")),
            ),
            OptionSpec("first_player", "seat", "The seat that deals the first round; default a seeded random seat."),
        ),
        score_order="lower",
        rulings=(
            (
                "L1",
                "Cards 1-55 and a Joker whose value (0-56) is chosen in the play action; a tie goes to the card "
                "played first, and under simultaneous tricks (S9) to the Joker.",
            ),
            (
                "L2",
                "`first_player` deals first and the deal passes left; bets go clockwise from the dealer; the "
                "dealer leads the first trick and each trick's winner the next.",
            ),
            (
                "L3",
                "Bets are 0 to the hand size; the last bettor may not make the total equal the cards dealt; a "
                "mission restriction that leaves the last bettor no bet is lifted for them.",
            ),
            (
                "L4",
                "Each player takes |bet - tricks won| Pilis; the match ends after a round in which someone has 7 "
                "or more; the fewest Pilis win, ties share.",
            ),
            (
                "L5",
                "Missions are an option (standard, or with expert cards); each round draws one mission, whose "
                "deal count is lowered to fit 56 cards.",
            ),
            (
                "L6",
                "The default 40-card mission deck is the table on the rules page; a match may bring its own deck "
                "(`mission_deck`).",
            ),
            (
                "L7",
                "All 18 effects S1-S9 and E1-E9 as the rules page describes, with simultaneous secret choices "
                "for S1, S9, E6 and E9 and the 3-second look of E2/E4 timed by the server clock.",
            ),
        ),
    )
    action_types = ACTION_TYPES
    view_type = PiliPiliView

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:
        check_mission_options(options["missions"], options["mission_deck"])

    def setup(self, players: int, options: Mapping[str, Any], ctx: Context) -> tuple[PiliState, list[Event]]:
        rng = ctx.rng
        catalog = mission_catalog(options["missions"], options["mission_deck"])
        order = list(range(len(catalog)))
        rng.shuffle(order)
        state = new_state(players, catalog, order, options["first_player"])
        return state, start_round(state, rng, ctx.now)

    def to_act(self, state: PiliState) -> Sequence[int]:
        return rules.seats_to_act(state)

    def legal_actions(self, state: PiliState, seat: int, filters: Mapping[str, str]) -> Iterator[Action]:
        return rules.legal_actions(state, seat)

    def count_legal_actions(self, state: PiliState, seat: int, filters: Mapping[str, str]) -> int:
        return rules.count_legal_actions(state, seat)

    def nth_legal_action(self, state: PiliState, seat: int, filters: Mapping[str, str], index: int) -> Action:
        return rules.nth_legal_action(state, seat, index)

    def label(self, state: PiliState, action: Action) -> str:
        return action_label(state, action)

    def secret(self, state: PiliState, seat: int, action: Action) -> Secret | None:
        return decisions.secret_of(state, seat, action)

    def is_resolved(self, state: PiliState, secret: Secret) -> bool:
        return decisions.is_resolved(state, secret)

    def check(self, state: PiliState, seat: int, action: Action) -> None:
        rules.check_action(state, seat, action)

    def apply(self, state: PiliState, seat: int, action: Action, ctx: Context) -> tuple[PiliState, list[Event]]:
        return rules.apply_action(state, seat, action, ctx)

    def view(self, state: PiliState, seat: int | None, now: float, *, ended: bool = False) -> PiliPiliView:
        return table_view(state, seat, now, ended=ended)

    def hidden_paths(self, state: PiliState, seat: int | None, now: float) -> Iterable[Path]:
        return hidden_paths(state, seat, now)

    def result(self, state: PiliState) -> Result | None:
        if state["phase"] != OVER or state["winners"] is None:
            return None
        return Result(tuple(state["winners"]), tuple(state["pilis"]))
