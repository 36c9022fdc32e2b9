/**
 * `Seat`: one seat of one match, played with its token; `Turn`: one decision of that seat.
 *
 * A seat keeps the match version it last saw and sends it as `If-Match` with each action, with a
 * fresh `Idempotency-Key` so that an action resent after a dropped connection applies once. It
 * waits for its turn with long-polls (`waitForTurn`) or follows its event stream (`stream`,
 * `turns`, `play`), read over HTTP or over the seat socket (`transport: "ws"`), which then carries
 * its actions too.
 */

import {
  ActionTooLateError,
  ArenaError,
  ConnectionFailedError,
  InvalidTokenError,
  MatchOverError,
  NO_ANSWER,
  NotYourTurnError,
  SeatOutError,
  StaleVersionError,
  WaitTimeoutError,
} from "./errors.js";
import { actionsOf, checkedGame } from "./games.js";
import { type ApiClient, type Connection, attempt, unwrap } from "./connection.js";
import { ActionResends, monotonicSeconds, sleep, typed } from "./retrying.js";
import { SeatChannel, SocketUnavailable, type Transport } from "./socket.js";
import { followStream, type RawStreamEvent } from "./sse.js";
import type {
  Action,
  ActionRequestOf,
  ActionOf,
  Event,
  EventOf,
  EventPage,
  GameId,
  LegalActions,
  MoveResult,
  Result,
  SeatView,
  StreamEvent,
  TurnEvent,
} from "./types.js";

/** The most legal actions a `turn` event carries (the server's bound on `legal_limit`). */
export const MAX_LEGAL_LIMIT = 1000;
/**
 * How many legal actions a turn carries by default, everywhere (`turns`, `play`, `stream`, the server's
 * `legal_limit`, the Python SDK's, the offline environments'): all of them, or a uniform sample of this many.
 */
export const DEFAULT_LEGAL_LIMIT = 100;

/** A seat token: `<match id>.<seat>.<secret>` (a host token has `host` for the seat). */
const SEAT_TOKEN = /^([A-Za-z0-9_-]+)\.([0-9]+)\.([A-Za-z0-9_-]+)$/;

/** The seat `token` plays in `matchId`; `InvalidTokenError` (before any request) if it cannot be one. */
export function seatOfToken(matchId: string, token: string): number {
  const shape = SEAT_TOKEN.exec(token);
  if (shape === null) {
    const hint = token.includes(".host.") ? "a host token plays no seat; " : "";
    throw new InvalidTokenError(
      NO_ANSWER,
      "auth/invalid_token",
      `${hint}a seat token looks like '<match id>.<seat>.<secret>' (CreatedMatch.seats[i].token)`,
    );
  }
  if (shape[1] !== matchId) {
    throw new InvalidTokenError(NO_ANSWER, "auth/invalid_token", `the token is for match '${shape[1]}', not '${matchId}'`);
  }
  return Number(shape[2]);
}

/** `true`: `seat` may act now; `false`: it never will again (the match is over, or the seat left); `null`: not yet. */
export function turnOutcome(seen: SeatView, seat: number): boolean | null {
  const state = seen.seats.find((s) => s.seat === seat)?.state ?? "playing";
  if (seen.status === "finished" || seen.status === "aborted" || state !== "playing") return false;
  if (seen.status === "active" && seen.to_act.includes(seat)) return true;
  return null;
}

/** The seat view an action's answer carries (the answer less its events). */
function viewOfMove<G extends GameId>(result: MoveResult<G>): SeatView<G> {
  const { events: _events, ...view } = result;
  return view;
}

/** Options of `Seat.stream`. */
export interface StreamOptions {
  /** Start after this version (0: from the first move; -1: from the setup; default: where the match stands now). */
  after?: number;
  /** How many legal actions a `turn` carries (0-1000, default 100): all of them, or a uniform sample. */
  legalLimit?: number;
  /**
   * `"sse"` (default): the seat stream over HTTP, actions by `POST`; `"ws"`: the seat socket, which
   * carries the seat's actions too while the stream is read; `"auto"`: the socket where a WebSocket
   * exists and the first socket opens, else the seat stream.
   */
  transport?: Transport;
  /** Seconds the stream keeps resuming after drops without receiving anything (default: the arena's `retryFor`). */
  retryFor?: number;
}

/** Options of `Seat.act`. */
export interface ActOptions {
  /** The version the action was decided at (default: the version the seat saw last). */
  version?: number;
  /** Seconds to keep resending after dropped connections and 503s (default: the arena's `retryFor`). */
  retryFor?: number;
}

