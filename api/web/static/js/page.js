// What the match, seat and replay pages share: rendering a match resource, errors, the event log.

import { pageLink } from "./api.js";
import { gameBoard, seatNames, seatsPanel, statusLine, tickClocks } from "./board.js";
import { el } from "./dom.js";

setInterval(tickClocks, 1000);

/** Show an API or network error in the page's alert line (empty: clear it). */
export function showError(error) {
  const box = document.getElementById("error");
  box.textContent = error ? `${error.code ? `${error.code}: ` : ""}${error.message}` : "";
}

/** Fix the home link so that it keeps the `api` setting. */
export function fixHomeLink() {
  for (const link of document.querySelectorAll("a.home")) link.href = pageLink("./");
}

/** One event of the log as a line of text. */
export function eventText(event) {
  const data = Object.entries(event.data || {})
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
  return `v${event.version} ${event.kind.replace(/_/g, " ")}${data ? ` (${data})` : ""}`;
}

/** The event log panel (newest last). */
export function logPanel(events) {
  return el(
    "section",
    { "aria-label": "Events" },
    el("h2", {}, "Events"),
    el("ol", { class: "log" }, events.slice(-200).map((event) => el("li", {}, eventText(event)))),
  );
}

/**
 * Replace `container`'s content with the match, keeping keyboard focus on the element with the
 * same `data-key` (a legal action's button) when one was focused.
 */
export function renderInto(container, parts) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  container.replaceChildren(...parts.filter(Boolean));
  if (focused) {
    const again = [...container.querySelectorAll("[data-key]")].find((node) => node.dataset.key === focused);
    if (again) again.focus();
  }
}

/** The standard parts of a match's page: status, seats, board. */
export function matchParts(match, ctx) {
  const full = { names: seatNames(match), ...ctx };
  return [statusLine(match, full), seatsPanel(match, full), gameBoard(match.view, full)];
}
