/**
 * What an `Arena` and its seats share: the server's address, the `fetch` they send with, per-request
 * timeouts and the retry rules (`retrying.ts`); and one request through openapi-fetch, answered with
 * its success body or its typed error.
 */

import createClient, { type Client } from "openapi-fetch";

import { errorFor, NO_ANSWER, UnexpectedResponseError } from "./errors.js";
import type { paths } from "./generated/openapi.js";
import { DEFAULT_RETRY_POLICY, RetryBudget, TransportFailure, sleep, typed, type RetryPolicy } from "./retrying.js";
import type { WebSocketConstructor } from "./socket.js";

/** How an `Arena` talks to its server. Every field is optional. */
export interface ArenaOptions extends Partial<RetryPolicy> {
  /** Seconds a request may take before it counts as a dropped connection (default 10; a long-poll adds its wait). */
  timeout?: number;
  /** The `fetch` to send with (default: the global one); it is always given a `Request`. Tests and proxies pass their own. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (a seat's `Authorization` is added by the seat). */
  headers?: Record<string, string>;
  /** Makes a fresh `Idempotency-Key` (default: a random UUID). */
  idempotencyKey?: () => string;
  /**
   * The WebSocket class seat sockets open with (`transport: "ws"` or `"auto"`); default: the global
   * one (browsers, Node 22), looked up when a socket opens; `null`: none, so `"auto"` uses the stream.
   */
  WebSocket?: WebSocketConstructor | null;
}

/** An openapi-fetch client typed by the spec's paths. */
export type ApiClient = Client<paths>;

/** What an openapi-fetch call resolves to: the body of a success or of an error, and the response. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The answer's success body, else its typed error (`UnexpectedResponseError` for a success without a body). */
export function unwrap<R extends FetchResult>(result: R): NonNullable<R["data"]> {
  const { response } = result;
  if (!response.ok) throw errorFor(response.status, result.error, response.headers);
  if (result.data === undefined || result.data === null) {
    throw new UnexpectedResponseError(
      NO_ANSWER,
      "client/unexpected_response",
      `${response.status} from ${response.url} without the body the spec promises`,
    );
  }
  return result.data as NonNullable<R["data"]>;
}

/** Sends one request; a request that got no answer rejects with a `TransportFailure`. */
export async function attempt<R extends FetchResult>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (isNoAnswer(error)) throw new TransportFailure(error);
    if (error instanceof SyntaxError) {
      throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", `an answer that is not JSON: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Whether `fetch` failed for want of an answer: it rejects with a `TypeError` when the connection
 * cannot be made or breaks (in Node and in browsers), and with an `AbortError` or `TimeoutError`
 * when its signal fires.
 */
export function isNoAnswer(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const name = typeof error === "object" && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === "AbortError" || name === "TimeoutError";
}

/** A random UUID (version 4), from Web Crypto where there is one. */
export function randomKey(): string {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class Connection {
  readonly baseUrl: string;
  readonly policy: RetryPolicy;
  readonly timeout: number;
  readonly newKey: () => string;
  private readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  private readonly headers: Record<string, string>;
  private readonly webSocketClass: WebSocketConstructor | null | undefined;

  constructor(baseUrl: string, options: ArenaOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.policy = {
      retryFor: options.retryFor ?? DEFAULT_RETRY_POLICY.retryFor,
      retryPause: options.retryPause ?? DEFAULT_RETRY_POLICY.retryPause,
      maxRateLimitWait: options.maxRateLimitWait ?? DEFAULT_RETRY_POLICY.maxRateLimitWait,
    };
    this.timeout = options.timeout ?? 10;
    this.fetch = options.fetch;
    this.headers = { ...options.headers };
    this.newKey = options.idempotencyKey ?? randomKey;
    this.webSocketClass = options.WebSocket;
  }

  /**
   * The WebSocket class to open seat sockets with, or `null` where there is none: the one given, else
   * the global one (browsers, Node 22+), else the `ws` package's (Node 18 and 20, where the global one
   * is missing or behind a flag; an optional dependency of this package, so npm installs it).
   */
  async webSocket(): Promise<WebSocketConstructor | null> {
    if (this.webSocketClass !== undefined) return this.webSocketClass;
    const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    return global ?? (await wsPackage());
  }

  /** An openapi-fetch client for this server, sending `token` as its bearer token if given. */
  client(token?: string): ApiClient {
    const headers = token === undefined ? this.headers : { ...this.headers, Authorization: `Bearer ${token}` };
    // The global fetch is looked up per request, not once: a page or test may replace it later.
    const send = this.fetch ?? ((input: Request) => globalThis.fetch(input));
    return createClient<paths>({ baseUrl: this.baseUrl, fetch: send, headers, cache: "no-store" });
  }

  /** A signal that aborts a request after the timeout (plus `extra` seconds, for a long-poll's wait). */
  deadline(extra = 0): AbortSignal {
    return AbortSignal.timeout(Math.ceil((this.timeout + extra) * 1000));
  }

  /**
   * `send()`'s success body, retried by the rules of `retrying.ts`: a 429 by every call, a dropped
   * connection or a 503 only by an `idempotent` one. `notModified` answers a 304 (long-polls).
   */
  async call<R extends FetchResult>(send: () => Promise<R>, idempotent = true): Promise<NonNullable<R["data"]>> {
    const answer = await this.callAllowing304(send, idempotent);
    if (answer === null) {
      throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "304 to a request that was not conditional");
    }
    return answer;
  }

  /** `call`, with `null` for a 304 (a long-poll that saw no change). */
  async callAllowing304<R extends FetchResult>(send: () => Promise<R>, idempotent = true): Promise<NonNullable<R["data"]> | null> {
    const budget = new RetryBudget(this.policy);
    for (;;) {
      try {
        const result = await attempt(send);
        if (result.response.status === 304) return null;
        return unwrap(result);
      } catch (failure) {
        const wait = budget.waitBeforeRetry(failure, idempotent);
        if (wait === null) throw typed(failure);
        await sleep(wait);
      }
    }
  }
}

/** The module name of the `ws` package, in a variable so that bundlers leave it to Node (a browser never needs it). */
const WS_PACKAGE = "ws";

/** The `ws` package's WebSocket class, when it is installed (`null` otherwise). */
async function wsPackage(): Promise<WebSocketConstructor | null> {
  try {
    const loaded = (await import(WS_PACKAGE)) as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor };
    return loaded.WebSocket ?? loaded.default ?? null;
  } catch {
    return null;
  }
}
