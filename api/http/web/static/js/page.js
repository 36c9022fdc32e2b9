// What the match, seat and replay pages share: rendering a match resource, errors, the event log,
// the "How to play" panel, the embedded form of a page and the host's controls.

import { API_PROBLEM, EMBED, arena, describeError, pageLink } from "./api.js";
import { gameBoard, gameTitle, seatNames, seatsPanel, statusLine, tickClocks } from "./board.js";
import { isLost } from "./connection.js";
import { el } from "./dom.js";
import { errorSentence } from "./errors.js";
import { HOW_TO_PLAY } from "./how-to-play.js";
import { RENDERERS } from "./board.js";

setInterval(tickClocks, 1000);

/**
 * Show an API or network error in the page's alert line as a sentence (empty: clear it); its code
 * goes in the line's `data-code`. `doing` names what the person tried ("join", "act", ...), where
 * the same code reads differently. A request that failed because the connection dropped is said
 * by the connection line (connection.js), not here.
 */
export function showError(error, doing = null) {
  const box = document.getElementById("error");
  if (error && isLost() && error.code === "client/connection_failed") return;
  const { code, text } = errorSentence(error ? describeError(error) : null, doing);
  box.textContent = text;
  if (code) box.dataset.code = code;
  else delete box.dataset.code;
}

/** Head the page with what it shows: "Your seat: Taiga" (and the tab's title, unless the page sets its own). */
export function setHeading(text, game) {
  const heading = document.querySelector("header h1");
  const full = game ? `${text}: ${gameTitle(game)}` : text;
  if (heading && heading.textContent !== full) heading.textContent = full;
  return full;
}

/**
 * Set the page up: the embedded form (`?embed=1`: the board alone, no header or links), the home
 * link that keeps the `api` setting, and a refused `api` parameter shown as the page's error.
 * Returns false when the page cannot talk to any API.
 */
export function startPage() {
  if (EMBED) document.body.classList.add("embed");
  for (const link of document.querySelectorAll("a.home")) link.href = pageLink("./");
  if (API_PROBLEM) {
    showError({ code: "page/bad_api_parameter", message: API_PROBLEM });
    return false;
  }
  return true;
}

/** One event of the log as a line of text. */
export function eventText(event) {
  const data = Object.entries(event.data || {})
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
  return `v${event.version} ${event.kind.replace(/_/g, " ")}${data ? ` (${data})` : ""}`;
}

/** How many of the latest events the log shows. */
export const LOG_SHOWN = 200;

/**
 * The event log panel (newest last); it scrolls to the newest entry once it is on the page. It
 * shows the latest LOG_SHOWN events, numbered as they stand in the whole log (the first shown is
 * number `total - LOG_SHOWN + 1`), and says how many earlier ones it leaves out.
 */
export function logPanel(events) {
  if (EMBED) return null;
  const shown = events.slice(-LOG_SHOWN);
  const first = events.length - shown.length + 1;
  return el(
    "section",
    { "aria-label": "Events" },
    el("h2", {}, "Events"),
    first > 1
      ? el("p", { class: "note log-note" }, `The latest ${shown.length} of ${events.length} events (${first - 1} earlier ones are not shown).`)
      : null,
    el(
      "ol",
      { class: "log", tabindex: 0, start: first, "aria-label": "Event log, newest last" },
      shown.map((event) => el("li", {}, eventText(event))),
    ),
  );
}

/** The events of `version` alone: what its decision revealed, shown until the next version. */
export function revealedAt(events, version) {
  return events.filter((event) => event.version === version);
}

/** The game's "How to play" panel (from the rules docs) and how this page lets you play it. */
export function howToPlay(game) {
  if (EMBED || !HOW_TO_PLAY[game]) return null;
  const renderer = RENDERERS[game];
  return el(
    "details",
    { class: "how-to-play" },
    el("summary", {}, "How to play"),
    HOW_TO_PLAY[game].map((block) =>
      block.kind === "ul" ? el("ul", {}, block.items.map((item) => el("li", {}, item))) : el("p", {}, block.text),
    ),
    renderer && renderer.HINT ? el("p", { class: "hint" }, el("strong", {}, "On this page: "), renderer.HINT) : null,
  );
}

