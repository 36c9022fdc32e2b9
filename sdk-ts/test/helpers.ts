/** What the live tests share: the server the pytest wrapper started, seeded choices, fetches that fail on purpose. */

import assert from "node:assert/strict";

import type { ActionOf, Event, GameId, Seat, SeatView, Transport, WebSocketConstructor, WebSocketLike } from "tabletop-arena-sdk";

/** The live server's URL (tests/e2e/test_sdk_ts.py starts it and sets ARENA_URL). */
export function serverUrl(name = "ARENA_URL"): string {
  const url = process.env[name];
  assert.ok(url, `${name} is not set: run these tests through tests/e2e/test_sdk_ts.py (make test does)`);
  return url;
}

/** A small seeded random number generator (mulberry32): the same seed, the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `items`, chosen by `random`. */
export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  assert.ok(item !== undefined, "nothing to choose from");
  return item;
}

/** What a seat's turn loop saw: each turn's version and events, and the final view. */
export interface Played<G extends GameId> {
  turns: number[];
  events: Event[];
  final: SeatView<G>;
}

/** Plays `seat` to the end with `Seat.turns()` (over `transport`), choosing at random; returns what it saw. */
export async function playTurns<G extends GameId>(seat: Seat<G>, seed: number, transport: Transport = "sse"): Promise<Played<G>> {
  const random = seededRandom(seed);
  const turns: number[] = [];
  const events: Event[] = [];
  for await (const turn of seat.turns({ transport })) {
    assert.ok(turn.actions.length > 0 && turn.actions.length <= turn.total, "a turn carries legal actions");
    assert.equal(turn.view.version, turn.version);
    assert.ok(turn.view.to_act.includes(seat.seat), "a turn comes when the seat must act");
    turns.push(turn.version);
    events.push(...turn.events);
    const action: ActionOf<G> = pick(turn.actions, random);
    const result = await turn.act(action);
    assert.ok(result.version > turn.version);
  }
  return { turns, events, final: await seat.view() };
}

/** Every event of the seat's log (public and its private ones), from the setup on. */
export async function seatLog<G extends GameId>(seat: Seat<G>): Promise<Event[]> {
  const events: Event[] = [];
  let after = -1;
  for (;;) {
    const page = await seat.events({ after, limit: 1000 });
    events.push(...page.events);
    if (!page.has_more) return events;
    after = page.next_after;
  }
}

/** Whether `request` is an action submitted to a match. */
export function isAction(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.endsWith("/actions");
}

/** Whether `request` opens an event stream (public or a seat's). */
export function isStream(request: Request): boolean {
  return /\/(seat-)?stream$/.test(new URL(request.url).pathname);
}

/**
 * A response whose body breaks off after `bytes` bytes, as a dropped connection would (the reader
 * gets the same error undici gives when a server closes a connection mid-body).
 */
export function cutAfter(response: Response, bytes: number): Response {
  const body = response.body;
  assert.ok(body, "a body to cut");
  const reader = body.getReader();
  let sent = 0;
  const cut = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read();
      if (chunk.done) {
        controller.close();
        return;
      }
      const room = bytes - sent;
      if (chunk.value.length < room) {
        sent += chunk.value.length;
        controller.enqueue(chunk.value);
        return;
      }
      controller.enqueue(chunk.value.slice(0, room));
      controller.error(new TypeError("terminated", { cause: new Error("other side closed") }));
      await reader.cancel();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(cut, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * The global WebSocket: Node 22's, or Node 20's with `--experimental-websocket` (tests/e2e/test_sdk_ts.py
 * passes it when node needs it), the WHATWG one browsers have.
 */
export function globalWebSocket(): WebSocketConstructor {
  const found = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  assert.ok(found, "no global WebSocket: run node 22, or node 20 with --experimental-websocket (tests/e2e/test_sdk_ts.py does)");
  return found;
}

type Listener = (event: never) => void;

/**
 * WebSocket classes around the global one, given to an `Arena` as `WebSocket`: they note every URL
 * opened and every frame sent and received, and drop a socket as a broken connection would (its
 * listeners get a close with code 1006; the real socket is closed underneath) when `dropAfterReceived`
 * or `dropAfterSent` says so.
 */
export class TappedSockets {
  readonly urls: string[] = [];
  readonly sent: string[] = [];
  readonly received: string[] = [];
  drops = 0;
  dropAfterReceived: (frame: string) => boolean = () => false;
  dropAfterSent: (frame: string) => boolean = () => false;
  /** Milliseconds each move's answer (`result` or `error`) is held back while later frames pass it. */
  delayAnswers = 0;
  /** Rewrites each URL before it is opened (e.g. to a port where nothing listens). */
  rewrite: (url: string) => string = (url) => url;
  readonly WebSocket: WebSocketConstructor;

  constructor() {
    const tap = this;
    this.WebSocket = class Tapped implements WebSocketLike {
      private readonly real: WebSocketLike;
      private readonly listeners = new Map<string, Listener[]>();
      private dropped = false;

      constructor(url: string) {
        tap.urls.push(url);
        this.real = new (globalWebSocket())(tap.rewrite(url));
        this.real.addEventListener("open", () => this.emit("open", {}));
        this.real.addEventListener("error", () => this.emit("error", {}));
        this.real.addEventListener("message", (event) => {
          if (this.dropped) return;
          const frame = String(event.data);
          const deliver = () => {
            tap.received.push(frame);
            this.emit("message", { data: frame });
            if (tap.dropAfterReceived(frame)) this.drop();
          };
          if (tap.delayAnswers > 0 && /^\{"type":"(result|error)"/.test(frame)) setTimeout(deliver, tap.delayAnswers);
          else deliver();
        });
        this.real.addEventListener("close", (event) => {
          const close = () => {
            if (!this.dropped) this.emit("close", { code: event.code, reason: event.reason });
          };
          // The close comes after every frame the socket carried, the answers held back too.
          if (tap.delayAnswers > 0) setTimeout(close, tap.delayAnswers);
          else close();
        });
      }

      get readyState(): number {
        return this.dropped ? 3 : this.real.readyState;
      }

      send(data: string): void {
        if (this.dropped) return;
        tap.sent.push(data);
        this.real.send(data);
        if (tap.dropAfterSent(data)) this.drop();
      }

      close(code?: number, reason?: string): void {
        if (!this.dropped) this.real.close(code, reason);
      }

      addEventListener(type: string, listener: Listener): void {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
      }

      private emit(type: string, event: object): void {
        for (const listener of this.listeners.get(type) ?? []) (listener as (event: object) => void)(event);
      }

      /** A connection that broke: the real socket is closed, its listeners hear 1006 (abnormal closure). */
      private drop(): void {
        this.dropped = true;
        tap.drops += 1;
        this.real.close();
        setTimeout(() => this.emit("close", { code: 1006, reason: "" }), 0);
      }
    };
  }
}
