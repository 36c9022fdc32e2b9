/**
 * A TypeScript client for Tabletop Arena: the types generated from the spec (openapi-typescript),
 * requests through openapi-fetch, and a small layer for bots: `Arena` (the catalogue, the lobby,
 * matches and their streams) and `Seat` (one seat: its view, legal actions, safe actions, waiting,
 * turns), typed errors for every failure and per-game types that narrow by game.
 */

export { Arena } from "./arena.js";
export type { ArenaOptions } from "./connection.js";
export * from "./errors.js";
export { EVENT_KINDS, type EventsByGame, type GameEvent } from "./events.js";
export type * from "./events.js";
export { actionsOf, actionsOfType, eventsOf, isActionOf, isGame, viewOf, type HasGameView } from "./games.js";
export type { components, operations, paths } from "./generated/openapi.js";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retrying.js";
export {
  DEFAULT_LEGAL_LIMIT,
  MAX_LEGAL_LIMIT,
  Seat,
  Turn,
  TurnLoop,
  type Ending,
  seatOfToken,
  turnOutcome,
  type ActOptions,
  type Choose,
  type StreamOptions,
} from "./seat.js";
export { socketUrl, type Transport, type WebSocketConstructor, type WebSocketLike } from "./socket.js";
export { SseParser, type SseMessage } from "./sse.js";
export type * from "./types.js";
export { DEFAULT_TOLERANCE_SECONDS, verifySignature, type VerifyOptions } from "./webhooks.js";
