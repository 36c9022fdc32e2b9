// Pili Pili: bets and tricks. Every seat's bet, tricks won and Pilis; the trick on the table and
// the last one; the viewer's hand, whose cards play (or pass, or give) by clicking.
//
// What a decision revealed is shown until the next one: the bet just placed, the trick just taken
// (with its cards by seat and its winner), the round's bets against the tricks won, opened hands.

import { el, findLegal, seatName, target } from "../dom.js";

/** The game's title, as players know it. */
export const TITLE = "Pili Pili";

/** How this page lets a person play the game (the "How to play" panel). */
export const HINT =
  "bets, the Joker's values, partners and exchanges are buttons under Your turn; a card of your hand with a " +
  "green outline plays by clicking it. When cards are passed, choose them in your hand, then Pass the chosen cards.";

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

function trickList(cards, label, ctx) {
  return el(
    "ol",
    { class: "trick", "aria-label": label },
    cards.map((played) =>
      el("li", { "data-seat": played.seat }, `${seatName(ctx, played.seat)}: `, face(played.card, played.value)),
    ),
  );
}

function listOf(values) {
  return values.map((value) => (value === null || value === undefined ? "-" : String(value)));
}

export function revealPanel(reveal, view, ctx) {
  const who = (seat) => (seat === ctx.seat ? "You" : seatName(ctx, seat));
  const parts = [];
  for (const event of reveal) {
    const d = event.data || {};
    if (event.kind === "bet_placed") parts.push(el("p", { class: "revealed-bet", "data-seat": d.seat }, `${who(d.seat)} bet ${d.tricks}.`));
    else if (event.kind === "card_played" && !reveal.some((e) => e.kind === "trick_won")) {
      parts.push(el("p", {}, `${who(d.seat)} played `, face(d.card, d.value), "."));
    } else if (event.kind === "trick_won") {
      const cards = view.last_trick && view.last_trick.length ? view.last_trick : null;
      parts.push(
        el(
          "div",
          { class: "revealed-trick", "data-seat": d.seat, "data-trick": d.trick },
          el("p", {}, `Trick ${d.trick} taken by ${who(d.seat)}:`),
          cards
            ? trickList(cards, `Trick ${d.trick}`, ctx)
            : el("p", {}, d.cards.map((card) => face(card, null))),
        ),
      );
    } else if (event.kind === "round_scored") {
      const seats = d.bets.map((_, seat) => seat);
      parts.push(
        el(
          "div",
          { class: "table-scroll revealed-round" },
          el(
            "table",
            { class: "scores" },
            el("caption", {}, `Round ${d.round}: bets against tricks won`),
            el("tr", {}, ["seat", "bet", "won", "Pilis taken", "Pilis"].map((head) => el("th", {}, head))),
            seats.map((seat) =>
              el(
                "tr",
                { "data-seat": seat },
                el("th", { scope: "row" }, seatName(ctx, seat)),
                listOf([d.bets[seat], d.won[seat], d.taken[seat], d.pilis[seat]]).map((value) => el("td", {}, value)),
              ),
            ),
          ),
        ),
      );
    } else if (event.kind === "hands_opened") {
      parts.push(
        el(
          "div",
          { class: "revealed-hands" },
          el("p", {}, "Every hand is open:"),
          el("ul", {}, d.hands.map((hand, seat) => el("li", {}, `${seatName(ctx, seat)}: `, hand.map((card) => face(card, null))))),
        ),
      );
    } else if (event.kind === "partners_revealed") {
      parts.push(el("p", {}, "Partners: ", d.partners.map((p, seat) => `${seatName(ctx, seat)} with ${p === null ? "nobody" : seatName(ctx, p)}`).join("; "), "."));
    } else if (event.kind === "round_started") {
      const mission = d.mission ? ` Mission: ${d.mission.name || d.mission.effect}.` : "";
      parts.push(el("p", {}, `Round ${d.round} begins: ${d.deal} cards each.${mission}`));
    } else if (event.kind === "choice_committed") {
      parts.push(el("p", {}, `${who(d.seat)} made a secret choice.`));
    } else if (event.kind === "hand_revealed" || event.kind === "hand_received" || event.kind === "cards_received") {
      parts.push(el("p", {}, `${event.kind === "hand_revealed" ? "Your hand" : `Cards from ${seatName(ctx, d.from)}`}: `, d.cards.map((card) => face(card, null))));
    }
  }
  if (!parts.length) return null;
  return el("section", { class: "reveal", "aria-label": "Just revealed", "data-version": reveal[0].version }, parts);
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
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "scores" },
        el("caption", {}, "Players"),
        el(
          "tr",
          {},
          ["seat", "bet", "won", "Pilis", "cards", "partner"].map((head) => el("th", {}, head)),
        ),
        rows,
      ),
    ),
    el("h3", {}, "Trick on the table"),
    trickList(view.trick, "Trick on the table", ctx),
    view.last_trick && view.last_trick.length
      ? [
          el("h3", {}, "Last trick"),
          trickList(view.last_trick, "Last trick", ctx),
          view.trick_winners && view.trick_winners.length
            ? el("p", { class: "last-winner" }, `Won by ${seatName(ctx, view.trick_winners[view.trick_winners.length - 1])}.`)
            : null,
        ]
      : null,
    mine ? [el("h3", {}, "Your hand"), handPanel(view, ctx)] : null,
  );
}
