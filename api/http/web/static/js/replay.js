// The replay page: step through a finished match version by version (buttons, slider, arrow keys),
// from the server (`?id=<match id>`) or from a record file (`GET /matches/{id}/record` saved, one
// record or JSON lines of them): the server replays a record it is sent (`POST
// /records/versions/{version}`, which checks the whole record first) and nothing is stored.
//
// Steps queue: each press of an arrow key moves the version wanted by one from the one wanted
// before (not from the one shown), and the page loads versions until it shows the one wanted, so
// ten quick presses move ten steps.

import { FOLLOW, arena, pageLink, queryParam, readLog } from "./api.js";
import { el } from "./dom.js";
import { eventText, howToPlay, matchParts, renderInto, setHeading, showError, startPage } from "./page.js";

const matchId = queryParam("id");
/** Where versions come from: `{match, load(version), events}` for a match on the server or a record. */
let source = null;
let match = null;
let shown = null;
/** The version the person asked for last; `loading` while a version is on its way. */
let wanted = 0;
let loading = false;
/** Every public event of the match known so far (what each step revealed, and what came before it). */
let allEvents = [];

/** The versions of a match on the server. */
function serverSource(id) {
  return {
    async open() {
      const found = await arena.match(id);
      if (found.status !== "finished" && found.status !== "aborted") return { match: found, over: false };
      allEvents = (await readLog((query) => arena.events(id, query))).events;
      return { match: found, over: true };
    },
    load: (version) => arena.matchVersion(id, version),
  };
}

/** The versions of a record, replayed by the server from the record itself. */
function recordSource(record) {
  return {
    async open() {
      allEvents = [];
      const seats = (record.seats || []).map((seat, number) => ({ seat: number, deadline: null, ...seat }));
      const frame = {
        match_id: record.match_id,
        game: record.game,
        players: record.players,
        options: record.options,
        status: record.status,
        result: record.result,
        seats,
      };
      return { match: frame, over: true };
    },
    async load(version) {
      const step = await arena.recordVersion(record, version);
      allEvents = allEvents.filter((event) => event.version !== version).concat(step.events.map((event) => ({ version, ...event })));
      return step;
    },
  };
}

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
    const step = await source.load(version);
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

/** Open `next` (a source) at the version the address asks for. */
async function open(next) {
  source = next;
  shown = null;
  const opened = await source.open();
  match = opened.match;
  setHeading("Replay", match.game);
  if (!opened.over) {
    document.getElementById("table").replaceChildren(
      el(
        "p",
        { class: "not-over" },
        "This match is not over yet: its replay opens here when it ends. ",
        el("a", { href: pageLink("match.html", { id: match.match_id }) }, "Watch it live"),
      ),
    );
    return untilOver(match);
  }
  wanted = Math.max(0, Number(queryParam("version")) || 0);
  await show(wanted);
  wanted = shown ? shown.version : 0;
}

/** Follow a match that is not over until it is, then open its replay. */
async function untilOver(live) {
  const waiting = source;
  for await (const event of arena.stream(live.match_id, { after: live.version, ...FOLLOW })) {
    if (event.type === "match_over") break;
  }
  if (source === waiting) await open(serverSource(live.match_id)); // unless a record file was opened meanwhile
}

/** The records in a file's text: one JSON record, or one per line (JSON lines). */
export function parseRecords(text) {
  try {
    const whole = JSON.parse(text);
    if (whole && typeof whole === "object" && !Array.isArray(whole)) return [whole];
  } catch {
    // not one JSON value: JSON lines
  }
  const records = text.split(/\r?\n/).filter((line) => line.trim()).map((line) => JSON.parse(line));
  if (!records.length || records.some((record) => !record || typeof record !== "object" || Array.isArray(record))) {
    throw new Error("not a record file: one JSON record, or one per line");
  }
  return records;
}

async function openFile(file) {
  let records;
  try {
    records = parseRecords(await file.text());
  } catch (error) {
    return showError({ code: "page/bad_record_file", message: `the file ${file.name} cannot be read as a record (${error.message})` });
  }
  const choice = document.getElementById("record-choice");
  const label = document.getElementById("record-choice-label");
  choice.replaceChildren(
    ...records.map((record, index) =>
      el("option", { value: String(index) }, `${record.match_id || `record ${index + 1}`} (${record.game}, ${record.status})`),
    ),
  );
  choice.onchange = () => openRecord(records[Number(choice.value)]);
  label.hidden = records.length < 2;
  await openRecord(records[0]);
}

async function openRecord(record) {
  try {
    await open(recordSource(record));
  } catch (error) {
    showError(error);
  }
}

async function main() {
  if (!startPage()) return;
  const picker = document.getElementById("record-file");
  picker.addEventListener("change", () => {
    if (picker.files && picker.files[0]) openFile(picker.files[0]);
  });
  if (!matchId) return; // a record file, when one is chosen
  try {
    await open(serverSource(matchId));
  } catch (error) {
    showError(error);
  }
}

main();
