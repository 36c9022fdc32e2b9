// The match page: the public view of a match, kept up to date by its public event stream.

import { followPublicStream, getJson, pageLink, queryParam, readLog } from "./api.js";
import { el } from "./dom.js";
import { fixHomeLink, logPanel, matchParts, renderInto, showError } from "./page.js";

const matchId = queryParam("id");
let match = null;
const events = [];
let pending = null;

function render() {
  const replay = match.status === "finished" || match.status === "aborted";
  renderInto(document.getElementById("table"), [
    ...matchParts(match, { seat: null, act: null }),
    replay ? el("p", {}, el("a", { href: pageLink("replay.html", { id: matchId }), class: "replay-link" }, "Replay this match")) : null,
    logPanel(events),
  ]);
}

async function refresh() {
  pending = null;
  try {
    const fresh = await getJson(`/matches/${encodeURIComponent(matchId)}`);
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
  fixHomeLink();
  if (!matchId) return showError(new Error("no match: open this page as match.html?id=<match id>"));
  document.title = `Match ${matchId} - Tabletop Arena`;
  await refresh();
  if (!match) return;
  const { events: past, last } = await readLog(`/matches/${encodeURIComponent(matchId)}/events`);
  events.push(...past);
  await refresh(); // at least as new as the log just read, so a match that ended meanwhile shows it
  if (match.status === "finished" || match.status === "aborted") return;
  followPublicStream(
    matchId,
    (event) => {
      if (event.type === "event") events.push(event.data);
      soon();
    },
    last,
  );
}

main();
