/**
 * Server-sent event streams read with `fetch` (an `EventSource` cannot send `Authorization`):
 * `SseParser` turns text into messages as the WHATWG spec reads them, and `followStream` reads a
 * match's stream to its end, resuming with `Last-Event-ID` after a dropped connection.
 */

import { errorFor, RateLimitedError, StoreUnavailableError, UnexpectedResponseError, NO_ANSWER } from "./errors.js";
import { isNoAnswer } from "./connection.js";
import { RetryBudget, TransportFailure, sleep, typed, type RetryPolicy } from "./retrying.js";

/** One message of an event stream, as its fields came. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** An incremental `text/event-stream` parser: `push` text as it arrives, get the messages it completes. */
export class SseParser {
  private buffer = "";
  private scanned = 0;
  private data: string[] = [];
  private event = "";
  private lastEventId: string | null = null;

  push(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    this.buffer += text;
    let start = 0;
    for (let i = this.scanned; i < this.buffer.length; i++) {
      const char = this.buffer.charCodeAt(i);
      if (char !== 10 && char !== 13) continue; // \n, \r
      if (char === 13 && i + 1 === this.buffer.length) break; // a \r that a \n may follow in the next chunk
      this.line(this.buffer.slice(start, i), messages);
      if (char === 13 && this.buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    this.scanned = this.buffer.endsWith("\r") ? this.buffer.length - 1 : this.buffer.length;
    return messages;
  }

  private line(line: string, messages: SseMessage[]): void {
    if (line === "") {
      if (this.data.length > 0) {
        messages.push({ id: this.lastEventId, event: this.event || "message", data: this.data.join("\n") });
      }
      this.data = [];
      this.event = "";
      return;
    }
    if (line.startsWith(":")) return; // a comment: the server's keep-alive
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
  }
}

/** One event of a match's stream, its data parsed (`version`: the match version it belongs to). */
export interface RawStreamEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
}

/** What opening a stream answered: openapi-fetch's result with `parseAs: "stream"`. */
export interface OpenedStream {
  data?: ReadableStream<Uint8Array> | null | undefined;
  error?: unknown;
  response: Response;
}

/** Opens the stream at a position: after the event `lastEventId`, else after version `after` (else now). */
export type OpenStream = (
  position: { lastEventId: string | null; after: number | undefined },
  signal: AbortSignal,
) => Promise<OpenedStream>;

export interface FollowOptions extends RetryPolicy {
  /** Start after this version (0: from the first move); `undefined`: where the match stands now. */
  after?: number | undefined;
  /** Seconds a stream may stay silent before it counts as dropped (the server sends a comment every 15 s). */
  silence?: number;
}

/** Seconds a stream may stay silent before it counts as dropped. */
export const STREAM_SILENCE = 45;

/**
 * Every event of a stream until `match_over`, resuming with `Last-Event-ID` after a drop.
 *
 * A dropped connection, a stream that ends early or a 503 is retried every `retryPause` seconds
 * until `retryFor` seconds have passed without an event; a 429 is waited out (within
 * `maxRateLimitWait`); a resumption after the end (204) ends the stream; every other error raises
 * its typed error. Breaking out of the loop closes the connection.
 */
export async function* followStream(open: OpenStream, options: FollowOptions): AsyncGenerator<RawStreamEvent, void> {
  let lastEventId: string | null = null;
  let budget = new RetryBudget(options);
  const silence = (options.silence ?? STREAM_SILENCE) * 1000;
  for (;;) {
    let failure: unknown = new TransportFailure(new Error("the stream ended before match_over"));
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(timer);
      const reason = new DOMException(`the stream was silent for ${silence / 1000} s`, "TimeoutError");
      timer = setTimeout(() => controller.abort(reason), silence);
    };
    try {
      watch();
      const after = lastEventId === null ? options.after : undefined;
      let opened: OpenedStream;
      try {
        opened = await open({ lastEventId, after }, controller.signal);
      } catch (error) {
        throw isNoAnswer(error) ? new TransportFailure(error) : error;
      }
      const { response } = opened;
      if (response.status === 204) return; // resumed after the match's end: nothing more will come
      if (!response.ok) throw errorFor(response.status, opened.error, response.headers);
      if (!opened.data) throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "a stream without a body");
      const reader = opened.data.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            throw isNoAnswer(error) ? new TransportFailure(error) : error;
          }
          if (chunk.done) break;
          watch();
          for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
            const event = parsed(message);
            lastEventId = event.id;
            budget = new RetryBudget(options);
            yield event;
            if (event.type === "match_over") return;
          }
        }
      } finally {
        reader.releaseLock();
      }
    } catch (error) {
      if (!(error instanceof TransportFailure || error instanceof StoreUnavailableError || error instanceof RateLimitedError)) {
        throw error;
      }
      failure = error;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    const wait = budget.waitBeforeRetry(failure, true);
    if (wait === null) throw typed(failure);
    await sleep(wait);
  }
}

/** A message of the match's stream as an event (`UnexpectedResponseError` for one this client cannot read). */
function parsed(message: SseMessage): RawStreamEvent {
  const version = message.id === null ? NaN : Number.parseInt(message.id, 10);
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    data = undefined;
  }
  if (message.id === null || !Number.isInteger(version) || data === undefined) {
    throw new UnexpectedResponseError(
      NO_ANSWER,
      "client/unexpected_response",
      `a stream event without a version id or JSON data: ${JSON.stringify(message).slice(0, 200)}`,
    );
  }
  return { id: message.id, type: message.event, version, data };
}
