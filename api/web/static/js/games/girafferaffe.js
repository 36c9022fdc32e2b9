// Girafferaffe: the trees with their plays, every seat's apples and hand size, the viewer's hand.
// A seat plays by choosing cards (copy cards say which card they copy) and a tree; the server
// validates the play, so any combination may be tried.

import { el, seatName, words } from "../dom.js";

/** "red-7" -> "red 7"; "copy" -> "copy card". */
export function cardText(card) {
  return card === "copy" ? "copy card" : words(card);
}

function cardFace(card) {
  const [colour, rank] = card === "copy" ? ["copy", "C"] : card.split("-");
  return el("span", { class: `gcard colour-${colour}`, "data-card": card, role: "img", "aria-label": cardText(card) }, rank);
}

function treePanel(tree, ctx, chosen) {
  const plays = tree.plays.map((play) =>
    el(
      "li",
      { "data-seat": play.seat },
      `${seatName(ctx, play.seat)}: `,
      play.cards.map(cardFace),
      play.copies.length ? [" with copies of ", play.copies.map(cardFace)] : "",
    ),
  );
  const needs = [
    tree.colours.length ? `colours ${tree.colours.join(", ")}` : null,
    tree.min_rank ? `rank at least ${tree.min_rank}` : null,
    `${tree.min_cards}${tree.max_cards ? `-${tree.max_cards}` : "+"} cards`,
  ].filter(Boolean);
  const rewards = `reward: ${tree.reward_apples} apple(s), ${tree.reward_cards} card(s)`;
  const counted = ctx.counts && ctx.counts.tree ? ctx.counts.tree[tree.id] : undefined;
  const fits = counted === undefined ? (ctx.legal || []).some((entry) => entry.action.tree === tree.id) : counted > 0;
  const heading = ctx.act
    ? el(
        "button",
        {
          class: `tree-choice${chosen.tree === tree.id ? " chosen" : ""}${fits ? " legal" : ""}`,
          "aria-label": `${tree.name}${fits ? ", a play fits" : ""}${counted ? ` (${counted} plays)` : ""}`,
          "aria-pressed": chosen.tree === tree.id ? "true" : "false",
          "data-tree": tree.id,
          "data-key": `tree-${tree.id}`,
          onclick: () => chosen.toggleTree(tree.id),
        },
        tree.name,
      )
    : el("h3", {}, tree.name);
  return el(
    "li",
    { class: "tree", "data-tree": tree.id },
    heading,
    el("p", { class: "tree-rule" }, `${needs.join(", ")}; ${rewards}`),
    el("ul", { class: "plays", "aria-label": `Plays on ${tree.name}` }, plays),
  );
}

function composer(view, ctx, chosen) {
  const hand = view.hands[ctx.seat] || [];
  if (!ctx.act) {
    return el("div", { class: "composer" }, el("h3", {}, "Your hand"), el("div", { class: "hand" }, hand.map(cardFace)));
  }
  const numbers = hand.filter((card) => card !== "copy");
  const cards = hand.map((card, index) => {
    const picked = chosen.cards.has(index);
    const hinted = (ctx.legal || []).some((entry) => (entry.action.cards || []).includes(card));
    const parts = [
      el(
        "button",
        {
          class: `hand-card${picked ? " chosen" : ""}${hinted ? " legal" : ""}`,
          "aria-pressed": picked ? "true" : "false",
          "aria-label": `${cardText(card)}${picked ? ", chosen" : ""}`,
          "data-card": card,
          "data-key": `hand-${index}`,
          onclick: () => chosen.toggleCard(index),
        },
        cardFace(card),
      ),
    ];
    if (card === "copy" && picked) {
      const options = numbers.filter((_, i) => chosen.cards.has(hand.indexOf(numbers[i])));
      parts.push(
        el(
          "select",
          {
            "aria-label": "the card this copy copies",
            "data-key": `copy-${index}`,
            onchange: (event) => chosen.copies.set(index, event.target.value),
          },
          options.map((number) =>
            el("option", { value: number, selected: chosen.copies.get(index) === number }, cardText(number)),
          ),
        ),
      );
    }
    return el("span", { class: "hand-slot" }, parts);
  });
  const play = () => {
    const picked = hand.filter((_, index) => chosen.cards.has(index));
    const playedNumbers = picked.filter((card) => card !== "copy");
    const copies = hand
      .map((card, index) => (card === "copy" && chosen.cards.has(index) ? chosen.copies.get(index) || playedNumbers[0] : null))
      .filter(Boolean);
    ctx.act({ type: "girafferaffe.play", tree: chosen.tree, cards: playedNumbers, copies });
  };
  return el(
    "div",
    { class: "composer" },
    el("h3", {}, "Your hand"),
    el("div", { class: "hand", role: "group", "aria-label": "Your hand: choose cards" }, cards),
    el(
      "p",
      {},
      el(
        "button",
        { class: "play-chosen", "data-key": "play-chosen", onclick: play, disabled: !chosen.tree || chosen.cards.size === 0 },
        chosen.tree ? `Play the chosen cards on ${chosen.tree}` : "Choose cards and a tree",
      ),
      " ",
      el("button", { class: "pass", onclick: () => ctx.act({ type: "girafferaffe.pass" }) }, "Pass (return an apple)"),
    ),
  );
}

/** What the viewer has chosen so far; kept by the page between renders of the same version. */
function choice(ctx) {
  const memory = ctx.memory || {};
  if (!memory.girafferaffe || memory.girafferaffe.version !== ctx.version) {
    memory.girafferaffe = { version: ctx.version, tree: null, cards: new Set(), copies: new Map() };
  }
  const chosen = memory.girafferaffe;
  chosen.toggleTree = (tree) => {
    chosen.tree = chosen.tree === tree ? null : tree;
    ctx.rerender();
  };
  chosen.toggleCard = (index) => {
    if (chosen.cards.has(index)) chosen.cards.delete(index);
    else chosen.cards.add(index);
    ctx.rerender();
  };
  return chosen;
}

export function render(view, ctx) {
  const chosen = choice(ctx);
  const seats = Array.from({ length: view.players }, (_, seat) =>
    el(
      "tr",
      { "data-seat": seat },
      el("th", { scope: "row" }, seatName(ctx, seat)),
      el("td", {}, String(view.hand_sizes[seat])),
      el("td", {}, String(view.apples[seat])),
      el("td", {}, String(view.rotten[seat])),
    ),
  );
  return el(
    "div",
    {},
    el(
      "p",
      { class: "game-info" },
      `Mode: ${view.mode}. Round ${view.round}. Dealer: ${seatName(ctx, view.dealer)}. `,
      view.turn !== null && view.turn !== undefined ? `Turn: ${seatName(ctx, view.turn)}. ` : "",
      `Apples in the supply: ${view.supply}. Redraw deck: ${view.redraw_size}. Out of play: ${view.out_of_play_size}.`,
      view.robot ? ` Robot: ${view.robot.apples} apple(s), ${view.robot.hand ? view.robot.hand.length : 0} card(s).` : "",
    ),
    el("ul", { class: "trees", "aria-label": "Trees" }, view.trees.map((tree) => treePanel(tree, ctx, chosen))),
    el(
      "table",
      { class: "scores" },
      el("caption", {}, "Players"),
      el("tr", {}, el("th", {}, "seat"), el("th", {}, "cards in hand"), el("th", {}, "apples"), el("th", {}, "rotten")),
      seats,
    ),
    ctx.seat !== null && ctx.seat !== undefined && view.hands[ctx.seat] ? composer(view, ctx, chosen) : null,
  );
}
