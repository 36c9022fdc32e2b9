// The seat page: what one seat sees, and its legal actions to take by clicking.
//
// The seat's token comes in the URL fragment (`seat.html?match=<id>#token=<token>`), which the
// browser never sends anywhere; the page keeps it in memory, and the client sends it only as the
// first message of the seat socket or in the Authorization header of a request. The page follows
// the seat over its socket, which carries its moves too; where no socket opens (no WebSocket, or
// a proxy that refuses the upgrade) it reads the seat stream with fetch() and moves by POST.

import { EMBED, FOLLOW, arena, pageLink, postToParent, queryParam, readLog, versionMessages } from "./api.js";
import { notifyPanel, showTurn } from "./attention.js";
import { RENDERERS, gameTitle } from "./board.js";
import { isLost, onBack, onChange, setMoveNote } from "./connection.js";
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

const matchId = queryParam("match");
const token = fragment().get("token");
/** The host token, when this page's person created the match (kept in the fragment and in memory). */
const hostToken = fragment().get("host");
/** The client's seat (made in `main`, which shows why a token cannot be one). */
let seat = null;

/** How many legal actions are listed in full; past that, a uniform sample of SAMPLE of them. */
const LIST_MAX = 200;
const SAMPLE = 30;
/** How many plays of one tree a game that composes its actions (Girafferaffe) reads to check a choice. */
const TREE_LIST = 1000;

const state = {
  match: null,
  legal: [],
  counts: {},
  total: 0,
  legalVersion: -1,
  events: [],
  /** What the page was last drawn with (`drawnWith()` then). */
  drawn: null,
  busy: false,
  memory: {},
  confirmingResign: false,
  confirmingAbort: false,
  posted: { turn: -1, over: false },
  /** The plays of one tree at one version, as the server lists them (`"<version>:<tree>"` -> a promise). */
  lists: new Map(),
  /** The move on its way, `{waited}`: whether it had to wait for the connection. */
  moving: null,
};
let pending = null;
const postVersion = versionMessages(matchId);
/** How long a note on a move that waited for the connection stays, in milliseconds. */
const NOTE_MS = 10_000;
let noteTimer = null;

/** The renderer of the match's game. */
function renderer() {
  return RENDERERS[state.match.game] || {};
}

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
  if (renderer().composeTurn) {
    // A game whose plays are built on the board from the server's legal actions, never listed in bulk.
    const known = state.legalVersion === state.match.version;
    return el(
      "section",
      { class: "actions", "aria-label": "Your actions" },
      el("h2", {}, "Your turn"),
      el("p", { class: "legal-count" }, known ? renderer().composeTurn(state.total, state.counts) : "Looking up your legal moves…"),
    );
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
    treePlays,
    showError,
  };
  const over = match.status === "finished" || match.status === "aborted";
  renderInto(document.getElementById("table"), [
    ...matchParts(match, ctx),
    over ? null : actionsPanel(),
    over ? null : leavePanel(),
    over || EMBED ? null : notifyPanel(render),
    hostPanel(match, hostToken, state, render, () => refresh()),
    over && !EMBED
      ? el("p", {}, el("a", { class: "replay-link", href: pageLink("replay.html", { id: matchId }) }, "Replay this match"))
      : null,
    EMBED ? null : el("p", {}, el("a", { href: pageLink("match.html", { id: matchId }) }, "Watch as a spectator")),
    howToPlay(match.game),
    logPanel(state.events),
  ]);
  state.drawn = drawnWith();
  document.body.dataset.version = String(match.version);
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.status = match.status;
  if (!EMBED) {
    setHeading("Your seat", match.game);
    showTurn({ myTurn: myTurn(), title: `${gameTitle(match.game)}, seat ${match.seat}`, version: match.version, matchId });
  }
  tellParent(match);
}

/**
 * Embedded: tell the parent page about every version (each once, in order, however many came at
 * once), this seat's turn and the end.
 */
function tellParent(match) {
  postVersion(match.version);
  if (myTurn() && state.posted.turn !== match.version) {
    state.posted.turn = match.version;
    postToParent("arena.turn", matchId, match.version);
  }
  if ((match.status === "finished" || match.status === "aborted") && !state.posted.over) {
    state.posted.over = true;
    postToParent("arena.over", matchId, match.version);
  }
}

/**
 * The plays of `tree` at the version shown, as the server lists them with the `tree` filter (at most
 * TREE_LIST, with `total`): `{version, total, plays}`. Asked once per version and tree.
 */
function treePlays(tree) {
  const key = `${state.match.version}:${tree}`;
  if (!state.lists.has(key)) {
    const asked = seat
      .legal({ filters: [`tree=${tree}`], limit: TREE_LIST })
      .then((page) => ({ version: page.version, total: page.total, plays: page.actions }));
    asked.catch(() => state.lists.delete(key)); // asked again next time
    state.lists.set(key, asked);
  }
  return state.lists.get(key);
}

