// Girafferaffe: the trees with their plays, every seat's apples and hand size, the viewer's hand.
//
// A full hand has more plays than anyone could read (over 100,000), so none is listed: a seat builds
// its play by choosing a tree (those where a play fits are outlined, as the server counts them),
// then cards of its hand, which stays at the bottom of the screen. The tree's legal plays, asked of
// the server with the `tree` filter, say which cards fit (girafferaffe-fit.js); *Play* is offered
// only for a legal play, *Pass* only with an apple to return.

import { el, seatName, words } from "../dom.js";
import { copyChoices, fitOf } from "./girafferaffe-fit.js";

/** The game's title, as players know it. */
export const TITLE = "Girafferaffe";

/** How this page lets a person play the game (the "How to play" panel). */
export const HINT =
  "choose a tree (a green outline: a play of yours fits it), then the cards to play on it from your hand, at the " +
  "bottom of the screen: the cards that fit are outlined, and a copy card asks which card it copies. Suggest a play " +
  "fills one in. Play is offered once the cards make a legal play; Pass returns an apple when you have one.";

/** What the seat page says under "Your turn": how many moves there are, and how to make one. */
export function composeTurn(total, counts) {
  const trees = Object.values((counts && counts.tree) || {}).filter((count) => count > 0).length;
  const pass = counts && counts.pass ? "; or pass and return an apple" : "";
  if (trees === 0) return counts && counts.pass ? "No play fits any tree: pass and return an apple." : `${total} legal moves.`;
  return (
    `${total.toLocaleString("en")} possible move${total === 1 ? "" : "s"}: choose one of the ${trees} outlined ` +
    `tree${trees === 1 ? "" : "s"}, then the cards to play on it from your hand${pass}.`
  );
}

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

