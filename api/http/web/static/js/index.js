// The start page: the catalogue, a form that starts a match in any mode, and the lobby's matches.
//
// The form is built from the catalogue (`GET /games`): each game's options with their choices,
// shown only while they apply (`applies_when`); the player counts each choice allows
// (`choice_players`), so a combination the server would refuse is never offered; a seat for you,
// open seats to share, or a bot in each seat; a time control, and the bots' pace (`pace_ms`).

import { API_PROBLEM, arena, docsLink, pageLink } from "./api.js";
import { onBack } from "./connection.js";
import { el } from "./dom.js";
import { rememberedSeats, seatFragment as yourFragment } from "./my-seats.js";
import { drawYourMatches } from "./your-matches.js";
import { showError, startPage } from "./page.js";

/** Seconds after its last version a waiting or live match leaves the lists (documented in docs/web.md). */
const IDLE_SECONDS = 900;

const $ = (id) => document.getElementById(id);

/**
 * Open the seat page for `token` (and, for the host, the host token and the invitations of the seats for
 * friends, `invite-<seat>`): all go in the fragment, which no request carries.
 */
function openSeat(matchId, token, hostToken = null, invitations = []) {
  const secrets = new URLSearchParams({ token });
  if (hostToken) secrets.set("host", hostToken);
  for (const { seat, invitation } of invitations) secrets.set(`invite-${seat}`, invitation);
  location.assign(`${pageLink("seat.html", { match: matchId })}#${secrets}`);
}

/** Open the match page as its host (to share open seats and friends' invitations, watch bots, abort). */
function openAsHost(matchId, hostToken, invitations = []) {
  const secrets = new URLSearchParams({ host: hostToken });
  for (const { seat, invitation } of invitations) secrets.set(`invite-${seat}`, invitation);
  location.assign(`${pageLink("match.html", { id: matchId })}#${secrets}`);
}

// --- the form ---------------------------------------------------------------------------------

/** The option values chosen in the form now, by name (only options that apply). */
function chosenOptions(game) {
  const values = {};
  for (const option of game.options) {
    const field = document.querySelector(`#options [data-option="${option.name}"]`);
    if (!field || field.closest(".row").hidden) continue;
    values[option.name] = readOption(option, field);
  }
  return values;
}

function readOption(option, field) {
  if (option.kind === "boolean") return field.checked;
  if (option.kind === "integer") return Number(field.value);
  if (option.kind === "seat") return field.value === "" ? null : Number(field.value);
  if (option.kind === "json") {
    if (!field.value.trim()) return null;
    try {
      return JSON.parse(field.value);
    } catch {
      throw Object.assign(new Error(`option ${option.name}: not valid JSON`), { code: "form/invalid_json" });
    }
  }
  const index = Number(field.value);
  return option.choices[index];
}

/** Whether `option` applies under the options chosen so far. */
function applies(option, game) {
  if (!option.applies_when) return true;
  const other = game.options.find((o) => o.name === option.applies_when.option);
  const field = document.querySelector(`#options [data-option="${option.applies_when.option}"]`);
  if (!other || !field) return true;
  const value = readOption(other, field);
  return option.applies_when.values.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value));
}

/** The player counts every chosen option allows, within the game's range. */
function playerCounts(game) {
  let low = game.min_players;
  let high = game.max_players;
  for (const option of game.options) {
    if (option.kind !== "choice") continue;
    const field = document.querySelector(`#options [data-option="${option.name}"]`);
    if (!field) continue;
    const value = readOption(option, field);
    const narrowed = option.choice_players.find((entry) => JSON.stringify(entry.choice) === JSON.stringify(value));
    if (narrowed) {
      low = Math.max(low, narrowed.min_players);
      high = Math.min(high, narrowed.max_players);
    }
  }
  return Array.from({ length: Math.max(0, high - low + 1) }, (_, i) => low + i);
}

/**
 * An option's description for players: without the rule codes ("(R9)", "(R10, R11)") that the
 * rules docs use, which the form gives no way to look up.
 */
