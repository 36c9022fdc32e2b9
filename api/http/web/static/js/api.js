// The pages' one client of the Tabletop Arena API: the TypeScript client (tabletop-arena-sdk.js,
// built from sdk-ts/), set up for this page, with what the pages add around it: where the API is,
// links between pages, how an error reads, and messages to a page that embeds this one.
//
// The API's base URL comes from the page's `api` query parameter (`?api=http://host:8000`), so the
// same files work when served by the API itself under /play (no parameter: the same origin) or by
// any other web server (the API must then list that origin in ARENA_CORS_ORIGINS). Only an http: or
// https: URL is taken; anything else is an error on the page and is never used, in a request or a
// link. Seat tokens are never put in a URL: the client sends them in the Authorization header, or
// as the first message of the seat socket.

import { watchedFetch, watchedWebSocket } from "./connection.js";
import { Arena, ConnectionFailedError } from "./tabletop-arena-sdk.js";

const params = new URLSearchParams(location.search);

/** Why the `api` parameter was refused, or null when it is absent or an http(s) URL. */
export const API_PROBLEM = checkApi(params.get("api"));

/** The API's base URL, without a trailing slash ("" for the page's own origin). */
export const API_BASE = API_PROBLEM || !params.get("api") ? "" : new URL(params.get("api")).href.replace(/\/+$/, "");

/** Whether the page draws the board alone, to be embedded in another page (`?embed=1`). */
export const EMBED = params.get("embed") === "1";

/**
 * The client of the page's API (null when the `api` parameter was refused). A request that finds no
 * server is retried for a few seconds only, so that the page soon says what to check; the streams
 * the pages follow keep resuming for as long as the page is open (`FOLLOW`), and so do a seat's
 * moves. Its `fetch` and `WebSocket` are the browser's, watched by connection.js, which shows
 * whether the page is connected.
 */
export const arena = API_PROBLEM
  ? null
  : new Arena(API_BASE || location.origin, {
      retryFor: 3,
      retryPause: 1,
      fetch: watchedFetch,
      WebSocket: watchedWebSocket(),
    });

/**
 * The options of a followed stream and of a seat's move: it resumes (or is sent again, with its
 * key, so it applies once) after any drop, however long the API is away.
 */
export const FOLLOW = { retryFor: Infinity };

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

/**
 * What the page says of an error, `{code, message}`: the client's typed errors as they are, except
 * a request that never reached the API (or whose answer the browser withheld), for which the
 * browser says only "Failed to fetch": the page names the address and what to check.
 */
export function describeError(error) {
  if (!(error instanceof ConnectionFailedError) || error.code !== "client/connection_failed") return error;
  const where = API_BASE || location.origin;
  const cors = API_BASE && new URL(API_BASE).origin !== location.origin;
  return {
    code: "network/unreachable",
    message:
      `Could not reach the API at ${where}. Check that the server is running and that the address is right` +
      (cors ? `, and that the API's ARENA_CORS_ORIGINS lists this page's origin, ${location.origin}.` : "."),
  };
}

/**
 * Every event of a match's log, from the setup on (or those after the cursor `after`):
 * `page({after, limit})` reads one page of it (`arena.events(matchId, ...)` for the public log,
 * `seat.events(...)` for a seat's).
 */
export async function readLog(page, after = -1) {
  const events = [];
  for (;;) {
    const found = await page({ after, limit: 1000 });
    events.push(...found.events);
    if (!found.has_more) return { events, last: found.next_after };
    after = found.next_after;
  }
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

/**
 * Embedded: a function that posts "arena.version" for each version the page comes to, once each and
 * in order, from the first version it showed: when the page jumps from version 4 to 7 (a move's
 * answer after the bots' replies, or a batch of stream items), it posts 5, 6 and 7.
 */
export function versionMessages(matchId) {
  let last = null;
  return (version) => {
    if (last !== null && version <= last) return;
    for (let next = last === null ? version : last + 1; next <= version; next++) {
      postToParent("arena.version", matchId, next);
    }
    last = version;
  };
}