/** What is pressed on the page now: pointers (their `pointerId`s) and Space on a button (`"space"`). */
const pressed = new Set();
/** The latest content asked of each container while something was pressed: drawn once nothing is. */
const held = new Map();

function release(press) {
  if (!pressed.delete(press)) return;
  // After the click this release makes, whose handler may draw anew itself (and so drop what is held).
  if (!pressed.size) setTimeout(drawHeld, 0);
}

document.addEventListener("pointerdown", (event) => pressed.add(event.pointerId), true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, (event) => release(event.pointerId), true);
}
// Space clicks a button at its release (Enter at its press), and only the button it went down on.
document.addEventListener(
  "keydown",
  (event) => {
    if (event.key === " " && event.target instanceof HTMLButtonElement) pressed.add("space");
  },
  true,
);
document.addEventListener(
  "keyup",
  (event) => {
    if (event.key === " ") release("space");
  },
  true,
);

// A press whose release the page never hears (the window lost the focus meanwhile) holds nothing back.
window.addEventListener("blur", () => {
  pressed.clear();
  drawHeld();
});

function drawHeld() {
  if (pressed.size) return;
  for (const [container, parts] of [...held]) draw(container, parts);
}

/**
 * Replace `container`'s content with the match, keeping keyboard focus where it was: on the element
 * with the same `data-key` (a legal action's button) when there is one again, else on the board
 * (when the focus was in the board or on an action), so that it never falls back to the page.
 *
 * While a pointer or Space is pressed the content waits, and the latest is drawn at its release. The
 * button under a press must still be there at its release: the browser clicks only an element both
 * landed on, so a redraw between the two (a move of another seat, an event on the stream) would lose
 * the click.
 */
export function renderInto(container, parts) {
  if (pressed.size) held.set(container, parts);
  else draw(container, parts);
}

function draw(container, parts) {
  held.delete(container);
  const active = document.activeElement;
  const focused = active && active.dataset ? active.dataset.key : null;
  const inTable = active && active !== document.body && container.contains(active);
  const log = container.querySelector(".log");
  const followLog = !log || log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  container.replaceChildren(...parts.filter(Boolean));
  if (focused) {
    const again = [...container.querySelectorAll("[data-key]")].find((node) => node.dataset.key === focused);
    if (again && !again.disabled) {
      again.focus();
      return followNewest(container, followLog);
    }
  }
  if (inTable && !container.contains(document.activeElement)) {
    const board = container.querySelector("section.board");
    if (board) board.focus({ preventScroll: true });
  }
  followNewest(container, followLog);
}

function followNewest(container, follow) {
  const log = container.querySelector(".log");
  if (log && follow) log.scrollTop = log.scrollHeight;
}

/** The standard parts of a match's page: status, seats, the waiting room (unless `ctx.noWaitingRoom`), board. */
export function matchParts(match, ctx) {
  const full = { names: seatNames(match), ...ctx };
  const room = ctx.noWaitingRoom ? null : waitingRoom(match);
  return [statusLine(match, full), seatsPanel(match, full), room, gameBoard(match.view, full)];
}

/** A page address on this page's own origin, absolute (to share). */
export function absoluteLink(page, query) {
  return new URL(pageLink(page, query), location.href).href;
}

/** The link that lets a person take open `seat` of the match (with its invitation, for a seat for a friend). */
export function joinLink(matchId, seat, invitation = null) {
  const link = absoluteLink("join.html", { match: matchId, seat });
  return invitation ? `${link}#${new URLSearchParams({ invitation })}` : link;
}

