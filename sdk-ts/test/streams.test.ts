/** Event streams against a live server: every event once, in order, through dropped connections (Last-Event-ID). */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Arena, type PublicStreamEvent } from "tabletop-arena-sdk";

import { cutAfter, isStream, playTurns, seatLog, serverUrl } from "./helpers.js";

/** A fetch that cuts each of the first `cuts` streams after `bytes` bytes, and notes where each stream resumed from. */
function cuttingStreams(cuts: number, bytes: number) {
  const resumedFrom: (string | null)[] = [];
  let left = cuts;
  const fetch = async (input: Request): Promise<Response> => {
    const response = await globalThis.fetch(input);
    if (!isStream(input)) return response;
    resumedFrom.push(input.headers.get("Last-Event-ID"));
    if (left === 0 || response.status !== 200) return response;
    left -= 1;
    return cutAfter(response, bytes);
  };
  return { fetch, resumedFrom };
}

async function collect(events: AsyncIterable<PublicStreamEvent>): Promise<PublicStreamEvent[]> {
  const seen: PublicStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

test("the public stream resumes after dropped connections with Last-Event-ID, missing and repeating nothing", async () => {
  const arena = new Arena(serverUrl());
  // a match of server bots plays itself out; the stream follows it from its first move to its end
  const created = await arena.createMatch({ game: "taiga", players: 3, seed: 21, seats: [{ bot: "random" }, { bot: "greedy" }, { bot: "random" }] });
  const matchId = created.match.match_id;
  const cutting = cuttingStreams(3, 900);
  const streamed = await collect(new Arena(serverUrl(), { fetch: cutting.fetch }).stream(matchId, { after: 0 }));

  const end = streamed.at(-1);
  assert.ok(end && end.type === "match_over", "the stream ends with match_over");
  assert.equal(end.data.status, "finished");
  const clean = await collect(arena.stream(matchId, { after: 0 }));
  assert.deepEqual(streamed, clean, "the cut stream brought exactly what an uncut one brings");
  const ids = streamed.map((event) => event.id);
  assert.equal(new Set(ids).size, ids.length, "no event twice");

  const logged = [];
  for (let after = 0; ; ) {
    const page = await arena.events(matchId, { after, limit: 1000 });
    logged.push(...page.events);
    if (!page.has_more) break;
    after = page.next_after;
  }
  assert.deepEqual(
    streamed.flatMap((event) => (event.type === "event" ? [event.data] : [])),
    logged,
    "the stream carried the public log",
  );
  const [first, ...resumptions] = cutting.resumedFrom;
  assert.equal(first, null);
  assert.ok(resumptions.length >= 3, `resumed after each cut (${resumptions.length})`);
  for (const resumed of resumptions.slice(0, 3)) assert.ok(resumed !== null && ids.includes(resumed), "resumed from an event it had");

  assert.deepEqual(await collect(arena.stream(matchId, { after: end.version })), [], "resuming after the end ends at once (204)");
});

test("a seat's turns go on through dropped streams, each event seen once", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "taiga", players: 2, seed: 22, options: { first_player: 1 } });
  const cutting = cuttingStreams(3, 2500);
  const matchId = created.match.match_id;
  const cutSeat = new Arena(serverUrl(), { fetch: cutting.fetch }).seat(matchId, created.seats[0]!.token, "taiga");
  const other = arena.seat(matchId, created.seats[1]!.token, "taiga");

  const [played] = await Promise.all([playTurns(cutSeat, 1), playTurns(other, 2)]);

  const match = await arena.match(matchId);
  assert.equal(match.status, "finished");
  assert.equal(played.final.version, match.version);
  const last = played.turns.at(-1)!;
  assert.deepEqual(played.events, (await seatLog(cutSeat)).filter((event) => event.version <= last));
  assert.ok(cutting.resumedFrom.filter((id) => id !== null).length >= 3, `resumed ${JSON.stringify(cutting.resumedFrom)}`);
});

test("a seat stream from after=0 replays what the seat saw of a finished match, then match_over", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2, seed: 23, seats: [{ name: "me" }, { bot: "greedy" }] });
  const [seat] = arena.seats(created);
  assert.ok(seat);
  await seat.play((turn) => turn.actions[0]!);
  const replayed = [];
  for await (const event of seat.stream({ after: 0, legalLimit: 3 })) replayed.push(event);
  assert.equal(replayed.at(-1)?.type, "match_over");
  const events = replayed.flatMap((event) => (event.type === "event" ? [event.data] : []));
  assert.deepEqual(events, (await seatLog(seat)).filter((event) => event.version > 0));
});