export function optionHelp(description) {
  return String(description || "")
    .replace(/\s*\((?:[A-Z]{1,2}\d+[a-z]?)(?:\s*(?:,|and)\s*[A-Z]{1,2}\d+[a-z]?)*\)/g, "")
    .replace(/a seeded random seat/g, "a seat drawn at random");
}

function optionField(option, players) {
  const id = `option-${option.name}`;
  const help = optionHelp(option.description);
  const common = { id, "data-option": option.name, title: help };
  let field;
  if (option.kind === "choice") {
    field = el(
      "select",
      common,
      option.choices.map((choice, index) =>
        el("option", { value: index, selected: JSON.stringify(choice) === JSON.stringify(option.default) }, String(choice)),
      ),
    );
  } else if (option.kind === "integer") {
    field = el("input", { ...common, type: "number", min: option.minimum, max: option.maximum, value: option.default, required: true });
  } else if (option.kind === "boolean") {
    field = el("input", { ...common, type: "checkbox", checked: Boolean(option.default) });
  } else if (option.kind === "seat") {
    field = el(
      "select",
      common,
      el("option", { value: "" }, "drawn at random"),
      Array.from({ length: players }, (_, seat) => el("option", { value: seat }, `seat ${seat}`)),
    );
  } else {
    field = el("textarea", { ...common, rows: 3, placeholder: "JSON; empty for the default" });
  }
  return el(
    "div",
    { class: "row", "data-for": option.name },
    el("label", { for: id }, option.name.replace(/_/g, " ")),
    " ",
    field,
    el("span", { class: "option-help" }, help),
  );
}

/** Who sits in `seat`: you, an open seat to share, or one of the game's bots (its strength beside it). */
function seatChoice(game, seat, previous) {
  const choices = [
    ...(seat === 0 ? [["you", "you"]] : []),
    ["open", "an open seat: share a link"],
    ["friend", "a seat for a friend: share its invitation link"],
    ...game.bots.map((bot) => [`bot:${bot.id}`, `the ${bot.id} bot`, bot.strength]),
  ];
  const fallback = seat === 0 ? "you" : `bot:${game.bots.some((bot) => bot.id === "greedy") ? "greedy" : game.bots[0].id}`;
  const chosen = choices.some(([value]) => value === previous) ? previous : fallback;
  return el(
    "div",
    { class: "row" },
    el("label", { for: `seat-${seat}` }, `Seat ${seat}`),
    " ",
    el(
      "select",
      { id: `seat-${seat}`, class: "seat-choice", "data-seat": seat },
      choices.map(([value, text, strength]) => el("option", { value, selected: value === chosen, title: strength }, text)),
    ),
    " ",
    el("span", { class: "option-help seat-strength", id: `seat-strength-${seat}` }),
  );
}

/** What the bot chosen for each seat means: its level in words and its measured score against greedy. */
function showStrengths(game) {
  const strengths = Object.fromEntries(game.bots.map((bot) => [`bot:${bot.id}`, bot.strength]));
  for (const field of document.querySelectorAll("#seats .seat-choice")) {
    $(`seat-strength-${field.dataset.seat}`).textContent = strengths[field.value] ?? "";
  }
}

