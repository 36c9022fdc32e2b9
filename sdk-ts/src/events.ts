// Written by sdk/scripts/generate_events.py from sdk/events.json: edit that, not this.
/**
 * Every event kind of the match log, typed: per game a union of `GameEvent<kind, data>`, narrowed by
 * `kind` (`if (event.kind === "card_flipped") event.data.position`); a kind no game has fails to compile.
 */

/** One event of a match's log: its kind, its data, the version it belongs to, who sees it (`null`: all). */
export interface GameEvent<K extends string = string, D = Record<string, unknown>> {
  kind: K;
  data: D;
  version: number;
  visible_to: number[] | null;
}

export interface PiliPiliMission {
  effect: string;
  name: string;
  params: Record<string, unknown>;
  deal: number;
  expert: boolean;
}

export interface ArenaSeedCommitted {
  seed_commitment: string;
}

export interface ArenaJoined {
  seat: number;
  name: string | null;
}

export type ArenaStarted = Record<string, never>;

export interface ArenaResigned {
  seat: number;
  reason: string;
}

export interface ArenaTimeout {
  seat: number;
  on_timeout: "forfeit" | "bot";
}

export type ArenaAborted = Record<string, never>;

export interface ArenaEnded {
  reason: string;
  winners: number[];
  scores: number[] | null;
  ranks: number[];
}

export interface PipifaxDieRolled {
  seat: number;
  animal: string;
}

export interface PipifaxCardFlipped {
  seat: number;
  position: number;
  colour: string;
  animal: string;
}

export interface PipifaxCardsTurnedDown {
  positions: number[];
}

export interface PipifaxTurnPassed {
  seat: number;
}

export interface PipifaxMatchWon {
  seat: number;
  positions: number[];
}

export interface TaigaDiscsPlaced {
  up: string[];
}

export interface TaigaRoundStarted {
  seat: number;
  animal: string;
  cards_left: number;
}

export interface TaigaCardToBottom {
  animal: string;
}

export interface TaigaDiscFlipped {
  seat: number;
  disc: number;
  was: string;
  shows: string;
}

export interface TaigaTokenFromCircle {
  seat: number;
}

export interface TaigaTokenTaken {
  seat: number;
  from_seat: number;
}

export interface TaigaNothingToTake {
  seat: number;
}

export interface TaigaFamilyFound {
  seat: number;
  animal: string;
  tokens: number;
}

export interface TaigaTokenToCircle {
  seat: number;
}

export interface TaigaNoTokenToPay {
  seat: number;
}

export interface TaigaPassed {
  seat: number;
}

export interface TaigaTurnPassed {
  seat: number;
}

export interface TaigaGameOver {
  scores: number[];
  winners: number[];
  unplayable_cards: string[];
}

export interface GirafferaffeRoundStarted {
  round: number;
  dealer: number;
  hand_sizes: number[];
  redraw_size: number;
  out_of_play_size: number;
  robot_deck_size: number;
  supply: number;
  trees: string[];
}

export interface GirafferaffeHandDealt {
  seat: number;
  cards: string[];
}

export interface GirafferaffeTurnStarted {
  seat: number | null;
}

export interface GirafferaffeCardsPlayed {
  seat: number | null;
  tree: string;
  cards: string[];
  copies: string[];
}

export interface GirafferaffeApplesTaken {
  seat: number | null;
  count: number;
  supply: number;
}

export interface GirafferaffeCardDrawn {
  seat: number;
  redraw_size: number;
}

export interface GirafferaffeCardReceived {
  seat: number;
  card: string;
}

export interface GirafferaffeRobotDeckTopped {
  redraw_size: number;
}

export interface GirafferaffeRewardSkipped {
  seat: number | null;
  tree: string;
  reward: "apple" | "card";
  missing: number;
}

export interface GirafferaffeAppleReturned {
  seat: number | null;
  supply: number;
}

export interface GirafferaffeRobotDrew {
  card: string;
  step: "refill" | "search";
  deck_size: number;
}

export type GirafferaffeRobotCannotAct = Record<string, never>;

