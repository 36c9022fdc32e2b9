"""A throwaway PostgreSQL cluster for the durable peer: Debian's server in a temporary data dir.

``initdb`` makes the cluster, ``postgres`` serves it on a free loopback port (its socket in the data
dir) with ``synchronous_commit=off``: a commit is answered before its WAL reaches the disk, which is
written within ``wal_writer_delay`` (200 ms), as our Redis fsyncs its append-only file once a second;
``fsync`` stays on. The cluster is stopped (fast shutdown) and its data dir removed on exit. Run as
root, the server runs as the ``postgres`` user Debian's package makes (Postgres refuses root).
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import IO

from api.store.redis_server import free_port
from bench.servers import child_pids, cpu_seconds, die_with_parent

#: Where Debian's packages put the server's programs (one folder per major version), off PATH.
DEBIAN_SERVERS = Path("/usr/lib/postgresql")
#: What to install when no server is found.
INSTALL_HINT = "on Debian: apt-get install postgresql"
#: The user the server runs as when the bench runs as root.
SERVER_USER = "postgres"
#: The cluster's superuser, trusted on loopback (a throwaway cluster for one run).
ROLE = "bench"


def server_bin_dir(search: list[Path] | None = None) -> Path:
    """The folder holding ``initdb`` and ``postgres``: on PATH, else Debian's newest; a clear error if none.

    ``search``: the folders to look in instead of PATH and ``/usr/lib/postgresql/*/bin``.
    """
    if search is None:
        on_path = shutil.which("postgres")
        found = [Path(on_path).resolve().parent] if on_path else []
        versions = sorted(DEBIAN_SERVERS.glob("*/bin"), key=lambda bin_dir: _major(bin_dir.parent.name), reverse=True)
        search = [*found, *versions]
    for bin_dir in search:
        if (bin_dir / "initdb").is_file() and (bin_dir / "postgres").is_file():
            return bin_dir
    raise RuntimeError(f"the durable peer needs PostgreSQL's server (initdb, postgres); {INSTALL_HINT}")


def _major(name: str) -> int:
    return int(name) if name.isdigit() else -1


def settings(port: int, socket_dir: Path) -> dict[str, str]:
    """The settings the bench gives its cluster, as ``postgresql.conf`` values (quoted where text)."""
    return {
        "listen_addresses": "'127.0.0.1'",
        "port": str(port),
        "unix_socket_directories": f"'{socket_dir}'",
        "synchronous_commit": "off",
        "fsync": "on",
    }


def write_settings(data_dir: Path, port: int) -> None:
    """Appends the bench's settings to the cluster's ``postgresql.conf`` (the last setting of a name wins)."""
    lines = [f"{name} = {value}" for name, value in settings(port, data_dir).items()]
    with (data_dir / "postgresql.conf").open("a") as conf:
        conf.write("\n# bench/peer: the durable peer's cluster\n" + "\n".join(lines) + "\n")


def reaped_and_own_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and of its children it has waited for (utime, stime, cutime, cstime), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


class PostgresServer:
    """``postgres -D <temporary data dir>`` on a free loopback port, stopped and removed on exit."""

    def __init__(self) -> None:
        self.bin_dir = server_bin_dir()
        self.port = free_port()
        self.url = f"postgresql://{ROLE}@127.0.0.1:{self.port}/postgres"
        self.root: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.user = SERVER_USER if os.geteuid() == 0 else None

    @property
    def data_dir(self) -> Path:
        assert self.root is not None
        return self.root / "data"

    def version(self) -> str:
        """``PostgreSQL 15.x`` as the server reports it."""
        found = subprocess.run([self.bin_dir / "postgres", "--version"], capture_output=True, text=True, check=True)
        return "PostgreSQL " + found.stdout.split(")", 1)[1].split()[0]  # postgres (PostgreSQL) 15.18 (Debian ...)

    def _run_as_server(self, command: list[str | Path], output: IO[bytes]) -> subprocess.Popen[bytes]:
        """``command`` as the server's user (the bench's own when not root), its output to ``output``."""
        return subprocess.Popen(
            command,
            stdout=output,
            stderr=output,
            user=self.user,
            group=self.user,
            extra_groups=[] if self.user else None,
            cwd=self.root,
            preexec_fn=die_with_parent,  # noqa: PLW1509 (see die_with_parent; called after the user is set)
        )

    def start(self, timeout: float = 120.0) -> PostgresServer:
        self.root = Path(tempfile.mkdtemp(prefix="bench-peer-postgres-"))
        if self.user is not None:
            try:
                entry = pwd.getpwnam(self.user)
            except KeyError:
                raise RuntimeError(
                    f"run as root, the durable peer needs the {self.user} user; {INSTALL_HINT}"
                ) from None
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        log = self.root / "postgres.log"
        with log.open("ab") as out:
            initdb: list[str | Path] = [
                self.bin_dir / "initdb",
                "-D",
                self.data_dir,
                "-U",
                ROLE,
                "--auth=trust",
                "--encoding=UTF8",
            ]
            if self._run_as_server([*initdb, "--no-sync"], out).wait() != 0:
                self.stop()
                raise RuntimeError(f"initdb failed: {log.read_text()[-2000:]}")
            write_settings(self.data_dir, self.port)
            self.process = self._run_as_server([self.bin_dir / "postgres", "-D", self.data_dir], out)
        deadline = time.monotonic() + timeout
        while not self._ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                failure = log.read_text()[-2000:]
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start: {failure}")
            time.sleep(0.1)
        return self

    def _ready(self) -> bool:
        """Whether the postmaster says it accepts connections (the status line of ``postmaster.pid``)."""
        try:
            lines = (self.data_dir / "postmaster.pid").read_text().splitlines()
        except FileNotFoundError:
            return False
        return len(lines) >= 8 and lines[7].strip() == "ready"

    def cpu(self) -> float:
        """CPU seconds the whole cluster has used so far: the postmaster, its living processes (backends,
        writers, autovacuum) and those that ended (counted in the postmaster's children's time once it
        waited for them), so a backend that ends within a round is counted too."""
        if self.process is None:
            return 0.0
        postmaster = self.process.pid
        return reaped_and_own_cpu(postmaster) + sum(cpu_seconds(pid) for pid in child_pids(postmaster))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown: clients disconnected, no wait for them
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
