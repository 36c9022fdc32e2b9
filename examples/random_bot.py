"""A bot that plays one seat of any match with uniformly random legal actions.

    python examples/random_bot.py --url http://127.0.0.1:8000 --match <match id> --token <seat token>

It prints one JSON line when the match is over: its seat, the winners and the final version.
"""

from __future__ import annotations

import argparse
import json
import random

from arena_sdk import Arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--match", required=True, help="the match id")
    parser.add_argument("--token", required=True, help="this seat's token")
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot's own choices")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    seat = Arena(args.url).seat(args.match, args.token)
    final = seat.play(lambda view, actions: rng.choice(actions))
    winners = final.result.winners if final.result else []
    print(json.dumps({"seat": seat.seat, "winners": winners, "version": final.version}), flush=True)


if __name__ == "__main__":
    main()
