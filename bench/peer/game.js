'use strict';
/**
 * The peer's game: a tiny two-player card game with hidden hands and one move per turn, written the
 * way boardgame.io games are (plain data, pure moves, `playerView` stripping what a seat may not see).
 *
 * A shuffled deck of 52 cards deals each seat 5. On its turn a seat plays one card of its hand onto
 * the pile, scoring a point when it has the rank of the pile's top card, and draws the deck's top card;
 * when the deck runs out, the pile but its top card is shuffled into a new deck. The match ends after
 * MATCH_TURNS turns, the higher score winning. A seat sees its own hand, the pile's top card, the
 * scores and how many cards the deck and the other hand hold: never the other hand or the deck's order.
 */
const { INVALID_MOVE } = require('boardgame.io/core');

/** Turns in a match: more than a benchmark round plays (about 2,000 at 400 moves a second), so no match
 * ends within one; each round starts new matches, so the in-memory log a move copies stays that short. */
const MATCH_TURNS = 10000;
const HAND_SIZE = 5;
const SEATS = ['0', '1'];

const rank = (card) => card % 13;

const CardGame = {
  name: 'cards',
  minPlayers: 2,
  maxPlayers: 2,

  setup: ({ random }) => {
    const deck = random.Shuffle(Array.from({ length: 52 }, (_, card) => card));
    const hands = {};
    for (const seat of SEATS) hands[seat] = deck.splice(0, HAND_SIZE);
    return { hands, deck, pile: [], scores: { 0: 0, 1: 0 } };
  },

  turn: { minMoves: 1, maxMoves: 1 },

  moves: {
    /** Play the card at `index` of the seat's hand, then draw one. */
    play: ({ G, playerID, random }, index) => {
      const hand = G.hands[playerID];
      if (!Number.isInteger(index) || index < 0 || index >= hand.length) return INVALID_MOVE;
      const [card] = hand.splice(index, 1);
      const top = G.pile[G.pile.length - 1];
      if (top !== undefined && rank(top) === rank(card)) G.scores[playerID] += 1;
      G.pile.push(card);
      if (G.deck.length === 0) {
        G.deck = random.Shuffle(G.pile.slice(0, -1));
        G.pile = G.pile.slice(-1);
      }
      hand.push(G.deck.pop());
      return undefined;
    },
  },

  endIf: ({ G, ctx }) => {
    if (ctx.turn <= MATCH_TURNS) return undefined;
    const [first, second] = SEATS.map((seat) => G.scores[seat]);
    if (first === second) return { draw: true };
    return { winner: first > second ? '0' : '1' };
  },

  playerView: ({ G, playerID }) => ({
    hand: playerID in G.hands ? G.hands[playerID] : [],
    handSizes: Object.fromEntries(SEATS.map((seat) => [seat, G.hands[seat].length])),
    top: G.pile.length > 0 ? G.pile[G.pile.length - 1] : null,
    deckSize: G.deck.length,
    scores: G.scores,
  }),
};

module.exports = { CardGame, MATCH_TURNS };
