// The replay page: step through a finished match version by version (buttons, slider, arrow keys).

import { getJson, pageLink, queryParam } from "./api.js";
import { el } from "./dom.js";
import { eventText, fixHomeLink, matchParts, renderInto, showError } from "./page.js";

const matchId = queryParam("id");
const path = `/matches/${encodeURIComponent(matchId)}`;
let match = null;
let shown = null;

function controls(last, version) {
  const go = (to) => () => show(Math.max(0, Math.min(last, to)));
  return el(
    "nav",
    { class: "replay-controls", "aria-label": "Replay controls" },
    el("button", { class: "first", onclick: go(0), disabled: version === 0 }, "First"),
    el("button", { class: "previous", onclick: go(version - 1), disabled: version === 0, "aria-keyshortcuts": "ArrowLeft" }, "Previous"),
    el(
      "input",
      {
        type: "range",
        class: "version-slider",
        min: 0,
        max: last,
        value: version,
        "aria-label": "version",
        onchange: (event) => show(Number(event.target.value)),
      },
    ),
    el("button", { class: "next", onclick: go(version + 1), disabled: version === last, "aria-keyshortcuts": "ArrowRight" }, "Next"),
    el("button", { class: "last", onclick: go(last), disabled: version === last }, "Last"),
    el("span", { class: "position" }, ` version ${version} of ${last}`),
  );
}

async function show(version) {
  try {
    const step = await getJson(`${path}/versions/${version}`);
    shown = step;
    // The replayed version's public view in the match's frame (seats, names), as of that version.
    const frame = { ...match, version: step.version, to_act: step.to_act, view: step.view, status: step.version === step.last_version ? match.status : "active", result: step.version === step.last_version ? match.result : null };
    const what = step.action ? `${step.action.label || step.action.action.type} (seat ${step.action.seat})` : step.version === 0 ? "the setup" : "no action";
    renderInto(document.getElementById("table"), [
      controls(step.last_version, step.version),
      el("p", { class: "replay-step", "data-version": step.version }, `Version ${step.version}: ${what}.`),
      ...matchParts(frame, { seat: null, act: null }),
      el("section", { "aria-label": "Events of this version" }, el("h2", {}, "Events of this version"), el("ul", { class: "log" }, step.events.map((e) => el("li", {}, eventText(e))))),
    ]);
    const slider = document.querySelector(".version-slider");
    if (slider) slider.value = step.version;
    showError(null);
  } catch (error) {
    showError(error);
  }
}

document.addEventListener("keydown", (event) => {
  if (!shown || event.target instanceof HTMLInputElement) return;
  if (event.key === "ArrowLeft" && shown.version > 0) show(shown.version - 1);
  if (event.key === "ArrowRight" && shown.version < shown.last_version) show(shown.version + 1);
});

async function main() {
  fixHomeLink();
  if (!matchId) return showError(new Error("no match: open this page as replay.html?id=<match id>"));
  try {
    match = await getJson(path);
    if (match.status !== "finished" && match.status !== "aborted") {
      document.getElementById("table").replaceChildren(
        el("p", {}, "This match is not over yet. ", el("a", { href: pageLink("match.html", { id: matchId }) }, "Watch it live")),
      );
      return;
    }
    await show(Number(queryParam("version") || 0));
  } catch (error) {
    showError(error);
  }
}

main();
