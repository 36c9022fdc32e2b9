"""Contains all the data models used in inputs/outputs.

Each model's module is imported when the model is first named, not with this package: a program that
uses a few models (a bot) does not import all of them when it starts.
"""

import importlib
import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .action_record import ActionRecord
    from .action_record_action import ActionRecordAction
    from .applies_when import AppliesWhen
    from .bot import Bot
    from .choice_players import ChoicePlayers
    from .create_match import CreateMatch
    from .create_match_options import CreateMatchOptions
    from .create_tournament import CreateTournament
    from .create_tournament_format import CreateTournamentFormat
    from .create_tournament_options import CreateTournamentOptions
    from .created_match import CreatedMatch
    from .created_tournament import CreatedTournament
    from .created_webhook import CreatedWebhook
    from .crosstable import Crosstable
    from .crosstable_entrant import CrosstableEntrant
    from .crosstable_form_type_1 import CrosstableFormType1
    from .crosstable_form_type_2_type_1 import CrosstableFormType2Type1
    from .crosstable_form_type_3_type_1 import CrosstableFormType3Type1
    from .crosstable_pair import CrosstablePair
    from .dead_letter import DeadLetter
    from .dead_letter_body import DeadLetterBody
    from .delivery_attempt import DeliveryAttempt
    from .delivery_attempt_outcome import DeliveryAttemptOutcome
    from .elo import Elo
    from .elo_estimate import EloEstimate
    from .entrant import Entrant
    from .entrant_kind import EntrantKind
    from .entrant_page import EntrantPage
    from .entrant_request import EntrantRequest
    from .entrant_token import EntrantToken
    from .error import Error
    from .error_code import ErrorCode
    from .error_details import ErrorDetails
    from .event import Event
    from .event_data import EventData
    from .event_page import EventPage
    from .forfeit import Forfeit
    from .forfeit_cause import ForfeitCause
    from .forfeited import Forfeited
    from .game import Game
    from .game_id import GameId
    from .game_list import GameList
    from .game_score_order_type_1 import GameScoreOrderType1
    from .game_score_order_type_2_type_1 import GameScoreOrderType2Type1
    from .game_score_order_type_3_type_1 import GameScoreOrderType3Type1
    from .get_match_record_format import GetMatchRecordFormat
    from .get_tournament_crosstable_format import GetTournamentCrosstableFormat
    from .get_tournament_ratings_format import GetTournamentRatingsFormat
    from .get_tournament_standings_format import GetTournamentStandingsFormat
    from .girafferaffe_pass import GirafferaffePass
    from .girafferaffe_pass_type import GirafferaffePassType
    from .girafferaffe_play import GirafferaffePlay
    from .girafferaffe_play_record import GirafferaffePlayRecord
    from .girafferaffe_play_type import GirafferaffePlayType
    from .girafferaffe_robot_view import GirafferaffeRobotView
    from .girafferaffe_tree_view import GirafferaffeTreeView
    from .girafferaffe_view import GirafferaffeView
    from .girafferaffe_view_game import GirafferaffeViewGame
    from .health import Health
    from .invitation import Invitation
    from .join import Join
    from .join_tournament import JoinTournament
    from .joined import Joined
    from .legal_actions import LegalActions
    from .list_matches_status import ListMatchesStatus
    from .list_tournament_matches_state import ListTournamentMatchesState
    from .llr_point import LlrPoint
    from .match import Match
    from .match_list import MatchList
    from .match_options import MatchOptions
    from .match_over_event import MatchOverEvent
    from .match_over_event_status import MatchOverEventStatus
    from .match_status import MatchStatus
    from .match_summary import MatchSummary
    from .match_summary_status import MatchSummaryStatus
    from .match_tournament import MatchTournament
    from .match_webhook_request import MatchWebhookRequest
    from .match_webhook_request_events_item import MatchWebhookRequestEventsItem
    from .move_result import MoveResult
    from .move_result_options import MoveResultOptions
    from .move_result_status import MoveResultStatus
    from .next_match import NextMatch
    from .option import Option
    from .option_kind import OptionKind
    from .pagination_metadata import PaginationMetadata
    from .pili_pili_bet import PiliPiliBet
    from .pili_pili_bet_type import PiliPiliBetType
    from .pili_pili_choose_partner import PiliPiliChoosePartner
    from .pili_pili_choose_partner_type import PiliPiliChoosePartnerType
    from .pili_pili_exchange_with import PiliPiliExchangeWith
    from .pili_pili_exchange_with_type import PiliPiliExchangeWithType
    from .pili_pili_give import PiliPiliGive
    from .pili_pili_give_type import PiliPiliGiveType
    from .pili_pili_mission_view import PiliPiliMissionView
    from .pili_pili_mission_view_params import PiliPiliMissionViewParams
    from .pili_pili_pass import PiliPiliPass
    from .pili_pili_pass_type import PiliPiliPassType
    from .pili_pili_play import PiliPiliPlay
    from .pili_pili_play_request import PiliPiliPlayRequest
    from .pili_pili_play_request_type import PiliPiliPlayRequestType
    from .pili_pili_play_slot import PiliPiliPlaySlot
    from .pili_pili_play_slot_type import PiliPiliPlaySlotType
    from .pili_pili_play_type import PiliPiliPlayType
    from .pili_pili_play_view import PiliPiliPlayView
    from .pili_pili_seat_view import PiliPiliSeatView
    from .pili_pili_view import PiliPiliView
    from .pili_pili_view_game import PiliPiliViewGame
    from .pipifax_card_view import PipifaxCardView
    from .pipifax_flip import PipifaxFlip
    from .pipifax_flip_type import PipifaxFlipType
    from .pipifax_view import PipifaxView
    from .pipifax_view_game import PipifaxViewGame
    from .presence import Presence
    from .presence_held import PresenceHeld
    from .progress import Progress
    from .rating_line import RatingLine
    from .rating_table import RatingTable
    from .record import Record
    from .record_options import RecordOptions
    from .record_seat import RecordSeat
    from .record_seat_kind import RecordSeatKind
    from .record_seat_state import RecordSeatState
    from .record_status import RecordStatus
    from .record_tournament import RecordTournament
    from .record_tournament_forfeits_item_type_1 import (
        RecordTournamentForfeitsItemType1,
    )
    from .record_tournament_forfeits_item_type_2_type_1 import (
        RecordTournamentForfeitsItemType2Type1,
    )
    from .record_tournament_forfeits_item_type_3_type_1 import (
        RecordTournamentForfeitsItemType3Type1,
    )
    from .replay_version import ReplayVersion
    from .replay_version_status import ReplayVersionStatus
    from .result import Result
    from .ruling import Ruling
    from .schedule import Schedule
    from .schedule_status import ScheduleStatus
    from .scheduled_match import ScheduledMatch
    from .scheduled_match_state import ScheduledMatchState
    from .scheduled_match_tokens_type_0 import ScheduledMatchTokensType0
    from .seat import Seat
    from .seat_kind import SeatKind
    from .seat_request import SeatRequest
    from .seat_state import SeatState
    from .seat_token import SeatToken
    from .seat_view import SeatView
    from .seat_view_options import SeatViewOptions
    from .seat_view_status import SeatViewStatus
    from .socket_error import SocketError
    from .socket_error_type import SocketErrorType
    from .socket_event_item import SocketEventItem
    from .socket_event_item_type import SocketEventItemType
    from .socket_match_over_item import SocketMatchOverItem
    from .socket_match_over_item_type import SocketMatchOverItemType
    from .socket_move import SocketMove
    from .socket_result import SocketResult
    from .socket_result_type import SocketResultType
    from .socket_turn_item import SocketTurnItem
    from .socket_turn_item_type import SocketTurnItemType
    from .sprt import Sprt
    from .sprt_curve import SprtCurve
    from .sprt_curve_unit import SprtCurveUnit
    from .sprt_curve_verdict_type_1 import SprtCurveVerdictType1
    from .sprt_curve_verdict_type_2_type_1 import SprtCurveVerdictType2Type1
    from .sprt_curve_verdict_type_3_type_1 import SprtCurveVerdictType3Type1
    from .sprt_request import SprtRequest
    from .sprt_verdict_type_1 import SprtVerdictType1
    from .sprt_verdict_type_2_type_1 import SprtVerdictType2Type1
    from .sprt_verdict_type_3_type_1 import SprtVerdictType3Type1
    from .standing import Standing
    from .standing_forfeits import StandingForfeits
    from .standing_held_type_1 import StandingHeldType1
    from .standing_held_type_2_type_1 import StandingHeldType2Type1
    from .standing_held_type_3_type_1 import StandingHeldType3Type1
    from .standings import Standings
    from .stream_match_response_200_type_0 import StreamMatchResponse200Type0
    from .stream_match_response_200_type_0_event import StreamMatchResponse200Type0Event
    from .stream_seat_response_200_type_0 import StreamSeatResponse200Type0
    from .stream_seat_response_200_type_0_event import StreamSeatResponse200Type0Event
    from .taiga_disc_view import TaigaDiscView
    from .taiga_flip import TaigaFlip
    from .taiga_flip_type import TaigaFlipType
    from .taiga_pass import TaigaPass
    from .taiga_pass_type import TaigaPassType
    from .taiga_take import TaigaTake
    from .taiga_take_type import TaigaTakeType
    from .taiga_view import TaigaView
    from .taiga_view_game import TaigaViewGame
    from .taiga_view_phase import TaigaViewPhase
    from .time_control import TimeControl
    from .time_control_on_timeout import TimeControlOnTimeout
    from .time_control_request import TimeControlRequest
    from .time_control_request_on_timeout import TimeControlRequestOnTimeout
    from .tournament import Tournament
    from .tournament_format import TournamentFormat
    from .tournament_list import TournamentList
    from .tournament_options import TournamentOptions
    from .tournament_record_line import TournamentRecordLine
    from .tournament_record_line_options import TournamentRecordLineOptions
    from .tournament_record_line_status import TournamentRecordLineStatus
    from .tournament_status import TournamentStatus
    from .tournament_summary import TournamentSummary
    from .tournament_summary_format import TournamentSummaryFormat
    from .tournament_summary_status import TournamentSummaryStatus
    from .tournament_webhook_request import TournamentWebhookRequest
    from .tournament_webhook_request_events_item import (
        TournamentWebhookRequestEventsItem,
    )
    from .turn_event import TurnEvent
    from .turn_legal_actions import TurnLegalActions
    from .voided import Voided
    from .voided_reason import VoidedReason
    from .webhook_status import WebhookStatus

