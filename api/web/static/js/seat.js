// The seat page: what one seat sees, and its legal actions to take by clicking.
//
// The seat's token comes in the URL fragment (`seat.html?match=<id>#token=<token>`), which the
// browser never sends anywhere; the page keeps it in memory, and the client sends it only as the
// first message of the seat socket or in the Authorization header of a request. The page follows
// the seat over its socket, which carries its moves too; where no socket opens (no WebSocket, or
// a proxy that refuses the upgrade) it reads the seat stream with fetch() and moves by POST.

import { EMBED, FOLLOW, arena, pageLink, postToParent, queryParam, readLog } from "./api.js";
import { el } from "./dom.js";
import {
  fragment,
  hostPanel,
  howToPlay,
  logPanel,
  matchParts,
  renderInto,
  revealedAt,
  showError,
  startPage,
} from "./page.js";

const matchId = queryParam("match");
const token = fragment().get("token");
/** The host token, when this page's person created the match (kept in the fragment and in memory). */
const hostToken = fragment().get("host");
/** The client's seat (made in `main`, which shows why a token cannot be one). */
let seat = null;

/** How many legal actions are listed in full; past that, a uniform sample of SAMPLE of them. */
const LIST_MAX = 200;
const SAMPLE = 30;

const state = {
  match: null,
  legal: [],
  counts: {},
  total: 0,
  legalVersion: -1,
  events: [],
  busy: false,
  memory: {},
  confirmingResign: false,
  confirmingAbort: false,
  posted: { version: -1, turn: -1 },
};
let pending = null;

function myTurn() {
  return state.match && state.match.status === "active" && state.match.to_act.includes(state.match.seat);
}

function actionsPanel() {
  if (state.match.status === "waiting") return null; // the waiting room says what happens next
  if (!myTurn()) {
    const me = state.match.seats[state.match.seat];
    const note = me.state !== "playing" ? null : "Not your turn: the page follows the match and says when it is.";
    return note ? el("section", { class: "actions", "aria-label": "Your actions" }, el("p", {}, note)) : null;
  }
  const listed = state.legalVersion === state.match.version ? state.legal : [];
  const note =
    state.total > listed.length
      ? `${state.total} legal actions; ${listed.length} of them, drawn at random, are listed. The board lets you compose any other.`
      : `${state.total} legal action${state.total === 1 ? "" : "s"}.`;
  return el(
    "section",
    { class: "actions", "aria-label": "Your actions" },
    el("h2", {}, "Your turn"),
    el("p", { class: "legal-count" }, note),
    el(
      "ul",
      {},
      listed.map((entry) =>
        el(
          "li",
          {},
          el(
            "button",
            {
              class: "legal-action legal",
              "data-key": JSON.stringify(entry.action),
              disabled: state.busy,
              onclick: () => act(entry.action),
            },
            entry.label,
          ),
        ),
      ),
    ),
  );
}

/** The seat's way out: resign, after a second click that confirms it; a note once the seat is out. */
function leavePanel() {
  if (state.match.status !== "active") return null; // nothing to resign before the match starts
  const me = state.match.seats[state.match.seat];
  if (me.state !== "playing") {
    const why = { resigned: "You resigned", timed_out: "Your time ran out", disqualified: "You were disqualified" }[me.state];
    return el(
      "p",
      { class: "seat-out" },
      `${why || "Your seat is out"}: you rank below every seat still playing, and the server plays your seat's remaining turns.`,
    );
  }
  if (!state.confirmingResign) {
    return el(
      "section",
      { class: "leave", "aria-label": "Leave the match" },
      // The same data-key as "Keep playing": the focus moves between the two as the page redraws.
      el("button", { class: "resign", "data-key": "leave", disabled: state.busy, onclick: () => confirmResign(true) }, "Resign"),
    );
  }
  return el(
    "section",
    { class: "leave", "aria-label": "Leave the match" },
    el("p", { role: "alert" }, "Resign this match? You will rank below every seat still playing. This cannot be undone."),
    el("button", { class: "confirm-resign", disabled: state.busy, onclick: resign }, "Yes, resign"),
    " ",
    el(
      "button",
      { class: "cancel-resign", "data-key": "leave", disabled: state.busy, onclick: () => confirmResign(false) },
      "Keep playing",
    ),
  );
}

function confirmResign(asking) {
  state.confirmingResign = asking;
  render();
}

