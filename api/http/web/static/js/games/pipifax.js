// Pipifax: 24 cards face down in four back colours, the die's animal, the cards found this turn.
//
// A flip is shown until the next decision: on a miss every card of the turn is turned face down
// again in the same version, so the board keeps them face up, marked as a miss, while that
// version is the one shown (`ctx.reveal` holds its events; `ctx.events` the earlier ones).

import { el, findLegal, seatName, target, words } from "../dom.js";

/** The game's title, as players know it. */
export const TITLE = "Pipifax";

/** How this page lets a person play the game (the "How to play" panel). */
export const HINT =
  "on your turn the die's animal is shown above the cards; click a card with a green outline (or Tab to it and " +
  "press Enter) to turn it over. Cards you turned over stay visible, marked, until the next player flips.";

function cardText(card, shown) {
  if (shown) {
    const how = shown.missed ? "just turned over, a miss: it goes face down again" : "just turned over, a find";
    return `card ${card.position}: ${words(shown.animal)} (${card.colour} back), ${how}`;
  }
  return card.face_up || card.animal
    ? `card ${card.position}: ${words(card.animal)} (${card.colour} back)`
    : `card ${card.position}: face down, ${card.colour} back`;
}

/** The animal each position was last seen to show, from the events before and at this version. */
function lastSeen(events) {
  const seen = {};
  for (const event of events) if (event.kind === "card_flipped") seen[event.data.position] = event.data.animal;
  return seen;
}

/** What this version revealed: `{position: {animal, missed}}` for every card it turned over or back. */
function revealed(reveal, history) {
  const shown = {};
  const flipped = reveal.filter((event) => event.kind === "card_flipped");
  if (!flipped.length) return shown;
  const down = reveal.find((event) => event.kind === "cards_turned_down");
  const seen = lastSeen([...history, ...reveal]);
  for (const event of flipped) shown[event.data.position] = { animal: event.data.animal, missed: Boolean(down) };
  if (down) for (const position of down.data.positions) shown[position] = { animal: seen[position], missed: true };
  return shown;
}

/** The die's animal when the version's flip was made: the last roll before it. */
function dieBefore(history, version) {
  const rolls = history.filter((event) => event.kind === "die_rolled" && event.version < version);
  return rolls.length ? rolls[rolls.length - 1].data.animal : null;
}

export function revealPanel(reveal, view, ctx) {
  const flip = reveal.find((event) => event.kind === "card_flipped");
  if (!flip) return null;
  const down = reveal.find((event) => event.kind === "cards_turned_down");
  const won = reveal.find((event) => event.kind === "match_won");
  const die = dieBefore(ctx.events || [], flip.version);
  const who = flip.data.seat === ctx.seat ? "You" : seatName(ctx, flip.data.seat);
  const verdict = won ? "the fourth find of the turn: the match is won!" : down ? "a miss." : "a find: roll again.";
  const seen = lastSeen([...(ctx.events || []), ...reveal]);
  return el(
    "section",
    { class: "reveal", "aria-label": "Just revealed", "data-version": flip.version },
    el(
      "p",
      {},
      `${who} turned over card ${flip.data.position}: ${words(flip.data.animal)}`,
      die ? ` (the die showed ${words(die)})` : "",
      `, ${verdict}`,
    ),
    down
      ? el(
          "p",
          { class: "turned-down" },
          "Turned face down again: ",
          down.data.positions.map((position) => `card ${position} (${words(seen[position])})`).join(", "),
          ".",
        )
      : null,
  );
}

export function render(view, ctx) {
  const shown = revealed(ctx.reveal || [], ctx.events || []);
  const cards = view.cards.map((card) => {
    const flip = findLegal(ctx, (a) => a.type === "pipifax.flip" && a.position === card.position);
    const just = shown[card.position];
    const classes = [
      "card",
      `colour-${card.colour}`,
      card.face_up || just ? "face-up" : "",
      just ? `revealed ${just.missed ? "missed" : "found"}` : "",
    ];
    const face = just ? just.animal : card.face_up || card.animal ? card.animal : null;
    return target(
      ctx,
      flip,
      {
        class: classes.filter(Boolean).join(" "),
        "data-position": card.position,
        "data-animal": just ? just.animal : null,
        "aria-label": cardText(card, just),
      },
      el("span", { class: "face", "aria-hidden": "true" }, face ? words(face) : "?"),
    );
  });
  return el(
    "div",
    {},
    el(
      "p",
      { class: "game-info" },
      el("span", { class: "die" }, `Die: ${words(view.die)}. `),
      `Turn: ${seatName(ctx, view.turn)}. `,
      `Found this turn: ${view.flipped.length ? view.flipped.join(", ") : "none"}.`,
      view.winner !== null ? ` Winner: ${seatName(ctx, view.winner)}.` : "",
    ),
    el("div", { class: "cards pipifax-cards", role: "group", "aria-label": "Cards" }, cards),
  );
}
