/** A seat's actions, refusals and waits against a live server: typed errors, safe resends, long-polls. */

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Arena,
  IllegalActionError,
  InvalidTokenError,
  MalformedActionError,
  NotFoundError,
  NotYourTurnError,
  StaleVersionError,
  UnknownBotError,
  InvalidRequestError,
  WaitTimeoutError,
  WrongGameError,
  type Action,
} from "tabletop-arena-sdk";

import { isAction, serverUrl } from "./helpers.js";

/** A fetch that sends every request but loses the answer to the first action, as a cut connection would. */
function losingFirstAnswer() {
  const sent: { key: string | null; ifMatch: string | null; replayed: string | null }[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const response = await globalThis.fetch(input.clone());
    if (isAction(input)) {
      sent.push({
        key: input.headers.get("Idempotency-Key"),
        ifMatch: input.headers.get("If-Match"),
        replayed: response.headers.get("Idempotent-Replayed"),
      });
      if (sent.length === 1) {
        await response.arrayBuffer(); // the server answered; the answer never arrives
        throw new TypeError("fetch failed", { cause: new Error("other side closed") });
      }
    }
    return response;
  };
  return { fetch, sent };
}

test("an action whose answer was lost is sent again exactly once, with the same key, and applies once", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, options: { first_player: 0 }, seed: 3 });
  const matchId = created.match.match_id;
  const cutting = losingFirstAnswer();
  const seat = new Arena(serverUrl(), { fetch: cutting.fetch }).seat(matchId, created.seats[0]!.token, "taiga");
  const [action] = await seat.legalActions({ limit: 1 });
  assert.ok(action);

  const result = await seat.act(action);

  assert.equal(result.version, 1);
  assert.equal(cutting.sent.length, 2, "sent once, then resent exactly once");
  const [first, resent] = cutting.sent;
  assert.ok(first?.key && first.key === resent?.key, "the resend carries the same Idempotency-Key");
  assert.equal(resent?.ifMatch, "0");
  assert.equal(first?.replayed, null);
  assert.equal(resent?.replayed, "true", "the server replayed its remembered answer");
  assert.equal((await arena.match(matchId)).version, 1, "the move applied once");
  const log = await arena.events(matchId, { after: 0 });
  assert.deepEqual(
    log.actions.map((record) => [record.version, record.seat]),
    [[1, 0]],
  );
  assert.equal(seat.version, 1);
});

test("an action whose request never arrived is sent again and applies once", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2, options: { first_player: 0 }, seed: 4 });
  let tries = 0;
  const fetch = async (input: Request): Promise<Response> => {
    if (isAction(input) && ++tries === 1) throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
    return globalThis.fetch(input);
  };
  const seat = new Arena(serverUrl(), { fetch }).seat(created.match.match_id, created.seats[0]!.token, "pipifax");
  const result = await seat.act({ type: "pipifax.flip", position: 5 });
  assert.equal(tries, 2);
  assert.equal(result.version, 1);
  assert.equal((await arena.match(created.match.match_id)).version, 1);
});

test("a match created whose answer was lost is created once", async () => {
  let firstMatchId: string | null = null;
  let creates = 0;
  const fetch = async (input: Request): Promise<Response> => {
    const creating = input.method === "POST" && new URL(input.url).pathname === "/matches";
    const response = await globalThis.fetch(input.clone());
    if (creating && ++creates === 1) {
      firstMatchId = ((await response.json()) as { match: { match_id: string } }).match.match_id;
      throw new TypeError("fetch failed");
    }
    return response;
  };
  const created = await new Arena(serverUrl(), { fetch }).createMatch({ game: "pipifax", players: 2 });
  assert.equal(creates, 2);
  assert.equal(created.match.match_id, firstMatchId, "the resend got the match the first request created");
});

