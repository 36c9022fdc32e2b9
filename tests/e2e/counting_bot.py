"""A random bot that first notes its launch: it appends the match id to ``--launches`` (one line per launch).

    python tests/e2e/counting_bot.py --launches FILE --url URL --match MATCH --token TOKEN [--hold-while FILE]

The tests count these lines to prove every scheduled match was launched exactly once. With ``--hold-while``
each decision waits while that file exists: a test holds the program mid-match until it has killed it.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path
from typing import Any

from arena_sdk import Arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--launches", required=True, help="file to append the match id to")
    parser.add_argument("--url", required=True)
    parser.add_argument("--match", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--hold-while", type=Path, default=None, help="each decision waits while this file exists")
    args = parser.parse_args()
    descriptor = os.open(args.launches, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(descriptor, f"{args.match}\n".encode())  # one write of one line: launches never interleave
    finally:
        os.close(descriptor)

    def decide(view: Any, actions: list[Any]) -> Any:
        while args.hold_while is not None and args.hold_while.exists():
            time.sleep(0.05)  # a pause between two looks at the file: the test lets the program go by removing it
        return random.choice(actions)

    Arena(args.url).seat(args.match, args.token).play(decide)


if __name__ == "__main__":
    main()
