# Written by sdk/scripts/generate_events.py from sdk/events.json: edit that, not this.
"""Every event kind of the match log, typed: per game a union of ``GameEvent[Literal[kind], data]``.

Narrow one by its ``kind`` (``if event.kind == "card_flipped": event.data["position"]``); a kind
no game has fails ``mypy --strict``. Written from ``sdk/events.json`` (:mod:`arena_sdk.events`).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict

from arena_sdk.events.base import GameEvent


class PiliPiliMission(TypedDict):
    """``PiliPiliMission`` in events' data."""

    effect: str
    name: str
    params: dict[str, Any]
    deal: int
    expert: bool


class ArenaSeedCommitted(TypedDict):
    """The data of arena's ``seed_committed``."""

    seed_commitment: str


class ArenaJoined(TypedDict):
    """The data of arena's ``joined``."""

    seat: int
    name: str | None


class ArenaStarted(TypedDict):
    """The data of arena's ``started``."""


class ArenaResigned(TypedDict):
    """The data of arena's ``resigned``."""

    seat: int
    reason: str


class ArenaTimeout(TypedDict):
    """The data of arena's ``timeout``."""

    seat: int
    on_timeout: Literal["forfeit", "bot"]


class ArenaAborted(TypedDict):
    """The data of arena's ``aborted``."""


#: The data of arena's ``clocks_extended``.
ArenaClocksExtended = TypedDict("ArenaClocksExtended", {"from": float, "until": float, "seconds": dict[str, Any]})


class ArenaAdjudicated(TypedDict):
    """The data of arena's ``adjudicated``."""

    after: int
    rule: Literal["scores", "draw", "not_won"]


class ArenaEnded(TypedDict):
    """The data of arena's ``ended``."""

    reason: str
    winners: list[int]
    scores: list[float] | None
    ranks: list[int]


class PipifaxDieRolled(TypedDict):
    """The data of pipifax's ``die_rolled``."""

    seat: int
    animal: str


class PipifaxCardFlipped(TypedDict):
    """The data of pipifax's ``card_flipped``."""

    seat: int
    position: int
    colour: str
    animal: str


class PipifaxCardsTurnedDown(TypedDict):
    """The data of pipifax's ``cards_turned_down``."""

    positions: list[int]


class PipifaxTurnPassed(TypedDict):
    """The data of pipifax's ``turn_passed``."""

    seat: int


class PipifaxMatchWon(TypedDict):
    """The data of pipifax's ``match_won``."""

    seat: int
    positions: list[int]


class TaigaDiscsPlaced(TypedDict):
    """The data of taiga's ``discs_placed``."""

    up: list[str]


class TaigaRoundStarted(TypedDict):
    """The data of taiga's ``round_started``."""

    seat: int
    animal: str
    cards_left: int


class TaigaCardToBottom(TypedDict):
    """The data of taiga's ``card_to_bottom``."""

    animal: str


class TaigaDiscFlipped(TypedDict):
    """The data of taiga's ``disc_flipped``."""

    seat: int
    disc: int
    was: str
    shows: str


class TaigaTokenFromCircle(TypedDict):
    """The data of taiga's ``token_from_circle``."""

    seat: int


class TaigaTokenTaken(TypedDict):
    """The data of taiga's ``token_taken``."""

    seat: int
    from_seat: int


class TaigaNothingToTake(TypedDict):
    """The data of taiga's ``nothing_to_take``."""

    seat: int


class TaigaFamilyFound(TypedDict):
    """The data of taiga's ``family_found``."""

    seat: int
    animal: str
    tokens: int


class TaigaTokenToCircle(TypedDict):
    """The data of taiga's ``token_to_circle``."""

    seat: int


class TaigaNoTokenToPay(TypedDict):
    """The data of taiga's ``no_token_to_pay``."""

    seat: int


class TaigaPassed(TypedDict):
    """The data of taiga's ``passed``."""

    seat: int


class TaigaTurnPassed(TypedDict):
    """The data of taiga's ``turn_passed``."""

    seat: int


class TaigaGameOver(TypedDict):
    """The data of taiga's ``game_over``."""

    scores: list[int]
    winners: list[int]
    unplayable_cards: list[str]


class GirafferaffeRoundStarted(TypedDict):
    """The data of girafferaffe's ``round_started``."""

    round: int
    dealer: int
    hand_sizes: list[int]
    redraw_size: int
    out_of_play_size: int
    robot_deck_size: int
    supply: int
    trees: list[str]