/** A bot's policy for `Seat.play`: the turn (view, legal actions, events) -> the action to take. */
export type Choose<G extends GameId = GameId> = (turn: Turn<G>) => ActionRequestOf<G> | Promise<ActionRequestOf<G>>;

/**
 * One decision of a seat, as `Seat.turns()` yields it: the version it is at, the seat's view, its
 * legal actions (all of them, or a uniform sample when there are more than the stream's
 * `legalLimit`: `total` counts them all) and the events this seat saw since its previous turn
 * (public and its own private ones, in order; for the first turn, all since the match began).
 */
export class Turn<G extends GameId = GameId> {
  constructor(
    private readonly owner: Seat<G>,
    readonly version: number,
    readonly view: SeatView<G>,
    readonly actions: ActionOf<G>[],
    readonly total: number,
    /** What this seat saw since its previous turn, typed by kind (`EventOf<G>`). */
    readonly events: EventOf<G>[],
    readonly deadline: number | null,
  ) {}

  /** Whether `actions` is a sample of more legal actions (`total` of them). */
  get sampled(): boolean {
    return this.actions.length < this.total;
  }

  /** Submit `action` at this turn's version (with `If-Match` and an idempotency key, like `Seat.act`). */
  act(action: ActionRequestOf<G>, options: Omit<ActOptions, "version"> = {}): Promise<MoveResult<G>> {
    return this.owner.act(action, { ...options, version: this.version });
  }
}

/** How a seat's loop ended: the match's end as `match_over` said it, and the events after the seat's last turn. */
export interface Ending<G extends GameId = GameId> {
  version: number;
  status: "finished" | "aborted";
  /** `null` for an aborted match. */
  result: Result | null;
  /** What the seat saw after its last turn (the move that ended the match among them). */
  events: EventOf<G>[];
}

/**
 * A seat's turns as `for await (const turn of seat.turns())` iterates them; once the loop has run to
 * the end of the match, `ending` holds the final events and the result.
 */
export class TurnLoop<G extends GameId = GameId> implements AsyncIterableIterator<Turn<G>> {
  /** How the match ended, once the loop has run to its end (`null` until then). */
  ending: Ending<G> | null = null;
  private readonly turns: AsyncGenerator<Turn<G>, void>;

  constructor(items: (loop: TurnLoop<G>) => AsyncGenerator<Turn<G>, void>) {
    this.turns = items(this);
  }

  /** The match's result once the loop has run to the end of a finished match, else `null`. */
  get result(): Result | null {
    return this.ending?.result ?? null;
  }

  [Symbol.asyncIterator](): TurnLoop<G> {
    return this;
  }

  next(): Promise<IteratorResult<Turn<G>, void>> {
    return this.turns.next();
  }

  /** Stop reading the seat's stream (a loop that breaks off may call `turns()` again later). */
  async return(): Promise<IteratorResult<Turn<G>, void>> {
    return this.turns.return(undefined);
  }
}

/** Refusals that mean another move got in first: `play` waits for its next turn after one. */
function wasOvertaken(error: unknown): boolean {
  return (
    error instanceof StaleVersionError ||
    error instanceof NotYourTurnError ||
    error instanceof MatchOverError ||
    error instanceof ActionTooLateError ||
    error instanceof SeatOutError
  );
}

/** One seat of one match, played with its token. `G` is the match's game when the seat knows it. */
export class Seat<G extends GameId = GameId> {
  /** The seat this token plays. */
  readonly seat: number;
  /** The version the next action is decided at (sent as `If-Match`); `null` until the seat has read the match. */
  version: number | null = null;
  /** The latest view this seat received (from a read, a turn or an action's answer). */
  lastView: SeatView<G> | null = null;
  private readonly client: ApiClient;
  private readonly path: { match_id: string };
  /** The seat socket its stream is read from now (`transport: "ws"`), which its actions go over too. */
  private channel: SeatChannel | null = null;

  /**
   * Use `Arena.seat(matchId, token, game?)`. With `game`, every view and action the seat receives is
   * checked to be of that game (`WrongGameError` otherwise), so their narrowed types hold.
   */
  constructor(
    private readonly connection: Connection,
    readonly matchId: string,
    /** The seat's token: the secret that plays it (e.g. to hand to the program or page that will). */
    readonly token: string,
    readonly game: G | null = null,
  ) {
    this.seat = seatOfToken(matchId, token);
    this.client = connection.client(token);
    this.path = { match_id: matchId };
  }