export interface GirafferaffePlayerLost {
  seat: number;
  round: number;
}

export interface GirafferaffeRottenAppleTaken {
  seat: number;
  rotten: number;
}

export interface GirafferaffeMatchOver {
  loser: number;
  winners: number[];
}

export interface PiliPiliRoundStarted {
  round: number;
  dealer: number;
  mission: PiliPiliMission | null;
  deal: number;
}

export interface PiliPiliMissionsReshuffled {
  cards: number;
}

export interface PiliPiliHandDealt {
  seat: number;
  cards: number[];
}

export interface PiliPiliBetPlaced {
  seat: number;
  tricks: number;
}

export interface PiliPiliHandRevealed {
  seat: number;
  cards: number[];
}

export interface PiliPiliChoiceCommitted {
  seat: number;
  choice: "pass" | "partner" | "card" | "give";
}

export interface PiliPiliCardsPassed {
  direction: string;
}

export interface PiliPiliCardsReceived {
  seat: number;
  from: number;
  cards: number[];
}

export interface PiliPiliHandsPassed {
  direction: string;
}

export interface PiliPiliHandReceived {
  seat: number;
  from: number;
  cards: number[];
}

export interface PiliPiliCardsDrawn {
  each: number;
}

export interface PiliPiliCardDrawn {
  seat: number;
  card: number;
}

export interface PiliPiliHandsOpened {
  hands: number[][];
}

export interface PiliPiliPartnersRevealed {
  partners: number[];
}

export interface PiliPiliCardPlayed {
  seat: number;
  card: number;
  value: number;
}

export interface PiliPiliTrickWon {
  seat: number;
  trick: number;
  cards: number[];
}

export interface PiliPiliMarkedTrick {
  seat: number;
  trick: number;
}

export interface PiliPiliExchangeStarted {
  seat: number;
  with: number;
}

export interface PiliPiliCardsExchanged {
  seats: number[];
}

export interface PiliPiliCardsGiven {
  seats: number[];
  gave: number[];
}

export interface PiliPiliRoundScored {
  round: number;
  bets: number[];
  won: number[];
  taken: number[];
  discarded: number[];
  pilis: number[];
}

export interface PiliPiliMatchOver {
  winners: number[];
  pilis: number[];
}

export type ArenaEvent = GameEvent<"seed_committed", ArenaSeedCommitted> | GameEvent<"joined", ArenaJoined> | GameEvent<"started", ArenaStarted> | GameEvent<"resigned", ArenaResigned> | GameEvent<"timeout", ArenaTimeout> | GameEvent<"aborted", ArenaAborted> | GameEvent<"ended", ArenaEnded>;

export type PipifaxEvent = ArenaEvent | GameEvent<"die_rolled", PipifaxDieRolled> | GameEvent<"card_flipped", PipifaxCardFlipped> | GameEvent<"cards_turned_down", PipifaxCardsTurnedDown> | GameEvent<"turn_passed", PipifaxTurnPassed> | GameEvent<"match_won", PipifaxMatchWon>;

export type TaigaEvent = ArenaEvent | GameEvent<"discs_placed", TaigaDiscsPlaced> | GameEvent<"round_started", TaigaRoundStarted> | GameEvent<"card_to_bottom", TaigaCardToBottom> | GameEvent<"disc_flipped", TaigaDiscFlipped> | GameEvent<"token_from_circle", TaigaTokenFromCircle> | GameEvent<"token_taken", TaigaTokenTaken> | GameEvent<"nothing_to_take", TaigaNothingToTake> | GameEvent<"family_found", TaigaFamilyFound> | GameEvent<"token_to_circle", TaigaTokenToCircle> | GameEvent<"no_token_to_pay", TaigaNoTokenToPay> | GameEvent<"passed", TaigaPassed> | GameEvent<"turn_passed", TaigaTurnPassed> | GameEvent<"game_over", TaigaGameOver>;