class GirafferaffeHandDealt(TypedDict):
    """The data of girafferaffe's ``hand_dealt``."""

    seat: int
    cards: list[str]


class GirafferaffeTurnStarted(TypedDict):
    """The data of girafferaffe's ``turn_started``."""

    seat: int | None


class GirafferaffeCardsPlayed(TypedDict):
    """The data of girafferaffe's ``cards_played``."""

    seat: int | None
    tree: str
    cards: list[str]
    copies: list[str]


class GirafferaffeApplesTaken(TypedDict):
    """The data of girafferaffe's ``apples_taken``."""

    seat: int | None
    count: int
    supply: int


class GirafferaffeCardDrawn(TypedDict):
    """The data of girafferaffe's ``card_drawn``."""

    seat: int
    redraw_size: int


class GirafferaffeCardReceived(TypedDict):
    """The data of girafferaffe's ``card_received``."""

    seat: int
    card: str


class GirafferaffeRobotDeckTopped(TypedDict):
    """The data of girafferaffe's ``robot_deck_topped``."""

    redraw_size: int


class GirafferaffeRewardSkipped(TypedDict):
    """The data of girafferaffe's ``reward_skipped``."""

    seat: int | None
    tree: str
    reward: Literal["apple", "card"]
    missing: int


class GirafferaffeAppleReturned(TypedDict):
    """The data of girafferaffe's ``apple_returned``."""

    seat: int | None
    supply: int


class GirafferaffeRobotDrew(TypedDict):
    """The data of girafferaffe's ``robot_drew``."""

    card: str
    step: Literal["refill", "search"]
    deck_size: int


class GirafferaffeRobotCannotAct(TypedDict):
    """The data of girafferaffe's ``robot_cannot_act``."""


class GirafferaffePlayerLost(TypedDict):
    """The data of girafferaffe's ``player_lost``."""

    seat: int
    round: int


class GirafferaffeRottenAppleTaken(TypedDict):
    """The data of girafferaffe's ``rotten_apple_taken``."""

    seat: int
    rotten: int


class GirafferaffeMatchOver(TypedDict):
    """The data of girafferaffe's ``match_over``."""

    loser: int
    winners: list[int]


class PiliPiliRoundStarted(TypedDict):
    """The data of pili-pili's ``round_started``."""

    round: int
    dealer: int
    mission: PiliPiliMission | None
    deal: int


class PiliPiliMissionsReshuffled(TypedDict):
    """The data of pili-pili's ``missions_reshuffled``."""

    cards: int


class PiliPiliHandDealt(TypedDict):
    """The data of pili-pili's ``hand_dealt``."""

    seat: int
    cards: list[int]


class PiliPiliBetPlaced(TypedDict):
    """The data of pili-pili's ``bet_placed``."""

    seat: int
    tricks: int


class PiliPiliHandRevealed(TypedDict):
    """The data of pili-pili's ``hand_revealed``."""

    seat: int
    cards: list[int]


class PiliPiliChoiceCommitted(TypedDict):
    """The data of pili-pili's ``choice_committed``."""

    seat: int
    choice: Literal["pass", "partner", "card", "give"]


class PiliPiliCardsPassed(TypedDict):
    """The data of pili-pili's ``cards_passed``."""

    direction: str


#: The data of pili-pili's ``cards_received``.
PiliPiliCardsReceived = TypedDict("PiliPiliCardsReceived", {"seat": int, "from": int, "cards": list[int]})


class PiliPiliHandsPassed(TypedDict):
    """The data of pili-pili's ``hands_passed``."""

    direction: str


#: The data of pili-pili's ``hand_received``.
PiliPiliHandReceived = TypedDict("PiliPiliHandReceived", {"seat": int, "from": int, "cards": list[int]})


class PiliPiliCardsDrawn(TypedDict):
    """The data of pili-pili's ``cards_drawn``."""

    each: int


class PiliPiliCardDrawn(TypedDict):
    """The data of pili-pili's ``card_drawn``."""

    seat: int
    card: int


class PiliPiliHandsOpened(TypedDict):
    """The data of pili-pili's ``hands_opened``."""

    hands: list[list[int]]


class PiliPiliPartnersRevealed(TypedDict):
    """The data of pili-pili's ``partners_revealed``."""

    partners: list[int]


class PiliPiliCardPlayed(TypedDict):
    """The data of pili-pili's ``card_played``."""

    seat: int
    card: int
    value: int


