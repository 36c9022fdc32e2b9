/** The pure parts, without a server: the event-stream parser, the retry rules, errors by code. */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  ArenaError,
  AuthError,
  ConflictError,
  DEFAULT_RETRY_POLICY,
  ERROR_CLASSES,
  IllegalActionError,
  InvalidRequestError,
  MatchQuotaError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  SseParser,
  StaleVersionError,
  StoreUnavailableError,
  TournamentQuotaError,
  errorFor,
  turnOutcome,
  type SeatView,
} from "tabletop-arena-sdk";

// Internal modules, tested directly: their rules are the client's.
import { ActionResends, RetryBudget, TransportFailure } from "../dist/retrying.js";
import { followStream } from "../dist/sse.js";

describe("SseParser", () => {
  test("reads events split anywhere, with CRLF, CR or LF, comments and multi-line data", () => {
    const text = ": keep-alive\r\nid: 3.0\r\nevent: event\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nid: 3\revent: turn\rdata: {}\r\rdata: x\n\n";
    for (let size = 1; size <= text.length; size++) {
      const parser = new SseParser();
      const messages = [];
      for (let i = 0; i < text.length; i += size) messages.push(...parser.push(text.slice(i, i + size)));
      assert.deepEqual(
        messages,
        [
          { id: "3.0", event: "event", data: '{"a":\n1}' },
          { id: "3", event: "turn", data: "{}" },
          { id: "3", event: "message", data: "x" },
        ],
        `chunks of ${size}`,
      );
    }
  });

  test("ignores a field's single leading space only, unknown fields and events without data", () => {
    const parser = new SseParser();
    assert.deepEqual(parser.push("event: e\nretry: 5\n\ndata:  two spaces\nfoo: bar\n\n"), [
      { id: null, event: "message", data: " two spaces" },
    ]);
  });
});

describe("RetryBudget", () => {
  const policy = { retryFor: 1, retryPause: 0.25, maxRateLimitWait: 5 };
  const limited = (seconds: number) => new RateLimitedError(429, "rate/limited", "slow down", {}, seconds);

  test("waits out 429s per Retry-After until the waits would pass maxRateLimitWait, idempotent or not", () => {
    let now = 0;
    const budget = new RetryBudget(policy, () => now);
    assert.equal(budget.waitBeforeRetry(limited(2), false), 2);
    now += 2;
    assert.equal(budget.waitBeforeRetry(limited(3), false), 3);
    now += 3;
    assert.equal(budget.waitBeforeRetry(limited(1), true), null, "5 s waited: the next wait is over the maximum");
    assert.equal(new RetryBudget(policy, () => 0).waitBeforeRetry(limited(6), true), null, "one wait over the maximum");
  });

  test("retries dropped connections and 503s of idempotent calls within retryFor, never others", () => {
    let now = 0;
    const budget = new RetryBudget(policy, () => now);
    const dropped = new TransportFailure(new TypeError("fetch failed"));
    const unavailable = new StoreUnavailableError(503, "store/unavailable", "down");
    assert.equal(budget.waitBeforeRetry(dropped, true), 0.25);
    assert.equal(budget.waitBeforeRetry(unavailable, true), 0.25);
    assert.equal(budget.waitBeforeRetry(dropped, false), null);
    assert.equal(budget.waitBeforeRetry(new IllegalActionError(422, "action/illegal", "no"), true), null);
    now = 0.8;
    assert.equal(budget.waitBeforeRetry(dropped, true), null, "past retryFor");
  });

  test("the default waits out rate limits for up to 120 s", () => {
    assert.equal(DEFAULT_RETRY_POLICY.maxRateLimitWait, 120);
  });
});

describe("ActionResends", () => {
  const policy = { retryFor: 10, retryPause: 0.1, maxRateLimitWait: 120 };
  const stale = new StaleVersionError(412, "match/stale_version", "moved on", { current_version: 3 });

  test("a refusal of a first send raises at once", () => {
    assert.equal(new ActionResends(policy, () => 0).waitBeforeResend(stale), null);
  });

  test("after a resend, a refusal the lost first send explains is checked with one more send", () => {
    const resends = new ActionResends(policy, () => 0);
    assert.equal(resends.waitBeforeResend(new TransportFailure(new TypeError("fetch failed"))), 0.1);
    assert.equal(resends.waitBeforeResend(stale), 0, "send once more: the server replays the answer if the first landed");
    assert.equal(resends.waitBeforeResend(stale), null);
  });
});