  /** What this seat sees now; also sets the version the next action is decided at. */
  async view(): Promise<SeatView<G>> {
    const seen = await this.connection.call(() =>
      this.client.GET("/matches/{match_id}/view", { params: { path: this.path }, signal: this.connection.deadline() }),
    );
    return this.saw(seen as SeatView<G>);
  }

  /**
   * One page of this seat's legal actions (`offset`, `limit`), or with `sample` that many distinct
   * legal actions drawn uniformly at random however many there are (`sampleSeed` draws the same
   * again); `total` counts them all, `labels` describes each. Empty when the seat may not act.
   */
  async legal(
    query: { offset?: number; limit?: number; sample?: number; sampleSeed?: number; filters?: string[] } = {},
  ): Promise<LegalActions<G>> {
    const page = await this.connection.call(() =>
      this.client.GET("/matches/{match_id}/legal-actions", {
        params: {
          path: this.path,
          query: {
            offset: query.offset,
            limit: query.limit,
            sample: query.sample,
            sample_seed: query.sampleSeed,
            filter: query.filters,
          },
        },
        signal: this.connection.deadline(),
      }),
    );
    this.version = page.version;
    return { ...page, actions: this.ownActions(page.actions) };
  }

  /** This seat's legal actions now (every page, or the first `limit`), each ready for `act`. */
  async legalActions(options: { filters?: string[]; pageSize?: number; limit?: number } = {}): Promise<ActionOf<G>[]> {
    const pageSize = options.pageSize ?? 1000;
    const actions: ActionOf<G>[] = [];
    for (;;) {
      const size = options.limit === undefined ? pageSize : Math.min(pageSize, options.limit - actions.length);
      const page = await this.legal({ offset: actions.length, limit: size, filters: options.filters });
      actions.push(...page.actions);
      const enough = options.limit !== undefined && actions.length >= options.limit;
      if (page.actions.length === 0 || actions.length >= page.total || enough) return actions;
    }
  }

  /**
   * `k` distinct legal actions drawn uniformly at random (all of them when there are fewer): the
   * server draws them without listing the rest, so this is fast however many there are.
   */
  async sampleActions(k = 1, options: { seed?: number; filters?: string[] } = {}): Promise<ActionOf<G>[]> {
    return (await this.legal({ sample: k, sampleSeed: options.seed, filters: options.filters })).actions;
  }

  /** A page of the log as this seat saw it: public events and this seat's private ones, after version `after`. */
  async events(options: { after?: number; limit?: number } = {}): Promise<EventPage> {
    const query = { after: options.after ?? -1, limit: options.limit ?? 100 };
    return this.connection.call(() =>
      this.client.GET("/matches/{match_id}/seat-events", {
        params: { path: this.path, query },
        signal: this.connection.deadline(),
      }),
    );
  }

  /**
   * What this seat sees happen: events, a `turn` whenever it must act (with its view and at most
   * `legalLimit` legal actions), then `match_over`. Starts after version `after` (0: from the first
   * move; default: where the match stands now) and resumes after a drop where it stopped.
   *
   * With `transport: "ws"` the items come over the seat socket, and while the loop runs `act` sends
   * this seat's actions over it too (one connection for the whole match); `"auto"` does so where a
   * WebSocket exists and the first socket opens, and reads the seat stream over HTTP otherwise.
   */
  async *stream(options: StreamOptions = {}): AsyncGenerator<StreamEvent<G>, void> {
    const legalLimit = Math.max(0, Math.min(options.legalLimit ?? DEFAULT_LEGAL_LIMIT, MAX_LEGAL_LIMIT));
    const policy = { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor };
    const transport = options.transport ?? "sse";
    const WebSocket = transport === "sse" ? null : await this.connection.webSocket();
    if (transport === "ws" && WebSocket === null) {
      throw new ConnectionFailedError(
        NO_ANSWER,
        "client/no_websocket",
        "there is no WebSocket here: pass one as ArenaOptions.WebSocket, install the ws package (Node 18 and 20), or use transport 'sse'",
      );
    }
    if (WebSocket !== null) {
      const channel = new SeatChannel({
        baseUrl: this.connection.baseUrl,
        matchId: this.matchId,
        token: this.token,
        legalLimit,
        after: options.after,
        WebSocket,
        policy,
        openTimeout: this.connection.timeout,
        fallback: transport === "auto",
      });
      this.channel = channel;
      try {
        for await (const event of channel.items()) yield this.checkedItem(event);
        return;
      } catch (error) {
        if (!(error instanceof SocketUnavailable)) throw error;
      } finally {
        if (this.channel === channel) this.channel = null;
      }
    }
    const events = followStream(
      ({ lastEventId, after }, signal) =>
        this.client.GET("/matches/{match_id}/seat-stream", {
          params: {
            path: this.path,
            query: { legal_limit: legalLimit, after },
            header: lastEventId === null ? {} : { "Last-Event-ID": lastEventId },
          },
          parseAs: "stream",
          signal,
        }),
      { ...policy, after: options.after },
    );
    for await (const event of events) yield this.checkedItem(event);
  }

