// Telling a person it is their turn when they are looking elsewhere: the tab's title and its icon
// (a badge), and, only if they asked for it and the browser allows it, a notification while the
// page is in the background. Nothing leaves the browser: the choice is kept in its localStorage.

import { el } from "./dom.js";

/** Where the person's choice of notifications is kept (in this browser only). */
const NOTIFY_KEY = "tabletop-arena.notify";

/** The icons, drawn once: the plain one and the one with the "your turn" badge. */
const icons = {};

/** A 64 px icon: a green table with a white seat, and, with `badge`, a red dot in its corner. */
function drawIcon(badge) {
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const pen = canvas.getContext("2d");
  if (!pen) return "data:,";
  pen.fillStyle = "#2a7a2a";
  pen.beginPath();
  pen.arc(28, 36, 24, 0, 2 * Math.PI);
  pen.fill();
  pen.fillStyle = "#ffffff";
  pen.fillRect(20, 28, 16, 16);
  if (badge) {
    pen.fillStyle = "#d00000";
    pen.beginPath();
    pen.arc(48, 16, 15, 0, 2 * Math.PI);
    pen.fill();
    pen.strokeStyle = "#ffffff";
    pen.lineWidth = 3;
    pen.stroke();
  }
  return canvas.toDataURL("image/png");
}

function icon(badge) {
  const key = badge ? "turn" : "plain";
  if (!icons[key]) icons[key] = drawIcon(badge);
  return icons[key];
}

/** Set the tab's icon: with the badge while it is the person's turn. */
function setIcon(badge) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = el("link", { rel: "icon" });
    document.head.append(link);
  }
  const href = icon(badge);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.badge = String(badge);
  // An installed app's badge, where the browser has one; nothing happens elsewhere.
  const badging = badge ? navigator.setAppBadge : navigator.clearAppBadge;
  if (typeof badging === "function") badging.call(navigator).catch(() => {});
}

/** Whether the person turned notifications on here (and the browser still allows them). */
export function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted" && readChoice() === "on";
}

function readChoice() {
  try {
    return localStorage.getItem(NOTIFY_KEY);
  } catch {
    return null; // storage refused (a sandboxed frame, a private mode): nothing is kept
  }
}

function keepChoice(value) {
  try {
    if (value) localStorage.setItem(NOTIFY_KEY, value);
    else localStorage.removeItem(NOTIFY_KEY);
  } catch {
    // nothing is kept: the choice lasts as long as the page
  }
}

/** The last version a notification was shown for, so that one turn notifies once. */
let notified = -1;

/**
 * Show on the tab whether it is the person's turn: `title` is what the page shows ("Taiga, seat 0"),
 * `version` the version of that turn, `matchId` the match. While it is their turn and the page is in
 * the background, with notifications on, a notification says so once.
 */
export function showTurn({ myTurn, title, version, matchId }) {
  const text = myTurn ? `Your turn: ${title} - Tabletop Arena` : `${title} - Tabletop Arena`;
  if (document.title !== text) document.title = text;
  setIcon(myTurn);
  if (myTurn && notified !== version && document.visibilityState === "hidden" && notificationsOn()) {
    notified = version;
    try {
      const shown = new Notification(`Your turn: ${title}`, {
        body: "It is your turn to play. Open the page to make your move.",
        tag: `tabletop-arena-${matchId}`,
      });
      shown.addEventListener("click", () => {
        window.focus();
        shown.close();
      });
    } catch {
      // a browser that shows notifications only from a service worker: the title says it
    }
  }
}

/**
 * The notification switch: a button that asks for the person's consent (the browser asks too),
 * the state once given, and a way to turn them off. `redraw` draws the page again after a choice.
 * Null where the browser has no notifications.
 */
export function notifyPanel(redraw) {
  if (!("Notification" in window)) return null;
  const section = (...children) => el("section", { class: "notify", "aria-label": "Notifications" }, ...children);
  if (Notification.permission === "denied") {
    return section(el("p", { class: "note" }, "Notifications are blocked for this site in your browser's settings; the tab's title still says when it is your turn."));
  }
  if (notificationsOn()) {
    return section(
      el("p", { class: "note" }, "You get a notification when it is your turn and this page is in the background. "),
      el(
        "button",
        {
          class: "notify-off",
          "data-key": "notify",
          onclick: () => {
            keepChoice(null);
            redraw();
          },
        },
        "Stop the notifications",
      ),
    );
  }
  return section(
    el(
      "button",
      {
        class: "notify-on",
        "data-key": "notify",
        onclick: async () => {
          const answer = await Notification.requestPermission();
          keepChoice(answer === "granted" ? "on" : null);
          redraw();
        },
      },
      "Notify me when it is my turn",
    ),
    el("span", { class: "note" }, " The tab's title and icon say it too. Your browser asks you first."),
  );
}
