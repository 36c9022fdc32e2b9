'use strict';
/**
 * The peer's server: boardgame.io's own (Koa + socket.io) serving the card game of game.js on
 * 127.0.0.1:<port>, keeping its matches in boardgame.io's default in-memory storage, or, given a
 * PostgreSQL URI, in Postgres through bgio-postgres (Sequelize; its query log off, as deployed). Run
 * with NODE_ENV=production, as a deployment would (the benchmark sets it): boardgame.io then logs nothing.
 *
 *     NODE_ENV=production node server.js <port> [postgresql://user@host:port/database]
 */
const { Server, Origins } = require('boardgame.io/server');
const { CardGame } = require('./game');

const [portArgument, postgresUri] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node server.js <port> [postgresql://user@host:port/database]');
  process.exit(2);
}

function durableStorage(uri) {
  const { PostgresStore } = require('bgio-postgres');
  return new PostgresStore(uri, { logging: false });
}

const db = postgresUri === undefined ? undefined : durableStorage(postgresUri);
const server = Server({ games: [CardGame], origins: [Origins.LOCALHOST], db });

// boardgame.io listens on every interface; the benchmark needs loopback only. Its socket.io transport
// has made the app's HTTP server (app.server) by now; listen on it as boardgame.io would, on 127.0.0.1.
server.app.listen = (listenPort, callback) => server.app.server.listen(listenPort, '127.0.0.1', callback);

server.run(port);
