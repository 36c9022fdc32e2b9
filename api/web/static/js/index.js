// The start page: the catalogue, a form to play against bots, and the lobby's matches.

import { API_BASE, getJson, pageLink, request } from "./api.js";
import { el } from "./dom.js";

const errorBox = () => document.getElementById("error");

function showError(error) {
  errorBox().textContent = `${error.code ? `${error.code}: ` : ""}${error.message}`;
}

/** Open the seat page for `token`: the token goes in the fragment, which no request carries. */
export function openSeat(matchId, token) {
  location.assign(`${pageLink("seat.html", { match: matchId })}#token=${encodeURIComponent(token)}`);
}

function botSelectors(game, players) {
  const box = document.getElementById("bots");
  box.replaceChildren(el("legend", {}, "Bots in the other seats"));
  for (let seat = 1; seat < players; seat++) {
    box.append(
      el(
        "label",
        {},
        `Seat ${seat} `,
        el(
          "select",
          { class: "bot", "data-seat": seat, "aria-label": `bot in seat ${seat}` },
          game.bots.map((bot) => el("option", { value: bot.id, selected: bot.id === "greedy", title: bot.description }, bot.id)),
        ),
      ),
    );
  }
}

function setUpForm(games) {
  const select = document.getElementById("game");
  const players = document.getElementById("players");
  select.replaceChildren(...games.map((game) => el("option", { value: game.id }, game.title)));
  const byId = Object.fromEntries(games.map((game) => [game.id, game]));
  const refresh = () => {
    const game = byId[select.value];
    players.min = game.min_players;
    players.max = game.max_players;
    const count = Math.min(Math.max(Number(players.value) || 2, game.min_players), game.max_players);
    players.value = count;
    botSelectors(game, count);
  };
  select.addEventListener("change", refresh);
  players.addEventListener("change", refresh);
  refresh();
  document.getElementById("new-match").addEventListener("submit", async (event) => {
    event.preventDefault();
    const count = Number(players.value);
    const seats = [{ name: document.getElementById("name").value || "player" }];
    for (const bot of document.querySelectorAll("#bots select.bot")) seats.push({ bot: bot.value });
    try {
      const { body } = await request("/matches", {
        method: "POST",
        body: { game: select.value, players: count, seats },
        headers: { "Idempotency-Key": crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) },
      });
      openSeat(body.match.match_id, body.seats[0].token);
    } catch (error) {
      showError(error);
    }
  });
}

function seatsText(summary) {
  return summary.seats.map((seat) => (seat.kind === "open" ? "(open)" : seat.name || seat.bot || `seat ${seat.seat}`)).join(", ");
}

async function join(matchId) {
  try {
    const name = document.getElementById("name").value || undefined;
    const { body } = await request(`/matches/${encodeURIComponent(matchId)}/join`, { method: "POST", body: { name } });
    openSeat(matchId, body.token);
  } catch (error) {
    showError(error);
  }
}

async function listMatches(status, tableId) {
  const table = document.getElementById(tableId);
  const { matches } = await getJson(`/matches?status=${status}&limit=20`);
  const head = el("tr", {}, ["game", "players", "seats", "version", ""].map((text) => el("th", {}, text)));
  const rows = matches.map((summary) => {
    let action;
    if (status === "waiting") {
      action = el("button", { onclick: () => join(summary.match_id) }, "Join");
    } else if (status === "active") {
      action = el("a", { href: pageLink("match.html", { id: summary.match_id }) }, "Watch");
    } else {
      action = el("a", { href: pageLink("replay.html", { id: summary.match_id }) }, "Replay");
    }
    return el(
      "tr",
      { "data-match": summary.match_id },
      el("td", {}, summary.game),
      el("td", {}, String(summary.players)),
      el("td", {}, seatsText(summary)),
      el("td", {}, String(summary.version)),
      el("td", {}, action),
    );
  });
  table.replaceChildren(head, ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 5 }, "none"))]));
}

async function main() {
  document.getElementById("docs-link").href = `${API_BASE}/docs`;
  try {
    const { games } = await getJson("/games");
    document.getElementById("catalogue").replaceChildren(
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
      listMatches("waiting", "waiting"),
      listMatches("active", "active"),
      listMatches("finished", "finished"),
    ]);
    document.body.dataset.ready = "true";
  } catch (error) {
    showError(error);
  }
}

main();
