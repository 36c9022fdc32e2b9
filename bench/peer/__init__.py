"""A move's server CPU side by side with a peer's: boardgame.io, in one run (``python -m bench.peer``).

The peer is boardgame.io 0.50 (Koa + socket.io, ``NODE_ENV=production``) serving a tiny two-player
card game with hidden hands (``playerView``) and one move per turn (``game.js``), installed from npm
with a lock file into this folder, in two deployments: its default in-memory storage, which keeps
nothing, and the durable one, bgio-postgres (Sequelize) on a PostgreSQL cluster the bench makes in a
temporary data dir (``postgres.py``: Debian's server, ``synchronous_commit=off``). The contenders,
each measured in its own rounds, alternating, with the same number of matches played at once:

- ``boardgame.io move``: the peer in memory, played over socket.io by ``client.js`` the way its own
  client plays (one connection per seat; the new state is pushed to both seats);
- ``boardgame.io move, Postgres``: the same on the durable peer (reported as not available, with what
  to install, when no Postgres server is found);
- ``HTTP move``: a Pipifax move through the API as ``arena serve`` runs it (gunicorn, gevent
  workers, rate limits counted, a real Redis with its append-only file), by the light keep-alive
  ``http.client`` players of ``bench/server_cpu_bench.py``, plain and with an ``Idempotency-Key``;
- ``WebSocket move``: the same over the seat channel (``seat_socket.py``), when the API has it
  (reported as not available otherwise);
- ``floor`` and ``least move``: ``bench/bare_app.py``'s bare endpoints (one Redis GET and SET; the
  least a compare-and-set move with a log can do), as ``bench/server_cpu_bench.py`` measures them.

Server CPU is utime+stime from ``/proc/<pid>/stat`` of the server's processes (boardgame.io's Node
process and, on Postgres, the postmaster, every process of the cluster and those it reaped; our
gunicorn master, its workers and the Redis server), read just before and after each round, divided
by the moves of the round. The load generators' CPU is not counted. Every figure is put against both
of boardgame.io's moves measured in the same run.
"""