async function loadLegal(version) {
  if (renderer().composeTurn && state.match.view.trees) return loadTreeCounts(version);
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
 * For a game whose plays are built on the board: how many legal actions there are, how many fit
 * each tree (the `tree` filter, counted by the server without listing), and whether one is not
 * a play (`counts.pass`: Girafferaffe's returned apple).
 */
async function loadTreeCounts(version) {
  const trees = state.match.view.trees.map((tree) => tree.id);
  const [all, ...perTree] = await Promise.all([
    seat.legal({ limit: 1 }),
    ...trees.map((tree) => seat.legal({ limit: 1, filters: [`tree=${tree}`] })),
  ]);
  if (all.version !== version || perTree.some((page) => page.version !== version)) return;
  const tree = Object.fromEntries(trees.map((id, index) => [id, perTree[index].total]));
  const plays = Object.values(tree).reduce((sum, count) => sum + count, 0);
  state.legal = [];
  state.total = all.total;
  state.counts = { tree, pass: all.total > plays };
  state.legalVersion = version;
}

/**
 * Take `match` (a seat view) if it is not older than what the page shows, and its legal actions, and
 * draw them unless the page is drawn with them already (the turn a stream opens with, at the version
 * the page shows). An older one only redraws the page: a move's answer comes after the stream may have
 * shown a newer version while the page was busy, drawn then with its buttons disabled.
 */
async function show(match) {
  if (state.match && match.version < state.match.version) return render();
  if (state.match && match.version !== state.match.version) state.lists.clear();
  state.match = match;
  if (myTurn() && state.legalVersion !== match.version) await loadLegal(match.version);
  if (state.match.version === match.version && state.drawn !== drawnWith()) render();
}

async function refresh() {
  pending = null;
  try {
    await show(await seat.view());
    noteMove();
  } catch (error) {
    showError(error);
  }
}

/**
 * Whether `item` is the last its version sends: its id is the plain version (`12`, where an earlier
 * item of the version is `12.0`). A version's turn may come after its events, so the page waits for
 * the last item before it asks whether the events need the view read again.
 */
function lastOfItsVersion(item) {
  return !item.id.includes(".");
}

/** Follow what the stream told (its versions of the last 50 ms at once): see `catchUp`. */
function soon() {
  if (!pending) pending = setTimeout(catchUp, 50);
}

/**
 * The stream told versions whole: the view is read again when an event is of a version newer than
 * the page shows; else the view shown (a turn's, or a move's answer) already has them, and only an
 * event not drawn yet draws the page anew (its log).
 */
function catchUp() {
  pending = null;
  const newest = state.events.length ? state.events[state.events.length - 1].version : -1;
  if (newest > state.match.version) return refresh();
  if (state.drawn !== drawnWith()) render();
}

/**
 * What the page is drawn from that a stream item or a read can bring: the view, the events, whether a
 * move is on its way and the version of the legal actions known. What changes otherwise (a question
 * asked, a choice of cards) is drawn where it changes.
 */
function drawnWith() {
  return JSON.stringify([state.match, state.events.length, state.busy, state.legalVersion]);
}

/**
 * Do one thing as the seat (busy meanwhile): show the view it answers with, or its refusal and
 * then the match as it is.
 */
async function send(doing, what) {
  state.busy = true;
  render();
  let seen = null;
  try {
    seen = await doing();
    showError(null);
  } catch (error) {
    showError(error, what);
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

/**
 * Take `action` at the version shown (over the seat socket, else by POST with If-Match and an
 * Idempotency-Key). While the connection is lost the move waits and is sent again with its key
 * until an answer comes, so it applies once; the connection line says so meanwhile.
 */
function act(action) {
  const version = state.match.version;
  const move = { waited: false };
  state.moving = move;
  noteMove();
  return send(async () => {
    try {
      const { events, ...view } = await seat.act(action, { version, ...FOLLOW });
      if (move.waited) announce("Your move was sent when the connection came back, and played once.");
      return view; // the seat's view after the move; its events come on the seat's stream
    } finally {
      state.moving = null;
      noteMove();
    }
  }, "act");
}

/** Show `text` on the connection line for a while (what became of a move that waited). */
function announce(text) {
  clearTimeout(noteTimer);
  state.announced = text;
  noteTimer = setTimeout(() => {
    state.announced = null;
    noteMove();
  }, NOTE_MS);
}

/** What the connection line says of moves: one waiting for the connection, one that may still be made, or what became of one. */
function noteMove() {
  if (state.moving && isLost()) {
    state.moving.waited = true;
    setMoveNote("Your move waits for the connection: it is sent when the connection is back and played once, unless the match moved on meanwhile.");
  } else if (isLost() && myTurn()) {
    setMoveNote("You may still choose your move: it is sent when the connection is back.");
  } else {
    setMoveNote(state.announced || null);
  }
}

function resign() {
  state.confirmingResign = false;
  return send(() => seat.resign(), "resign");
}

async function main() {
  if (!startPage()) return;
  if (!matchId || !token) return showError(new Error("open this page as seat.html?match=<match id>#token=<seat token>"));
  document.title = `Your seat - Tabletop Arena`;
  onChange(noteMove);
  onBack(refresh); // whatever was missed while the connection was lost: the stream resumes, the view is read again
  try {
    seat = arena.seat(matchId, token);
    const { events, last } = await readLog((query) => seat.events(query));
    state.events = events;
    await show(await seat.view());
    if (!EMBED) rememberSeat({ matchId, seat: seat.seat, token, host: hostToken, game: state.match.game, invitations: heldInvitations() });
    if (state.match.status === "finished" || state.match.status === "aborted") {
      // Ended while the log was read: its last events, which no stream will bring now.
      state.events.push(...(await readLog((query) => seat.events(query), last)).events);
      return render();
    }
    // The page lists legal actions with their labels itself, so the turns need carry none.
    for await (const item of seat.stream({ after: last, legalLimit: 0, transport: "auto", ...FOLLOW })) {
      if (item.type === "event") state.events.push(item.data);
      if (item.type === "turn") show(item.data.view).catch(showError);
      else if (lastOfItsVersion(item)) soon();
    }
  } catch (error) {
    showError(error);
  }
}

main();
