// Talking to the Tabletop Arena API from a browser: where it is, JSON requests, event streams.
//
// The API's base URL comes from the page's `api` query parameter (`?api=http://host:8000`), so the
// same files work when served by the API itself under /play (no parameter: the same origin) or by
// any other web server (the API must then list that origin in ARENA_CORS_ORIGINS). Only an http: or
// https: URL is taken; anything else is an error on the page and is never used, in a request or a
// link. Seat tokens are never put in a URL: they travel in the Authorization header only.

const params = new URLSearchParams(location.search);

/** Why the `api` parameter was refused, or null when it is absent or an http(s) URL. */
export const API_PROBLEM = checkApi(params.get("api"));

/** The API's base URL, without a trailing slash ("" for the page's own origin). */
export const API_BASE = API_PROBLEM || !params.get("api") ? "" : new URL(params.get("api")).href.replace(/\/+$/, "");

/** Whether the page draws the board alone, to be embedded in another page (`?embed=1`). */
export const EMBED = params.get("embed") === "1";

function checkApi(value) {
  if (value === null || value === "") return null;
  let url;
  try {
    url = new URL(value);
  } catch {
    return "the api parameter is not a URL: give the API's address, e.g. ?api=http://127.0.0.1:8000";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return "the api parameter must be an http: or https: URL, e.g. ?api=http://127.0.0.1:8000";
  }
  if (url.username || url.password || url.search || url.hash) {
    return "the api parameter must be the API's address alone (no user, query or fragment)";
  }
  return null;
}

/** A link to another page of the client that keeps the `api` and `embed` settings. */
export function pageLink(page, query = {}) {
  const search = new URLSearchParams(query);
  if (API_BASE) search.set("api", API_BASE);
  if (EMBED) search.set("embed", "1");
  const text = search.toString();
  return text ? `${page}?${text}` : page;
}

/** The address of the API's documentation (on the API's own origin). */
export function docsLink() {
  return `${API_BASE}/docs`;
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

/**
 * A request that never reached the API or whose answer the browser withheld: the server is down,
 * the address is wrong, or (from another origin) the API does not allow this page's origin by CORS.
 */
export class NetworkError extends Error {
  constructor() {
    const where = API_BASE || location.origin;
    const cors = API_BASE && new URL(API_BASE).origin !== location.origin;
    super(
      `Could not reach the API at ${where}. Check that the server is running and that the address is right` +
        (cors ? `, and that the API's ARENA_CORS_ORIGINS lists this page's origin, ${location.origin}.` : "."),
    );
    this.code = "network/unreachable";
    this.status = 0;
    this.details = {};
  }
}

/** fetch() on the API, with a NetworkError in place of the browser's bare "Failed to fetch". */
export async function apiFetch(path, init) {
  if (API_PROBLEM) throw Object.assign(new Error(API_PROBLEM), { code: "page/bad_api_parameter" });
  try {
    return await fetch(API_BASE + path, init);
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    throw new NetworkError();
  }
}

/** One JSON request; resolves to `{body, etag}` or rejects with an ApiError. */
export async function request(path, { method = "GET", token = null, body = undefined, headers = {} } = {}) {
  const sent = { ...headers };
  if (token) sent["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await apiFetch(path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { code: "http/not_json", message: `the API answered ${response.status} with something other than JSON` };
  }
  if (!response.ok) throw new ApiError(parsed, response.status);
  return { body: parsed, etag: response.headers.get("ETag") };
}

/** A fresh Idempotency-Key. */
export function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
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
        const response = await apiFetch(`/matches/${encodeURIComponent(matchId)}/seat-stream?legal_limit=0`, {
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
  if (API_PROBLEM) throw new Error(API_PROBLEM);
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

/**
 * Tell the page that embeds this one (`?embed=1`) what happened: `{type, match_id, version}` with
 * `type` one of "arena.version", "arena.turn" (the seat must act; on the match page, the seats to
 * act changed) and "arena.over". Only public facts are sent, so any embedding origin may read them.
 */
export function postToParent(type, matchId, version) {
  if (!EMBED || window.parent === window) return;
  window.parent.postMessage({ type, match_id: matchId, version }, "*");
}
