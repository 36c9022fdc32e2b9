/**
 * Per-game types: what the compiler accepts and refuses (`@ts-expect-error` fails the build if a
 * line it marks compiles), and the run-time checks that keep the narrowed types true.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Arena,
  WrongGameError,
  actionsOf,
  isGame,
  viewOf,
  type ActionOf,
  type GameId,
  type Seat,
  type SeatView,
  type ViewOf,
  type components,
} from "tabletop-arena-sdk";

import { serverUrl } from "./helpers.js";

type Schemas = components["schemas"];

/** Compile-time equality of two types. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

test("the per-game types are the spec's, narrowed by game", () => {
  same<GameId, "pipifax" | "taiga" | "girafferaffe" | "pili-pili">(true);
  same<ViewOf<"taiga">, Schemas["TaigaView"]>(true);
  same<ActionOf<"taiga">["type"], "taiga.flip" | "taiga.pass" | "taiga.take">(true);
  same<ActionOf<"girafferaffe">["type"], "girafferaffe.play" | "girafferaffe.pass">(true);
  same<ActionOf<"pipifax">, Extract<Schemas["Action"], { type: "pipifax.flip" }>>(true);
  same<ActionOf<"pili-pili">["type"], `pili-pili.${string}` & Schemas["Action"]["type"]>(true);
  same<SeatView<"pipifax">["view"], Schemas["PipifaxView"]>(true);

  const taigaOnly = (seat: Seat<"taiga">) => {
    void seat.act({ type: "taiga.flip", disc: 3 });
    // @ts-expect-error another game's action does not type-check on a Taiga seat
    void seat.act({ type: "pipifax.flip", position: 3 });
    // @ts-expect-error nor does a Taiga action with a field it lacks
    void seat.act({ type: "taiga.flip" });
  };
  assert.equal(typeof taigaOnly, "function");
  const piliPili = (seat: Seat<"pili-pili">) => {
    void seat.act({ type: "pili-pili.play", card: 5 }); // joker_value may be left out, as the server allows
    void seat.act({ type: "pili-pili.play", card: 0, joker_value: 56 });
  };
  assert.equal(typeof piliPili, "function");

  const anyGame = (seen: SeatView) => {
    // @ts-expect-error a view of any game has no Taiga fields until it is narrowed
    void seen.view.phase;
    if (seen.view.game === "taiga") void seen.view.phase; // the spec's union narrows by `game`
    if (isGame(seen, "pipifax")) void seen.view.die;
    return viewOf(seen, "girafferaffe").trees;
  };
  assert.equal(typeof anyGame, "function");
});

test("a view or action of another game is refused at run time with WrongGameError", async () => {
  const arena = new Arena(serverUrl());
  const created = await arena.createMatch({ game: "pipifax", players: 2, options: { first_player: 0 } });
  const seat = arena.seat(created.match.match_id, created.seats[0]!.token); // any game
  const seen = await seat.view();
  assert.equal(viewOf(seen, "pipifax").die.length > 0, true);
  assert.equal(isGame(seen, "pipifax"), true);
  assert.equal(isGame(seen, "taiga"), false);
  assert.throws(() => viewOf(seen, "taiga"), (error: unknown) => {
    assert.ok(error instanceof WrongGameError);
    assert.deepEqual(error.details, { game: "pipifax", expected: "taiga" });
    return true;
  });
  const actions = await seat.legalActions();
  assert.equal(actionsOf(actions, "pipifax").length, 24);
  assert.throws(() => actionsOf(actions, "pili-pili"), WrongGameError);
  await assert.rejects(arena.seat(created.match.match_id, created.seats[0]!.token, "taiga").legalActions(), WrongGameError);
});