/** A tree's needs and reward in a few words: "2 cards, rank 8 or more; reward: draw 1 card". */
function treeRule(tree) {
  const needs = [
    tree.colours.length ? tree.colours.join(" or ") : null,
    tree.min_rank > 15 ? "no card can top it" : tree.min_rank > 1 ? `rank ${tree.min_rank} or more` : null,
    tree.max_cards === tree.min_cards ? `${tree.min_cards} card${tree.min_cards === 1 ? "" : "s"}` : `${tree.min_cards} or more cards`,
  ].filter(Boolean);
  const rewards = [
    tree.reward_apples ? `${tree.reward_apples} apple${tree.reward_apples === 1 ? "" : "s"}` : null,
    tree.reward_cards ? `draw ${tree.reward_cards} card${tree.reward_cards === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  return `${needs.join(", ")}; reward: ${rewards.length ? rewards.join(" and ") : "none"}`;
}

/** How many plays fit `tree` for the viewer (the server's count), or undefined when unknown. */
function playsOn(ctx, tree) {
  const counted = ctx.counts && ctx.counts.tree ? ctx.counts.tree[tree.id] : undefined;
  if (counted !== undefined) return counted;
  const listed = (ctx.legal || []).filter((entry) => entry.action.tree === tree.id).length;
  return ctx.legal && ctx.legal.length ? listed : undefined;
}

function treePanel(tree, ctx, chosen) {
  const plays = tree.plays.map((play, index) =>
    el(
      "li",
      { "data-seat": play.seat === null ? "robot" : play.seat, class: index < tree.plays.length - 1 ? "earlier" : "top" },
      `${play.seat === null ? "the robot" : seatName(ctx, play.seat)}: `,
      play.cards.map(cardFace),
      play.copies.length ? [" with copies of ", play.copies.map(cardFace)] : "",
    ),
  );
  const counted = playsOn(ctx, tree);
  const fits = counted > 0;
  const heading = ctx.act
    ? el(
        "button",
        {
          class: `tree-choice${chosen.tree === tree.id ? " chosen" : ""}${fits ? " legal" : ""}`,
          "aria-label": `${tree.name}: ${counted === undefined ? "" : fits ? `${counted} of your plays fit` : "none of your plays fits"}`,
          "aria-pressed": chosen.tree === tree.id ? "true" : "false",
          "data-tree": tree.id,
          "data-key": `tree-${tree.id}`,
          disabled: counted === 0 && chosen.tree !== tree.id,
          onclick: () => chosen.toggleTree(tree.id),
        },
        tree.name,
      )
    : el("h3", {}, tree.name);
  const earlier = tree.plays.length - 1;
  return el(
    "li",
    { class: `tree${chosen.tree === tree.id ? " chosen-tree" : ""}`, "data-tree": tree.id },
    heading,
    el("p", { class: "tree-rule" }, treeRule(tree)),
    tree.plays.length ? el("ul", { class: "plays", "aria-label": `Plays on ${tree.name}, the top one last` }, plays) : el("p", { class: "tree-rule" }, "No play yet."),
    earlier > 0 ? el("p", { class: "earlier-count", "aria-hidden": "true" }, `and ${earlier} earlier play${earlier === 1 ? "" : "s"}`) : null,
  );
}

/** The cards chosen now: the number cards, the copy cards' hand slots, and what each copy copies. */
function picked(hand, chosen) {
  const numbers = hand.filter((card, index) => card !== "copy" && chosen.cards.has(index));
  const copySlots = hand.map((card, index) => (card === "copy" && chosen.cards.has(index) ? index : null)).filter((index) => index !== null);
  const copies = copySlots.map((index) => chosen.copies.get(index) || numbers[0]).filter(Boolean);
  return { numbers, copySlots, copies };
}

/** The page's words on the choice: what to do next, or why nothing fits. */
function choiceNote(tree, fit, choice) {
  const count = choice.numbers.length + choice.copySlots.length;
  if (!tree) return count ? "Now choose a tree for these cards." : "Choose a tree where a play fits (outlined), then your cards.";
  if (fit.loading) return `Looking up your plays on the ${tree.name} tree…`;
  if (fit.play) return `Ready: ${count} card${count === 1 ? "" : "s"} on the ${tree.name} tree.`;
  if (!fit.complete) {
    return `The ${tree.name} tree takes ${tree.min_cards}${tree.max_cards ? `-${tree.max_cards}` : " or more"} cards: choose them (a copy card only with a number card).`;
  }
  if (!count) return `${fit.extending.length} play${fit.extending.length === 1 ? "" : "s"} fit the ${tree.name} tree: choose cards (outlined), or Suggest a play.`;
  if (fit.extending.length) return `Keep choosing: ${fit.extending.length} play${fit.extending.length === 1 ? "" : "s"} on the ${tree.name} tree use these cards.`;
  return `These cards make no play on the ${tree.name} tree: take some back, or choose another tree.`;
}

function handButton(card, index, chosen, fit, tree) {
  const isPicked = chosen.cards.has(index);
  const hinted = Boolean(tree && fit.hints && fit.hints.has(card === "copy" ? "copy" : card));
  const blocked = Boolean(tree && fit.complete && !isPicked && !hinted);
  return el(
    "button",
    {
      class: `hand-card${isPicked ? " chosen" : ""}${hinted ? " legal" : ""}`,
      "aria-pressed": isPicked ? "true" : "false",
      "aria-label": `${cardText(card)}${isPicked ? ", chosen" : ""}${blocked ? `, fits no play on the ${tree.name} tree now` : ""}`,
      "data-card": card,
      "data-key": `hand-${index}`,
      disabled: blocked,
      onclick: () => chosen.toggleCard(index),
    },
    cardFace(card),
  );
}

function composer(view, ctx, chosen) {
  const hand = view.hands[ctx.seat] || [];
  if (!ctx.act) {
    return el(
      "div",
      { class: "composer", role: "region", "aria-label": "Your hand" },
      el("h3", {}, "Your hand"),
      el("div", { class: "hand" }, hand.map(cardFace)),
    );
  }
  const tree = chosen.tree ? view.trees.find((found) => found.id === chosen.tree) : null;
  let choice = picked(hand, chosen);
  const listing = tree ? chosen.lists[tree.id] : null;
  let fit = tree ? fitOf(tree, listing, choice.numbers, choice.copies) : fitOf(null, null, [], []);
  if (fit.complete && !fit.play && fit.exact.length) {
    // The copies copy what a legal play of these cards has them copy.
    choice.copySlots.forEach((slot, index) => chosen.copies.set(slot, fit.exact[0].copies[index]));
    choice = picked(hand, chosen);
    fit = fitOf(tree, listing, choice.numbers, choice.copies);
  }
  const copiesOffered = copyChoices(fit, choice.numbers);
  const cards = hand.map((card, index) => {
    const parts = [handButton(card, index, chosen, fit, tree)];
    if (card === "copy" && chosen.cards.has(index) && choice.numbers.length) {
      parts.push(
        el(
          "select",
          {
            "aria-label": "the card this copy copies",
            "data-key": `copy-${index}`,
            onchange: (event) => {
              chosen.copies.set(index, event.target.value);
              ctx.rerender();
            },
          },
          copiesOffered.map((number) =>
            el("option", { value: number, selected: (chosen.copies.get(index) || choice.numbers[0]) === number }, cardText(number)),
          ),
        ),
      );
    }
    return el("span", { class: "hand-slot" }, parts);
  });
  const count = choice.numbers.length + choice.copySlots.length;
  const suggestion = tree && !fit.loading ? (fit.extending[0] || (listing && listing.plays[0]) || null) : null;
  const pass = ctx.counts && ctx.counts.pass;
  return el(
    "div",
    { class: "composer acting", role: "region", "aria-label": "Your hand and your play" },
    el("p", { class: "choice-note" }, choiceNote(tree, fit, choice)),
    el("div", { class: "hand", role: "group", "aria-label": "Your hand: choose cards" }, cards),
    el(
      "p",
      { class: "composer-buttons" },
      el(
        "button",
        { class: "play-chosen", "data-key": "play-chosen", onclick: () => ctx.act(fit.play), disabled: !fit.play },
        tree && fit.play ? `Play ${count} card${count === 1 ? "" : "s"} on the ${tree.name} tree` : "Play",
      ),
      " ",
      tree
        ? el(
            "button",
            { class: "suggest-play", "data-key": "suggest-play", disabled: !suggestion, onclick: () => chosen.take(suggestion, hand) },
            "Suggest a play",
          )
        : null,
      " ",
      count || tree ? el("button", { class: "clear-choice", "data-key": "clear-choice", onclick: () => chosen.clear() }, "Clear") : null,
      " ",
      pass ? el("button", { class: "pass", "data-key": "pass", onclick: () => ctx.act({ type: "girafferaffe.pass" }) }, "Pass (return an apple)") : null,
    ),
  );
}

/** What the viewer has chosen so far; kept by the page between renders of the same version. */
function choice(ctx) {
  const memory = ctx.memory || {};
  if (!memory.girafferaffe || memory.girafferaffe.version !== ctx.version) {
    memory.girafferaffe = { version: ctx.version, tree: null, cards: new Set(), copies: new Map(), lists: {}, asked: new Set() };
  }
  const chosen = memory.girafferaffe;
  const ask = (tree) => {
    if (chosen.asked.has(tree) || !ctx.treePlays) return;
    chosen.asked.add(tree);
    ctx
      .treePlays(tree)
      .then((listing) => {
        if (listing.version !== chosen.version) return;
        chosen.lists[tree] = listing;
        ctx.rerender();
      })
      .catch((error) => {
        chosen.asked.delete(tree);
        if (ctx.showError) ctx.showError(error);
      });
  };
  chosen.toggleTree = (tree) => {
    chosen.tree = chosen.tree === tree ? null : tree;
    if (chosen.tree) ask(chosen.tree);
    ctx.rerender();
  };
  chosen.toggleCard = (index) => {
    if (chosen.cards.has(index)) chosen.cards.delete(index);
    else chosen.cards.add(index);
    ctx.rerender();
  };
  chosen.clear = () => {
    chosen.cards.clear();
    chosen.copies.clear();
    chosen.tree = null;
    ctx.rerender();
  };
  /** Choose the cards of a legal `play` (its copies on copy cards of the hand). */
  chosen.take = (play, hand) => {
    chosen.cards.clear();
    chosen.copies.clear();
    for (const card of play.cards) chosen.cards.add(hand.indexOf(card));
    const copySlots = hand.map((card, index) => (card === "copy" ? index : null)).filter((index) => index !== null);
    play.copies.forEach((copied, index) => {
      chosen.cards.add(copySlots[index]);
      chosen.copies.set(copySlots[index], copied);
    });
    ctx.rerender();
  };
  if (chosen.tree) ask(chosen.tree);
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
    { class: "girafferaffe-table" },
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
