"""A Redis Cluster of three Valkey masters on loopback, started by the tests.

Each node is a :class:`~api.store.redis_server.RedisServer` in cluster mode with its own data directory;
the slots are split in three ranges (``CLUSTER ADDSLOTSRANGE``), the nodes meet, and the cluster
is ready when every node reports ``cluster_state:ok`` and knows the other two.
"""

from __future__ import annotations

import time
from pathlib import Path
from types import TracebackType

import redis

from api.store.redis_server import RedisServer, free_port

#: The hash slots of a Redis Cluster.
SLOTS = 16384
#: The masters the tests' cluster has.
MASTERS = 3


def cluster_args(bus_port: int) -> tuple[str, ...]:
    """The options that make a node of a cluster, with its bus on ``bus_port``."""
    return ("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-port", str(bus_port))


class ValkeyCluster:
    """Three Valkey masters on free loopback ports sharing the slots, stopped on exit."""

    def __init__(self, data_dir: Path) -> None:
        #: Each node's cluster bus port (the default, its port + 10000, may be taken or past 65535).
        self.bus_ports = [free_port() for _ in range(MASTERS)]
        self.nodes = [
            RedisServer(
                data_dir / f"node-{n}",
                appendonly=False,
                extra_args=cluster_args(self.bus_ports[n]),
            )
            for n in range(MASTERS)
        ]

    @property
    def url(self) -> str:
        """A ``REDIS_URL`` for the API: one node, with the cluster scheme."""
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def start(self, timeout: float = 60.0) -> ValkeyCluster:
        try:
            for node in self.nodes:
                node.start()
            clients = [redis.Redis(port=node.port) for node in self.nodes]
            share = SLOTS // MASTERS
            for n, client in enumerate(clients):
                last = SLOTS - 1 if n == MASTERS - 1 else (n + 1) * share - 1
                client.execute_command("CLUSTER", "ADDSLOTSRANGE", n * share, last)  # type: ignore[no-untyped-call]
            for node, bus_port in zip(self.nodes[1:], self.bus_ports[1:], strict=True):
                clients[0].execute_command("CLUSTER", "MEET", "127.0.0.1", node.port, bus_port)  # type: ignore[no-untyped-call]
            deadline = time.monotonic() + timeout
            while not all(self._ready(client) for client in clients):
                if time.monotonic() > deadline:
                    raise RuntimeError("the Valkey cluster did not reach cluster_state:ok")
                time.sleep(0.1)
            for client in clients:
                client.close()
        except BaseException:
            self.stop()
            raise
        return self

    @staticmethod
    def _ready(client: redis.Redis) -> bool:
        info = client.execute_command("CLUSTER", "INFO")  # type: ignore[no-untyped-call]
        text = info.decode() if isinstance(info, bytes) else str(info)
        return "cluster_state:ok" in text and f"cluster_known_nodes:{MASTERS}" in text

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> ValkeyCluster:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
