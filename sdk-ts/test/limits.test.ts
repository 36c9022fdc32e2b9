/**
 * Rate limits against a live server whose limits are tight (ARENA_LIMITED_URL: reads 3/second,
 * creates 2/minute; tests/e2e/test_sdk_ts.py starts it): a 429 is waited out per its Retry-After,
 * up to the arena's `maxRateLimitWait`, then raised.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Arena, RateLimitedError } from "tabletop-arena-sdk";

import { serverUrl } from "./helpers.js";

/** A fetch that counts the 429 answers it passes on. */
function counting429() {
  const counted = { limited: 0, retryAfter: [] as (string | null)[] };
  const fetch = async (input: Request): Promise<Response> => {
    const response = await globalThis.fetch(input);
    if (response.status === 429) {
      counted.limited += 1;
      counted.retryAfter.push(response.headers.get("Retry-After"));
    }
    return response;
  };
  return { fetch, counted };
}

test("reads past the limit are answered 429 and waited out per Retry-After", async () => {
  const { fetch, counted } = counting429();
  const arena = new Arena(serverUrl("ARENA_LIMITED_URL"), { fetch });
  const created = await arena.createMatch({ game: "pipifax", players: 2 });
  const reads = await Promise.all(Array.from({ length: 20 }, () => arena.match(created.match.match_id)));
  assert.ok(reads.every((match) => match.match_id === created.match.match_id));
  assert.ok(counted.limited >= 1, "some reads were refused, then sent again");
  assert.ok(counted.retryAfter.every((seconds) => seconds !== null && Number(seconds) >= 1));
});

test("a 429 whose wait is over maxRateLimitWait is raised, typed, with its Retry-After", async () => {
  const { fetch, counted } = counting429();
  const arena = new Arena(serverUrl("ARENA_LIMITED_URL"), { fetch, maxRateLimitWait: 0 });
  await arena.createMatch({ game: "pipifax", players: 2 }); // the minute's second create
  await assert.rejects(arena.createMatch({ game: "pipifax", players: 2 }), (error: unknown) => {
    assert.ok(error instanceof RateLimitedError);
    assert.equal(error.status, 429);
    assert.equal(error.code, "rate/limited");
    assert.equal(error.details["kind"], "create");
    assert.ok(error.retryAfter >= 1 && error.retryAfter <= 60);
    return true;
  });
  assert.equal(counted.limited, 1, "raised at the first 429, not sent again");
});
