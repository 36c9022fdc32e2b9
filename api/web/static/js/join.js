// The join page: where a shared link leads (`join.html?match=<id>&seat=<n>`). It shows the match
// and the seat, asks for a name, and takes the seat; the seat page then opens with its token.

import { arena, pageLink, queryParam } from "./api.js";
import { el } from "./dom.js";
import { howToPlay, matchParts, renderInto, showError, startPage } from "./page.js";

const matchId = queryParam("match");
const wantedSeat = queryParam("seat") === null ? null : Number(queryParam("seat"));

function openSeat(token) {
  location.assign(`${pageLink("seat.html", { match: matchId })}#${new URLSearchParams({ token })}`);
}

async function take(seat, name) {
  try {
    const body = { name: name || undefined };
    if (seat !== null) body.seat = seat;
    const joined = await arena.join(matchId, body);
    openSeat(joined.token);
  } catch (error) {
    showError(error);
    load();
  }
}

function joinForm(match) {
  const open = match.seats.filter((seat) => seat.kind === "open").map((seat) => seat.seat);
  if (match.status !== "waiting" || !open.length) {
    return el(
      "p",
      { class: "no-seat" },
      match.status === "waiting" ? "Every seat is taken. " : `This match is ${match.status}: no seat is open. `,
      el("a", { href: pageLink("match.html", { id: matchId }) }, "Watch it"),
    );
  }
  const seat = open.includes(wantedSeat) ? wantedSeat : open[0];
  const note = wantedSeat !== null && !open.includes(wantedSeat) ? `Seat ${wantedSeat} is taken; seat ${seat} is still open. ` : "";
  const form = el(
    "form",
    { class: "join-form" },
    el("p", {}, `${note}You are invited to seat ${seat} of this ${match.game} match.`),
    el("label", { for: "join-name" }, "Your name"),
    " ",
    el("input", { id: "join-name", maxlength: 64, value: "", autocomplete: "nickname", required: true }),
    " ",
    el("button", { type: "submit", class: "take-seat" }, `Take seat ${seat}`),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    take(seat, document.getElementById("join-name").value.trim());
  });
  return form;
}

async function load() {
  try {
    const match = await arena.match(matchId);
    const focused = document.activeElement && document.activeElement.id === "join-name";
    const typed = focused ? document.getElementById("join-name").value : null;
    renderInto(document.getElementById("table"), [joinForm(match), ...matchParts(match, { seat: null, act: null, noWaitingRoom: true }), howToPlay(match.game)]);
    if (typed !== null) {
      const field = document.getElementById("join-name");
      if (field) {
        field.value = typed;
        field.focus();
      }
    }
    document.body.dataset.status = match.status;
  } catch (error) {
    showError(error);
  }
}

async function main() {
  if (!startPage()) return;
  if (!matchId) return showError(new Error("open this page with a link a match's host shared: join.html?match=<id>&seat=<n>"));
  document.title = `Join match ${matchId} - Tabletop Arena`;
  await load();
}

main();