class PiliPiliTrickWon(TypedDict):
    """The data of pili-pili's ``trick_won``."""

    seat: int
    trick: int
    cards: list[int]


class PiliPiliMarkedTrick(TypedDict):
    """The data of pili-pili's ``marked_trick``."""

    seat: int
    trick: int


#: The data of pili-pili's ``exchange_started``.
PiliPiliExchangeStarted = TypedDict("PiliPiliExchangeStarted", {"seat": int, "with": int})


class PiliPiliCardsExchanged(TypedDict):
    """The data of pili-pili's ``cards_exchanged``."""

    seats: list[int]


class PiliPiliCardsGiven(TypedDict):
    """The data of pili-pili's ``cards_given``."""

    seats: list[int]
    gave: list[int]


class PiliPiliRoundScored(TypedDict):
    """The data of pili-pili's ``round_scored``."""

    round: int
    bets: list[int]
    won: list[int]
    taken: list[int]
    discarded: list[int]
    pilis: list[int]


class PiliPiliMatchOver(TypedDict):
    """The data of pili-pili's ``match_over``."""

    winners: list[int]
    pilis: list[int]


#: An event the arena logs in every game's match.
ArenaEvent: TypeAlias = (
    GameEvent[Literal["seed_committed"], ArenaSeedCommitted]
    | GameEvent[Literal["joined"], ArenaJoined]
    | GameEvent[Literal["started"], ArenaStarted]
    | GameEvent[Literal["resigned"], ArenaResigned]
    | GameEvent[Literal["timeout"], ArenaTimeout]
    | GameEvent[Literal["aborted"], ArenaAborted]
    | GameEvent[Literal["clocks_extended"], ArenaClocksExtended]
    | GameEvent[Literal["adjudicated"], ArenaAdjudicated]
    | GameEvent[Literal["ended"], ArenaEnded]
)

#: An event of a pipifax match's log: its own kinds, or the arena's.
PipifaxEvent: TypeAlias = (
    ArenaEvent
    | GameEvent[Literal["die_rolled"], PipifaxDieRolled]
    | GameEvent[Literal["card_flipped"], PipifaxCardFlipped]
    | GameEvent[Literal["cards_turned_down"], PipifaxCardsTurnedDown]
    | GameEvent[Literal["turn_passed"], PipifaxTurnPassed]
    | GameEvent[Literal["match_won"], PipifaxMatchWon]
)

#: An event of a taiga match's log: its own kinds, or the arena's.
TaigaEvent: TypeAlias = (
    ArenaEvent
    | GameEvent[Literal["discs_placed"], TaigaDiscsPlaced]
    | GameEvent[Literal["round_started"], TaigaRoundStarted]
    | GameEvent[Literal["card_to_bottom"], TaigaCardToBottom]
    | GameEvent[Literal["disc_flipped"], TaigaDiscFlipped]
    | GameEvent[Literal["token_from_circle"], TaigaTokenFromCircle]
    | GameEvent[Literal["token_taken"], TaigaTokenTaken]
    | GameEvent[Literal["nothing_to_take"], TaigaNothingToTake]
    | GameEvent[Literal["family_found"], TaigaFamilyFound]
    | GameEvent[Literal["token_to_circle"], TaigaTokenToCircle]
    | GameEvent[Literal["no_token_to_pay"], TaigaNoTokenToPay]
    | GameEvent[Literal["passed"], TaigaPassed]
    | GameEvent[Literal["turn_passed"], TaigaTurnPassed]
    | GameEvent[Literal["game_over"], TaigaGameOver]
)

#: An event of a girafferaffe match's log: its own kinds, or the arena's.
GirafferaffeEvent: TypeAlias = (
    ArenaEvent
    | GameEvent[Literal["round_started"], GirafferaffeRoundStarted]
    | GameEvent[Literal["hand_dealt"], GirafferaffeHandDealt]
    | GameEvent[Literal["turn_started"], GirafferaffeTurnStarted]
    | GameEvent[Literal["cards_played"], GirafferaffeCardsPlayed]
    | GameEvent[Literal["apples_taken"], GirafferaffeApplesTaken]
    | GameEvent[Literal["card_drawn"], GirafferaffeCardDrawn]
    | GameEvent[Literal["card_received"], GirafferaffeCardReceived]
    | GameEvent[Literal["robot_deck_topped"], GirafferaffeRobotDeckTopped]
    | GameEvent[Literal["reward_skipped"], GirafferaffeRewardSkipped]
    | GameEvent[Literal["apple_returned"], GirafferaffeAppleReturned]
    | GameEvent[Literal["robot_drew"], GirafferaffeRobotDrew]
    | GameEvent[Literal["robot_cannot_act"], GirafferaffeRobotCannotAct]
    | GameEvent[Literal["player_lost"], GirafferaffePlayerLost]
    | GameEvent[Literal["rotten_apple_taken"], GirafferaffeRottenAppleTaken]
    | GameEvent[Literal["match_over"], GirafferaffeMatchOver]
)