function render() {
  const match = state.match;
  const ctx = {
    seat: match.seat,
    version: match.version,
    legal: state.legalVersion === match.version ? state.legal : [],
    counts: state.legalVersion === match.version ? state.counts : {},
    act: myTurn() && !state.busy ? act : null,
    memory: state.memory,
    rerender: render,
    reveal: revealedAt(state.events, match.version),
    events: state.events.filter((event) => event.version < match.version),
  };
  const over = match.status === "finished" || match.status === "aborted";
  renderInto(document.getElementById("table"), [
    ...matchParts(match, ctx),
    over ? null : actionsPanel(),
    over ? null : leavePanel(),
    hostPanel(match, hostToken, state, render, () => refresh()),
    over && !EMBED
      ? el("p", {}, el("a", { class: "replay-link", href: pageLink("replay.html", { id: matchId }) }, "Replay this match"))
      : null,
    EMBED ? null : el("p", {}, el("a", { href: pageLink("match.html", { id: matchId }) }, "Watch as a spectator")),
    howToPlay(match.game),
    logPanel(state.events),
  ]);
  document.body.dataset.version = String(match.version);
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.status = match.status;
  tellParent(match);
}

/** Embedded: tell the parent page about a new version, this seat's turn and the end, once each. */
function tellParent(match) {
  if (state.posted.version === match.version) return;
  state.posted.version = match.version;
  postToParent("arena.version", matchId, match.version);
  if (myTurn() && state.posted.turn !== match.version) {
    state.posted.turn = match.version;
    postToParent("arena.turn", matchId, match.version);
  }
  if (match.status === "finished" || match.status === "aborted") postToParent("arena.over", matchId, match.version);
}

async function loadLegal(version) {
  const listing = await seat.legal({ limit: LIST_MAX });
  let page = listing;
  if (listing.total > listing.actions.length) page = await seat.legal({ sample: SAMPLE });
  if (page.version !== version) return;
  const counts = {};
  if (page.total > LIST_MAX && state.match.game === "girafferaffe") {
    // Too many plays to list: ask, tree by tree, whether any play fits it (to highlight the trees).
    const trees = state.match.view.trees.map((tree) => tree.id);
    const totals = await Promise.all(trees.map((tree) => seat.legal({ limit: 1, filters: [`tree=${tree}`] })));
    counts.tree = Object.fromEntries(trees.map((tree, index) => [tree, totals[index].total]));
  }
  if (page.version !== version) return;
  state.legal = page.actions.map((action, index) => ({ action, label: page.labels[index] }));
  state.total = page.total;
  state.counts = counts;
  state.legalVersion = version;
}

/**
 * Take `match` (a seat view) if it is not older than what the page shows, and its legal actions.
 * An older one only redraws the page: a move's answer comes after the stream may have shown a newer
 * version while the page was busy, drawn then with its buttons disabled.
 */
async function show(match) {
  if (state.match && match.version < state.match.version) return render();
  state.match = match;
  if (myTurn() && state.legalVersion !== match.version) await loadLegal(match.version);
  if (state.match.version === match.version) render();
}

async function refresh() {
  pending = null;
  try {
    await show(await seat.view());
  } catch (error) {
    showError(error);
  }
}

function soon() {
  if (!pending) pending = setTimeout(refresh, 50);
}

/**
 * Do one thing as the seat (busy meanwhile): show the view it answers with, or its refusal and
 * then the match as it is.
 */
async function send(doing) {
  state.busy = true;
  render();
  let seen = null;
  try {
    seen = await doing();
    showError(null);
  } catch (error) {
    showError(error);
  } finally {
    state.busy = false;
  }
  if (seen === null) return refresh();
  try {
    await show(seen);
  } catch (error) {
    showError(error);
  }
}

/** Take `action` at the version shown (over the seat socket, else by POST with If-Match and an Idempotency-Key). */
function act(action) {
  const version = state.match.version;
  return send(async () => {
    const { events, ...view } = await seat.act(action, { version });
    return view; // the seat's view after the move; its events come on the seat's stream
  });
}

function resign() {
  state.confirmingResign = false;
  return send(() => seat.resign());
}

async function main() {
  if (!startPage()) return;
  if (!matchId || !token) return showError(new Error("open this page as seat.html?match=<match id>#token=<seat token>"));
  document.title = `Seat in match ${matchId} - Tabletop Arena`;
  try {
    seat = arena.seat(matchId, token);
    const { events, last } = await readLog((query) => seat.events(query));
    state.events = events;
    await show(await seat.view());
    if (state.match.status === "finished" || state.match.status === "aborted") return;
    // The page lists legal actions with their labels itself, so the turns need carry none.
    for await (const item of seat.stream({ after: last, legalLimit: 0, transport: "auto", ...FOLLOW })) {
      if (item.type === "event") state.events.push(item.data);
      if (item.type === "turn") show(item.data.view).catch(showError);
      else soon();
    }
  } catch (error) {
    showError(error);
  }
}

main();