function setUpForm(games) {
  const select = $("game");
  const players = $("players");
  select.replaceChildren(...games.map((game) => el("option", { value: game.id }, game.title)));
  const byId = Object.fromEntries(games.map((game) => [game.id, game]));
  const game = () => byId[select.value];

  /** The game's option fields, built once per game (rebuilding them would lose the keyboard focus). */
  const drawOptions = () => {
    const count = Number(players.value) || game().min_players;
    $("options").replaceChildren(el("legend", {}, `Options of ${game().title}`), ...game().options.map((o) => optionField(o, count)));
    for (const field of document.querySelectorAll("#options [data-option]")) field.addEventListener("change", refresh);
    $("options").hidden = game().options.length === 0;
  };

  /** Show the options that apply; a seat option lists the seats there are. */
  const updateOptions = () => {
    const count = Number(players.value);
    for (const option of game().options) {
      document.querySelector(`#options .row[data-for="${option.name}"]`).hidden = !applies(option, game());
      if (option.kind !== "seat") continue;
      const field = document.querySelector(`#options [data-option="${option.name}"]`);
      const kept = field.value;
      field.replaceChildren(
        el("option", { value: "" }, "drawn at random"),
        ...Array.from({ length: count }, (_, seat) => el("option", { value: seat }, `seat ${seat}`)),
      );
      field.value = Number(kept) < count ? kept : "";
    }
  };

  const drawPlayers = () => {
    const counts = playerCounts(game());
    const current = Number(players.value);
    const count = counts.includes(current) ? current : counts.includes(2) ? 2 : counts[0];
    players.replaceChildren(...counts.map((n) => el("option", { value: n, selected: n === count }, String(n))));
    players.value = String(count);
  };

  const drawSeats = () => {
    const previous = [...document.querySelectorAll("#seats .seat-choice")].map((field) => field.value);
    const count = Number(players.value);
    $("seats").replaceChildren(
      el("legend", {}, "Who sits where"),
      ...Array.from({ length: count }, (_, seat) => seatChoice(game(), seat, previous[seat])),
    );
    for (const field of document.querySelectorAll("#seats .seat-choice")) field.addEventListener("change", drawNotes);
  };

  const drawNotes = () => {
    const seats = [...document.querySelectorAll("#seats .seat-choice")].map((field) => field.value);
    const bots = seats.filter((value) => value.startsWith("bot:")).length;
    showStrengths(game());
    const open = seats.filter((value) => value === "open").length;
    const friends = seats.filter((value) => value === "friend").length;
    $("pace-row").hidden = bots === 0;
    $("on-timeout-row").hidden = $("time-control").value === "";
    $("name").closest(".row").hidden = seats[0] !== "you";
    const solo = game().options.some((o) => o.name === "mode") && Number(players.value) === 1;
    $("form-note").textContent = [
      seats[0] === "you" ? "You play seat 0." : "You do not play: you watch, and may abort the match.",
      open ? `${open} open seat${open === 1 ? "" : "s"}: you get a link to share for each; the match starts once all are taken.` : "",
      friends
        ? `${friends === 1 ? "1 seat for a friend: it has" : `${friends} seats for friends: each has`} an invitation link only you get, and the public list does not show ${friends === 1 ? "it" : "them"}.`
        : "",
      bots === seats.length ? "Only bots play: watch them move by move." : "",
      solo ? "Solo: you play against the robot, which the server plays within your turns." : "",
    ]
      .filter(Boolean)
      .join(" ");
  };

  /** After any choice: the player counts it allows, the options that apply, the seats, the notes. */
  const refresh = () => {
    drawPlayers();
    updateOptions();
    drawSeats();
    drawNotes();
  };
  select.addEventListener("change", () => {
    drawOptions();
    refresh();
  });
  players.addEventListener("change", () => {
    updateOptions();
    drawSeats();
    drawNotes();
  });
  $("time-control").addEventListener("change", drawNotes);
  drawOptions();
  refresh();

  $("new-match").addEventListener("submit", async (event) => {
    event.preventDefault();
    const start = $("start");
    start.disabled = true;
    try {
      const chosen = game();
      const seats = [...document.querySelectorAll("#seats .seat-choice")].map((field) => {
        if (field.value === "you") return { name: $("name").value.trim() || "player" };
        if (field.value === "open") return { open: true };
        if (field.value === "friend") return { open: true, invitation: true };
        return { bot: field.value.slice(4) };
      });
      const body = { game: chosen.id, players: Number(players.value), options: chosenOptions(chosen), seats };
      if ($("time-control").value) {
        body.time_control = { per_action: Number($("time-control").value), on_timeout: $("on-timeout").value };
      }
      const pace = Number($("pace").value);
      if (seats.some((seat) => seat.bot) && pace > 0) body.pace_ms = pace;
      const created = await arena.createMatch(body); // sent with an Idempotency-Key
      const mine = created.seats.find((seat) => seat.seat === 0);
      const invitations = created.invitations ?? [];
      if (seats[0].name !== undefined && mine) openSeat(created.match.match_id, mine.token, created.host_token, invitations);
      else openAsHost(created.match.match_id, created.host_token, invitations);
    } catch (error) {
      showError(error);
      start.disabled = false;
    }
  });
}

