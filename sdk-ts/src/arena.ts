/**
 * `Arena`: a connection to a Tabletop Arena server — the catalogue, the lobby and matches, as a
 * spectator or host — and the factory of `Seat`s.
 */

import { type ArenaOptions, type ApiClient, Connection } from "./connection.js";
import { checkedGame } from "./games.js";
import { Seat } from "./seat.js";
import { followStream } from "./sse.js";
import type {
  CreatedMatch,
  CreateMatchRequest,
  EventPage,
  Game,
  GameId,
  Join,
  Match,
  MatchList,
  MatchStatus,
  MatchRecord,
  PublicStreamEvent,
  ReplayVersion,
  WebhookStatus,
} from "./types.js";

export class Arena {
  readonly baseUrl: string;
  private readonly connection: Connection;
  private readonly client: ApiClient;

  /**
   * `baseUrl`: the server, e.g. `http://127.0.0.1:8000`. `options`: per-request `timeout` (s), how
   * long calls retry (`retryFor`, `retryPause`, `maxRateLimitWait`), a `fetch` of your own, headers.
   */
  constructor(baseUrl: string, options: ArenaOptions = {}) {
    this.connection = new Connection(baseUrl, options);
    this.baseUrl = this.connection.baseUrl;
    this.client = this.connection.client();
  }

  /** Every game the server has, with its options, bots and player counts. */
  async games(): Promise<Game[]> {
    return (await this.connection.call(() => this.client.GET("/games", { signal: this.connection.deadline() }))).games;
  }

  /** One game's catalogue entry (`NotFoundError` for an unknown id). */
  async game(gameId: string): Promise<Game> {
    return this.connection.call(() =>
      this.client.GET("/games/{game_id}", { params: { path: { game_id: gameId } }, signal: this.connection.deadline() }),
    );
  }

  /**
   * Create a match; hand each `seats[i].token` of the answer to the program that plays that seat.
   *
   * `seats` has one entry per seat: `{name}` (its token is returned now), `{bot: "greedy"}` (the
   * server plays it) or `{open: true}` (anyone may `join`). Sent with an `Idempotency-Key`, so a
   * retry after a dropped connection creates one match.
   */
  async createMatch<G extends GameId>(body: CreateMatchRequest<G>): Promise<CreatedMatch<G>> {
    const key = this.connection.newKey();
    const created = await this.connection.call(() =>
      this.client.POST("/matches", {
        body,
        params: { header: { "Idempotency-Key": key } },
        signal: this.connection.deadline(),
      }),
    );
    checkedGame(created.match as Match, body.game);
    return created as CreatedMatch<G>;
  }

  /** A seat for each player seat of a match just created (`seats[i]` plays `created.seats[i].seat`). */
  seats<G extends GameId>(created: CreatedMatch<G>): Seat<G>[] {
    return created.seats.map((seat) => this.seat(created.match.match_id, seat.token, created.match.game));
  }

  /** Take an open seat (the first one, or `body.seat`) and play it; `MatchFullError` if none is left. */
  async join<G extends GameId = GameId>(matchId: string, body: Join = {}, game?: G): Promise<Seat<G>> {
    const joined = await this.connection.call(
      () =>
        this.client.POST("/matches/{match_id}/join", {
          params: { path: { match_id: matchId } },
          body,
          signal: this.connection.deadline(),
        }),
      false,
    );
    return this.seat(matchId, joined.token, game);
  }

  /**
   * A page of matches, newest first; pass its `next_cursor` as `cursor` for the next one.
   * `updatedWithin`: only matches whose last version is at most that many seconds old.
   */
  async listMatches(
    options: { game?: GameId; status?: MatchStatus; open?: boolean; limit?: number; cursor?: string; updatedWithin?: number } = {},
  ): Promise<MatchList> {
    const { updatedWithin, ...rest } = options;
    const query = { ...rest, updated_within: updatedWithin };
    return this.connection.call(() =>
      this.client.GET("/matches", { params: { query }, signal: this.connection.deadline() }),
    );
  }

  /** The match as a spectator sees it (with `game`, checked to be of that game). */
  async match<G extends GameId = GameId>(matchId: string, game?: G): Promise<Match<G>> {
    const match = await this.connection.call(() =>
      this.client.GET("/matches/{match_id}", {
        params: { path: { match_id: matchId } },
        signal: this.connection.deadline(),
      }),
    );
    return checkedGame(match as Match<G>, game ?? null);
  }

