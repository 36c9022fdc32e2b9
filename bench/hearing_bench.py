"""What it costs a server process to hear one write: the CPU per publication its subscription takes in.

Every write of a match publishes the version with its snapshot and log entry, and every API process
whose notifier runs (it starts with the process's first stream, socket or long-poll) hears every
publication of every match (``api/store/notifier.py``): each write costs this once per such process.
A publisher process publishes ``--messages`` writes of Pipifax's size (a 2.4 KB snapshot, a 300-byte
entry) on three matches' channels, about 40,000 a second; this process, under gevent as a worker,
hears them and prints its CPU per publication:

- ``notifier``: the API's :class:`~api.store.notifier.Notifier` (redis-py's ``PubSub.get_message``)
  passing each to the store's ``heard_published`` (``LatestVersions``), as a worker does;
- ``raw``: a bare socket subscribed with ``PSUBSCRIBE`` whose replies hiredis parses, passing each to
  the same ``heard``: what hearing costs without redis-py's pub/sub layer.

    python -m bench.hearing_bench [--messages 20000]
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402 (after gevent's patching, as in a worker)
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
import hiredis  # noqa: E402

from api.settings import Settings  # noqa: E402
from api.store.keys import Keys, tag_of_channel  # noqa: E402
from api.store.matches import MatchStore  # noqa: E402
from api.store.notifier import Notifier  # noqa: E402
from api.store.redis_server import RedisServer  # noqa: E402

#: The API's channels under its default key prefix: the pattern every process subscribes to.
PATTERN = Keys(Settings().key_prefix).notify_pattern()
#: The publisher: ``N`` writes on three matches' channels, a short pause every 20.
PUBLISHER = """
import sys, time, redis
client, count = redis.Redis.from_url(sys.argv[1]), int(sys.argv[2])
snapshot, entry = b"s" * 2400, b"e" * 300
for i in range(count):
    client.publish("arena:{m%d}:notify" % (i % 3), b"%d\\n%s\\n%s" % (i // 3 + 1, snapshot, entry))
    if i % 20 == 0:
        time.sleep(0.0005)
"""


class Hearing:
    """The store's own ``heard_published`` (``LatestVersions``), as the app wires it to its notifier, counted."""

    def __init__(self, url: str) -> None:
        self.store = MatchStore.connect(Settings(redis_url=url))
        self.count = 0

    def heard(self, channel: str, data: bytes) -> None:
        self.store.heard_published(channel, data)
        self.count += 1


def with_notifier(url: str, hearing: Hearing) -> None:
    Notifier(url, PATTERN, tag_of_channel, heard=hearing.heard, lost=hearing.store.latest.forget).ready()


def with_raw_socket(url: str, hearing: Hearing) -> None:
    host, port = url.removeprefix("redis://").split("/")[0].split(":")
    subscribed = threading.Event()

    def listen() -> None:
        connection = socket.create_connection((host, int(port)))
        connection.sendall(b"*2\r\n$10\r\nPSUBSCRIBE\r\n$%d\r\n%s\r\n" % (len(PATTERN), PATTERN.encode()))
        reader = hiredis.Reader()
        while data := connection.recv(65536):
            reader.feed(data)
            while (reply := reader.gets()) is not False:
                if reply[0] == b"psubscribe":
                    subscribed.set()
                elif reply[0] == b"pmessage":
                    hearing.heard(reply[2].decode(), reply[3])

    threading.Thread(target=listen, daemon=True).start()
    subscribed.wait(5)


def measure(url: str, subscribe: Callable[[str, Hearing], None], messages: int) -> tuple[float, int]:
    """This process's CPU per publication heard while the publisher runs, and how many were heard."""
    hearing = Hearing(url)
    subscribe(url, hearing)
    start = time.process_time()
    publisher = subprocess.Popen([sys.executable, "-c", PUBLISHER, url, str(messages)])
    while publisher.poll() is None or hearing.count < messages:
        gevent.sleep(0.05)
        if publisher.poll() is not None and time.process_time() - start > 60:
            break
    return (time.process_time() - start) / max(hearing.count, 1), hearing.count


VARIANTS: dict[str, Callable[[str, Hearing], None]] = {"notifier": with_notifier, "raw": with_raw_socket}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--variant", choices=sorted(VARIANTS), help=argparse.SUPPRESS)  # one, in a process of its own
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.variant is not None:
        cpu, heard = measure(args.url, VARIANTS[args.variant], args.messages)
        print(f"{args.variant:<10}{cpu * 1e6:7.1f} us of CPU per publication heard ({heard} of {args.messages})")
        return
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as redis_server:
        for variant in VARIANTS:  # each in its own process: a subscription, once made, hears everything after it
            command = [sys.executable, "-m", "bench.hearing_bench", "--variant", variant, "--url", redis_server.url]
            subprocess.run([*command, "--messages", str(args.messages)], check=True)


if __name__ == "__main__":
    main()
