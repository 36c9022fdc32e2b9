/** A seat's loop hands over the match's ending; typed events and actions by type; the host's webhook call; pace_ms. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { actionsOfType, Arena, AuthError, DEFAULT_LEGAL_LIMIT, eventsOf, NotFoundError, WrongGameError } from "tabletop-arena-sdk";

import { serverUrl } from "./helpers.js";

test("turns() hands the loop the final events and the result once the match is over", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, seed: 11, seats: [{ name: "me" }, { bot: "greedy" }] });
  const [seat] = arena.seats(created);
  assert.ok(seat);
  const loop = seat.turns();
  let flips = 0;
  for await (const turn of loop) {
    assert.equal(loop.ending, null);
    for (const event of turn.events) if (event.kind === "disc_flipped") flips += event.data.disc >= 0 ? 1 : 0;
    const chosen = actionsOfType(turn.actions, "taiga.flip")[0] ?? turn.actions[0];
    assert.ok(chosen);
    await turn.act(chosen);
  }
  const match = await arena.match(created.match.match_id);
  assert.ok(loop.ending !== null && flips > 0);
  assert.equal(loop.ending.status, "finished");
  assert.equal(loop.ending.version, match.version);
  assert.deepEqual(loop.result, match.result);
  assert.equal(loop.ending.events.at(-1)?.kind, "game_over");
});

test("events narrow by game, and another game's kind is refused", () => {
  const taigaEvents = [{ kind: "disc_flipped", data: { seat: 0, disc: 3, was: "bear", shows: "fox" }, version: 2, visible_to: null }];
  const [flipped] = eventsOf(taigaEvents, "taiga");
  assert.ok(flipped && flipped.kind === "disc_flipped" && flipped.data.shows === "fox");
  assert.throws(() => eventsOf(taigaEvents, "pipifax"), WrongGameError);
  assert.equal(DEFAULT_LEGAL_LIMIT, 100);
});

test("matchWebhook asks GET /matches/{id}/webhook as the host: a match without one answers webhook/not_found", async () => {
  const arena = new Arena(serverUrl());
  const plain = await arena.createMatch({ game: "pipifax", players: 2 });
  await assert.rejects(arena.matchWebhook(plain.match.match_id, plain.host_token), (error: unknown) => {
    return error instanceof NotFoundError && error.code === "webhook/not_found";
  });
  const seatToken = plain.seats[0]?.token ?? "";
  await assert.rejects(arena.matchWebhook(plain.match.match_id, seatToken), (error: unknown) => {
    return error instanceof AuthError && error.status === 403;
  });
});

test("createMatch takes pace_ms, and the match shows it", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2, pace_ms: 250, seats: [{ bot: "random" }, { bot: "random" }] });
  assert.equal(created.match.pace_ms, 250);
});
