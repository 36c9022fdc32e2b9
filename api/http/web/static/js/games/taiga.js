// Taiga: discs with an animal up (and what is known of their other side), tokens, cards won, scores.
//
// A flip is shown until the next decision: the disc just turned is marked, with the animal it
// showed before, and a line says whether it was a find.

import { el, findLegal, seatName, target, words } from "../dom.js";

/** The game's title, as players know it. */
export const TITLE = "Taiga";

/** How this page lets a person play the game (the "How to play" panel). */
export const HINT =
  "the animal to look for is named above the discs. On your turn click a disc with a green outline to flip it; " +
  "after a find, choose in the list to flip again or to stop, and whom to take a token from.";

export function revealPanel(reveal, view, ctx) {
  const flip = reveal.find((event) => event.kind === "disc_flipped");
  const who = (seat) => (seat === ctx.seat ? "You" : seatName(ctx, seat));
  const lines = [];
  if (flip) {
    const d = flip.data;
    lines.push(`${who(d.seat)} flipped disc ${d.disc}: it showed ${words(d.was)}, now ${words(d.shows)}.`);
  }
  for (const event of reveal) {
    const d = event.data || {};
    if (event.kind === "family_found") lines.push(`${who(d.seat)} found the whole ${words(d.animal)} family and won ${d.tokens} token(s) from the circle.`);
    else if (event.kind === "token_from_circle") lines.push(`${who(d.seat)} found one and took a token from the circle.`);
    else if (event.kind === "token_taken") lines.push(`${who(d.seat)} took a token from ${seatName(ctx, d.from_seat)}.`);
    else if (event.kind === "token_to_circle") lines.push(`${who(d.seat)} missed and paid a token into the circle.`);
    else if (event.kind === "no_token_to_pay") lines.push(`${who(d.seat)} missed, with no token to pay.`);
    else if (event.kind === "passed") lines.push(`${who(d.seat)} stopped and passed the turn.`);
    else if (event.kind === "round_started") lines.push(`A new round: look for ${words(d.animal)}.`);
  }
  if (!lines.length) return null;
  return el(
    "section",
    { class: "reveal", "aria-label": "Just revealed", "data-version": reveal[0].version },
    lines.map((line) => el("p", {}, line)),
  );
}

export function render(view, ctx) {
  const flip = (ctx.reveal || []).find((event) => event.kind === "disc_flipped");
  const discs = view.discs.map((disc) => {
    const action = findLegal(ctx, (a) => a.type === "taiga.flip" && a.disc === disc.disc);
    const just = flip && flip.data.disc === disc.disc ? flip.data : null;
    const other = disc.down || (just ? just.was : null);
    const text = `disc ${disc.disc}: ${words(disc.up)} up${other ? `, ${words(other)} down` : ""}${just ? ", just flipped" : ""}`;
    return target(
      ctx,
      action,
      {
        class: `disc${disc.disc === view.last_disc ? " last" : ""}${just ? " revealed" : ""}`,
        "data-disc": disc.disc,
        "data-was": just ? just.was : null,
        "aria-label": text,
      },
      el("span", { class: "face", "aria-hidden": "true" }, words(disc.up)),
      just ? el("span", { class: "was", "aria-hidden": "true" }, `was ${words(just.was)}`) : null,
    );
  });
  const rows = Array.from({ length: view.players }, (_, seat) =>
    el(
      "tr",
      { "data-seat": seat },
      el("th", { scope: "row" }, seatName(ctx, seat)),
      el("td", {}, String(view.tokens[seat])),
      el("td", {}, view.cards_won[seat].map(words).join(", ") || "none"),
      el("td", {}, view.scores ? String(view.scores[seat]) : ""),
    ),
  );
  return el(
    "div",
    {},
    el(
      "p",
      { class: "game-info" },
      `Phase: ${view.phase}. `,
      view.turn === null ? "" : `Turn: ${seatName(ctx, view.turn)}. `,
      view.target === null ? "" : `Looking for: ${words(view.target)} (found ${view.found}). `,
      `Circle ${view.circle}. Cards left: ${view.cards_left}.`,
      view.take_from && view.take_from.length
        ? ` May take from: ${view.take_from.map((s) => seatName(ctx, s)).join(", ")}.`
        : "",
    ),
    el("div", { class: "discs", role: "group", "aria-label": "Discs" }, discs),
    el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "scores" },
        el("caption", {}, "Players"),
        el("tr", {}, el("th", {}, "seat"), el("th", {}, "tokens"), el("th", {}, "cards won"), el("th", {}, "score")),
        rows,
      ),
    ),
  );
}
