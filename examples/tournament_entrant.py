"""A long-lived tournament entrant: it plays every match the tournament gives it, with random legal actions.

python examples/tournament_entrant.py --url URL --tournament TOURNAMENT --token ENTRANT_TOKEN
"""

from __future__ import annotations

import argparse
import random

from arena_sdk import Entrant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--tournament", required=True, help="the tournament id")
    parser.add_argument("--token", required=True, help="this entrant's token")
    args = parser.parse_args()

    finals = Entrant(args.url, args.tournament, args.token).play(lambda view, actions: random.choice(actions))
    print(f"played {len(finals)} matches", flush=True)


if __name__ == "__main__":
    main()
