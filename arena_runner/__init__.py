"""The host's side of tournaments: ``arena tournament run``, ``arena tournament report`` and ``arena worker``.

The runner creates a tournament on the server, hands each match whose seats are local programs to
an RQ queue on the server's Redis, and ``arena worker`` processes (local or on other machines)
launch those programs for one match each. Before a new tournament it starts each program once
(the handshake), and while it runs it holds a presence lease on its entrants, so the server starts
none of their matches while it is away. Its state lives in the output directory, so a restarted
runner continues the same tournament.
"""