  /** Whether this seat's actions go over the seat socket now (a `transport: "ws"` stream is being read). */
  get actsOverSocket(): boolean {
    return this.channel !== null && this.channel.open;
  }

  /**
   * Submit `action` at the version last seen (or `options.version`); `StaleVersionError` if the match
   * moved on. Each action carries a fresh `Idempotency-Key`; after a dropped connection or a 503 it
   * is sent again with the same key (within `retryFor`), so it applies at most once and a replay
   * answers with the original result. A 429 is waited out (within the arena's `maxRateLimitWait`).
   */
  async act(action: ActionRequestOf<G>, options: ActOptions = {}): Promise<MoveResult<G>> {
    const version = options.version ?? this.version ?? (await this.view()).version;
    const key = this.connection.newKey();
    const policy = { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor };
    const channel = this.channel;
    if (channel !== null && channel.open) {
      try {
        return this.acted(await channel.act(action, version, key, policy));
      } catch (failure) {
        // A socket of "auto" that never opened: the move never left, so it goes by HTTP instead.
        if (!(failure instanceof SocketUnavailable)) {
          this.learnVersion(failure);
          throw failure;
        }
      }
    }
    const resends = new ActionResends(policy);
    for (;;) {
      try {
        const result = unwrap(
          await attempt(() =>
            this.client.POST("/matches/{match_id}/actions", {
              params: { path: this.path, header: { "If-Match": String(version), "Idempotency-Key": key } },
              body: action,
              signal: this.connection.deadline(),
            }),
          ),
        );
        return this.acted(result);
      } catch (failure) {
        const wait = resends.waitBeforeResend(failure);
        if (wait === null) {
          this.learnVersion(failure);
          throw typed(failure);
        }
        await sleep(wait);
      }
    }
  }

  /** Leave the match: with two players the other wins, with more the server plays this seat on. */
  async resign(): Promise<SeatView<G>> {
    const seen = await this.connection.call(
      () => this.client.POST("/matches/{match_id}/resign", { params: { path: this.path }, signal: this.connection.deadline() }),
      false,
    );
    return this.saw(seen as SeatView<G>);
  }

  /**
   * Resolves `true` once this seat may act, `false` if it never will again (the match is over, or
   * the seat left). Long-polls the seat view (`?wait=` with `If-None-Match`: the server answers as
   * soon as the match moves on), so it never polls in between; `WaitTimeoutError` after `timeout` s.
   */
  async waitForTurn(options: { timeout?: number; wait?: number } = {}): Promise<boolean> {
    const timeout = options.timeout ?? 300;
    const wait = options.wait ?? 30;
    const giveUpAt = monotonicSeconds() + timeout;
    // A known view that says "wait" is where the long-poll starts (it answers at once if the match
    // moved meanwhile); one that says "act" or "never" may be stale (a timeout, an abort): read again.
    const known = this.lastView;
    const waitFromKnown = known !== null && known.version === this.version && turnOutcome(known, this.seat) === null;
    let seen = waitFromKnown ? known : await this.view();
    for (;;) {
      const outcome = turnOutcome(seen, this.seat);
      if (outcome !== null) return outcome;
      const remaining = giveUpAt - monotonicSeconds();
      if (remaining <= 0) {
        throw new WaitTimeoutError(NO_ANSWER, "client/wait_timeout", `seat ${this.seat} waited ${timeout} s for its turn`);
      }
      seen = (await this.viewAfter(seen.version, Math.min(wait, remaining))) ?? seen;
    }
  }

