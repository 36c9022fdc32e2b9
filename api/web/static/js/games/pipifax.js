// Pipifax: 24 cards face down in four back colours, the die's animal, the cards found this turn.

import { el, findLegal, seatName, target, words } from "../dom.js";

function cardText(card) {
  return card.face_up || card.animal
    ? `card ${card.position}: ${words(card.animal)} (${card.colour} back)`
    : `card ${card.position}: face down, ${card.colour} back`;
}

export function render(view, ctx) {
  const cards = view.cards.map((card) => {
    const flip = findLegal(ctx, (a) => a.type === "pipifax.flip" && a.position === card.position);
    return target(
      ctx,
      flip,
      {
        class: `card colour-${card.colour}${card.face_up ? " face-up" : ""}`,
        "data-position": card.position,
        "aria-label": cardText(card),
      },
      el("span", { class: "face", "aria-hidden": "true" }, card.face_up || card.animal ? words(card.animal) : "?"),
    );
  });
  return el(
    "div",
    {},
    el(
      "p",
      { class: "game-info" },
      `Die: ${words(view.die)}. `,
      `Turn: ${seatName(ctx, view.turn)}. `,
      `Found this turn: ${view.flipped.length ? view.flipped.join(", ") : "none"}.`,
      view.winner !== null ? ` Winner: ${seatName(ctx, view.winner)}.` : "",
    ),
    el("div", { class: "cards pipifax-cards", role: "group", "aria-label": "Cards" }, cards),
  );
}
