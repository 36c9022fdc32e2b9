// Taiga: discs with an animal up (and what is known of their other side), tokens, cards won, scores.

import { el, findLegal, seatName, target, words } from "../dom.js";

export function render(view, ctx) {
  const discs = view.discs.map((disc) => {
    const flip = findLegal(ctx, (a) => a.type === "taiga.flip" && a.disc === disc.disc);
    const text = `disc ${disc.disc}: ${words(disc.up)} up${disc.down ? `, ${words(disc.down)} down` : ""}`;
    return target(
      ctx,
      flip,
      { class: `disc${disc.disc === view.last_disc ? " last" : ""}`, "data-disc": disc.disc, "aria-label": text },
      el("span", { class: "face", "aria-hidden": "true" }, words(disc.up)),
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
      "table",
      { class: "scores" },
      el("caption", {}, "Players"),
      el("tr", {}, el("th", {}, "seat"), el("th", {}, "tokens"), el("th", {}, "cards won"), el("th", {}, "score")),
      rows,
    ),
  );
}