__all__ = (
    "ActionRecord",
    "ActionRecordAction",
    "AppliesWhen",
    "Bot",
    "ChoicePlayers",
    "CreateMatch",
    "CreateMatchOptions",
    "CreateTournament",
    "CreateTournamentFormat",
    "CreateTournamentOptions",
    "CreatedMatch",
    "CreatedTournament",
    "CreatedWebhook",
    "Crosstable",
    "CrosstableEntrant",
    "CrosstableFormType1",
    "CrosstableFormType2Type1",
    "CrosstableFormType3Type1",
    "CrosstablePair",
    "DeadLetter",
    "DeadLetterBody",
    "DeliveryAttempt",
    "DeliveryAttemptOutcome",
    "Elo",
    "EloEstimate",
    "Entrant",
    "EntrantKind",
    "EntrantPage",
    "EntrantRequest",
    "EntrantToken",
    "Error",
    "ErrorCode",
    "ErrorDetails",
    "Event",
    "EventData",
    "EventPage",
    "Forfeit",
    "ForfeitCause",
    "Forfeited",
    "Game",
    "GameId",
    "GameList",
    "GameScoreOrderType1",
    "GameScoreOrderType2Type1",
    "GameScoreOrderType3Type1",
    "GetMatchRecordFormat",
    "GetTournamentCrosstableFormat",
    "GetTournamentRatingsFormat",
    "GetTournamentStandingsFormat",
    "GirafferaffePass",
    "GirafferaffePassType",
    "GirafferaffePlay",
    "GirafferaffePlayRecord",
    "GirafferaffePlayType",
    "GirafferaffeRobotView",
    "GirafferaffeTreeView",
    "GirafferaffeView",
    "GirafferaffeViewGame",
    "Health",
    "Invitation",
    "Join",
    "JoinTournament",
    "Joined",
    "LegalActions",
    "ListMatchesStatus",
    "ListTournamentMatchesState",
    "LlrPoint",
    "Match",
    "MatchList",
    "MatchOptions",
    "MatchOverEvent",
    "MatchOverEventStatus",
    "MatchStatus",
    "MatchSummary",
    "MatchSummaryStatus",
    "MatchTournament",
    "MatchWebhookRequest",
    "MatchWebhookRequestEventsItem",
    "MoveResult",
    "MoveResultOptions",
    "MoveResultStatus",
    "NextMatch",
    "Option",
    "OptionKind",
    "PaginationMetadata",
    "PiliPiliBet",
    "PiliPiliBetType",
    "PiliPiliChoosePartner",
    "PiliPiliChoosePartnerType",
    "PiliPiliExchangeWith",
    "PiliPiliExchangeWithType",
    "PiliPiliGive",
    "PiliPiliGiveType",
    "PiliPiliMissionView",
    "PiliPiliMissionViewParams",
    "PiliPiliPass",
    "PiliPiliPassType",
    "PiliPiliPlay",
    "PiliPiliPlayRequest",
    "PiliPiliPlayRequestType",
    "PiliPiliPlaySlot",
    "PiliPiliPlaySlotType",
    "PiliPiliPlayType",
    "PiliPiliPlayView",
    "PiliPiliSeatView",
    "PiliPiliView",
    "PiliPiliViewGame",
    "PipifaxCardView",
    "PipifaxFlip",
    "PipifaxFlipType",
    "PipifaxView",
    "PipifaxViewGame",
    "Presence",
    "PresenceHeld",
    "Progress",
    "RatingLine",
    "RatingTable",
    "Record",
    "RecordOptions",
    "RecordSeat",
    "RecordSeatKind",
    "RecordSeatState",
    "RecordStatus",
    "RecordTournament",
    "RecordTournamentForfeitsItemType1",
    "RecordTournamentForfeitsItemType2Type1",
    "RecordTournamentForfeitsItemType3Type1",
    "ReplayVersion",
    "ReplayVersionStatus",
    "Result",
    "Ruling",
    "Schedule",
    "ScheduleStatus",
    "ScheduledMatch",
    "ScheduledMatchState",
    "ScheduledMatchTokensType0",
    "Seat",
    "SeatKind",
    "SeatRequest",
    "SeatState",
    "SeatToken",
    "SeatView",
    "SeatViewOptions",
    "SeatViewStatus",
    "SocketError",
    "SocketErrorType",
    "SocketEventItem",
    "SocketEventItemType",
    "SocketMatchOverItem",
    "SocketMatchOverItemType",
    "SocketMove",
    "SocketResult",
    "SocketResultType",
    "SocketTurnItem",
    "SocketTurnItemType",
    "Sprt",
    "SprtCurve",
    "SprtCurveUnit",
    "SprtCurveVerdictType1",
    "SprtCurveVerdictType2Type1",
    "SprtCurveVerdictType3Type1",
    "SprtRequest",
    "SprtVerdictType1",
    "SprtVerdictType2Type1",
    "SprtVerdictType3Type1",
    "Standing",
    "StandingForfeits",
    "StandingHeldType1",
    "StandingHeldType2Type1",
    "StandingHeldType3Type1",
    "Standings",
    "StreamMatchResponse200Type0",
    "StreamMatchResponse200Type0Event",
    "StreamSeatResponse200Type0",
    "StreamSeatResponse200Type0Event",
    "TaigaDiscView",
    "TaigaFlip",
    "TaigaFlipType",
    "TaigaPass",
    "TaigaPassType",
    "TaigaTake",
    "TaigaTakeType",
    "TaigaView",
    "TaigaViewGame",
    "TaigaViewPhase",
    "TimeControl",
    "TimeControlOnTimeout",
    "TimeControlRequest",
    "TimeControlRequestOnTimeout",
    "Tournament",
    "TournamentFormat",
    "TournamentList",
    "TournamentOptions",
    "TournamentRecordLine",
    "TournamentRecordLineOptions",
    "TournamentRecordLineStatus",
    "TournamentStatus",
    "TournamentSummary",
    "TournamentSummaryFormat",
    "TournamentSummaryStatus",
    "TournamentWebhookRequest",
    "TournamentWebhookRequestEventsItem",
    "TurnEvent",
    "TurnLegalActions",
    "Voided",
    "VoidedReason",
    "WebhookStatus",
)

