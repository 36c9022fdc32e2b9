/**
 * The wire types, from the types openapi-typescript generates from the spec (`generated/openapi.ts`),
 * narrowed by game: `SeatView<"taiga">` has a `TaigaView`, `ActionOf<"taiga">` is Taiga's actions.
 * Every per-game type is derived from the spec's unions, so a new game or action needs no edit here.
 */

import type { EventsByGame } from "./events.js";
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];

/** Any game's view of the table (a union discriminated by `game`). */
export type GameView = Schemas["GameView"];
/** A game id: `"pipifax" | "taiga" | "girafferaffe" | "pili-pili"`. */
export type GameId = GameView["game"];
/** Any game's action (a union discriminated by `type`, which starts with the game id). */
export type Action = Schemas["Action"];

/** Game `G`'s view of the table. */
export type ViewOf<G extends GameId> = Extract<GameView, { game: G }>;
/** Game `G`'s actions (`ActionOf<"taiga">`: `taiga.flip | taiga.pass | taiga.take`). */
export type ActionOf<G extends GameId> = Extract<Action, { type: `${G}.${string}` }>;

/**
 * Game `G`'s actions as `act` takes them (the spec's `ActionRequest`): a field with a default may be
 * left out (Pili Pili's `joker_value`). Every listed action (`ActionOf<G>`) is one.
 */
export type ActionRequestOf<G extends GameId> = Extract<Schemas["ActionRequest"], { type: `${G}.${string}` }>;

/** `T` with its `game` and `view` fields narrowed to game `G`. */
type OfGame<T, G extends GameId> = Omit<T, "game" | "view"> & { game: G; view: ViewOf<G> };

/** A seat's view of a match (`GET /matches/{id}/view`). */
export type SeatView<G extends GameId = GameId> = OfGame<Schemas["SeatView"], G>;
/** The match as a spectator sees it (`GET /matches/{id}`). */
export type Match<G extends GameId = GameId> = OfGame<Schemas["Match"], G>;
/** An action's answer: the seat's new view and the events the action produced that it sees. */
export type MoveResult<G extends GameId = GameId> = OfGame<Schemas["MoveResult"], G>;
/** A page (or a sample) of a seat's legal actions. */
export type LegalActions<G extends GameId = GameId> = Omit<Schemas["LegalActions"], "actions"> & {
  actions: ActionOf<G>[];
};
/** The answer of `POST /matches`: the match, a token per player seat and the host's token. */
export type CreatedMatch<G extends GameId = GameId> = Omit<Schemas["CreatedMatch"], "match"> & { match: Match<G> };

/** Any event of the log, as the spec describes it (its kind a string, its data any object). */
export type Event = Schemas["Event"];
/**
 * Game `G`'s events, typed by kind (`sdk-ts/src/events.ts`, written from `sdk/events.json`):
 * `if (event.kind === "card_flipped") event.data.position` narrows, and a kind `G` has no event of
 * fails to compile.
 */
export type EventOf<G extends GameId = GameId> = EventsByGame[G];
/** Game `G`'s actions of one `type`: `ActionOfType<"taiga.flip">` is `TaigaFlip`. */
export type ActionOfType<T extends Action["type"]> = Extract<Action, { type: T }>;
/** The webhook of a match as its host sees it (`GET /matches/{id}/webhook`). */
export type WebhookStatus = Schemas["WebhookStatus"];
export type EventPage = Schemas["EventPage"];
export type ActionRecord = Schemas["ActionRecord"];
export type Game = Schemas["Game"];
export type MatchList = Schemas["MatchList"];
export type MatchSummary = Schemas["MatchSummary"];
export type MatchStatus = Schemas["Match"]["status"];
export type Result = Schemas["Result"];
export type SeatInfo = Schemas["Seat"];
export type SeatRequest = Schemas["SeatRequest"];
export type SeatToken = Schemas["SeatToken"];
export type Joined = Schemas["Joined"];
export type ReplayVersion = Schemas["ReplayVersion"];
export type MatchRecord = Schemas["Record"];
export type MatchOverEvent = Schemas["MatchOverEvent"];
/** A seat stream's `turn` event: the view and (some of) the legal actions at `version`. */
export type TurnEvent<G extends GameId = GameId> = Omit<Schemas["TurnEvent"], "view" | "legal_actions"> & {
  view: SeatView<G>;
  legal_actions: { total: number; actions: ActionOf<G>[] };
};

/** The body of `POST /matches` (the spec's `CreateMatch`), with `game` as the type parameter that the answer narrows by. */
export type CreateMatchRequest<G extends GameId = GameId> = Omit<Schemas["CreateMatch"], "game"> & { game: G };
/** The body of `POST /matches/{id}/join`: both fields optional. */
export type Join = Schemas["Join"];
/** A time control as a request sets it (`on_timeout` optional). */
export type TimeControlRequest = Schemas["TimeControlRequest"];

/** One event of a stream: `id` is `<version>` for the last event of a version, `<version>.<n>` for an earlier one. */
export type StreamEvent<G extends GameId = GameId> =
  | { type: "event"; id: string; version: number; data: Event }
  | { type: "turn"; id: string; version: number; data: TurnEvent<G> }
  | { type: "match_over"; id: string; version: number; data: MatchOverEvent };

/** The events of a match's public stream. */
export type PublicStreamEvent = Exclude<StreamEvent, { type: "turn" }>;
