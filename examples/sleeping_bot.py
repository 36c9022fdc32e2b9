"""A bot that sleeps past the clock: at its first turn it waits far longer than any time control allows.

    python examples/sleeping_bot.py --url URL --match MATCH --token TOKEN [--sleep SECONDS]

For testing hosts and tournament runners: its seat should forfeit with cause ``timeout``.
"""

from __future__ import annotations

import argparse
import time

from arena_client.models import SeatView
from arena_sdk import Action, Arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--match", required=True, help="the match id")
    parser.add_argument("--token", required=True, help="this seat's token")
    parser.add_argument("--sleep", type=float, default=3600.0, help="seconds to sleep at the first turn")
    args = parser.parse_args()

    def choose(view: SeatView, actions: list[Action]) -> Action:
        time.sleep(args.sleep)
        return actions[0]

    Arena(args.url).seat(args.match, args.token).play(choose)


if __name__ == "__main__":
    main()
