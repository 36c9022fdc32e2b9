// The start page's "Your matches": the seats this browser holds (my-seats.js), each with where its
// match stands now (read from the API's public match resource), a link back to the seat, and a
// way to forget it. Nothing is listed, or sent, for another browser.

import { arena, pageLink } from "./api.js";
import { gameTitle } from "./board.js";
import { el } from "./dom.js";
import { forgetAllSeats, forgetSeat, rememberedSeats, seatFragment } from "./my-seats.js";
import { resultSentence } from "./result.js";

/** The most of them read and listed (the newest first). */
const LISTED = 20;

/** Where a match stands for the seat this browser holds, in a few words. */
function standing(match, seat) {
  const names = (match.seats || []).map((info) => info.name || (info.bot ? `${info.bot} bot` : null));
  if (match.status === "waiting") {
    const open = match.seats.filter((info) => info.kind === "open").length;
    return `Waiting for ${open} more player${open === 1 ? "" : "s"}.`;
  }
  if (match.status === "active") {
    if (seat !== null && match.to_act.includes(seat)) return "Your turn!";
    const who = match.to_act.map((other) => names[other] || `seat ${other}`);
    return who.length ? `${who.join(", ")} to play.` : "In play.";
  }
  return resultSentence(match, seat, names) || match.status;
}

/** One remembered seat's row: the match as it is now, or that it is gone. */
async function row(entry, redraw) {
  let match = null;
  let gone = false;
  try {
    match = await arena.match(entry.match_id);
  } catch (error) {
    if (error && error.code === "match/not_found") gone = true;
    else throw error;
  }
  const page = entry.token ? pageLink("seat.html", { match: entry.match_id }) : pageLink("match.html", { id: entry.match_id });
  const what = entry.seat === null ? "host (not playing)" : `seat ${entry.seat}`;
  const forget = el(
    "button",
    {
      class: "forget-seat",
      "aria-label": `Forget your ${what} in the ${gameTitle(entry.game || "")} match`,
      onclick: () => {
        forgetSeat(entry.match_id, entry.seat);
        redraw();
      },
    },
    "Forget",
  );
  const yourTurn = Boolean(match && match.status === "active" && entry.seat !== null && match.to_act.includes(entry.seat));
  return el(
    "tr",
    { "data-match": entry.match_id, "data-seat": entry.seat === null ? "host" : entry.seat, class: yourTurn ? "your-turn" : null },
    el("td", {}, gameTitle((match && match.game) || entry.game || "")),
    el("td", {}, what),
    el("td", { class: "standing" }, gone ? "This match is gone: it expired." : standing(match, entry.seat)),
    el(
      "td",
      {},
      gone ? null : el("a", { href: `${page}#${seatFragment(entry)}`, class: "open-seat" }, entry.token ? "Open your seat" : "Open the match"),
      " ",
      forget,
    ),
  );
}

/** Draw (again) the start page's "Your matches": hidden while this browser holds no seat. */
export async function drawYourMatches() {
  const section = document.getElementById("your-matches-section");
  const table = document.getElementById("your-matches");
  if (!section || !table) return;
  const entries = rememberedSeats().slice(0, LISTED);
  section.hidden = entries.length === 0;
  if (!entries.length) {
    table.replaceChildren();
    return;
  }
  const redraw = () => drawYourMatches().catch(() => {});
  const rows = await Promise.all(entries.map((entry) => row(entry, redraw)));
  const head = el("tr", {}, ["game", "you", "where it stands", ""].map((text) => el("th", { scope: "col" }, text)));
  table.replaceChildren(head, ...rows);
  const all = document.getElementById("forget-all-seats");
  all.onclick = () => {
    forgetAllSeats();
    redraw();
  };
}
