// The page's connection to the API, as a person sees it: offline, reconnecting, back.
//
// The client (tabletop-arena-sdk.js) retries and resumes by itself; this module only watches what
// it does, through the `fetch` and `WebSocket` the page's Arena is given (api.js): a request or
// stream that got no answer, or a seat socket that dropped after it had opened, means the
// connection is lost; any answer, or a socket that opens, means it is back. The browser's
// `offline` and `online` events say the network itself went away and came back. The state is
// shown in the page's `#connection` line (a live region), with a note on a move made meanwhile.

/** "online", "offline" (the browser has no network), or "reconnecting" (the API cannot be reached). */
let state = "online";
/** Whether the API has answered this page at least once: before that, a failure is an address to check, not a drop. */
let reached = false;
/** When the connection was lost (ms since the epoch), or null. */
let lostSince = null;
/** The note on a move made while the connection was lost, or null. */
let moveNote = null;
let backTimer = null;
let showingBack = false;
const backListeners = new Set();
const changeListeners = new Set();

/** How long "Connected again" stays on the page, in milliseconds. */
const BACK_SHOWN_MS = 6000;

/** The connection's state now: "online", "offline" or "reconnecting". */
export function connectionState() {
  return state;
}

/** Whether the page lost its connection after it had one (so a failed request is a drop, said by the status line). */
export function isLost() {
  return state !== "online";
}

/** Call `listener` each time the connection comes back (pages read the match again then). */
export function onBack(listener) {
  backListeners.add(listener);
}

/** Call `listener` each time the state changes (lost, offline, reconnecting, back). */
export function onChange(listener) {
  changeListeners.add(listener);
}

/** Show (or clear, with null) a note on a move made while the connection was lost. */
export function setMoveNote(text) {
  moveNote = text;
  draw();
}

function lost() {
  if (!reached) return; // never connected: the page's error says what to check
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const next = offline ? "offline" : "reconnecting";
  if (state === next) return;
  if (state === "online") lostSince = Date.now();
  state = next;
  showingBack = false;
  clearTimeout(backTimer);
  draw();
  for (const listener of changeListeners) listener(state);
}

function answered() {
  const wasLost = state !== "online";
  reached = true;
  if (!wasLost || (typeof navigator !== "undefined" && navigator.onLine === false)) return; // back once the browser is
  state = "online";
  lostSince = null;
  showingBack = true;
  clearTimeout(backTimer);
  backTimer = setTimeout(() => {
    showingBack = false;
    draw();
  }, BACK_SHOWN_MS);
  draw();
  for (const listener of changeListeners) listener(state);
  for (const listener of backListeners) listener();
}

/** Whether a failed `fetch` got no answer (not one the page itself called off). */
function isDrop(error) {
  return error instanceof TypeError || (error && error.name === "TimeoutError");
}

/**
 * A stream's body, read through: a read that fails (the connection broke mid-stream) is a drop,
 * and every chunk an answer. Only event streams are wrapped; other answers are read whole at once.
 */
function watchedBody(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.body || !type.startsWith("text/event-stream")) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else {
          answered();
          controller.enqueue(value);
        }
      } catch (error) {
        if (isDrop(error)) lost();
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The `fetch` the page's Arena sends with: the browser's, watched. */
export async function watchedFetch(request) {
  let response;
  try {
    response = await globalThis.fetch(request);
  } catch (error) {
    if (isDrop(error)) lost();
    throw error;
  }
  answered();
  return watchedBody(response);
}

/**
 * The WebSocket class the page's seat sockets open with: the browser's, watched (undefined where
 * the browser has none, so the client reads the seat stream). A socket that never opened is not a
 * drop: the client then falls back to the stream, or tries again.
 */
export function watchedWebSocket() {
  const Base = globalThis.WebSocket;
  if (typeof Base !== "function") return undefined;
  return class WatchedWebSocket extends Base {
    constructor(url, protocols) {
      super(url, protocols);
      let opened = false;
      this.addEventListener("open", () => {
        opened = true;
        answered();
      });
      this.addEventListener("message", answered);
      this.addEventListener("close", (event) => {
        if (opened && event.code !== 1000) lost();
      });
    }
  };
}

function seconds() {
  return lostSince === null ? 0 : Math.round((Date.now() - lostSince) / 1000);
}

/** The words of the connection line now ("" when there is nothing to say). */
function words() {
  let text = "";
  if (state === "offline") {
    text = "You are offline. The page reconnects by itself when the network is back; nothing you see is lost.";
  } else if (state === "reconnecting") {
    const since = seconds();
    text = `The connection to the server is lost${since >= 2 ? ` (for ${since} s)` : ""}. Reconnecting…`;
  } else if (showingBack) {
    text = "Connected again: the page shows the match as it is now.";
  }
  return [text, moveNote].filter(Boolean).join(" ");
}

function draw() {
  const line = typeof document === "undefined" ? null : document.getElementById("connection");
  if (!line) return;
  const text = words();
  if (line.textContent !== text) line.textContent = text;
  line.dataset.state = showingBack && state === "online" ? "back" : state;
}

if (typeof window !== "undefined") {
  window.addEventListener("offline", lost);
  window.addEventListener("online", () => {
    if (state === "offline") {
      state = "reconnecting";
      draw();
      for (const listener of changeListeners) listener(state);
    }
  });
  setInterval(() => {
    if (state === "reconnecting") draw(); // the seconds since the drop
  }, 1000);
}