/** The invitations this page holds (the host's, in its fragment: `invite-<seat>`), by seat. */
export function heldInvitations() {
  const held = {};
  for (const [key, value] of fragment()) if (key.startsWith("invite-")) held[key.slice("invite-".length)] = value;
  return held;
}

/**
 * While a match waits for players: its open seats, each with the link to share for it, and a
 * button that copies it. Updated live by the page as seats fill.
 */
export function waitingRoom(match) {
  if (match.status !== "waiting") return null;
  const open = match.seats.filter((seat) => seat.kind === "open");
  return el(
    "section",
    { class: "waiting-room", "aria-label": "Waiting room" },
    el("h2", {}, "Waiting for players"),
    el(
      "p",
      {},
      `${open.length} of ${match.players} seats ${open.length === 1 ? "is" : "are"} still open. `,
      "Send each link to one person: it lets them take that seat. The match starts when every seat is taken.",
    ),
    el(
      "ul",
      { class: "share-links" },
      open.map((seat) => {
        const invitation = heldInvitations()[String(seat.seat)] ?? null;
        if (seat.invitation && !invitation) {
          return el(
            "li",
            { "data-seat": seat.seat, class: "friend-seat" },
            `Seat ${seat.seat}${seat.name ? ` (${seat.name})` : ""}: for a friend the host invites (only the host has its link).`,
          );
        }
        const link = joinLink(match.match_id, seat.seat, invitation);
        return el(
          "li",
          { "data-seat": seat.seat },
          el("span", {}, `Seat ${seat.seat}${seat.name ? ` (${seat.name})` : ""}: `),
          el("input", {
            class: "share-link",
            readonly: true,
            value: link,
            "aria-label": `Link to share for seat ${seat.seat}`,
            "data-key": `share-${seat.seat}`,
          }),
          " ",
          el(
            "button",
            {
              class: "copy-link",
              "data-key": `copy-${seat.seat}`,
              onclick: (event) => copyLink(link, event.currentTarget),
            },
            `Copy the link for seat ${seat.seat}`,
          ),
        );
      }),
    ),
  );
}

async function copyLink(link, button) {
  try {
    await navigator.clipboard.writeText(link);
    button.textContent = "Copied";
  } catch {
    const field = button.parentElement.querySelector("input");
    field.focus();
    field.select();
    button.textContent = "Select and copy the link";
  }
}

/**
 * The host's controls: *Abort the match*, which asks once more before it calls the match off with
 * the host token (kept in the page only, from the URL fragment). `state.confirmingAbort` holds the
 * question; `redraw` draws the page again; `after` gets the aborted match.
 */
export function hostPanel(match, hostToken, state, redraw, after) {
  if (!hostToken || match.status === "finished" || match.status === "aborted") return null;
  const abort = async () => {
    state.confirmingAbort = false;
    try {
      const aborted = await arena.abort(match.match_id, hostToken);
      showError(null);
      after(aborted);
    } catch (error) {
      showError(error, "abort");
      redraw();
    }
  };
  if (!state.confirmingAbort) {
    return el(
      "section",
      { class: "host", "aria-label": "Host" },
      el(
        "button",
        {
          class: "abort",
          "data-key": "abort",
          onclick: () => {
            state.confirmingAbort = true;
            redraw();
          },
        },
        "Abort the match",
      ),
      el("span", { class: "note" }, " You created this match: you may call it off."),
    );
  }
  return el(
    "section",
    { class: "host", "aria-label": "Host" },
    el("p", { role: "alert" }, "Abort this match for everyone? Nobody wins and nobody can play on."),
    el("button", { class: "confirm-abort", onclick: abort }, "Yes, abort"),
    " ",
    el(
      "button",
      {
        class: "cancel-abort",
        "data-key": "abort",
        onclick: () => {
          state.confirmingAbort = false;
          redraw();
        },
      },
      "Keep the match",
    ),
  );
}

/** The fragment's `key=value` settings (`#token=...&host=...`), which no request carries. */
export function fragment() {
  return new URLSearchParams(location.hash.slice(1));
}
