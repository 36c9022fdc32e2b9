/**
 * Typed errors for every failure: each error the server answers with (chosen by its stable `code`,
 * else by its HTTP status), and the few the client finds itself (`status` 0): a malformed token,
 * a view of another game, a server that cannot be reached, an answer that is not what the spec
 * says, a wait that ran out.
 */

/** The `status` of an error found by the client itself, with no answer from the server behind it. */
export const NO_ANSWER = 0;

/** A failed request: `code` is stable, `message` is for people, `status` the HTTP status (0: no answer). */
export class ArenaError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The token is missing, invalid, or one of another match, seat or role (401/403). */
export class AuthError extends ArenaError {}

/** The token is malformed (found before any request, `status` 0), missing, or unknown to the server (401). */
export class InvalidTokenError extends AuthError {}

/** A valid token used where it does not belong: another match, another seat, a host token on a seat's endpoint (403). */
export class WrongTokenError extends AuthError {}

/** An invitation-only seat joined without its invitation, or with another's (403 `auth/invalid_invitation`). */
export class NotInvitedError extends AuthError {}

/** A token that is not the host's where the host's is needed, e.g. to abort (403 `auth/not_host`). */
export class NotHostError extends AuthError {}

/** No such match (it may have expired), game, version or route (404). */
export class NotFoundError extends ArenaError {}

/** The request itself is wrong: bad JSON, fields, options, headers or sizes (400, 405, 413-415, 422, 428, 431). */
export class InvalidRequestError extends ArenaError {}

/** The action breaks a rule; `rule` names it (422 `action/illegal`). */
export class IllegalActionError extends InvalidRequestError {
  get rule(): string | null {
    const rule = this.details["rule"];
    return typeof rule === "string" ? rule : null;
  }
}

/** The action is not one of this game's action shapes (422 `action/malformed`). */
export class MalformedActionError extends InvalidRequestError {}

/** A seat asks for a server bot the game does not have (422 `bot/unknown`). */
export class UnknownBotError extends InvalidRequestError {}

/** An `Idempotency-Key` sent again with a different body (422 `request/idempotency_mismatch`). */
export class IdempotencyMismatchError extends InvalidRequestError {}

/** The request is right but the match (or tournament) is not in a state that allows it now (409). */
export class ConflictError extends ArenaError {}

/** This seat may not act now (409 `action/not_your_turn`). */
export class NotYourTurnError extends ConflictError {}

/** The match has ended or was aborted (409 `match/over`). */
export class MatchOverError extends ConflictError {}

/** The match still waits for players to join its open seats (409 `match/waiting`). */
export class MatchWaitingError extends ConflictError {}

/** No open seat is left to join, or the one asked for is taken (409 `match/full`). */
export class MatchFullError extends ConflictError {}

/** This seat has left the match: it resigned or ran out of time (409 `seat/out`). */
export class SeatOutError extends ConflictError {}

/** The seat's deadline passed before the action came; the timeout is applied (409 `action/too_late`). */
export class ActionTooLateError extends ConflictError {}

/** A replay asked of a match still being played (409 `match/not_over`). */
export class MatchNotOverError extends ConflictError {}

/** An `Idempotency-Key` whose remembered answer has expired (409 `request/idempotency_key_reused`). */
export class IdempotencyKeyReusedError extends ConflictError {}

/** The match moved on since the version the action was decided at (412 `match/stale_version`). */
export class StaleVersionError extends ArenaError {
  get currentVersion(): number | null {
    const version = this.details["current_version"];
    return typeof version === "number" ? version : null;
  }
}

/** Too many requests from this token or address (429 `rate/limited`); send again after `retryAfter` seconds. */
export class RateLimitedError extends ArenaError {
  /** Seconds to wait: the `Retry-After` header, else `details.retry_after`, else 1. */
  readonly retryAfter: number;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}, retryAfter?: number) {
    super(status, code, message, details);
    const fromDetails = details["retry_after"];
    this.retryAfter = retryAfter ?? (typeof fromDetails === "number" && fromDetails >= 0 ? fromDetails : 1);
  }
}

/**
 * This address (or tournament) holds as many unfinished matches as the server allows (429 `match/quota`);
 * nothing was created. Finish or abort one of them; `retryAfter` is when the first stops counting by itself
 * (it expires unplayed), usually far beyond what a call waits, so it is raised at once.
 */
export class MatchQuotaError extends RateLimitedError {
  /** How many unfinished matches the client holds. */
  get live(): number | null {
    const live = this.details["live"];
    return typeof live === "number" ? live : null;
  }

  /** How many the server allows one client (`ARENA_MAX_LIVE_MATCHES`). */
  get limit(): number | null {
    const limit = this.details["limit"];
    return typeof limit === "number" ? limit : null;
  }
}

/**
 * This address holds as many unfinished tournaments as the server allows (429 `tournament/quota`); nothing was
 * created. Cancel one of them (or let it finish); `retryAfter` is when the first stops counting by itself (it
 * expires unwritten), usually far beyond what a call waits, so it is raised at once.
 */
export class TournamentQuotaError extends RateLimitedError {
  /** How many unfinished tournaments the client holds. */
  get live(): number | null {
    const live = this.details["live"];
    return typeof live === "number" ? live : null;
  }

  /** How many the server allows one client (`ARENA_MAX_LIVE_TOURNAMENTS`). */
  get limit(): number | null {
    const limit = this.details["limit"];
    return typeof limit === "number" ? limit : null;
  }
}

/** The server's match store is down or busy; retry shortly (503 `store/unavailable`, `store/busy`). */
export class StoreUnavailableError extends ArenaError {}

/** The server's match store takes no new writes now; nothing was written (507 `store/full`). */
export class StoreFullError extends ArenaError {}

