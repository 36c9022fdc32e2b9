"""A bot that crashes mid-match: it plays random legal actions, then exits with status 1 at a chosen turn.

    python examples/crashing_bot.py --url URL --match MATCH --token TOKEN [--crash-at N]

For testing hosts and tournament runners: its seat should forfeit with cause ``crash``.
"""

from __future__ import annotations

import argparse
import random
import sys

from arena_client.models import SeatView
from arena_sdk import Action, Arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--match", required=True, help="the match id")
    parser.add_argument("--token", required=True, help="this seat's token")
    parser.add_argument("--crash-at", type=int, default=1, help="crash on this turn of the seat (1: its first)")
    args = parser.parse_args()

    turns = 0

    def choose(view: SeatView, actions: list[Action]) -> Action:
        nonlocal turns
        turns += 1
        if turns >= args.crash_at:
            print(f"crashing on turn {turns}", file=sys.stderr, flush=True)
            sys.exit(1)
        return random.choice(actions)

    Arena(args.url).seat(args.match, args.token).play(choose)


if __name__ == "__main__":
    main()
