// Pili Pili: bets and tricks. Every seat's bet, tricks won and Pilis; the trick on the table and
// the last one; the viewer's hand, whose cards play (or pass, or give) by clicking.

import { el, findLegal, seatName, target } from "../dom.js";

/** A card's text: "the Joker" for 0, else its number. */
export function cardText(card) {
  return card === 0 ? "the Joker" : `card ${card}`;
}

function face(card, value) {
  if (card === null) return el("span", { class: "pcard hidden-card", role: "img", "aria-label": "a face-down card" }, "?");
  const shown = card === 0 ? `J${value !== null && value !== undefined ? `=${value}` : ""}` : String(card);
  const text = card === 0 && value !== null && value !== undefined ? `the Joker as ${value}` : cardText(card);
  return el("span", { class: "pcard", "data-card": card, role: "img", "aria-label": text }, shown);
}

function trickList(cards, label) {
  return el(
    "ol",
    { class: "trick", "aria-label": label },
    cards.map((played) =>
      el("li", { "data-seat": played.seat }, `seat ${played.seat}: `, face(played.card, played.value)),
    ),
  );
}

function passing(view, ctx, hand) {
  // S1: several cards at once; the server says whether the choice is legal.
  const memory = ctx.memory || {};
  if (!memory.pili || memory.pili.version !== ctx.version) memory.pili = { version: ctx.version, cards: new Set() };
  const chosen = memory.pili.cards;
  return el(
    "div",
    { class: "hand", role: "group", "aria-label": "Your hand: choose cards to pass" },
    hand.map((card) =>
      el(
        "button",
        {
          class: `hand-card${chosen.has(card) ? " chosen" : ""} legal`,
          "aria-pressed": chosen.has(card) ? "true" : "false",
          "aria-label": cardText(card),
          "data-key": `pass-${card}`,
          onclick: () => {
            if (chosen.has(card)) chosen.delete(card);
            else chosen.add(card);
            ctx.rerender();
          },
        },
        face(card, null),
      ),
    ),
    el(
      "button",
      {
        class: "pass-chosen",
        "data-key": "pass-chosen",
        disabled: chosen.size === 0,
        onclick: () => ctx.act({ type: "pili-pili.pass", cards: [...chosen].sort((a, b) => a - b) }),
      },
      "Pass the chosen cards",
    ),
  );
}

function handPanel(view, ctx) {
  const hand = view.seats[ctx.seat].hand;
  const passes = (ctx.legal || []).some((entry) => entry.action.type === "pili-pili.pass");
  if (ctx.act && passes && view.phase === "pass") return passing(view, ctx, hand);
  return el(
    "div",
    { class: "hand", role: "group", "aria-label": "Your hand" },
    hand.map((card, slot) => {
      const legal = findLegal(
        ctx,
        (a) =>
          (card !== null && (a.type === "pili-pili.play" || a.type === "pili-pili.give") && a.card === card) ||
          (a.type === "pili-pili.play-slot" && a.slot === slot),
      );
      // The Joker has many values: its buttons are in the list of actions.
      const single = card === 0 && legal && legal.action.type === "pili-pili.play" ? null : legal;
      return target(ctx, single, { class: "hand-card", "data-slot": slot }, face(card, null));
    }),
  );
}

export function render(view, ctx) {
  const rows = view.seats.map((seat, index) =>
    el(
      "tr",
      { "data-seat": index },
      el("th", { scope: "row" }, seatName(ctx, index)),
      el("td", {}, seat.bet === null ? "-" : String(seat.bet)),
      el("td", {}, String(seat.won)),
      el("td", {}, String(seat.pilis + (seat.extra_pilis || 0))),
      el("td", {}, String(seat.hand.length)),
      el("td", {}, seat.partner === null ? "" : seatName(ctx, seat.partner)),
    ),
  );
  const mine = ctx.seat !== null && ctx.seat !== undefined && view.seats[ctx.seat];
  return el(
    "div",
    {},
    el(
      "p",
      { class: "game-info" },
      `Round ${view.round} (${view.deal} cards dealt, ${view.tricks} tricks). Dealer: ${seatName(ctx, view.dealer)}. `,
      `Phase: ${view.phase}.`,
      view.mission ? ` Mission: ${view.mission.name || view.mission.id || JSON.stringify(view.mission)}.` : "",
    ),
    el(
      "table",
      { class: "scores" },
      el("caption", {}, "Players"),
      el(
        "tr",
        {},
        ["seat", "bet", "tricks won", "Pilis", "cards", "partner"].map((head) => el("th", {}, head)),
      ),
      rows,
    ),
    el("h3", {}, "Trick on the table"),
    trickList(view.trick, "Trick on the table"),
    view.last_trick && view.last_trick.length
      ? [
          el("h3", {}, "Last trick"),
          trickList(view.last_trick, "Last trick"),
          el("p", {}, `Won by ${(view.trick_winners || []).map((s) => seatName(ctx, s)).join(", ")}.`),
        ]
      : null,
    mine ? [el("h3", {}, "Your hand"), handPanel(view, ctx)] : null,
  );
}