// --- the lobby ---------------------------------------------------------------------------------

function seatsText(summary) {
  return summary.seats
    .map((seat) => (seat.kind === "open" ? "(open)" : seat.name || seat.bot || `seat ${seat.seat}`))
    .join(", ");
}

function ago(seconds) {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

async function join(matchId) {
  try {
    const name = $("name").value.trim() || undefined;
    const seat = await arena.join(matchId, { name });
    openSeat(matchId, seat.token);
  } catch (error) {
    showError(error, "join");
  }
}

async function listMatches(status, tableId) {
  const table = $(tableId);
  const mine = new Map(rememberedSeats().map((entry) => [entry.match_id, entry]));
  const recent = status === "finished" ? {} : { updatedWithin: IDLE_SECONDS };
  // Waiting matches: only those with a seat anyone may join (a seat for a friend is not for the public).
  const joinable = status === "waiting" ? { open: true } : {};
  const { matches } = await arena.listMatches({ status, limit: 20, ...recent, ...joinable });
  const head = el("tr", {}, ["game", "players", "seats", "version", "last move", ""].map((text) => el("th", { scope: "col" }, text)));
  const now = Date.now() / 1000;
  const rows = matches.map((summary) => {
    let action;
    const held = mine.get(summary.match_id);
    if (held && status !== "finished") {
      const page = held.token ? pageLink("seat.html", { match: summary.match_id }) : pageLink("match.html", { id: summary.match_id });
      action = el("a", { href: `${page}#${yourFragment(held)}`, "aria-label": `Open your seat in the ${summary.game} match` }, "Your seat");
    } else if (status === "waiting") {
      action = el("button", { onclick: () => join(summary.match_id), "aria-label": `Join the ${summary.game} match` }, "Join");
    } else if (status === "active") {
      action = el("a", { href: pageLink("match.html", { id: summary.match_id }), "aria-label": `Watch the ${summary.game} match` }, "Watch");
    } else {
      action = el("a", { href: pageLink("replay.html", { id: summary.match_id }), "aria-label": `Replay the ${summary.game} match` }, "Replay");
    }
    return el(
      "tr",
      { "data-match": summary.match_id },
      el("td", {}, summary.game),
      el("td", {}, String(summary.players)),
      el("td", {}, seatsText(summary)),
      el("td", {}, String(summary.version)),
      el("td", {}, ago(now - summary.updated_at)),
      el("td", {}, action),
    );
  });
  table.replaceChildren(head, ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 6 }, "none"))]));
}

async function main() {
  if (!startPage()) return;
  if (!API_PROBLEM) $("docs-link").href = docsLink();
  try {
    const games = await arena.games();
    $("catalogue").replaceChildren(
      ...games.map((game) =>
        el(
          "li",
          { "data-game": game.id },
          el("strong", {}, game.title),
          ` (${game.min_players}-${game.max_players} players): ${game.description} Bots: `,
          game.bots.map((bot) => bot.id).join(", "),
          ".",
        ),
      ),
    );
    setUpForm(games);
    await Promise.all([
      drawYourMatches(),
      listMatches("waiting", "waiting"),
      listMatches("active", "active"),
      listMatches("finished", "finished"),
    ]);
    document.body.dataset.ready = "true";
    onBack(() => drawYourMatches().catch(showError));
  } catch (error) {
    showError(error);
  }
}

main();
