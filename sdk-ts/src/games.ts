/**
 * Narrowing by game at run time, with a clear error: `viewOf(seatView, "taiga")` is a `TaigaView`
 * (or `WrongGameError`), `actionsOf(actions, "taiga")` Taiga's actions, `isGame(x, "taiga")` a type
 * guard for anything with a `game` and a `view`.
 */

import { NO_ANSWER, WrongGameError } from "./errors.js";
import { EVENT_KINDS } from "./events.js";
import type { Action, ActionOf, ActionOfType, EventOf, GameId, GameView, ViewOf } from "./types.js";

/** Anything that carries a game view: a seat view, a match, an action's answer, a turn. */
export interface HasGameView {
  game: string;
  view: GameView;
}

/** Whether `source` belongs to a match of `game` (narrows its `game` and `view`). */
export function isGame<T extends HasGameView, G extends GameId>(
  source: T,
  game: G,
): source is T & { game: G; view: ViewOf<G> } {
  return source.game === game && source.view.game === game;
}

/** `source`'s view (or `source` itself, a bare view) as game `game`'s view; `WrongGameError` for another game's. */
export function viewOf<G extends GameId>(source: HasGameView | GameView, game: G): ViewOf<G> {
  const view = "view" in source ? source.view : source;
  if (view.game === game) return view as ViewOf<G>;
  throw wrongGame(view.game, game);
}

/** Whether `action` is one of game `game`'s actions. */
export function isActionOf<G extends GameId>(action: Action, game: G): action is ActionOf<G> {
  return action.type.startsWith(`${game}.`);
}

/** `actions` as game `game`'s actions; `WrongGameError` if one belongs to another game. */
export function actionsOf<G extends GameId>(actions: readonly Action[], game: G): ActionOf<G>[] {
  return actions.map((action) => {
    if (isActionOf(action, game)) return action;
    throw new WrongGameError(NO_ANSWER, "client/wrong_game", `${JSON.stringify(action.type)} is not an action of ${game}`, {
      type: action.type,
      expected: game,
    });
  });
}

/** The actions of one `type` among `actions`: `actionsOfType(turn.actions, "taiga.flip")` is `TaigaFlip[]`. */
export function actionsOfType<T extends Action["type"]>(actions: readonly Action[], type: T): ActionOfType<T>[] {
  return actions.filter((action): action is ActionOfType<T> => action.type === type);
}

/** `events` (a turn's) as game `game`'s typed events; `WrongGameError` for a kind that game's log never has. */
export function eventsOf<G extends GameId>(events: readonly { kind: string }[], game: G): EventOf<G>[] {
  const kinds: readonly string[] = [...EVENT_KINDS[game], ...EVENT_KINDS.arena];
  return events.map((event) => {
    if (kinds.includes(event.kind)) return event as EventOf<G>;
    throw new WrongGameError(NO_ANSWER, "client/wrong_game", `${JSON.stringify(event.kind)} is not an event of ${game}`, {
      kind: event.kind,
      expected: game,
    });
  });
}

/** `source` as a match of game `game` (`null`: any game): checked, so its narrowed type is true. */
export function checkedGame<T extends HasGameView>(source: T, game: GameId | null): T {
  if (game !== null && !isGame(source, game)) throw wrongGame(source.view.game, game);
  return source;
}

function wrongGame(found: string, expected: GameId): WrongGameError {
  return new WrongGameError(NO_ANSWER, "client/wrong_game", `this is a view of a ${found} match, not of a ${expected} match`, {
    game: found,
    expected,
  });
}