/** The server failed unexpectedly (500 `server/error`), or answered an error with something other than JSON. */
export class ServerError extends ArenaError {}

/** The server could not be reached or the connection broke, after every retry the call allows (`status` 0; `cause`: the fetch error). */
export class ConnectionFailedError extends ArenaError {}

/** The server's answer is not what this client's spec says (`status` 0; is the client older than the server?). */
export class UnexpectedResponseError extends ArenaError {}

/** A view or action of another game's match where one game's was expected (`status` 0). */
export class WrongGameError extends ArenaError {}

/** A wait (`Seat.waitForTurn`) ran out before the seat's turn came (`status` 0). */
export class WaitTimeoutError extends ArenaError {}

/** A class of errors, as `errorFor` picks it. */
export type ErrorClass = new (status: number, code: string, message: string, details?: Record<string, unknown>) => ArenaError;

/** The error class of each stable code the server answers with. */
export const ERROR_CLASSES: Readonly<Record<string, ErrorClass>> = {
  "auth/missing_token": InvalidTokenError,
  "auth/invalid_token": InvalidTokenError,
  "auth/wrong_match": WrongTokenError,
  "auth/wrong_seat": WrongTokenError,
  "auth/not_a_seat": WrongTokenError,
  "auth/wrong_tournament": WrongTokenError,
  "auth/not_an_entrant": WrongTokenError,
  "auth/invalid_invitation": NotInvitedError,
  "auth/not_host": NotHostError,
  "match/not_found": NotFoundError,
  "match/version_not_found": NotFoundError,
  "game/unknown": NotFoundError,
  "request/not_found": NotFoundError,
  "tournament/not_found": NotFoundError,
  "tournament/no_such_match": NotFoundError,
  "webhook/not_found": NotFoundError,
  "tournament/no_sprt": NotFoundError,
  "action/illegal": IllegalActionError,
  "action/malformed": MalformedActionError,
  "bot/unknown": UnknownBotError,
  "request/idempotency_mismatch": IdempotencyMismatchError,
  "action/invalid_seat": InvalidRequestError,
  "match/invalid_options": InvalidRequestError,
  "match/too_large": InvalidRequestError,
  "match/version_required": InvalidRequestError,
  "request/invalid": InvalidRequestError,
  "request/bad_request": InvalidRequestError,
  "request/too_deep": InvalidRequestError,
  "request/upgrade_required": InvalidRequestError,
  "webhook/refused_url": InvalidRequestError,
  "request/method_not_allowed": InvalidRequestError,
  "request/too_large": InvalidRequestError,
  "request/uri_too_long": InvalidRequestError,
  "request/unsupported_media_type": InvalidRequestError,
  "request/headers_too_large": InvalidRequestError,
  "tournament/invalid": InvalidRequestError,
  "record/invalid": InvalidRequestError,
  "action/not_your_turn": NotYourTurnError,
  "match/over": MatchOverError,
  "match/waiting": MatchWaitingError,
  "match/full": MatchFullError,
  "seat/out": SeatOutError,
  "action/too_late": ActionTooLateError,
  "match/not_over": MatchNotOverError,
  "request/idempotency_key_reused": IdempotencyKeyReusedError,
  "tournament/started": ConflictError,
  "tournament/over": ConflictError,
  "tournament/full": ConflictError,
  "tournament/not_running": ConflictError,
  "tournament/not_paused": ConflictError,
  "record/sealed": ConflictError,
  "match/moved_on": ConflictError,
  "record/unavailable": ConflictError,
  "match/stale_version": StaleVersionError,
  "rate/limited": RateLimitedError,
  "match/quota": MatchQuotaError,
  "tournament/quota": TournamentQuotaError,
  "store/unavailable": StoreUnavailableError,
  "store/busy": StoreUnavailableError,
  "store/full": StoreFullError,
  "server/error": ServerError,
};

/** The error class of an HTTP status, for a code this client does not know (a newer server's). */
export function errorClassOfStatus(status: number): ErrorClass {
  if (status === 401 || status === 403) return AuthError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 412) return StaleVersionError;
  if (status === 429) return RateLimitedError;
  if (status === 503) return StoreUnavailableError;
  if (status === 507) return StoreFullError;
  if (status >= 500) return ServerError;
  if (status >= 400) return InvalidRequestError;
  return UnexpectedResponseError;
}

/** Seconds in a `Retry-After` header given in seconds (`undefined` when absent or a date). */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get("Retry-After");
  if (value == null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** The typed error for an error answer: its status, its body (parsed JSON, or text) and its headers. */
export function errorFor(status: number, body: unknown, headers?: Headers): ArenaError {
  let code: string;
  let message: string;
  let details: Record<string, unknown> = {};
  if (isErrorBody(body)) {
    code = body.code;
    message = typeof body.message === "string" ? body.message : "";
    details = isRecord(body.details) ? body.details : {};
  } else {
    code = `http/${status}`;
    message = typeof body === "string" ? body.slice(0, 500) : `HTTP ${status}`;
  }
  const chosen = ERROR_CLASSES[code] ?? errorClassOfStatus(status);
  if (chosen === MatchQuotaError) {
    return new MatchQuotaError(status, code, message, details, retryAfterSeconds(headers));
  }
  if (chosen === TournamentQuotaError) {
    return new TournamentQuotaError(status, code, message, details, retryAfterSeconds(headers));
  }
  if (chosen === RateLimitedError) {
    return new RateLimitedError(status, code, message, details, retryAfterSeconds(headers));
  }
  return new chosen(status, code, message, details);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isErrorBody(body: unknown): body is { code: string; message?: unknown; details?: unknown } {
  return isRecord(body) && typeof body["code"] === "string";
}
