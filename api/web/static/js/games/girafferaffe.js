// Girafferaffe: the trees with their plays, every seat's apples and hand size, the viewer's hand.
// A seat plays by choosing cards (copy cards say which card they copy) and a tree; the server
// validates the play, so any combination may be tried.

import { el, seatName, words } from "../dom.js";

/** How this page lets a person play the game (the "How to play" panel). */
export const HINT =
  "choose cards in your hand (a copy card asks which card it copies), then a tree (trees where a play fits have a " +
  "green outline), then Play the chosen cards; the server says which rule an illegal play breaks. Pass returns an " +
  "apple. The list under Your turn offers ready-made plays.";

/** Who made a play: the viewer, a seat, or the solo robot (seat null). */
function player(ctx, seat) {
  if (seat === null || seat === undefined) return "The robot";
  return seat === ctx.seat ? "You" : seatName(ctx, seat);
}

/** What the version just shown revealed: plays (the robot's too, made within the player's turn), draws. */
export function revealPanel(reveal, view, ctx) {
  const trees = Object.fromEntries(view.trees.map((tree) => [tree.id, tree.name]));
  const parts = [];
  for (const event of reveal) {
    const d = event.data || {};
    if (event.kind === "cards_played") {
      parts.push(
        el(
          "p",
          { class: `revealed-play${d.seat === null ? " robot" : ""}`, "data-seat": d.seat === null ? "robot" : d.seat },
          `${player(ctx, d.seat)} played `,
          d.cards.map(cardFace),
          d.copies && d.copies.length ? [" with copies of ", d.copies.map(cardFace)] : "",
          ` on ${trees[d.tree] || d.tree}.`,
        ),
      );
    } else if (event.kind === "apple_returned") parts.push(el("p", {}, `${player(ctx, d.seat)} passed and returned an apple.`));
    else if (event.kind === "apples_taken") parts.push(el("p", {}, `${player(ctx, d.seat)} took ${d.count} apple(s).`));
    else if (event.kind === "robot_drew") parts.push(el("p", { class: "robot" }, "The robot drew ", cardFace(d.card), "."));
    else if (event.kind === "robot_cannot_act") parts.push(el("p", { class: "robot" }, "The robot could not play."));
    else if (event.kind === "player_lost") parts.push(el("p", {}, `${player(ctx, d.seat)} could neither play nor pay, and lost round ${d.round}.`));
    else if (event.kind === "rotten_apple_taken") parts.push(el("p", {}, `${player(ctx, d.seat)} took a rotten apple.`));
  }
  if (!parts.length) return null;
  return el("section", { class: "reveal", "aria-label": "Just revealed", "data-version": reveal[0].version }, parts);
}

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
      { "data-seat": play.seat === null ? "robot" : play.seat },
      `${play.seat === null ? "the robot" : seatName(ctx, play.seat)}: `,
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
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "scores" },
        el("caption", {}, "Players"),
        el("tr", {}, el("th", {}, "seat"), el("th", {}, "cards"), el("th", {}, "apples"), el("th", {}, "rotten")),
        seats,
      ),
    ),
    ctx.seat !== null && ctx.seat !== undefined && view.hands[ctx.seat] ? composer(view, ctx, chosen) : null,
  );
}
