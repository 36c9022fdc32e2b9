// The seats this browser holds: kept in its localStorage only (never sent anywhere but to the API
// they play on), so that the start page can list "Your matches" and lead back to each seat. Each
// entry holds the seat's token (and the host token when this browser created the match): anyone
// who uses this browser can open them, which the start page says, with a way to forget them.

import { API_BASE } from "./api.js";

const KEY = "tabletop-arena.seats";

/** The most seats kept: the oldest are forgotten first. */
const KEPT = 50;

function readAll() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(found) ? found.filter((entry) => entry && typeof entry.match_id === "string") : [];
  } catch {
    return []; // storage refused or unreadable: nothing is remembered
  }
}

function writeAll(entries) {
  try {
    if (entries.length) localStorage.setItem(KEY, JSON.stringify(entries.slice(0, KEPT)));
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused (a sandboxed frame, a private mode): the seat is simply not remembered
  }
}

function same(entry, matchId, seat) {
  return entry.api === API_BASE && entry.match_id === matchId && entry.seat === seat;
}

/**
 * Remember a seat (`seat` null: the host of a match it does not play), newest first. `token` and
 * `host` are the secrets that open it; `invitations` (the host's: seat -> invitation) open its seats for
 * friends; `game` names the game for the list.
 */
export function rememberSeat({ matchId, seat = null, token = null, host = null, game = null, invitations = null }) {
  const entries = readAll();
  const old = entries.find((entry) => same(entry, matchId, seat));
  const entry = {
    api: API_BASE,
    match_id: matchId,
    seat,
    token: token || (old && old.token) || null,
    host: host || (old && old.host) || null,
    game: game || (old && old.game) || null,
    invitations: invitations || (old && old.invitations) || null,
    saved_at: old ? old.saved_at : Date.now() / 1000,
  };
  if (old && JSON.stringify(old) === JSON.stringify(entry)) return;
  writeAll([entry, ...entries.filter((other) => other !== old)]);
}

/** The seats this browser holds on the page's API, newest first. */
export function rememberedSeats() {
  return readAll().filter((entry) => entry.api === API_BASE);
}

/** Forget one seat. */
export function forgetSeat(matchId, seat) {
  writeAll(readAll().filter((entry) => !same(entry, matchId, seat)));
}

/** Forget every seat this browser holds on the page's API. */
export function forgetAllSeats() {
  writeAll(readAll().filter((entry) => entry.api !== API_BASE));
}

/** The fragment that opens a remembered seat's page (`token=...&host=...&invite-<seat>=...`). */
export function seatFragment(entry) {
  const secrets = new URLSearchParams();
  if (entry.token) secrets.set("token", entry.token);
  if (entry.host) secrets.set("host", entry.host);
  for (const [seat, invitation] of Object.entries(entry.invitations || {})) secrets.set(`invite-${seat}`, invitation);
  return secrets.toString();
}
