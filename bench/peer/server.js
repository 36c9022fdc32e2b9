'use strict';
/**
 * The peer's server: boardgame.io's own (Koa + socket.io, its default in-memory storage) serving the
 * card game of game.js, on 127.0.0.1:<port>. Run with NODE_ENV=production, as a deployment would (the
 * benchmark sets it): boardgame.io then logs nothing.
 *
 *     NODE_ENV=production node server.js <port>
 */
const { Server, Origins } = require('boardgame.io/server');
const { CardGame } = require('./game');

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node server.js <port>');
  process.exit(2);
}

const server = Server({ games: [CardGame], origins: [Origins.LOCALHOST] });

// boardgame.io listens on every interface; the benchmark needs loopback only. Its socket.io transport
// has made the app's HTTP server (app.server) by now; listen on it as boardgame.io would, on 127.0.0.1.
server.app.listen = (listenPort, callback) => server.app.server.listen(listenPort, '127.0.0.1', callback);

server.run(port);