describe("errors", () => {
  test("each answer becomes the error class of its code, else of its status", () => {
    const illegal = errorFor(422, { code: "action/illegal", status: 422, message: "T4: no", details: { rule: "T4" } });
    assert.ok(illegal instanceof IllegalActionError && illegal instanceof InvalidRequestError);
    assert.equal(illegal.rule, "T4");
    assert.equal(illegal.message, "T4: no");
    assert.ok(errorFor(409, { code: "some/new_code", message: "" }) instanceof ConflictError);
    assert.ok(errorFor(403, { code: "auth/another_new_code" }) instanceof AuthError);
    const proxy = errorFor(502, "<html>Bad Gateway</html>");
    assert.ok(proxy instanceof ServerError);
    assert.equal(proxy.code, "http/502");
    const limited = errorFor(429, { code: "rate/limited", details: { retry_after: 9 } }, new Headers({ "Retry-After": "7" }));
    assert.ok(limited instanceof RateLimitedError);
    assert.equal(limited.retryAfter, 7, "the header wins");
    assert.equal((errorFor(429, { code: "rate/limited", details: { retry_after: 9 } }) as RateLimitedError).retryAfter, 9);
  });

  test("a refusal past the quota of live matches is a MatchQuotaError: a 429 with the count, raised rather than waited out", () => {
    const body = { code: "match/quota", status: 429, message: "", details: { live: 3, limit: 3, per: "client", retry_after: 604800 } };
    const quota = errorFor(429, body, new Headers({ "Retry-After": "604800" }));
    assert.ok(quota instanceof MatchQuotaError && quota instanceof RateLimitedError);
    assert.equal(quota.live, 3);
    assert.equal(quota.limit, 3);
    assert.equal(quota.retryAfter, 604800);
    const budget = new RetryBudget({ retryFor: 1, retryPause: 0.25, maxRateLimitWait: 120 }, () => 0);
    assert.equal(budget.waitBeforeRetry(quota, true), null, "a place frees long after any call's wait: raised at once");
  });

  test("a refusal past the quota of live tournaments is a TournamentQuotaError: a 429 with the count, raised rather than waited out", () => {
    const body = { code: "tournament/quota", status: 429, message: "", details: { live: 10, limit: 10, retry_after: 604800 } };
    const quota = errorFor(429, body, new Headers({ "Retry-After": "604800" }));
    assert.ok(quota instanceof TournamentQuotaError && quota instanceof RateLimitedError);
    assert.ok(!(quota instanceof MatchQuotaError));
    assert.equal(quota.live, 10);
    assert.equal(quota.limit, 10);
    assert.equal(quota.retryAfter, 604800);
    const budget = new RetryBudget({ retryFor: 1, retryPause: 0.25, maxRateLimitWait: 120 }, () => 0);
    assert.equal(budget.waitBeforeRetry(quota, true), null, "a place frees long after any call's wait: raised at once");
  });

  test("every code docs/api.md lists has a class of its own kind, never the bare ArenaError", () => {
    const docs = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    const table = docs.slice(docs.indexOf("## Errors"), docs.indexOf("## Storage"));
    const rows = table.split("\n").filter((line) => /^\| \d{3} \|/.test(line));
    const codes = rows.flatMap((row) => [...row.split("|")[2]!.matchAll(/`([a-z_]+\/[a-z_]+)`/g)].map((found) => found[1]!));
    assert.ok(codes.length >= 30, `found ${codes.length} codes`);
    for (const code of codes) {
      const cls = ERROR_CLASSES[code];
      assert.ok(cls && cls !== ArenaError, `${code} has no class`);
      assert.ok(new cls(400, code, "") instanceof ArenaError);
    }
    assert.ok(new (ERROR_CLASSES["match/not_found"]!)(404, "match/not_found", "") instanceof NotFoundError);
  });
});

describe("turnOutcome", () => {
  const view = (status: string, toAct: number[], state = "playing") =>
    ({ status, to_act: toAct, seats: [{ seat: 0, state }] }) as unknown as SeatView;

  test("act, wait, or never", () => {
    assert.equal(turnOutcome(view("active", [0]), 0), true);
    assert.equal(turnOutcome(view("active", [1]), 0), null);
    assert.equal(turnOutcome(view("waiting", []), 0), null);
    assert.equal(turnOutcome(view("finished", []), 0), false);
    assert.equal(turnOutcome(view("active", [0], "resigned"), 0), false);
  });
});

describe("followStream", () => {
  const policy = { retryFor: 5, retryPause: 0.01, maxRateLimitWait: 5 };
  const encoder = new TextEncoder();
  /** A body that sends `text`, then stays open (erroring once `signal` aborts), like a silent server. */
  const body = (text: string, signal: AbortSignal, end: boolean) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(text));
        if (end) controller.close();
        else signal.addEventListener("abort", () => controller.error(signal.reason));
      },
    });
  const answer = (status: number, data?: ReadableStream<Uint8Array>) => ({ data, response: new Response(null, { status }) });

  test("a silent stream counts as dropped: it resumes after the last event, and ends at match_over", async () => {
    const opened: { lastEventId: string | null; after: number | undefined }[] = [];
    const events = followStream(
      async (position, signal) => {
        opened.push(position);
        if (opened.length === 1) return answer(200, body('id: 4\nevent: event\ndata: {"n": 1}\n\n', signal, false));
        return answer(200, body('id: 5\nevent: match_over\ndata: {"version": 5}\n\n', signal, false));
      },
      { ...policy, after: 3, silence: 0.2 },
    );
    const seen = [];
    for await (const event of events) seen.push(event);
    assert.deepEqual(
      seen.map((event) => [event.id, event.type, event.version]),
      [
        ["4", "event", 4],
        ["5", "match_over", 5],
      ],
    );
    assert.deepEqual(opened, [
      { lastEventId: null, after: 3 },
      { lastEventId: "4", after: undefined },
    ]);
  });

  test("a 503 is retried, a 204 ends the stream, a 404 raises its typed error", async () => {
    let opens = 0;
    const unavailable = { code: "store/unavailable", status: 503, message: "down", details: {} };
    const retried = followStream(async () => (++opens === 1 ? { error: unavailable, response: new Response(null, { status: 503 }) } : answer(204)), policy);
    for await (const _ of retried) assert.fail("no event after a 204");
    assert.equal(opens, 2);
    const missing = { code: "match/not_found", status: 404, message: "no such match", details: {} };
    const failing = followStream(async () => ({ error: missing, response: new Response(null, { status: 404 }) }), policy);
    await assert.rejects(failing.next(), NotFoundError);
  });
});