#: The module of each model, relative to this package.
_MODULES = {
    "ActionRecord": ".action_record",
    "ActionRecordAction": ".action_record_action",
    "AppliesWhen": ".applies_when",
    "Bot": ".bot",
    "ChoicePlayers": ".choice_players",
    "CreateMatch": ".create_match",
    "CreateMatchOptions": ".create_match_options",
    "CreateTournament": ".create_tournament",
    "CreateTournamentFormat": ".create_tournament_format",
    "CreateTournamentOptions": ".create_tournament_options",
    "CreatedMatch": ".created_match",
    "CreatedTournament": ".created_tournament",
    "CreatedWebhook": ".created_webhook",
    "Crosstable": ".crosstable",
    "CrosstableEntrant": ".crosstable_entrant",
    "CrosstableFormType1": ".crosstable_form_type_1",
    "CrosstableFormType2Type1": ".crosstable_form_type_2_type_1",
    "CrosstableFormType3Type1": ".crosstable_form_type_3_type_1",
    "CrosstablePair": ".crosstable_pair",
    "DeadLetter": ".dead_letter",
    "DeadLetterBody": ".dead_letter_body",
    "DeliveryAttempt": ".delivery_attempt",
    "DeliveryAttemptOutcome": ".delivery_attempt_outcome",
    "Elo": ".elo",
    "EloEstimate": ".elo_estimate",
    "Entrant": ".entrant",
    "EntrantKind": ".entrant_kind",
    "EntrantPage": ".entrant_page",
    "EntrantRequest": ".entrant_request",
    "EntrantToken": ".entrant_token",
    "Error": ".error",
    "ErrorCode": ".error_code",
    "ErrorDetails": ".error_details",
    "Event": ".event",
    "EventData": ".event_data",
    "EventPage": ".event_page",
    "Forfeit": ".forfeit",
    "ForfeitCause": ".forfeit_cause",
    "Forfeited": ".forfeited",
    "Game": ".game",
    "GameId": ".game_id",
    "GameList": ".game_list",
    "GameScoreOrderType1": ".game_score_order_type_1",
    "GameScoreOrderType2Type1": ".game_score_order_type_2_type_1",
    "GameScoreOrderType3Type1": ".game_score_order_type_3_type_1",
    "GetMatchRecordFormat": ".get_match_record_format",
    "GetTournamentCrosstableFormat": ".get_tournament_crosstable_format",
    "GetTournamentRatingsFormat": ".get_tournament_ratings_format",
    "GetTournamentStandingsFormat": ".get_tournament_standings_format",
    "GirafferaffePass": ".girafferaffe_pass",
    "GirafferaffePassType": ".girafferaffe_pass_type",
    "GirafferaffePlay": ".girafferaffe_play",
    "GirafferaffePlayRecord": ".girafferaffe_play_record",
    "GirafferaffePlayType": ".girafferaffe_play_type",
    "GirafferaffeRobotView": ".girafferaffe_robot_view",
    "GirafferaffeTreeView": ".girafferaffe_tree_view",
    "GirafferaffeView": ".girafferaffe_view",
    "GirafferaffeViewGame": ".girafferaffe_view_game",
    "Health": ".health",
    "Invitation": ".invitation",
    "Join": ".join",
    "JoinTournament": ".join_tournament",
    "Joined": ".joined",
    "LegalActions": ".legal_actions",
    "ListMatchesStatus": ".list_matches_status",
    "ListTournamentMatchesState": ".list_tournament_matches_state",
    "LlrPoint": ".llr_point",
    "Match": ".match",
    "MatchList": ".match_list",
    "MatchOptions": ".match_options",
    "MatchOverEvent": ".match_over_event",
    "MatchOverEventStatus": ".match_over_event_status",
    "MatchStatus": ".match_status",
    "MatchSummary": ".match_summary",
    "MatchSummaryStatus": ".match_summary_status",
    "MatchTournament": ".match_tournament",
    "MatchWebhookRequest": ".match_webhook_request",
    "MatchWebhookRequestEventsItem": ".match_webhook_request_events_item",
    "MoveResult": ".move_result",
    "MoveResultOptions": ".move_result_options",
    "MoveResultStatus": ".move_result_status",
    "NextMatch": ".next_match",
    "Option": ".option",
    "OptionKind": ".option_kind",
    "PaginationMetadata": ".pagination_metadata",
    "PiliPiliBet": ".pili_pili_bet",
    "PiliPiliBetType": ".pili_pili_bet_type",
    "PiliPiliChoosePartner": ".pili_pili_choose_partner",
    "PiliPiliChoosePartnerType": ".pili_pili_choose_partner_type",
    "PiliPiliExchangeWith": ".pili_pili_exchange_with",
    "PiliPiliExchangeWithType": ".pili_pili_exchange_with_type",
    "PiliPiliGive": ".pili_pili_give",
    "PiliPiliGiveType": ".pili_pili_give_type",
    "PiliPiliMissionView": ".pili_pili_mission_view",
    "PiliPiliMissionViewParams": ".pili_pili_mission_view_params",
    "PiliPiliPass": ".pili_pili_pass",
    "PiliPiliPassType": ".pili_pili_pass_type",
    "PiliPiliPlay": ".pili_pili_play",
    "PiliPiliPlayRequest": ".pili_pili_play_request",
    "PiliPiliPlayRequestType": ".pili_pili_play_request_type",
    "PiliPiliPlaySlot": ".pili_pili_play_slot",
    "PiliPiliPlaySlotType": ".pili_pili_play_slot_type",
    "PiliPiliPlayType": ".pili_pili_play_type",
    "PiliPiliPlayView": ".pili_pili_play_view",
    "PiliPiliSeatView": ".pili_pili_seat_view",
    "PiliPiliView": ".pili_pili_view",
    "PiliPiliViewGame": ".pili_pili_view_game",
    "PipifaxCardView": ".pipifax_card_view",
    "PipifaxFlip": ".pipifax_flip",
    "PipifaxFlipType": ".pipifax_flip_type",
    "PipifaxView": ".pipifax_view",
    "PipifaxViewGame": ".pipifax_view_game",
    "Presence": ".presence",
    "PresenceHeld": ".presence_held",
    "Progress": ".progress",
    "RatingLine": ".rating_line",
    "RatingTable": ".rating_table",
    "Record": ".record",
    "RecordOptions": ".record_options",
    "RecordSeat": ".record_seat",
    "RecordSeatKind": ".record_seat_kind",
    "RecordSeatState": ".record_seat_state",
    "RecordStatus": ".record_status",
    "RecordTournament": ".record_tournament",
    "RecordTournamentForfeitsItemType1": ".record_tournament_forfeits_item_type_1",
    "RecordTournamentForfeitsItemType2Type1": ".record_tournament_forfeits_item_type_2_type_1",
    "RecordTournamentForfeitsItemType3Type1": ".record_tournament_forfeits_item_type_3_type_1",
    "ReplayVersion": ".replay_version",
    "ReplayVersionStatus": ".replay_version_status",
    "Result": ".result",
    "Ruling": ".ruling",
    "Schedule": ".schedule",
    "ScheduleStatus": ".schedule_status",
    "ScheduledMatch": ".scheduled_match",
    "ScheduledMatchState": ".scheduled_match_state",
    "ScheduledMatchTokensType0": ".scheduled_match_tokens_type_0",
    "Seat": ".seat",
    "SeatKind": ".seat_kind",
    "SeatRequest": ".seat_request",
    "SeatState": ".seat_state",
    "SeatToken": ".seat_token",
    "SeatView": ".seat_view",
    "SeatViewOptions": ".seat_view_options",
    "SeatViewStatus": ".seat_view_status",
    "SocketError": ".socket_error",
    "SocketErrorType": ".socket_error_type",
    "SocketEventItem": ".socket_event_item",
    "SocketEventItemType": ".socket_event_item_type",
    "SocketMatchOverItem": ".socket_match_over_item",
    "SocketMatchOverItemType": ".socket_match_over_item_type",
    "SocketMove": ".socket_move",
    "SocketResult": ".socket_result",
    "SocketResultType": ".socket_result_type",
    "SocketTurnItem": ".socket_turn_item",
    "SocketTurnItemType": ".socket_turn_item_type",
    "Sprt": ".sprt",
    "SprtCurve": ".sprt_curve",
    "SprtCurveUnit": ".sprt_curve_unit",
    "SprtCurveVerdictType1": ".sprt_curve_verdict_type_1",
    "SprtCurveVerdictType2Type1": ".sprt_curve_verdict_type_2_type_1",
    "SprtCurveVerdictType3Type1": ".sprt_curve_verdict_type_3_type_1",
    "SprtRequest": ".sprt_request",
    "SprtVerdictType1": ".sprt_verdict_type_1",
    "SprtVerdictType2Type1": ".sprt_verdict_type_2_type_1",
    "SprtVerdictType3Type1": ".sprt_verdict_type_3_type_1",
    "Standing": ".standing",
    "StandingForfeits": ".standing_forfeits",
    "StandingHeldType1": ".standing_held_type_1",
    "StandingHeldType2Type1": ".standing_held_type_2_type_1",
    "StandingHeldType3Type1": ".standing_held_type_3_type_1",
    "Standings": ".standings",
    "StreamMatchResponse200Type0": ".stream_match_response_200_type_0",
    "StreamMatchResponse200Type0Event": ".stream_match_response_200_type_0_event",
    "StreamSeatResponse200Type0": ".stream_seat_response_200_type_0",
    "StreamSeatResponse200Type0Event": ".stream_seat_response_200_type_0_event",
    "TaigaDiscView": ".taiga_disc_view",
    "TaigaFlip": ".taiga_flip",
    "TaigaFlipType": ".taiga_flip_type",
    "TaigaPass": ".taiga_pass",
    "TaigaPassType": ".taiga_pass_type",
    "TaigaTake": ".taiga_take",
    "TaigaTakeType": ".taiga_take_type",
    "TaigaView": ".taiga_view",
    "TaigaViewGame": ".taiga_view_game",
    "TaigaViewPhase": ".taiga_view_phase",
    "TimeControl": ".time_control",
    "TimeControlOnTimeout": ".time_control_on_timeout",
    "TimeControlRequest": ".time_control_request",
    "TimeControlRequestOnTimeout": ".time_control_request_on_timeout",
    "Tournament": ".tournament",
    "TournamentFormat": ".tournament_format",
    "TournamentList": ".tournament_list",
    "TournamentOptions": ".tournament_options",
    "TournamentRecordLine": ".tournament_record_line",
    "TournamentRecordLineOptions": ".tournament_record_line_options",
    "TournamentRecordLineStatus": ".tournament_record_line_status",
    "TournamentStatus": ".tournament_status",
    "TournamentSummary": ".tournament_summary",
    "TournamentSummaryFormat": ".tournament_summary_format",
    "TournamentSummaryStatus": ".tournament_summary_status",
    "TournamentWebhookRequest": ".tournament_webhook_request",
    "TournamentWebhookRequestEventsItem": ".tournament_webhook_request_events_item",
    "TurnEvent": ".turn_event",
    "TurnLegalActions": ".turn_legal_actions",
    "Voided": ".voided",
    "VoidedReason": ".voided_reason",
    "WebhookStatus": ".webhook_status",
}

#: Former names of models, kept as deprecated aliases: action models are named after their wire type
#: (``girafferaffe.pass`` is ``GirafferaffePass``).
_DEPRECATED = {
    "GirafferaffeReturnApple": "GirafferaffePass",
    "GirafferaffeReturnAppleType": "GirafferaffePassType",
    "PiliPiliGiveCard": "PiliPiliGive",
    "PiliPiliGiveCardType": "PiliPiliGiveType",
    "PiliPiliPassCards": "PiliPiliPass",
    "PiliPiliPassCardsType": "PiliPiliPassType",
    "PiliPiliPlayCard": "PiliPiliPlay",
    "PiliPiliPlayCardType": "PiliPiliPlayType",
}


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        model = getattr(importlib.import_module(_MODULES[name], __name__), name)
        globals()[name] = (
            model  # imported once: the next lookup finds it without this function
        )
        return model
    if name in _DEPRECATED:
        warnings.warn(
            f"{name} is deprecated: use {_DEPRECATED[name]}",
            DeprecationWarning,
            stacklevel=2,
        )
        return __getattr__(_DEPRECATED[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULES})
