// The match page: the public view of a match, kept up to date by its public event stream (read with
// fetch by the client, resumed after any drop).
//
// Opened with the host token in the fragment (`match.html?id=<id>#host=<token>`, as the start page
// does for a match its creator watches), it also shows the links to share for open seats and an
// *Abort* button.

import { EMBED, FOLLOW, arena, pageLink, postToParent, queryParam, readLog, versionMessages } from "./api.js";
import { gameTitle } from "./board.js";
import { onBack } from "./connection.js";
import { el } from "./dom.js";
import { rememberSeat } from "./my-seats.js";
import {
  fragment,
  heldInvitations,
  hostPanel,
  howToPlay,
  logPanel,
  matchParts,
  renderInto,
  revealedAt,
  setHeading,
  showError,
  startPage,
} from "./page.js";

const matchId = queryParam("id");
const hostToken = fragment().get("host");
let match = null;
const events = [];
let pending = null;
const state = { confirmingAbort: false, toAct: "", over: false };
const postVersion = versionMessages(matchId);

function render() {
  const replay = match.status === "finished" || match.status === "aborted";
  const ctx = {
    seat: null,
    act: null,
    reveal: revealedAt(events, match.version),
    events: events.filter((event) => event.version < match.version),
  };
  renderInto(document.getElementById("table"), [
    ...matchParts(match, ctx),
    hostPanel(match, hostToken, state, render, (aborted) => {
      match = aborted;
      render();
    }),
    match.pace_ms && !replay ? el("p", { class: "pace" }, `The bots wait ${match.pace_ms / 1000} s before each move.`) : null,
    replay && !EMBED
      ? el("p", {}, el("a", { href: pageLink("replay.html", { id: matchId }), class: "replay-link" }, "Replay this match"))
      : null,
    howToPlay(match.game),
    logPanel(events),
  ]);
  document.body.dataset.version = String(match.version);
  document.body.dataset.status = match.status;
  if (!EMBED) {
    setHeading(hostToken ? "Your match" : "Watch a match", match.game);
    document.title = `${gameTitle(match.game)}, ${match.status} - Tabletop Arena`;
  }
  tellParent();
}

/**
 * Embedded: tell the parent page about every version (each once, in order, however many came at
 * once), a change of the seats to act, and the end.
 */
function tellParent() {
  postVersion(match.version);
  const toAct = (match.to_act || []).join(",");
  if (toAct && toAct !== state.toAct) postToParent("arena.turn", matchId, match.version);
  state.toAct = toAct;
  if ((match.status === "finished" || match.status === "aborted") && !state.over) {
    state.over = true;
    postToParent("arena.over", matchId, match.version);
  }
}

async function refresh() {
  pending = null;
  try {
    const fresh = await arena.match(matchId);
    if (!match || fresh.version >= match.version) match = fresh;
    render();
    showError(null);
  } catch (error) {
    showError(error);
  }
}

function soon() {
  if (!pending) pending = setTimeout(refresh, 50);
}

async function main() {
  if (!startPage()) return;
  if (!matchId) return showError(new Error("no match: open this page as match.html?id=<match id>"));
  document.title = `Watch a match - Tabletop Arena`;
  onBack(refresh); // whatever was missed while the connection was lost
  await refresh();
  if (!match) return;
  if (hostToken && !EMBED) rememberSeat({ matchId, host: hostToken, game: match.game, invitations: heldInvitations() });
  try {
    const { events: past, last } = await readLog((query) => arena.events(matchId, query));
    events.push(...past);
    await refresh(); // at least as new as the log just read, so a match that ended meanwhile shows it
    if (match.status === "finished" || match.status === "aborted") {
      // Ended while the log was read: its last events, which no stream will bring now.
      events.push(...(await readLog((query) => arena.events(matchId, query), last)).events);
      return render();
    }
    for await (const event of arena.stream(matchId, { after: last, ...FOLLOW })) {
      if (event.type === "event") events.push(event.data);
      soon();
    }
  } catch (error) {
    showError(error);
  }
}

main();
