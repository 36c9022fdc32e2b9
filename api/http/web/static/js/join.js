// The join page: where a shared link leads (`join.html?match=<id>&seat=<n>`, a seat for a friend's with
// `#invitation=<secret>`: a fragment no request carries). It shows the match and the seat, asks for a
// name, and takes the seat (with the invitation); the seat page then opens with its token.
//
// It follows the match live over its public stream: a seat someone else takes, the match starting
// or the host calling it off shows at once, so the page never offers a seat that is gone.

import { FOLLOW, arena, pageLink, queryParam } from "./api.js";
import { onBack } from "./connection.js";
import { el } from "./dom.js";
import { howToPlay, matchParts, renderInto, setHeading, showError, startPage } from "./page.js";

const matchId = queryParam("match");
const wantedSeat = queryParam("seat") === null ? null : Number(queryParam("seat"));
const invitation = new URLSearchParams(location.hash.slice(1)).get("invitation");

let match = null;
let taking = false;
let pending = null;

function openSeat(token) {
  location.assign(`${pageLink("seat.html", { match: matchId })}#${new URLSearchParams({ token })}`);
}

/** The open seats this page can take: those open to anyone, and (holding an invitation) the seat it is for. */
function openSeats() {
  return match.seats
    .filter((seat) => seat.kind === "open" && (!seat.invitation || (invitation && seat.seat === wantedSeat)))
    .map((seat) => seat.seat);
}

/** Whether some seat is open, but only for friends the host invites (and this page holds no invitation to it). */
function onlyForFriends() {
  return match.seats.some((seat) => seat.kind === "open" && seat.invitation);
}

async function take(seat, name) {
  taking = true;
  render();
  try {
    const body = { name: name || undefined };
    if (seat !== null) body.seat = seat;
    if (invitation) body.invitation = invitation;
    const joined = await arena.join(matchId, body);
    openSeat(joined.token);
  } catch (error) {
    showError(error, "join");
    taking = false;
    await load();
  }
}

/** Why no seat can be taken, in a sentence, with a link to watch. */
function noSeat() {
  const why = {
    waiting: onlyForFriends()
      ? "The seats left are for friends the host invited: ask the host for your invitation link."
      : "Every seat is taken.",
    active: "Every seat is taken: the match has started.",
    finished: "This match is over: no seat can be taken.",
    aborted: "The host called this match off: no seat can be taken.",
  }[match.status];
  return el(
    "p",
    { class: "no-seat" },
    `${why} `,
    el("a", { href: pageLink(match.status === "finished" ? "replay.html" : "match.html", { id: matchId }) }, match.status === "finished" ? "Replay it" : "Watch it"),
  );
}

/** The seat the link names, taken by whom: "Seat 1 was taken by bea" (null when it is still open). */
function takenNote(open, seat) {
  if (wantedSeat === null || open.includes(wantedSeat)) return "";
  const taken = match.seats.find((found) => found.seat === wantedSeat);
  const by = taken && taken.name ? ` by ${taken.name}` : "";
  return `Seat ${wantedSeat} was taken${by}; seat ${seat} is still open. `;
}

function joinForm() {
  const open = openSeats();
  if (match.status !== "waiting" || !open.length) return noSeat();
  const seat = open.includes(wantedSeat) ? wantedSeat : open[0];
  const form = el(
    "form",
    { class: "join-form" },
    el("p", {}, takenNote(open, seat), `You are invited to seat ${seat} of this ${match.game} match.`),
    el("label", { for: "join-name" }, "Your name"),
    " ",
    el("input", { id: "join-name", maxlength: 64, value: "", autocomplete: "nickname", required: true }),
    " ",
    el("button", { type: "submit", class: "take-seat", disabled: taking }, `Take seat ${seat}`),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    take(seat, document.getElementById("join-name").value.trim());
  });
  return form;
}

function render() {
  const field = document.getElementById("join-name");
  const typed = field ? field.value : null;
  const focused = document.activeElement === field;
  renderInto(document.getElementById("table"), [
    joinForm(),
    ...matchParts(match, { seat: null, act: null, noWaitingRoom: true }),
    howToPlay(match.game),
  ]);
  const again = document.getElementById("join-name");
  if (again && typed !== null) {
    again.value = typed; // what the person typed survives the page following the match
    if (focused) again.focus();
  }
  document.body.dataset.status = match.status;
  document.body.dataset.version = String(match.version);
  setHeading("Join a match", match.game);
}

async function load() {
  pending = null;
  try {
    const fresh = await arena.match(matchId);
    if (!match || fresh.version >= match.version) match = fresh;
    render();
  } catch (error) {
    showError(error, "join");
  }
}

function soon() {
  if (!pending) pending = setTimeout(load, 50);
}

async function main() {
  if (!startPage()) return;
  if (!matchId) return showError(new Error("open this page with a link a match's host shared: join.html?match=<id>&seat=<n>"));
  document.title = `Join a match - Tabletop Arena`;
  onBack(load); // whatever happened while the connection was lost
  await load();
  if (!match || match.status !== "waiting") return;
  try {
    for await (const event of arena.stream(matchId, { after: match.version, ...FOLLOW })) {
      if (event.type === "match_over" || match.status !== "waiting") break; // no seat to offer any more
      soon();
    }
    await load();
  } catch (error) {
    showError(error, "join");
  }
}

main();