export type GirafferaffeEvent = ArenaEvent | GameEvent<"round_started", GirafferaffeRoundStarted> | GameEvent<"hand_dealt", GirafferaffeHandDealt> | GameEvent<"turn_started", GirafferaffeTurnStarted> | GameEvent<"cards_played", GirafferaffeCardsPlayed> | GameEvent<"apples_taken", GirafferaffeApplesTaken> | GameEvent<"card_drawn", GirafferaffeCardDrawn> | GameEvent<"card_received", GirafferaffeCardReceived> | GameEvent<"robot_deck_topped", GirafferaffeRobotDeckTopped> | GameEvent<"reward_skipped", GirafferaffeRewardSkipped> | GameEvent<"apple_returned", GirafferaffeAppleReturned> | GameEvent<"robot_drew", GirafferaffeRobotDrew> | GameEvent<"robot_cannot_act", GirafferaffeRobotCannotAct> | GameEvent<"player_lost", GirafferaffePlayerLost> | GameEvent<"rotten_apple_taken", GirafferaffeRottenAppleTaken> | GameEvent<"match_over", GirafferaffeMatchOver>;

export type PiliPiliEvent = ArenaEvent | GameEvent<"round_started", PiliPiliRoundStarted> | GameEvent<"missions_reshuffled", PiliPiliMissionsReshuffled> | GameEvent<"hand_dealt", PiliPiliHandDealt> | GameEvent<"bet_placed", PiliPiliBetPlaced> | GameEvent<"hand_revealed", PiliPiliHandRevealed> | GameEvent<"choice_committed", PiliPiliChoiceCommitted> | GameEvent<"cards_passed", PiliPiliCardsPassed> | GameEvent<"cards_received", PiliPiliCardsReceived> | GameEvent<"hands_passed", PiliPiliHandsPassed> | GameEvent<"hand_received", PiliPiliHandReceived> | GameEvent<"cards_drawn", PiliPiliCardsDrawn> | GameEvent<"card_drawn", PiliPiliCardDrawn> | GameEvent<"hands_opened", PiliPiliHandsOpened> | GameEvent<"partners_revealed", PiliPiliPartnersRevealed> | GameEvent<"card_played", PiliPiliCardPlayed> | GameEvent<"trick_won", PiliPiliTrickWon> | GameEvent<"marked_trick", PiliPiliMarkedTrick> | GameEvent<"exchange_started", PiliPiliExchangeStarted> | GameEvent<"cards_exchanged", PiliPiliCardsExchanged> | GameEvent<"cards_given", PiliPiliCardsGiven> | GameEvent<"round_scored", PiliPiliRoundScored> | GameEvent<"match_over", PiliPiliMatchOver>;

/** The events of game `G`'s log (its own kinds and the arena's). */
export interface EventsByGame {
  "pipifax": PipifaxEvent;
  "taiga": TaigaEvent;
  "girafferaffe": GirafferaffeEvent;
  "pili-pili": PiliPiliEvent;
}

/** Each game's event kinds (`arena`: those of every game). */
export const EVENT_KINDS = {
  "arena": ["seed_committed", "joined", "started", "resigned", "timeout", "aborted", "ended"],
  "pipifax": ["die_rolled", "card_flipped", "cards_turned_down", "turn_passed", "match_won"],
  "taiga": ["discs_placed", "round_started", "card_to_bottom", "disc_flipped", "token_from_circle", "token_taken", "nothing_to_take", "family_found", "token_to_circle", "no_token_to_pay", "passed", "turn_passed", "game_over"],
  "girafferaffe": ["round_started", "hand_dealt", "turn_started", "cards_played", "apples_taken", "card_drawn", "card_received", "robot_deck_topped", "reward_skipped", "apple_returned", "robot_drew", "robot_cannot_act", "player_lost", "rotten_apple_taken", "match_over"],
  "pili-pili": ["round_started", "missions_reshuffled", "hand_dealt", "bet_placed", "hand_revealed", "choice_committed", "cards_passed", "cards_received", "hands_passed", "hand_received", "cards_drawn", "card_drawn", "hands_opened", "partners_revealed", "card_played", "trick_won", "marked_trick", "exchange_started", "cards_exchanged", "cards_given", "round_scored", "match_over"],
} as const;
