// The table around any game: status, seats, whose turn, the clock, the result; then the game itself.

import { el, seatName, words } from "./dom.js";
import * as girafferaffe from "./games/girafferaffe.js";
import * as piliPili from "./games/pili-pili.js";
import * as pipifax from "./games/pipifax.js";
import * as taiga from "./games/taiga.js";
import { placeOf, resultSentence } from "./result.js";

/** One renderer module per game: `render(view, ctx)` returns the game's part of the page. */
export const RENDERERS = { pipifax, taiga, girafferaffe, "pili-pili": piliPili };

/** A game's title as players know it ("Pili Pili"), from its renderer. */
export function gameTitle(game) {
  const renderer = RENDERERS[game];
  return renderer && renderer.TITLE ? renderer.TITLE : words(game);
}

/** The seat names of a match resource (null where a seat has none yet). */
export function seatNames(match) {
  return (match.seats || []).map((seat) => seat.name || (seat.bot ? `${seat.bot} bot` : null));
}

function clock(seat) {
  if (!seat.deadline) return null;
  const left = Math.max(0, seat.deadline - Date.now() / 1000);
  return el("span", { class: "clock", "data-deadline": seat.deadline }, ` ${left.toFixed(0)} s left`);
}

/** Keep every clock on the page counting down between updates. */
export function tickClocks() {
  for (const node of document.querySelectorAll(".clock[data-deadline]")) {
    const left = Math.max(0, Number(node.dataset.deadline) - Date.now() / 1000);
    node.textContent = ` ${left.toFixed(0)} s left`;
  }
}

/** The seats list: who sits where, who acts, how each seat stands, and the clock. */
export function seatsPanel(match, ctx) {
  const toAct = new Set(match.to_act || []);
  return el(
    "ul",
    { class: "seats", "aria-label": "Seats" },
    (match.seats || []).map((seat) =>
      el(
        "li",
        { class: `seat${toAct.has(seat.seat) ? " to-act" : ""}${ctx.seat === seat.seat ? " me" : ""}`, "data-seat": seat.seat },
        el("strong", {}, seatName(ctx, seat.seat)),
        ctx.seat === seat.seat ? " (you)" : "",
        seat.kind === "open" ? " (open)" : "",
        seat.state !== "playing" ? ` (${seat.state.replace("_", " ")})` : "",
        toAct.has(seat.seat) ? el("span", { class: "turn-marker" }, " to act") : "",
        toAct.has(seat.seat) ? clock(seat) : null,
        placeOf(match, seat.seat) ? el("span", { class: "rank" }, `: ${placeOf(match, seat.seat)}`) : null,
      ),
    ),
  );
}

/** A one-line summary of where the match stands. */
export function statusLine(match, ctx) {
  let text = `${match.game}, version ${match.version}, ${match.status}`;
  if (match.status === "waiting") {
    const open = (match.seats || []).filter((seat) => seat.kind === "open").length;
    text += `: waiting for ${open} more player${open === 1 ? "" : "s"} to join`;
  }
  if (match.status === "active" && match.to_act.length) {
    const who = match.to_act.map((seat) => (seat === ctx.seat ? "you" : seatName(ctx, seat)));
    text += `: ${who.join(", ")} to act`;
  }
  const ended = resultSentence(match, ctx.seat ?? null, ctx.names || []);
  if (match.status === "aborted") text += `. ${ended}`;
  else if (ended) text += `. Match over. ${ended}`;
  return el("p", { class: "status", role: "status", "data-version": match.version, "data-status": match.status }, text);
}

/**
 * The game's own board for `view` (a match resource's `view`). It can hold the keyboard focus
 * (tabindex -1), where the page puts it back after a move. `ctx.reveal` holds the events of the
 * version shown: the game draws what they revealed (cards flipped, a trick taken) until the next.
 */
export function gameBoard(view, ctx) {
  const renderer = RENDERERS[view.game];
  if (!renderer) return el("pre", { class: "board" }, JSON.stringify(view, null, 2));
  const reveal = renderer.revealPanel ? renderer.revealPanel(ctx.reveal || [], view, ctx) : null;
  return el(
    "section",
    { class: `board game-${view.game}`, "aria-label": "Board", tabindex: -1 },
    reveal,
    renderer.render(view, ctx),
  );
}
