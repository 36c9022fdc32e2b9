/**
 * The seat socket (`transport: "ws"`) against a live server: whole matches with every action over
 * it, resumption after drops (moves in flight sent again with their key), typed refusals, and the
 * fall back of `"auto"` to the seat stream and HTTP when no socket opens.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  Arena,
  ConnectionFailedError,
  IllegalActionError,
  InvalidTokenError,
  StaleVersionError,
  type ArenaOptions,
  type GameId,
  type StreamEvent,
} from "tabletop-arena-sdk";

import { TappedSockets, isAction, isStream, pick, playTurns, seatLog, seededRandom, serverUrl } from "./helpers.js";

const GAMES: GameId[] = ["pipifax", "taiga", "girafferaffe", "pili-pili"];

/** A fetch that notes each request's method and path. */
function notingFetch() {
  const requests: Request[] = [];
  const fetch = (input: Request): Promise<Response> => {
    requests.push(input);
    return globalThis.fetch(input);
  };
  return { fetch, requests };
}

/** The moves a socket sent: each frame after the token, parsed. */
function movesSent(tap: TappedSockets): { action: unknown; version: number; key: string }[] {
  return tap.sent.filter((frame) => frame.startsWith("{")).map((frame) => JSON.parse(frame) as { action: unknown; version: number; key: string });
}

describe("two seats play a whole match over the seat socket, every action on it", () => {
  for (const [index, game] of GAMES.entries()) {
    test(game, async () => {
      const tap = new TappedSockets();
      const noted = notingFetch();
      const arena = new Arena(serverUrl(), { fetch: noted.fetch, WebSocket: tap.WebSocket });
      const created = await arena.createMatch({ game, players: 2, seed: 300 + index });
      const seats = arena.seats(created);
      const played = await Promise.all(seats.map((seat, i) => playTurns(seat, 11 * index + i, "ws")));

      const match = await arena.match(created.match.match_id, game);
      assert.equal(match.status, "finished");
      assert.equal(noted.requests.filter(isAction).length, 0, "no action went by HTTP");
      assert.equal(noted.requests.filter(isStream).length, 0, "no stream was read over HTTP");
      assert.equal(tap.urls.length, 2, "one socket per seat for the whole match");
      const tokens = created.seats.map((seat) => seat.token);
      for (const url of tap.urls) {
        assert.match(url, /^ws:\/\/.+\/seat-socket\?legal_limit=100&after=-1$/);
        for (const token of tokens) assert.ok(!url.includes(token) && !url.includes(token.split(".")[2]!), "no token in a URL");
      }
      assert.ok(tokens.every((token) => tap.sent.includes(token)), "each socket's first frame is its token");
      const moves = movesSent(tap);
      assert.equal(moves.length, played.reduce((sum, seen) => sum + seen.turns.length, 0), "one frame per turn acted on");
      assert.equal(new Set(moves.map((move) => move.key)).size, moves.length, "a fresh key for each move");
      for (const [i, seat] of seats.entries()) {
        const { turns, events, final } = played[i]!;
        assert.ok(turns.length > 0, `seat ${i} had turns`);
        assert.equal(final.version, match.version);
        assert.deepEqual(final.result, match.result);
        const log = await seatLog(seat);
        assert.deepEqual(events, log.filter((event) => event.version <= turns.at(-1)!), "each event once, in order");
      }
    });
  }
});

test("a socket dropped between items and with a move in flight resumes where it was; the move applies once", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, seed: 31, options: { first_player: 0 } });
  const matchId = created.match.match_id;
  const tap = new TappedSockets();
  let items = 0;
  let droppedAtIndexedId = false;
  tap.dropAfterReceived = (frame) => {
    const message = JSON.parse(frame) as { type: string; id?: string };
    if (message.type === "result" || message.type === "error") return false;
    items += 1;
    if (!droppedAtIndexedId && message.id?.includes(".")) {
      droppedAtIndexedId = true; // mid-version: the resumption must skip what it had of that version
      return true;
    }
    return items === 6 || items === 15;
  };
  let moves = 0;
  tap.dropAfterSent = (frame) => frame.startsWith("{") && ++moves === 2; // the second move: its answer is lost
  const cutSeat = new Arena(serverUrl(), { WebSocket: tap.WebSocket }).seat(matchId, created.seats[0]!.token, "taiga");
  const other = arena.seat(matchId, created.seats[1]!.token, "taiga");

  const [played] = await Promise.all([playTurns(cutSeat, 3, "ws"), playTurns(other, 4)]);

  const match = await arena.match(matchId);
  assert.equal(match.status, "finished");
  assert.ok(droppedAtIndexedId, "a drop came after an item that was not its version's last");
  assert.ok(tap.drops >= 3, `dropped ${tap.drops} times`);
  assert.equal(tap.urls.length, tap.drops + 1, "one new socket after each drop");
  for (const url of tap.urls.slice(1)) assert.match(url, /&after=-?\d+$/, "resumed from a version");
  const last = played.turns.at(-1)!;
  assert.deepEqual(played.events, (await seatLog(cutSeat)).filter((event) => event.version <= last), "each event once, in order");

  const sent = movesSent(tap);
  const lost = sent[1]!;
  assert.deepEqual(sent[2], lost, "the move whose answer was lost was sent again, with its key");
  const replay = await arena.matchVersion(matchId, lost.version + 1);
  // Once: a second application would have been refused as stale, and playTurns would have failed.
  assert.deepEqual(replay.action?.action, lost.action, "it applied at its version");
  assert.equal(replay.action?.seat, 0);
});

