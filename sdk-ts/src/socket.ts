/**
 * The seat socket (`GET /matches/{id}/seat-socket`) as a seat plays over it: `transport: "ws"`.
 *
 * One WebSocket carries what the seat stream carries (its items, pushed) and the seat's moves (sent
 * as `{action, version, key}`, answered with the move's result or its refusal, matched by key). A
 * `SeatChannel` keeps one open for the life of a seat's stream: after a drop it connects again and
 * resumes where it was, and sends again, with the same key, every move whose answer had not come,
 * so each applies once. The token is the socket's first message, never part of its URL.
 *
 * A browser's WebSocket cannot send headers, so a channel resumes with the `after` query, never
 * `Last-Event-ID`: after the last item's version when that item was its version's last (id `<v>`),
 * else after the version before, skipping the items of version `v` it already had (ids `<v>.<n>`).
 * That is what the server sends for `Last-Event-ID: <id>`.
 */

import {
  ArenaError,
  AuthError,
  ConnectionFailedError,
  errorFor,
  InvalidTokenError,
  MatchOverError,
  NO_ANSWER,
  NotFoundError,
  UnexpectedResponseError,
} from "./errors.js";
import { ActionResends, monotonicSeconds, TransportFailure, type Clock, type RetryPolicy } from "./retrying.js";
import type { RawStreamEvent } from "./sse.js";

/** How a seat's stream and its moves travel: the seat stream and HTTP, the seat socket, or the socket where it opens. */
export type Transport = "sse" | "ws" | "auto";

/**
 * What the client needs of a WebSocket: the browser's, Node 22's global one, or any of the same shape
 * (Node 20 with `--experimental-websocket`, the `ws` package's).
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `readyState` of an open socket (the same in every implementation). */
const OPEN = 1;

/** Close codes after which the channel connects again: the server going away or failing, the store unavailable, a drop. */
export const RESUMABLE_CLOSES: ReadonlySet<number> = new Set([1001, 1006, 1011, 1012, 1013]);

/** The seat socket's `ws(s)://` address for a match (`baseUrl` absolute, or relative to the page). */
export function socketUrl(baseUrl: string, matchId: string, legalLimit: number, after?: number): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  const url = new URL(`${baseUrl}/matches/${encodeURIComponent(matchId)}/seat-socket`, page);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("legal_limit", String(legalLimit));
  if (after !== undefined) url.searchParams.set("after", String(after));
  return url.href;
}

/** An event id's place in a stream: `[version, index]`, the index `Infinity` for a version's last item (`<v>`). */
export function placeOf(id: string): [number, number] {
  const [version, index] = id.split(".");
  return [Number(version), index === undefined ? Infinity : Number(index)];
}

/** Where to resume after the item `lastId`: the `after` to ask for, and the last place to skip of what comes. */
export function resumption(lastId: string): { after: number; skipThrough: [number, number] | null } {
  const [version, index] = placeOf(lastId);
  return index === Infinity ? { after: version, skipThrough: null } : { after: version - 1, skipThrough: [version, index] };
}

/** The typed error for a socket the server closed for good. */
export function closedError(code: number, reason: string): ArenaError {
  const message = reason || "the seat socket was closed";
  if (code === 4401) return new InvalidTokenError(401, "auth/invalid_token", message);
  if (code === 4403) return new AuthError(403, "auth/forbidden", message);
  if (code === 4404) return new NotFoundError(404, "match/not_found", message);
  return new UnexpectedResponseError(NO_ANSWER, "client/socket_closed", `${code}: ${message}`, { close_code: code });
}

/** The first socket of a `transport: "auto"` channel never opened: the seat uses its stream and HTTP instead. */
export class SocketUnavailable extends Error {
  constructor() {
    super("the seat socket could not be opened");
    this.name = "SocketUnavailable";
  }
}

