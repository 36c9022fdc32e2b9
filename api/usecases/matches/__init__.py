"""The matches' use cases: create, read, play, settle, and follow a match as it happens.

Each takes the process's :class:`~api.usecases.context.Context` and typed values (a claim, not an
``Authorization`` header; the versions a move expects, not ``If-Match``), loads what it needs from the
store and writes one version at a time with compare-and-set, so any worker of any server process
serves any request. The rules of the table are the domain's (``arena/matches/``).
"""