test("the move that ends the match is answered, though match_over comes before its answer", async () => {
  const tap = new TappedSockets();
  tap.delayAnswers = 300; // every answer comes after the items the move caused, match_over included
  const arena = new Arena(serverUrl(), { WebSocket: tap.WebSocket });
  // A short match (Girafferaffe ends when one player cannot go on): each answer is held back 300 ms.
  const created = await arena.createMatch({ game: "girafferaffe", players: 2, seed: 23, options: { mode: "standard" } });
  const played = await Promise.all(arena.seats(created).map((seat, i) => playTurns(seat, 20 + i, "ws")));
  const match = await arena.match(created.match.match_id);
  assert.equal(match.status, "finished");
  const last = Math.max(...played.map((seen) => seen.turns.at(-1)!));
  assert.equal(last, match.version - 1, "a seat's own move ended the match, and its act resolved");
  const items = tap.received.map((frame) => JSON.parse(frame) as { type: string });
  const over = items.findIndex((item) => item.type === "match_over");
  assert.ok(over >= 0 && items.slice(over).some((item) => item.type === "result"), "its answer came after match_over");
});

test("refusals over the socket are the typed errors of HTTP; a stale one teaches the seat the version", async () => {
  const tap = new TappedSockets();
  const noted = notingFetch();
  const arena = new Arena(serverUrl(), { fetch: noted.fetch, WebSocket: tap.WebSocket });
  const created = await arena.createMatch({ game: "taiga", players: 2, seed: 32, options: { first_player: 0 } });
  const [seat] = arena.seats(created);
  assert.ok(seat);
  const seen: StreamEvent<"taiga">[] = [];
  for await (const item of seat.stream({ after: -1, transport: "ws" })) {
    seen.push(item);
    if (item.type !== "turn") continue;
    assert.ok(seat.actsOverSocket);
    await assert.rejects(seat.act({ type: "taiga.take", from_seat: 1 }, { version: item.version }), (error: unknown) => {
      assert.ok(error instanceof IllegalActionError);
      assert.equal(error.status, 422);
      assert.equal(error.rule, "T4");
      return true;
    });
    const action = item.data.legal_actions.actions[0]!;
    const moved = await seat.act(action, { version: item.version });
    assert.equal(moved.version, item.version + 1);
    await assert.rejects(seat.act(action, { version: item.version }), (error: unknown) => {
      assert.ok(error instanceof StaleVersionError);
      assert.equal(error.currentVersion, item.version + 1);
      return true;
    });
    assert.equal(seat.version, item.version + 1);
    break;
  }
  assert.ok(!seat.actsOverSocket, "the socket closes with its loop");
  assert.equal(noted.requests.filter(isAction).length, 0, "every move went over the socket");
  assert.equal(movesSent(tap).length, 3);
  assert.ok(seen.some((item) => item.type === "event"), "the setup's events came first");
});

test("a socket that cannot be one is refused typed: a wrong token, no WebSocket at all", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2 });
  const matchId = created.match.match_id;
  const forged = arena.seat(matchId, `${matchId}.0.${"x".repeat(22)}`);
  await assert.rejects(forged.stream({ transport: "ws" }).next(), (error: unknown) => {
    assert.ok(error instanceof InvalidTokenError);
    assert.equal(error.status, 401);
    return true;
  });
  const without = new Arena(serverUrl(), { WebSocket: null }).seat(matchId, created.seats[0]!.token);
  await assert.rejects(without.stream({ transport: "ws" }).next(), (error: unknown) => {
    assert.ok(error instanceof ConnectionFailedError);
    assert.equal(error.code, "client/no_websocket");
    return true;
  });
});

describe('"auto" plays over the seat stream and HTTP where no socket opens', () => {
  const cases: [string, (tap: TappedSockets) => ArenaOptions][] = [
    ["no WebSocket at all", () => ({ WebSocket: null })],
    ["a socket that never opens", (tap) => ({ WebSocket: tap.WebSocket })],
  ];
  for (const [name, options] of cases) {
    test(name, async () => {
      const tap = new TappedSockets();
      tap.rewrite = (url) => url.replace(/^ws:\/\/[^/]+/, "ws://127.0.0.1:9"); // nothing listens there
      const noted = notingFetch();
      const arena = new Arena(serverUrl(), { ...options(tap), fetch: noted.fetch });
      const created = await arena.createMatch({ game: "pipifax", players: 2, seed: 33, seats: [{ name: "me" }, { bot: "greedy" }] });
      const [seat] = arena.seats(created);
      assert.ok(seat);
      const random = seededRandom(5);
      const final = await seat.play((turn) => pick(turn.actions, random), { transport: "auto" });
      assert.equal(final.status, "finished");
      assert.ok(noted.requests.some(isStream), "the seat stream was read");
      assert.ok(noted.requests.some(isAction), "the actions went by HTTP");
      assert.equal(tap.urls.length, name === "no WebSocket at all" ? 0 : 1, "one try of the socket, at the start");
    });
  }
});