  /** A finished or aborted match's public view right after `version`, rebuilt by the server. */
  async matchVersion(matchId: string, version: number): Promise<ReplayVersion> {
    return this.connection.call(() =>
      this.client.GET("/matches/{match_id}/versions/{version}", {
        params: { path: { match_id: matchId, version } },
        signal: this.connection.deadline(),
      }),
    );
  }

  /** The match's webhook as its host sees it: how far it delivered, its attempts and dead letters. */
  async matchWebhook(matchId: string, hostToken: string): Promise<WebhookStatus> {
    const host = this.connection.client(hostToken);
    return this.connection.call(() =>
      host.GET("/matches/{match_id}/webhook", { params: { path: { match_id: matchId } }, signal: this.connection.deadline() }),
    );
  }

  /** End the match with no result, as its host (`CreatedMatch.host_token`). */
  async abort(matchId: string, hostToken: string): Promise<Match> {
    const host = this.connection.client(hostToken);
    const match = await this.connection.call(
      () => host.POST("/matches/{match_id}/abort", { params: { path: { match_id: matchId } }, signal: this.connection.deadline() }),
      false,
    );
    return match as Match;
  }

  /** A finished or aborted match's record: seats, seed and salt, each version's action, the result. */
  async record(matchId: string): Promise<MatchRecord> {
    const record = await this.connection.call(() =>
      this.client.GET("/matches/{match_id}/record", {
        params: { path: { match_id: matchId } },
        signal: this.connection.deadline(),
      }),
    );
    return record as MatchRecord; // the JSON answer (the operation's text answer is matchRecordText's)
  }

  /**
   * A finished or aborted match's record as text a player reads, as PGN is for chess: a header of tag
   * pairs (the game, the seats, the options, the seed, the result and how the match ended), then one
   * line per version in words (`GET /matches/{id}/record?format=text`).
   */
  async matchRecordText(matchId: string): Promise<string> {
    return this.connection.call(() =>
      this.client.GET("/matches/{match_id}/record", {
        params: { path: { match_id: matchId }, query: { format: "text" } },
        parseAs: "text",
        signal: this.connection.deadline(),
      }),
    );
  }

  /**
   * Version `version` of a record's match as a spectator saw it: the server checks the whole record
   * first (422 `record/invalid` for one that does not check out) and stores nothing.
   */
  async recordVersion(record: MatchRecord, version: number): Promise<ReplayVersion> {
    return this.connection.call(() =>
      this.client.POST("/records/versions/{version}", {
        params: { path: { version } },
        body: record,
        signal: this.connection.deadline(),
      }),
    );
  }

  /** A page of the public event log after version `after` (-1: from the setup). */
  async events(matchId: string, options: { after?: number; limit?: number } = {}): Promise<EventPage> {
    const query = { after: options.after ?? -1, limit: options.limit ?? 100 };
    return this.connection.call(() =>
      this.client.GET("/matches/{match_id}/events", {
        params: { path: { match_id: matchId }, query },
        signal: this.connection.deadline(),
      }),
    );
  }

  /**
   * The public events of the match as they happen, then `match_over`. Starts after version `after`
   * (0: from the first move; default: where the match stands now) and resumes with `Last-Event-ID`
   * after a drop, for up to `retryFor` seconds without an event (default: the arena's `retryFor`).
   */
  async *stream(matchId: string, options: { after?: number; retryFor?: number } = {}): AsyncGenerator<PublicStreamEvent, void> {
    const events = followStream(
      ({ lastEventId, after }, signal) =>
        this.client.GET("/matches/{match_id}/stream", {
          params: {
            path: { match_id: matchId },
            query: { after },
            header: lastEventId === null ? {} : { "Last-Event-ID": lastEventId },
          },
          parseAs: "stream",
          signal,
        }),
      { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor, after: options.after },
    );
    for await (const event of events) yield event as PublicStreamEvent;
  }

  /**
   * Play one seat of a match with its token (`InvalidTokenError` at once for a malformed one). With
   * `game`, the seat checks that the match is of that game and its types narrow to it.
   */
  seat<G extends GameId = GameId>(matchId: string, token: string, game?: G): Seat<G> {
    return new Seat<G>(this.connection, matchId, token, game ?? null);
  }
}