#: An event of a pili-pili match's log: its own kinds, or the arena's.
PiliPiliEvent: TypeAlias = (
    ArenaEvent
    | GameEvent[Literal["round_started"], PiliPiliRoundStarted]
    | GameEvent[Literal["missions_reshuffled"], PiliPiliMissionsReshuffled]
    | GameEvent[Literal["hand_dealt"], PiliPiliHandDealt]
    | GameEvent[Literal["bet_placed"], PiliPiliBetPlaced]
    | GameEvent[Literal["hand_revealed"], PiliPiliHandRevealed]
    | GameEvent[Literal["choice_committed"], PiliPiliChoiceCommitted]
    | GameEvent[Literal["cards_passed"], PiliPiliCardsPassed]
    | GameEvent[Literal["cards_received"], PiliPiliCardsReceived]
    | GameEvent[Literal["hands_passed"], PiliPiliHandsPassed]
    | GameEvent[Literal["hand_received"], PiliPiliHandReceived]
    | GameEvent[Literal["cards_drawn"], PiliPiliCardsDrawn]
    | GameEvent[Literal["card_drawn"], PiliPiliCardDrawn]
    | GameEvent[Literal["hands_opened"], PiliPiliHandsOpened]
    | GameEvent[Literal["partners_revealed"], PiliPiliPartnersRevealed]
    | GameEvent[Literal["card_played"], PiliPiliCardPlayed]
    | GameEvent[Literal["trick_won"], PiliPiliTrickWon]
    | GameEvent[Literal["marked_trick"], PiliPiliMarkedTrick]
    | GameEvent[Literal["exchange_started"], PiliPiliExchangeStarted]
    | GameEvent[Literal["cards_exchanged"], PiliPiliCardsExchanged]
    | GameEvent[Literal["cards_given"], PiliPiliCardsGiven]
    | GameEvent[Literal["round_scored"], PiliPiliRoundScored]
    | GameEvent[Literal["match_over"], PiliPiliMatchOver]
)

#: An event of any game's log.
AnyEvent: TypeAlias = ArenaEvent | PipifaxEvent | TaigaEvent | GirafferaffeEvent | PiliPiliEvent

#: Each game's event kinds (``arena``: those of every game).
KINDS: dict[str, frozenset[str]] = {
    "arena": frozenset(
        [
            "aborted",
            "adjudicated",
            "clocks_extended",
            "ended",
            "joined",
            "resigned",
            "seed_committed",
            "started",
            "timeout",
        ]
    ),
    "pipifax": frozenset(["card_flipped", "cards_turned_down", "die_rolled", "match_won", "turn_passed"]),
    "taiga": frozenset(
        [
            "card_to_bottom",
            "disc_flipped",
            "discs_placed",
            "family_found",
            "game_over",
            "no_token_to_pay",
            "nothing_to_take",
            "passed",
            "round_started",
            "token_from_circle",
            "token_taken",
            "token_to_circle",
            "turn_passed",
        ]
    ),
    "girafferaffe": frozenset(
        [
            "apple_returned",
            "apples_taken",
            "card_drawn",
            "card_received",
            "cards_played",
            "hand_dealt",
            "match_over",
            "player_lost",
            "reward_skipped",
            "robot_cannot_act",
            "robot_deck_topped",
            "robot_drew",
            "rotten_apple_taken",
            "round_started",
            "turn_started",
        ]
    ),
    "pili-pili": frozenset(
        [
            "bet_placed",
            "card_drawn",
            "card_played",
            "cards_drawn",
            "cards_exchanged",
            "cards_given",
            "cards_passed",
            "cards_received",
            "choice_committed",
            "exchange_started",
            "hand_dealt",
            "hand_received",
            "hand_revealed",
            "hands_opened",
            "hands_passed",
            "marked_trick",
            "match_over",
            "missions_reshuffled",
            "partners_revealed",
            "round_scored",
            "round_started",
            "trick_won",
        ]
    ),
}
