// The replay page: step through a finished match version by version (buttons, slider, arrow keys).
//
// Steps queue: each press of an arrow key moves the version wanted by one from the one wanted
// before (not from the one shown), and the page loads versions until it shows the one wanted, so
// ten quick presses move ten steps.

import { arena, pageLink, queryParam, readLog } from "./api.js";
import { el } from "./dom.js";
import { eventText, howToPlay, matchParts, renderInto, showError, startPage } from "./page.js";

const matchId = queryParam("id");
let match = null;
let shown = null;
/** The version the person asked for last; `loading` while a version is on its way. */
let wanted = 0;
let loading = false;
/** Every public event of the match (what each step revealed, and what came before it). */
let allEvents = [];

function clamp(version) {
  return Math.max(0, Math.min(shown ? shown.last_version : 0, version));
}

/** Ask for `version`; the page shows it as soon as the versions asked for before have loaded. */
function goTo(version) {
  wanted = clamp(version);
  if (!loading) load();
}

async function load() {
  loading = true;
  try {
    while (!shown || shown.version !== wanted) {
      if (!(await show(wanted))) break;
    }
  } finally {
    loading = false;
  }
}

function controls(last, version) {
  const go = (to) => () => goTo(to);
  return el(
    "nav",
    { class: "replay-controls", "aria-label": "Replay controls" },
    el("button", { class: "first", "data-key": "first", onclick: go(0), disabled: version === 0 }, "First"),
    el(
      "button",
      { class: "previous", "data-key": "previous", onclick: () => goTo(wanted - 1), disabled: version === 0, "aria-keyshortcuts": "ArrowLeft" },
      "Previous",
    ),
    el(
      "input",
      {
        type: "range",
        class: "version-slider",
        min: 0,
        max: last,
        value: version,
        "aria-label": "version",
        "data-key": "slider",
        onchange: (event) => goTo(Number(event.target.value)),
      },
    ),
    el(
      "button",
      { class: "next", "data-key": "next", onclick: () => goTo(wanted + 1), disabled: version === last, "aria-keyshortcuts": "ArrowRight" },
      "Next",
    ),
    el("button", { class: "last", "data-key": "last", onclick: go(last), disabled: version === last }, "Last"),
    el("span", { class: "position" }, ` version ${version} of ${last}`),
  );
}

async function show(version) {
  try {
    const step = await arena.matchVersion(matchId, version);
    shown = step;
    // The replayed version's public view in the match's frame (seats, names), as of that version.
    const frame = { ...match, version: step.version, to_act: step.to_act, view: step.view, status: step.version === step.last_version ? match.status : "active", result: step.version === step.last_version ? match.result : null };
    const what = step.action ? `${step.action.label || step.action.action.type} (seat ${step.action.seat})` : step.version === 0 ? "the setup" : "no action";
    renderInto(document.getElementById("table"), [
      controls(step.last_version, step.version),
      el("p", { class: "replay-step", "data-version": step.version }, `Version ${step.version}: ${what}.`),
      ...matchParts(frame, {
        seat: null,
        act: null,
        reveal: allEvents.filter((event) => event.version === step.version),
        events: allEvents.filter((event) => event.version < step.version),
      }),
      howToPlay(match.game),
      el(
        "section",
        { "aria-label": "Events of this version" },
        el("h2", {}, "Events of this version"),
        el("ul", { class: "log" }, step.events.map((e) => el("li", {}, eventText({ version: step.version, ...e })))),
      ),
    ]);
    document.body.dataset.version = String(step.version);
    const slider = document.querySelector(".version-slider");
    if (slider) slider.value = step.version;
    showError(null);
    return true;
  } catch (error) {
    showError(error);
    wanted = shown ? shown.version : 0; // stop where the page is, rather than ask again and again
    return false;
  }
}

document.addEventListener("keydown", (event) => {
  if (!shown || event.target instanceof HTMLInputElement) return;
  if (event.key === "ArrowLeft") goTo(wanted - 1);
  if (event.key === "ArrowRight") goTo(wanted + 1);
});

async function main() {
  if (!startPage()) return;
  if (!matchId) return showError(new Error("no match: open this page as replay.html?id=<match id>"));
  try {
    match = await arena.match(matchId);
    if (match.status !== "finished" && match.status !== "aborted") {
      document.getElementById("table").replaceChildren(
        el("p", {}, "This match is not over yet. ", el("a", { href: pageLink("match.html", { id: matchId }) }, "Watch it live")),
      );
      return;
    }
    allEvents = (await readLog((query) => arena.events(matchId, query))).events;
    wanted = Math.max(0, Number(queryParam("version")) || 0);
    await show(wanted);
    wanted = shown ? shown.version : 0;
  } catch (error) {
    showError(error);
  }
}

main();
