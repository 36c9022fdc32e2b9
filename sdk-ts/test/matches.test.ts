/** Whole matches of every game through the client, against a live server: two client seats, and one against server bots. */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Arena, type GameId } from "tabletop-arena-sdk";

import { pick, playTurns, seatLog, seededRandom, serverUrl } from "./helpers.js";

const GAMES: GameId[] = ["pipifax", "taiga", "girafferaffe", "pili-pili"];

describe("two client seats play a whole match", () => {
  for (const [index, game] of GAMES.entries()) {
    test(game, async () => {
      const arena = new Arena(serverUrl());
      const created = await arena.createMatch({ game, players: 2, seed: 100 + index });
      const seats = arena.seats(created);
      assert.deepEqual(
        seats.map((seat) => seat.seat),
        [0, 1],
      );
      const played = await Promise.all(seats.map((seat, i) => playTurns(seat, 7 * index + i)));

      const match = await arena.match(created.match.match_id, game);
      assert.equal(match.status, "finished");
      assert.ok(match.result !== null);
      // the record as text a player reads: a header, then one line per version
      const record = await arena.record(match.match_id);
      const text = await arena.matchRecordText(match.match_id);
      const [header, versions] = text.trimEnd().split("\n\n");
      assert.ok(header!.startsWith(`[Game "`) && header!.includes(`[Match "${match.match_id}"]`));
      assert.deepEqual(
        versions!.split("\n").map((line) => line.split(". ")[0]),
        record.steps.map((_, version) => String(version)),
      );
      for (const [i, seat] of seats.entries()) {
        const { turns, events, final } = played[i]!;
        assert.ok(turns.length > 0, `seat ${i} had turns`);
        assert.equal(final.version, match.version);
        assert.equal(final.status, "finished");
        assert.deepEqual(final.result, match.result);
        // the turns' events are this seat's log up to its last turn, each event once, in order
        const log = await seatLog(seat);
        const last = turns.at(-1)!;
        assert.deepEqual(events, log.filter((event) => event.version <= last));
      }
    });
  }
});

describe("a client seat plays a whole match against the server's bots", () => {
  for (const [index, game] of GAMES.entries()) {
    test(game, async () => {
      const arena = new Arena(serverUrl());
      const created = await arena.createMatch({
        game,
        players: 3,
        seed: 200 + index,
        seats: [{ bot: "greedy" }, { name: "me" }, { bot: "random" }],
      });
      assert.deepEqual(
        created.seats.map((seat) => seat.seat),
        [1],
      );
      const [me] = arena.seats(created);
      assert.ok(me);
      const random = seededRandom(index);
      let decisions = 0;
      const final = await me.play((turn) => {
        decisions += 1;
        return pick(turn.actions, random);
      });
      assert.ok(decisions > 0);
      assert.equal(final.status, "finished");
      assert.equal(final.game, game);
      const match = await arena.match(created.match.match_id);
      assert.equal(final.version, match.version);
      assert.deepEqual(
        match.seats.map((seat) => [seat.kind, seat.bot]),
        [
          ["bot", "greedy"],
          ["player", null],
          ["bot", "random"],
        ],
      );
    });
  }
});