/** What a channel is opened with. */
export interface ChannelOptions {
  baseUrl: string;
  matchId: string;
  token: string;
  legalLimit: number;
  /** The first connection starts after this version (`undefined`: where the match stands). */
  after: number | undefined;
  WebSocket: WebSocketConstructor;
  /** `retryFor`: seconds the channel reconnects without receiving an item before it gives up; `retryPause` between tries. */
  policy: RetryPolicy;
  /** Seconds a socket may take to open before it counts as dropped. */
  openTimeout: number;
  /** End with `SocketUnavailable` if the first socket never opens (`transport: "auto"`). */
  fallback: boolean;
  clock?: Clock;
}

/** A move waiting for its answer. */
interface Move {
  frame: string;
  resends: ActionResends;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

/** One seat socket for the life of a stream: its items as an async iterator, and moves answered meanwhile. */
export class SeatChannel {
  private socket: WebSocketLike | null = null;
  private readonly queue: RawStreamEvent[] = [];
  private wake: (() => void) | null = null;
  private readonly moves = new Map<string, Move>();
  private lastId: string | null = null;
  private skipThrough: [number, number] | null = null;
  private ended: { error: unknown } | null = null;
  private failingSince: number | null = null;
  private everOpened = false;
  /** The reader is done: the channel ends once no move waits for its answer. */
  private finishing = false;
  private readonly clock: Clock;

  constructor(private readonly options: ChannelOptions) {
    this.clock = options.clock ?? monotonicSeconds;
  }

