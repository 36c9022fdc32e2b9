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

export type PiliPiliMission = {
  effect: string;
  name: string;
  params: Record<string, unknown>;
  deal: number;
  expert: boolean;
};

export type ArenaSeedCommitted = {
  seed_commitment: string;
};

export type ArenaJoined = {
  seat: number;
  name: string | null;
};

export type ArenaStarted = Record<string, never>;

export type ArenaResigned = {
  seat: number;
  reason: string;
};

export type ArenaTimeout = {
  seat: number;
  on_timeout: "forfeit" | "bot";
};

export type ArenaAborted = Record<string, never>;

export type ArenaClocksExtended = {
  from: number;
  until: number;
  seconds: Record<string, unknown>;
};

export type ArenaAdjudicated = {
  after: number;
  rule: "scores" | "draw" | "not_won";
};

export type ArenaEnded = {
  reason: string;
  winners: number[];
  scores: number[] | null;
  ranks: number[];
};

export type PipifaxDieRolled = {
  seat: number;
  animal: string;
};

export type PipifaxCardFlipped = {
  seat: number;
  position: number;
  colour: string;
  animal: string;
};

export type PipifaxCardsTurnedDown = {
  positions: number[];
};

export type PipifaxTurnPassed = {
  seat: number;
};

export type PipifaxMatchWon = {
  seat: number;
  positions: number[];
};

export type TaigaDiscsPlaced = {
  up: string[];
};

export type TaigaRoundStarted = {
  seat: number;
  animal: string;
  cards_left: number;
};

export type TaigaCardToBottom = {
  animal: string;
};

export type TaigaDiscFlipped = {
  seat: number;
  disc: number;
  was: string;
  shows: string;
};

export type TaigaTokenFromCircle = {
  seat: number;
};

export type TaigaTokenTaken = {
  seat: number;
  from_seat: number;
};

export type TaigaNothingToTake = {
  seat: number;
};

export type TaigaFamilyFound = {
  seat: number;
  animal: string;
  tokens: number;
};

export type TaigaTokenToCircle = {
  seat: number;
};

export type TaigaNoTokenToPay = {
  seat: number;
};

export type TaigaPassed = {
  seat: number;
};

export type TaigaTurnPassed = {
  seat: number;
};

export type TaigaGameOver = {
  scores: number[];
  winners: number[];
  unplayable_cards: string[];
};

export type GirafferaffeRoundStarted = {
  round: number;
  dealer: number;
  hand_sizes: number[];
  redraw_size: number;
  out_of_play_size: number;
  robot_deck_size: number;
  supply: number;
  trees: string[];
};

export type GirafferaffeHandDealt = {
  seat: number;
  cards: string[];
};

export type GirafferaffeTurnStarted = {
  seat: number | null;
};

export type GirafferaffeCardsPlayed = {
  seat: number | null;
  tree: string;
  cards: string[];
  copies: string[];
};

export type GirafferaffeApplesTaken = {
  seat: number | null;
  count: number;
  supply: number;
};

export type GirafferaffeCardDrawn = {
  seat: number;
  redraw_size: number;
};

export type GirafferaffeCardReceived = {
  seat: number;
  card: string;
};

export type GirafferaffeRobotDeckTopped = {
  redraw_size: number;
};

export type GirafferaffeRewardSkipped = {
  seat: number | null;
  tree: string;
  reward: "apple" | "card";
  missing: number;
};

export type GirafferaffeAppleReturned = {
  seat: number | null;
  supply: number;
};

export type GirafferaffeRobotDrew = {
  card: string;
  step: "refill" | "search";
  deck_size: number;
};

export type GirafferaffeRobotCannotAct = Record<string, never>;

export type GirafferaffePlayerLost = {
  seat: number;
  round: number;
};

export type GirafferaffeRottenAppleTaken = {
  seat: number;
  rotten: number;
};

export type GirafferaffeMatchOver = {
  loser: number;
  winners: number[];
};

export type PiliPiliRoundStarted = {
  round: number;
  dealer: number;
  mission: PiliPiliMission | null;
  deal: number;
};

export type PiliPiliMissionsReshuffled = {
  cards: number;
};

export type PiliPiliHandDealt = {
  seat: number;
  cards: number[];
};

export type PiliPiliBetPlaced = {
  seat: number;
  tricks: number;
};

export type PiliPiliHandRevealed = {
  seat: number;
  cards: number[];
};

export type PiliPiliChoiceCommitted = {
  seat: number;
  choice: "pass" | "partner" | "card" | "give";
};

export type PiliPiliCardsPassed = {
  direction: string;
};

export type PiliPiliCardsReceived = {
  seat: number;
  from: number;
  cards: number[];
};

export type PiliPiliHandsPassed = {
  direction: string;
};

export type PiliPiliHandReceived = {
  seat: number;
  from: number;
  cards: number[];
};

export type PiliPiliCardsDrawn = {
  each: number;
};

export type PiliPiliCardDrawn = {
  seat: number;
  card: number;
};

export type PiliPiliHandsOpened = {
  hands: number[][];
};

export type PiliPiliPartnersRevealed = {
  partners: number[];
};

export type PiliPiliCardPlayed = {
  seat: number;
  card: number;
  value: number;
};

export type PiliPiliTrickWon = {
  seat: number;
  trick: number;
  cards: number[];
};

export type PiliPiliMarkedTrick = {
  seat: number;
  trick: number;
};

export type PiliPiliExchangeStarted = {
  seat: number;
  with: number;
};

export type PiliPiliCardsExchanged = {
  seats: number[];
};

export type PiliPiliCardsGiven = {
  seats: number[];
  gave: number[];
};

export type PiliPiliRoundScored = {
  round: number;
  bets: number[];
  won: number[];
  taken: number[];
  discarded: number[];
  pilis: number[];
};

export type PiliPiliMatchOver = {
  winners: number[];
  pilis: number[];
};

export type ArenaEvent = GameEvent<"seed_committed", ArenaSeedCommitted> | GameEvent<"joined", ArenaJoined> | GameEvent<"started", ArenaStarted> | GameEvent<"resigned", ArenaResigned> | GameEvent<"timeout", ArenaTimeout> | GameEvent<"aborted", ArenaAborted> | GameEvent<"clocks_extended", ArenaClocksExtended> | GameEvent<"adjudicated", ArenaAdjudicated> | GameEvent<"ended", ArenaEnded>;

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
  "arena": ["seed_committed", "joined", "started", "resigned", "timeout", "aborted", "clocks_extended", "adjudicated", "ended"],
  "pipifax": ["die_rolled", "card_flipped", "cards_turned_down", "turn_passed", "match_won"],
  "taiga": ["discs_placed", "round_started", "card_to_bottom", "disc_flipped", "token_from_circle", "token_taken", "nothing_to_take", "family_found", "token_to_circle", "no_token_to_pay", "passed", "turn_passed", "game_over"],
  "girafferaffe": ["round_started", "hand_dealt", "turn_started", "cards_played", "apples_taken", "card_drawn", "card_received", "robot_deck_topped", "reward_skipped", "apple_returned", "robot_drew", "robot_cannot_act", "player_lost", "rotten_apple_taken", "match_over"],
  "pili-pili": ["round_started", "missions_reshuffled", "hand_dealt", "bet_placed", "hand_revealed", "choice_committed", "cards_passed", "cards_received", "hands_passed", "hand_received", "cards_drawn", "card_drawn", "hands_opened", "partners_revealed", "card_played", "trick_won", "marked_trick", "exchange_started", "cards_exchanged", "cards_given", "round_scored", "match_over"],
} as const;
