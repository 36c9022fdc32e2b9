// Girafferaffe: what the server's legal plays of one tree say of the cards a player has chosen so
// far. Pure (no DOM): the page asks the server for the tree's plays (`filter=tree=<id>`) and this
// module checks the choice against them, so the page offers only what can be played.

/** Whether two lists hold the same cards, in any order. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((card, index) => card === right[index]);
}

/** Whether `play` holds every number card chosen and at least as many copies. */
function extendsChoice(play, numbers, copies) {
  return numbers.every((card) => play.cards.includes(card)) && play.copies.length >= copies.length;
}

/**
 * How the choice stands against one tree's legal plays. `listing` is `{total, plays}` (null while
 * it is asked for); `numbers` the number cards chosen, `copies` what each chosen copy card copies.
 *
 * When the listing holds every play of the tree (`complete`): `extending` are the plays that hold
 * the choice, `exact` those that are the choice (whatever the copies copy), `play` the one legal
 * play that is exactly the choice, copies included (or null), `hints` the cards of the hand that
 * would bring the choice closer to a play ("copy" for a copy card). A tree with more plays than the
 * page reads (Girafferaffe's Any tree: any 3 or more cards) is not complete: any choice of a size
 * the tree takes is offered, and the server checks it.
 */
export function fitOf(tree, listing, numbers, copies) {
  if (!listing) return { loading: true, complete: false, extending: [], exact: [], play: null, hints: null };
  const extending = listing.plays.filter((play) => extendsChoice(play, numbers, copies));
  if (listing.plays.length < listing.total) {
    const count = numbers.length + copies.length;
    const sized = count >= tree.min_cards && (!tree.max_cards || count <= tree.max_cards);
    const play = sized && numbers.length > 0 ? { type: "girafferaffe.play", tree: tree.id, cards: numbers, copies } : null;
    return { loading: false, complete: false, extending, exact: [], play, hints: null };
  }
  const exact = extending.filter((play) => play.cards.length === numbers.length && play.copies.length === copies.length);
  const play = exact.find((found) => sameCards(found.copies, copies)) || null;
  const hints = new Set();
  for (const found of extending) {
    for (const card of found.cards) if (!numbers.includes(card)) hints.add(card);
    if (found.copies.length > copies.length) hints.add("copy");
  }
  return { loading: false, complete: true, extending, exact, play, hints };
}

/** The cards a chosen copy card may copy, as the legal plays that are exactly the choice allow (else any number card chosen). */
export function copyChoices(fit, numbers) {
  if (!fit.complete || !fit.exact.length) return numbers;
  const allowed = new Set(fit.exact.flatMap((play) => play.copies));
  return numbers.filter((card) => allowed.has(card));
}
