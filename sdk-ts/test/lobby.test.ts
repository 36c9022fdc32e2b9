/** The lobby through the client against a live server: open seats, joining, listing, resigning, aborting. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Arena, MatchFullError, MatchOverError, MatchWaitingError, NotHostError, SeatOutError } from "tabletop-arena-sdk";

import { serverUrl } from "./helpers.js";

test("an open seat is joined, the match starts, and the lobby lists it", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, seats: [{ name: "ada" }, { open: true, name: "guest" }] });
  const matchId = created.match.match_id;
  assert.equal(created.match.status, "waiting");
  const [ada] = arena.seats(created);
  assert.ok(ada);
  await assert.rejects(ada.act({ type: "taiga.flip", disc: 0 }, { version: 0 }), MatchWaitingError);
  const waiting = await arena.listMatches({ game: "taiga", open: true, limit: 100 });
  assert.ok(waiting.matches.some((summary) => summary.match_id === matchId));

  const grace = await arena.join(matchId, { name: "grace" }, "taiga");
  assert.equal(grace.seat, 1);
  const seen = await grace.view();
  assert.equal(seen.status, "active");
  assert.equal(seen.seats[1]?.name, "grace");
  assert.equal(seen.view.phase, "flip", "a Seat<'taiga'> reads TaigaView fields without narrowing");
  await assert.rejects(arena.join(matchId), MatchFullError);
});

test("a seat of three that resigned is out: its actions are refused and it never acts again", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pili-pili", players: 3, seed: 31 });
  const [first, second, third] = arena.seats(created);
  assert.ok(first && second && third);
  const resigned = await first.resign();
  assert.equal(resigned.seats[0]?.state, "resigned");
  assert.equal(resigned.status, "active");
  await assert.rejects(first.act({ type: "pili-pili.bet", tricks: 0 }, { version: resigned.version }), SeatOutError);
  assert.equal(await first.waitForTurn(), false, "an out seat never acts again");
});

test("a resigning seat of two hands the match to the other; the host aborts with its token only", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2 });
  const [first, second] = arena.seats(created);
  assert.ok(first && second);
  const resigned = await first.resign();
  assert.equal(resigned.status, "finished");
  assert.deepEqual(resigned.result?.winners, [1]);
  await assert.rejects(first.act({ type: "pipifax.flip", position: 0 }), MatchOverError);

  const other = await arena.createMatch({ game: "pipifax", players: 2 });
  await assert.rejects(arena.abort(other.match.match_id, other.seats[0]!.token), NotHostError);
  const aborted = await arena.abort(other.match.match_id, other.host_token);
  assert.equal(aborted.status, "aborted");
  assert.equal(aborted.result, null);
});
