/**
 * The client's retry rules, one place for every call (pure: the clock is a parameter).
 *
 * A `429 rate/limited` answer is waited out (its `Retry-After`) by every call, since the server did
 * nothing, until the call has waited `maxRateLimitWait` seconds for rate limits in all; a dropped
 * connection or a 503 is retried only by idempotent calls (reads, and writes sent with an
 * `Idempotency-Key`), every `retryPause` seconds for up to `retryFor` seconds. Then the last
 * failure raises as its typed error, a dropped connection as `ConnectionFailedError`.
 */

import {
  ConnectionFailedError,
  MatchOverError,
  NO_ANSWER,
  NotYourTurnError,
  RateLimitedError,
  StaleVersionError,
  StoreUnavailableError,
} from "./errors.js";

/** How long calls keep retrying, in seconds. */
export interface RetryPolicy {
  /** How long a call retries after dropped connections and 503s (default 30). */
  retryFor: number;
  /** The pause between those retries (default 0.2). */
  retryPause: number;
  /** How long a call may wait out 429 answers in all before it raises `RateLimitedError` (default 120). */
  maxRateLimitWait: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = { retryFor: 30, retryPause: 0.2, maxRateLimitWait: 120 };

/** A request that got no answer: the connection could not be made, broke, or timed out (`cause`: fetch's error). */
export class TransportFailure extends Error {
  constructor(cause: unknown) {
    super(`no answer: ${describe(cause)}`, { cause });
    this.name = "TransportFailure";
  }
}

/** What a failure is to the caller: its typed error (a `TransportFailure` becomes `ConnectionFailedError`). */
export function typed(failure: unknown): unknown {
  if (failure instanceof TransportFailure) {
    return new ConnectionFailedError(NO_ANSWER, "client/connection_failed", failure.message, {}, failure.cause);
  }
  return failure;
}

/** Seconds since some fixed point, for measuring how long a call has been retrying. */
export type Clock = () => number;

export const monotonicSeconds: Clock = () => performance.now() / 1000;

/** One call's budget for retries: when to give up, and how long to pause before the next try. */
export class RetryBudget {
  private readonly giveUpAt: number;
  private rateLimitWaited = 0;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly clock: Clock = monotonicSeconds,
  ) {
    this.giveUpAt = clock() + policy.retryFor;
  }

  /** Seconds to wait before sending again after `failure`, or `null`: give up and raise it. */
  waitBeforeRetry(failure: unknown, idempotent: boolean): number | null {
    if (failure instanceof RateLimitedError) {
      const wait = failure.retryAfter;
      if (this.rateLimitWaited + wait > this.policy.maxRateLimitWait) return null;
      this.rateLimitWaited += wait;
      return wait;
    }
    if (idempotent && (failure instanceof TransportFailure || failure instanceof StoreUnavailableError)) {
      const wait = this.policy.retryPause;
      return this.clock() + wait <= this.giveUpAt ? wait : null;
    }
    return null;
  }
}

/**
 * When `act` sends an action again with the same `Idempotency-Key` (so it applies at most once).
 *
 * After a dropped connection or a 503 it resends within its budget; a 429 is waited out; and a
 * refusal that only a lost earlier attempt explains (stale version, not this seat's turn, match
 * over: the lost attempt may have landed meanwhile) is resent once more, so that the server
 * replays the remembered answer.
 */
export class ActionResends {
  private readonly budget: RetryBudget;
  private resent = false;
  private checked = false;

  constructor(policy: RetryPolicy, clock: Clock = monotonicSeconds) {
    this.budget = new RetryBudget(policy, clock);
  }

  /** Seconds to wait before resending after `failure`, or `null`: raise it. */
  waitBeforeResend(failure: unknown): number | null {
    if (failure instanceof StaleVersionError || failure instanceof NotYourTurnError || failure instanceof MatchOverError) {
      if (this.resent && !this.checked) {
        this.checked = true;
        return 0;
      }
      return null;
    }
    const wait = this.budget.waitBeforeRetry(failure, true);
    if (wait !== null && !(failure instanceof RateLimitedError)) this.resent = true;
    return wait;
  }
}

/** Resolves after `seconds`. */
export function sleep(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds) * 1000));
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : "";
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}
