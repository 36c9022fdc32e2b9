// Talking to the Tabletop Arena API from a browser: where it is, JSON requests, event streams.
//
// The API's base URL comes from the page's `api` query parameter (`?api=http://host:8000`), so the
// same files work when served by the API itself under /play (no parameter: the same origin) or by
// any other web server (the API must then list that origin in ARENA_CORS_ORIGINS). Seat tokens are
// never put in a URL: they travel in the Authorization header only.

const params = new URLSearchParams(location.search);

/** The API's base URL, without a trailing slash ("" for the page's own origin). */
export const API_BASE = (params.get("api") || "").replace(/\/+$/, "");

/** A link to another page of the client that keeps the `api` setting. */
export function pageLink(page, query = {}) {
  const search = new URLSearchParams(query);
  if (params.get("api")) search.set("api", params.get("api"));
  const text = search.toString();
  return text ? `${page}?${text}` : page;
}

/** A query parameter of this page. */
export function queryParam(name) {
  return params.get(name);
}

/** An error answer of the API: its one shape, `{code, status, message, details}`. */
export class ApiError extends Error {
  constructor(body, status) {
    super(body && body.message ? body.message : `HTTP ${status}`);
    this.code = body && body.code ? body.code : "http/error";
    this.status = status;
    this.details = (body && body.details) || {};
  }
}

/** One JSON request; resolves to `{body, etag}` or rejects with an ApiError. */
export async function request(path, { method = "GET", token = null, body = undefined, headers = {} } = {}) {
  const sent = { ...headers };
  if (token) sent["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(API_BASE + path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(parsed, response.status);
  return { body: parsed, etag: response.headers.get("ETag") };
}

/** GET a JSON resource. */
export async function getJson(path, token = null) {
  return (await request(path, { token })).body;
}

/** Every event of the match's log as `reader` may see it (`path`: /events or /seat-events). */
export async function readLog(path, token = null) {
  const events = [];
  let after = -1;
  for (;;) {
    const page = await getJson(`${path}?after=${after}&limit=1000`, token);
    events.push(...page.events);
    if (!page.has_more) return { events, last: page.next_after };
    after = page.next_after;
  }
}

/** Split server-sent event text into events; returns [events, unparsed rest]. */
export function parseEvents(buffer) {
  const events = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop();
  for (const block of blocks) {
    const event = { id: null, type: "message", data: "" };
    const data = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") event.id = value;
      else if (field === "event") event.type = value;
      else if (field === "data") data.push(value);
    }
    if (data.length) {
      event.data = data.join("\n");
      events.push(event);
    }
  }
  return [events, rest];
}

/**
 * Follow a seat's event stream with fetch() (EventSource cannot send the Authorization header).
 * Calls `onEvent({id, type, data})` for each event (data parsed from JSON) and reconnects after a
 * dropped connection from the last event id, until the match is over or `stop()` is called.
 * With `after` (a version), the stream starts right after it.
 */
export function followSeatStream(matchId, token, onEvent, after = null) {
  let stopped = false;
  let lastId = after === null ? null : String(after);
  const controller = new AbortController();
  async function run() {
    let delay = 500;
    while (!stopped) {
      try {
        const headers = { Authorization: `Bearer ${token}` };
        if (lastId) headers["Last-Event-ID"] = lastId;
        const response = await fetch(`${API_BASE}/matches/${encodeURIComponent(matchId)}/seat-stream?legal_limit=0`, {
          headers,
          cache: "no-store",
          signal: controller.signal,
        });
        if (!response.ok) throw new ApiError(await response.json().catch(() => null), response.status);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const [events, rest] = parseEvents(buffer);
          buffer = rest;
          for (const event of events) {
            if (event.id) lastId = event.id;
            onEvent({ ...event, data: JSON.parse(event.data) });
            if (event.type === "match_over") return;
          }
        }
        delay = 500;
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status < 500) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 8000);
    }
  }
  const done = run();
  return {
    done,
    stop() {
      stopped = true;
      controller.abort();
    },
  };
}

/** Follow a match's public event stream (EventSource: it needs no token). */
export function followPublicStream(matchId, onEvent, after = null) {
  const from = after === null ? "" : `?after=${after}`;
  const source = new EventSource(`${API_BASE}/matches/${encodeURIComponent(matchId)}/stream${from}`);
  for (const type of ["event", "match_over"]) {
    source.addEventListener(type, (message) => {
      onEvent({ id: message.lastEventId, type, data: JSON.parse(message.data) });
      if (type === "match_over") source.close();
    });
  }
  return source;
}