  /** Every item the server pushes until `match_over`; closes the socket when the loop ends. */
  async *items(): AsyncGenerator<RawStreamEvent, void> {
    this.connect();
    try {
      for (;;) {
        const item = this.queue.shift();
        if (item !== undefined) {
          yield item;
          if (item.type === "match_over") return;
          continue;
        }
        if (this.ended !== null) {
          if (this.ended.error !== null) throw this.ended.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      this.finish();
    }
  }

  /** Whether moves can go over this channel (its reader still reads it). */
  get open(): boolean {
    return this.ended === null && !this.finishing;
  }

  /**
   * The reader is done. A move still waiting keeps the socket open until its answer comes (the
   * server may push `match_over` before it answers the move that ended the match) or the socket closes.
   */
  private finish(): void {
    this.finishing = true;
    if (this.moves.size === 0) this.end(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", "the seat socket was closed"));
  }

  /**
   * Send a move and resolve to its answer's data (a `MoveResult`), or reject with its typed refusal.
   * After a drop the move is sent again with the same key (within `policy.retryFor` seconds); a 429
   * is waited out; a refusal that only a lost first send explains is checked with one more send.
   */
  act(action: unknown, version: number, key: string, policy: RetryPolicy): Promise<unknown> {
    if (this.ended !== null) return Promise.reject(this.ended.error ?? overBeforeAnswer());
    const frame = JSON.stringify({ action, version, key });
    return new Promise((resolve, reject) => {
      this.moves.set(key, { frame, resends: new ActionResends(policy, this.clock), resolve, reject });
      this.send(frame);
    });
  }

  private connect(): void {
    if (this.ended !== null) return;
    let after = this.options.after;
    if (this.lastId !== null) ({ after, skipThrough: this.skipThrough } = resumption(this.lastId));
    const url = socketUrl(this.options.baseUrl, this.options.matchId, this.options.legalLimit, after);
    let socket: WebSocketLike;
    try {
      socket = new this.options.WebSocket(url);
    } catch (error) {
      this.dropped(error);
      return;
    }
    this.socket = socket;
    const timer = setTimeout(() => {
      if (this.socket !== socket) return;
      this.socket = null;
      socket.close();
      this.dropped(new Error(`the seat socket did not open within ${this.options.openTimeout} s`));
    }, this.options.openTimeout * 1000);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.everOpened = true;
      socket.send(this.options.token);
      for (const move of this.moves.values()) socket.send(move.frame);
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.received(event.data);
    });
    socket.addEventListener("close", (event) => {
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(event.code, event.reason);
    });
    socket.addEventListener("error", () => {
      // A failed connection: browsers follow with a close (1006), which some implementations (Node
      // 20's) never send when the socket did not open; either way it is a drop.
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.socket = null;
      socket.close();
      this.dropped(new Error("the seat socket failed"));
    });
  }

  private send(frame: string): void {
    // Not open (yet): the frame goes once the socket opens, after the token.
    if (this.socket !== null && this.socket.readyState === OPEN) this.socket.send(frame);
  }

  private received(data: unknown): void {
    let message: { type?: unknown; id?: unknown; key?: unknown; status?: unknown; data?: unknown; error?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      this.end(new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "a seat socket frame that is not JSON"));
      return;
    }
    if (message.type === "result" || message.type === "error") {
      this.answered(message);
      return;
    }
    if (typeof message.type !== "string" || typeof message.id !== "string" || !/^\d+(\.\d+)?$/.test(message.id)) {
      const shown = JSON.stringify(message).slice(0, 200);
      this.end(new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", `a seat socket item without a type or id: ${shown}`));
      return;
    }
    const place = placeOf(message.id);
    if (this.skipThrough !== null) {
      const [version, index] = this.skipThrough;
      if (place[0] < version || (place[0] === version && place[1] <= index)) return; // had it before the drop
      this.skipThrough = null;
    }
    this.lastId = message.id;
    this.failingSince = null;
    this.queue.push({ id: message.id, type: message.type, version: place[0], data: message.data });
    this.notify();
  }

  private answered(message: { type?: unknown; key?: unknown; status?: unknown; data?: unknown; error?: unknown }): void {
    const key = typeof message.key === "string" ? message.key : null;
    const move = key === null ? undefined : this.moves.get(key);
    if (key === null || move === undefined) return; // an answer to a move already answered
    if (message.type === "result") {
      this.settled(key);
      move.resolve(message.data);
      return;
    }
    const refusal = errorFor(typeof message.status === "number" ? message.status : 0, message.error);
    const wait = move.resends.waitBeforeResend(refusal);
    if (wait === null) {
      this.settled(key);
      move.reject(refusal);
      return;
    }
    setTimeout(() => {
      if (this.moves.get(key) === move) this.send(move.frame);
    }, wait * 1000);
  }

  /** A move has its answer: forget it, and end a finished channel once none waits. */
  private settled(key: string): void {
    this.moves.delete(key);
    if (this.finishing && this.moves.size === 0) this.finish();
  }

  private closed(code: number, reason: string): void {
    if (code === 1000) {
      this.end(null); // the match is over: everything was sent
    } else if (!RESUMABLE_CLOSES.has(code)) {
      this.end(closedError(code, reason));
    } else {
      this.dropped(new Error(`the seat socket closed with ${code}${reason ? `: ${reason}` : ""}`));
    }
  }

  /** A socket that dropped or never opened: connect again after a pause, within the budgets. */
  private dropped(cause: unknown): void {
    if (this.ended !== null) return;
    if (!this.everOpened && this.options.fallback) {
      this.end(new SocketUnavailable());
      return;
    }
    const failure = new TransportFailure(cause);
    const now = this.clock();
    this.failingSince ??= now;
    if (now - this.failingSince > this.options.policy.retryFor) {
      this.end(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", `the seat socket: ${failure.message}`, {}, cause));
      return;
    }
    for (const [key, move] of this.moves) {
      if (move.resends.waitBeforeResend(failure) === null) {
        this.settled(key);
        move.reject(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", `the seat socket: ${failure.message}`, {}, cause));
      }
    }
    if (this.ended !== null) return;
    setTimeout(() => this.connect(), this.options.policy.retryPause * 1000);
  }

  /** The channel is done: `error` (`null`: the match is over) for the reader and for every move still waiting. */
  private end(error: unknown): void {
    if (this.ended !== null) return;
    this.ended = { error };
    for (const move of this.moves.values()) move.reject(error ?? overBeforeAnswer());
    this.moves.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) socket.close(1000);
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

function overBeforeAnswer(): MatchOverError {
  return new MatchOverError(409, "match/over", "the match ended before the move's answer came");
}
