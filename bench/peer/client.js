'use strict';
/**
 * The load generator for the peer: one card-game match at a time, both seats, each seat on its own
 * socket.io connection, speaking the protocol boardgame.io's own client speaks
 * (src/client/transport/socketio.ts in boardgame.io): on connect `sync` (matchID, playerID,
 * credentials, numPlayers); a move is `update` (a MAKE_MOVE action carrying the seat's credentials,
 * the stateID it was made at, matchID, playerID); the server answers every seat of the match with
 * `update` (matchID, that seat's playerView of the new state, its log entries). A match is created and
 * its seats joined through boardgame.io's lobby API, as its lobby client does.
 *
 * A move is timed from its `update` to the acting seat's new state; the seat to act next then waits
 * for its own copy of that state before it moves, as a player's client must. Cards are chosen at
 * random from the acting seat's own view.
 *
 * It talks to the benchmark by lines: `{"ready": true}` on stdout once its match is set up (joined,
 * synced, upgraded to a websocket); on `go <seconds>` on stdin it plays for that long and prints
 * `{"moves", "creates", "latencies" (seconds), "cpu" (its own CPU seconds)}`; it leaves when stdin ends.
 *
 *     node client.js http://127.0.0.1:<port>
 */
const readline = require('node:readline');
const { io } = require('socket.io-client');

const GAME = 'cards';
/** How long a seat waits for the server's answer before the client gives up (a busy machine is slow). */
const ANSWER_TIMEOUT_MS = 60_000;

const [server] = process.argv.slice(2);
if (!server) {
  console.error('usage: node client.js http://127.0.0.1:<port>');
  process.exit(2);
}

async function post(path, body) {
  const response = await fetch(server + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One seat's connection: the latest state the server sent it, and waiters for newer ones. */
class Seat {
  constructor(matchID, playerID, credentials) {
    this.matchID = matchID;
    this.playerID = playerID;
    this.credentials = credentials;
    this.state = null;
    this.waiters = [];
    this.socket = io(`${server}/${GAME}`);
    // boardgame.io's client asks for the state on every (re)connect.
    this.socket.on('connect', () => this.socket.emit('sync', matchID, playerID, credentials, 2));
    this.socket.on('sync', (_matchID, syncInfo) => this.receive(syncInfo.state));
    this.socket.on('update', (_matchID, state) => this.receive(state));
  }

  receive(state) {
    if (this.state !== null && state._stateID <= this.state._stateID) return;
    this.state = state;
    this.waiters = this.waiters.filter((waiter) => !waiter.settle(state));
  }

  /** The first state this seat receives with a stateID past `stateID` (its current one if it has it). */
  after(stateID) {
    if (this.state !== null && this.state._stateID > stateID) return Promise.resolve(this.state);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`seat ${this.playerID} of ${this.matchID}: no state after ${stateID}`)),
        ANSWER_TIMEOUT_MS,
      );
      this.waiters.push({
        settle: (state) => {
          if (state._stateID <= stateID) return false;
          clearTimeout(timer);
          resolve(state);
          return true;
        },
      });
    });
  }

  /** Resolves once the seat has its first state and its connection has left polling for a websocket. */
  async ready() {
    await this.after(-1);
    const { engine } = this.socket.io;
    if (engine.transport.name !== 'websocket') await new Promise((resolve) => engine.once('upgrade', resolve));
  }

  /** Plays a card at random from the seat's hand: the `update` boardgame.io's client sends. */
  play(state) {
    const index = Math.floor(Math.random() * state.G.hand.length);
    const action = {
      type: 'MAKE_MOVE',
      payload: { type: 'play', args: [index], playerID: this.playerID, credentials: this.credentials },
    };
    this.socket.emit('update', action, state._stateID, this.matchID, this.playerID);
  }

  close() {
    this.socket.close();
  }
}

/** A new match through the lobby API, both seats joined and connected. */
async function newMatch() {
  const { matchID } = await post(`/games/${GAME}/create`, { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const joined = await post(`/games/${GAME}/${matchID}/join`, { playerID, playerName: `seat ${playerID}` });
    seats.push(new Seat(matchID, playerID, joined.playerCredentials));
  }
  await Promise.all(seats.map((seat) => seat.ready()));
  return seats;
}

/** One move by the seat to act; its latency in seconds. */
async function move(seats) {
  const current = seats[0].state;
  const actor = seats[Number(current.ctx.currentPlayer)];
  const before = actor.state;
  const start = process.hrtime.bigint();
  actor.play(before);
  const after = await actor.after(before._stateID);
  const latency = Number(process.hrtime.bigint() - start) / 1e9;
  await Promise.all(seats.map((seat) => seat.after(after._stateID - 1)));
  return latency;
}

const isOver = (seats) => seats[0].state.ctx.gameover !== undefined;

async function play(seats, seconds) {
  const latencies = [];
  let creates = 0;
  const cpuBefore = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    if (isOver(seats)) {
      seats.forEach((seat) => seat.close());
      seats.splice(0, seats.length, ...(await newMatch()));
      creates += 1;
    } else {
      latencies.push(await move(seats));
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { moves: latencies.length, creates, latencies, cpu: (cpu.user + cpu.system) / 1e6 };
}

async function main() {
  const seats = await newMatch();
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, seconds] = line.trim().split(/\s+/);
    if (command !== 'go') throw new Error(`unknown command: ${line}`);
    process.stdout.write(`${JSON.stringify(await play(seats, Number(seconds)))}\n`);
  }
  seats.forEach((seat) => seat.close());
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