  /**
   * This seat's decisions, one `Turn` each, until the match is over.
   *
   * Follows the seat stream from the setup's events on (one long-lived request, resumed after a
   * drop): each turn carries the events the seat saw since its previous one, and the stream ends
   * its catch-up with the seat's pending turn. Act on each turn with `turn.act(action)` before
   * asking for the next; a turn that another move overtook (a timeout, a simultaneous move) answers
   * its `act` with a typed refusal, and the next turn follows. `legalLimit` (0-1000, default 100)
   * bounds the legal actions a turn carries: all of them, or a uniform sample drawn as the offline
   * environments draw it. `transport: "ws"` reads the turns from the seat socket and acts on them
   * over it: one connection for the whole match instead of a request per move (`"auto"`: where a
   * socket opens).
   */
  turns(options: { legalLimit?: number; transport?: Transport } = {}): TurnLoop<G> {
    return new TurnLoop<G>((loop) => this.turnItems(loop, options));
  }

  private async *turnItems(
    loop: TurnLoop<G>,
    options: { legalLimit?: number; transport?: Transport },
  ): AsyncGenerator<Turn<G>, void> {
    let pending: EventOf<G>[] = [];
    let lastTurn = -1;
    const transport = options.transport ?? "sse";
    for await (const event of this.stream({ after: -1, legalLimit: options.legalLimit, transport })) {
      if (event.type === "event") {
        pending.push(event.data as EventOf<G>);
      } else if (event.type === "turn" && event.version > lastTurn) {
        const turn = this.turnOf(event.data, pending);
        lastTurn = turn.version;
        pending = [];
        yield turn;
      } else if (event.type === "match_over") {
        loop.ending = { version: event.version, status: event.data.status, result: event.data.result, events: pending };
      }
    }
  }

  /**
   * Play until the match ends, asking `choose` for each action; resolves to the final view. A move
   * that another overtook (stale version, not this seat's turn, too late) waits for the next turn;
   * an illegal one rejects with `IllegalActionError` (call `play` again to go on). `transport` as
   * for `turns`.
   */
  async play(choose: Choose<G>, options: { legalLimit?: number; transport?: Transport } = {}): Promise<SeatView<G>> {
    for await (const turn of this.turns(options)) {
      if (turn.actions.length === 0) continue;
      try {
        await turn.act(await choose(turn));
      } catch (error) {
        if (!wasOvertaken(error)) throw error;
      }
    }
    return this.view();
  }

  /** An item of the seat's stream, typed (a turn's view checked to be of the seat's game). */
  private checkedItem(event: RawStreamEvent): StreamEvent<G> {
    const typedEvent = event as StreamEvent<G>;
    if (typedEvent.type === "turn") checkedGame(typedEvent.data.view, this.game);
    return typedEvent;
  }

  /** An action's answer, checked to be of the seat's game, taken as the seat's latest view. */
  private acted(result: unknown): MoveResult<G> {
    const moved = checkedGame(result as MoveResult<G>, this.game);
    this.saw(viewOfMove(moved));
    return moved;
  }

  private turnOf(event: TurnEvent<G>, events: EventOf<G>[]): Turn<G> {
    const view = this.saw(event.view);
    const actions = this.ownActions(event.legal_actions.actions);
    return new Turn(this, event.version, view, actions, event.legal_actions.total, events, event.deadline);
  }

  /** The seat view once the match has moved past `version` (`null`: still there after `wait` s). */
  private async viewAfter(version: number, wait: number): Promise<SeatView<G> | null> {
    const seen = await this.connection.callAllowing304(() =>
      this.client.GET("/matches/{match_id}/view", {
        params: { path: this.path, query: { wait }, header: { "If-None-Match": `"${version}"` } },
        signal: this.connection.deadline(wait),
      }),
    );
    return seen === null ? null : this.saw(seen as SeatView<G>);
  }

  /** Actions the server listed for this seat, checked to be of its game when it knows it. */
  private ownActions(actions: readonly Action[]): ActionOf<G>[] {
    return (this.game === null ? actions : actionsOf(actions, this.game)) as ActionOf<G>[];
  }

  /** A refusal that names the current version (a stale one) sets the version to act at. */
  private learnVersion(failure: unknown): void {
    if (failure instanceof ArenaError) {
      const current = failure.details["current_version"];
      if (typeof current === "number") this.version = current;
    }
  }

  /** Remember `seen` as the latest view and its version as the one to act at. */
  private saw(seen: SeatView<G>): SeatView<G> {
    checkedGame(seen, this.game);
    this.version = seen.version;
    this.lastView = seen;
    return seen;
  }
}