test("refusals arrive as typed errors, and a stale refusal teaches the seat the version", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, options: { first_player: 0 }, seed: 5 });
  const matchId = created.match.match_id;
  const [first, second] = arena.seats(created);
  assert.ok(first && second);

  await assert.rejects(second.act({ type: "taiga.flip", disc: 0 }), NotYourTurnError);
  await assert.rejects(first.act({ type: "taiga.take", from_seat: 1 }), (error: unknown) => {
    assert.ok(error instanceof IllegalActionError);
    assert.equal(error.status, 422);
    assert.equal(error.code, "action/illegal");
    assert.equal(error.rule, "T4");
    return true;
  });
  const untyped = arena.seat(matchId, created.seats[0]!.token); // any game's action type-checks here
  const foreign: Action = { type: "pipifax.flip", position: 1 };
  await assert.rejects(untyped.act(foreign), (error: unknown) => {
    assert.ok(error instanceof MalformedActionError);
    assert.deepEqual(error.details["allowed"], ["taiga.flip", "taiga.pass", "taiga.take"]);
    return true;
  });

  const [action] = await first.legalActions({ limit: 1 });
  assert.ok(action);
  await first.act(action);
  await assert.rejects(first.act(action, { version: 0 }), (error: unknown) => {
    assert.ok(error instanceof StaleVersionError);
    assert.equal(error.currentVersion, 1);
    return true;
  });
  assert.equal(first.version, 1);
});

test("tokens, ids and games that cannot be right are refused with typed errors", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2 });
  const matchId = created.match.match_id;
  assert.throws(() => arena.seat(matchId, "garbage"), InvalidTokenError);
  assert.throws(() => arena.seat(matchId, created.host_token), /a host token plays no seat/);
  assert.throws(() => arena.seat("another", created.seats[0]!.token), InvalidTokenError);

  const forged = created.seats[0]!.token.replace(/\.[^.]+$/, ".forged");
  await assert.rejects(arena.seat(matchId, forged).view(), (error: unknown) => {
    assert.ok(error instanceof InvalidTokenError);
    assert.equal(error.status, 401);
    return true;
  });
  await assert.rejects(arena.match("no-such-match"), NotFoundError);
  await assert.rejects(arena.seat(matchId, created.seats[0]!.token, "pipifax").view(), WrongGameError);
  await assert.rejects(arena.match(matchId, "pili-pili"), WrongGameError);
  await assert.rejects(arena.createMatch({ game: "taiga", players: 2, seats: [{ bot: "nobody" }, { name: "me" }] }), UnknownBotError);
  await assert.rejects(arena.createMatch({ game: "taiga", players: 8 }), (error: unknown) => {
    assert.ok(error instanceof InvalidRequestError);
    assert.equal(error.code, "match/invalid_options");
    return true;
  });
});

test("waitForTurn long-polls until the seat may act, says false once it never will, and times out typed", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2, options: { first_player: 0 }, seed: 9 });
  const [first, second] = arena.seats(created);
  assert.ok(first && second);
  assert.equal(await first.waitForTurn(), true);

  await assert.rejects(second.waitForTurn({ timeout: 0.5, wait: 0.2 }), WaitTimeoutError);
  let waited = false;
  const waiting = second.waitForTurn({ timeout: 120, wait: 5 }).then((outcome) => {
    waited = true;
    return outcome;
  });
  assert.equal(waited, false);
  // seat 0 flips until the turn passes to seat 1
  while ((await first.view()).to_act.includes(0)) {
    const [action] = await first.legalActions({ limit: 1 });
    assert.ok(action);
    await first.act(action);
  }
  assert.equal(await waiting, true);

  await arena.abort(created.match.match_id, created.host_token);
  assert.equal(await second.waitForTurn(), false);
  assert.equal(second.lastView?.status, "aborted");
});

test("the same sample comes back for the same seed, with the total of all legal actions", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "girafferaffe", players: 2, options: { first_player: 0 }, seed: 11 });
  const [seat] = arena.seats(created);
  assert.ok(seat);
  const page = await seat.legal({ sample: 5, sampleSeed: 42 });
  assert.equal(page.actions.length, Math.min(5, page.total));
  assert.equal(page.sample_seed, 42);
  assert.deepEqual(await seat.sampleActions(5, { seed: 42 }), page.actions);
  assert.ok(page.actions.every((action) => action.type.startsWith("girafferaffe.")));
  const listed = await seat.legalActions({ limit: 30, pageSize: 7 });
  assert.equal(listed.length, Math.min(30, page.total));
});
